import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { intlLocale, LOCALES, localizedPath, splitLocale } from './locales';

const LOCALES_DIR = join(__dirname, '..', '..', 'locales');

/** Every key path of a nested translation object, e.g. `meta.home.title`. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keyPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

function load(locale: string, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, locale, `${ns}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

describe('translations', () => {
  it('has a folder for each locale and nothing else', () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...LOCALES].sort());
  });

  const namespaces = readdirSync(join(LOCALES_DIR, 'en')).map((file) =>
    file.replace(/\.json$/, ''),
  );

  it.each(LOCALES.flatMap((locale) => namespaces.map((ns) => [locale, ns])))(
    '%s/%s has exactly the English keys, each with text',
    (locale, ns) => {
      const english = keyPaths(load('en', ns)).sort();
      const strings = load(locale, ns);
      expect(keyPaths(strings).sort()).toEqual(english);
      for (const path of english) {
        const text = path
          .split('.')
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], strings);
        expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
      }
    },
  );

  it('keeps the same interpolation variables in every language', () => {
    const variables = (text: string) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const ns of namespaces) {
      const english = load('en', ns);
      for (const locale of LOCALES) {
        const strings = load(locale, ns);
        for (const path of keyPaths(english)) {
          const get = (tree: unknown) =>
            path
              .split('.')
              .reduce<unknown>(
                (node, key) => (node as Record<string, unknown>)[key],
                tree,
              ) as string;
          expect([locale, path, variables(get(strings))]).toEqual([
            locale,
            path,
            variables(get(english)),
          ]);
        }
      }
    }
  });
});

describe('localizedPath', () => {
  it.each([
    ['en', '/reporting/', '/reporting/'],
    ['zh', '/reporting/', '/zh/reporting/'],
    ['pt-br', '/', '/pt-br/'],
  ] as const)('puts %s %s at %s', (locale, path, expected) => {
    expect(localizedPath(locale, path)).toBe(expected);
  });
});

describe('intlLocale', () => {
  it('gives Intl the region a site language is written for', () => {
    expect(intlLocale('en')).toBe('en');
    expect(intlLocale('zh')).toBe('zh-CN');
    expect(intlLocale('pt-br')).toBe('pt-BR');
  });

  it('passes any other tag through as is', () => {
    expect(intlLocale('de-CH')).toBe('de-CH');
    expect(intlLocale('zh-TW')).toBe('zh-TW');
  });

  it('makes number formats in each language’s own style', () => {
    expect(new Intl.NumberFormat(intlLocale('pt-br')).format(1234.5)).toBe('1.234,5');
    expect(new Intl.NumberFormat(intlLocale('zh')).format(1234.5)).toBe('1,234.5');
  });
});

describe('splitLocale', () => {
  it("splits a page's path into its language and the page's own path, for every language", () => {
    for (const locale of LOCALES) {
      for (const path of ['/', '/mobile/', '/monitoring/detail/']) {
        expect(splitLocale(localizedPath(locale, path))).toEqual({ locale, path });
      }
    }
  });

  it('takes no prefix for English, nor one that names no language', () => {
    expect(splitLocale('/en/reporting/')).toEqual({ locale: 'en', path: '/en/reporting/' });
    expect(splitLocale('/zhx/reporting/')).toEqual({ locale: 'en', path: '/zhx/reporting/' });
    expect(splitLocale('/ZH/reporting/')).toEqual({ locale: 'en', path: '/ZH/reporting/' });
    expect(splitLocale('/pt-br')).toEqual({ locale: 'pt-br', path: '/' });
  });
});
