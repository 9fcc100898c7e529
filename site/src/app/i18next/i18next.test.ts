/**
 * @jest-environment node
 */
// The built site's i18next (./i18next.ts) against i18next itself: set up as
// gatsby-plugin-react-i18next sets up a page (gatsby-config.ts's options, one language's
// resources, a page namespace and the others as fallbacks), both must answer every key of every
// locale alike, under every option the site passes to t.
import real from 'i18next';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import config from '../../../gatsby-config';
import { DEFAULT_LOCALE, LOCALES } from '../../i18n/locales';
import lite, { SUPPORTED_OPTIONS, type InitOptions, type TOptions } from './i18next';

type Tree = { [key: string]: unknown };
type Translate = (key: string | string[], options?: TOptions | string) => unknown;

const LOCALES_DIR = join(__dirname, '..', '..', '..', 'locales');
const NAMESPACES = readdirSync(join(LOCALES_DIR, DEFAULT_LOCALE)).map((file) =>
  file.replace(/\.json$/, ''),
);

const pluginOptions = config.plugins?.find(
  (plugin) => typeof plugin === 'object' && plugin.resolve === 'gatsby-plugin-react-i18next',
) as unknown as { options: { i18nextOptions: InitOptions } };
const { i18nextOptions } = pluginOptions.options;

function resources(locale: string): Record<string, Tree> {
  return Object.fromEntries(
    NAMESPACES.map((ns) => [
      ns,
      JSON.parse(readFileSync(join(LOCALES_DIR, locale, `${ns}.json`), 'utf8')) as Tree,
    ]),
  );
}

/** As the plugin's wrapPageElement initialises a page's i18next. */
function pageOptions(locale: string, defaultNS: string): InitOptions {
  return {
    ...i18nextOptions,
    resources: { [locale]: resources(locale) },
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    defaultNS,
    fallbackNS: NAMESPACES.filter((ns) => ns !== defaultNS),
    react: { useSuspense: false },
  };
}

/** Every path in a tree, its objects' and arrays' included. */
function paths(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...paths(value, path)];
  });
}

const variables = (value: unknown): string[] =>
  [...JSON.stringify(value ?? null).matchAll(/\{\{-?\s*([^},]+?)\s*(?:,[^}]*)?\}\}/g)].map(
    (match) => match[1] ?? '',
  );

/** The options t is asked with for a key: what the site passes, and the edges around it. */
function optionSets(ns: string, value: unknown, plural: boolean): TOptions[] {
  const names = variables(value);
  const filled = Object.fromEntries(names.map((name, index) => [name, `<${name} ${index}>`]));
  const nested = Object.fromEntries(names.map((name) => [name.split('.')[0], { name: 'nested' }]));
  const undefinedValues = Object.fromEntries(names.map((name) => [name, undefined]));
  return [
    {},
    { ns },
    { ns: [ns, 'common'] },
    // Every plural category of the three languages, for a key with plural forms.
    ...(plural ? [0, 1, 2, 5, 1.5, -1] : [1]).map((count) => ({ ns, count, ...filled })),
    { ns, ...filled },
    { ns, ...nested },
    { ns, ...undefinedValues },
    { ns, replace: filled },
    { ns, returnObjects: true, ...filled },
    { ns, returnObjects: true, count: 1 },
    { ns, context: 'other', ...filled },
    { ns, defaultValue: 'fallback {{x}}', x: 'X' },
    { ns, lng: DEFAULT_LOCALE },
  ];
}

function differences(locale: string, defaultNS: string): string[] {
  const options = pageOptions(locale, defaultNS);
  const theirs = real.createInstance();
  void theirs.init(options);
  const ours = lite.createInstance();
  void ours.init(options);
  const found: string[] = [];
  const compare = (label: string, a: Translate, b: Translate, key: string, opts: TOptions) => {
    const expected = a(key, opts);
    const actual = b(key, opts);
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      found.push(
        `${locale} (page ns ${defaultNS}) ${label} t(${JSON.stringify(key)}, ${JSON.stringify(opts)}): ${JSON.stringify(actual)}, i18next ${JSON.stringify(expected)}`,
      );
    }
  };
  const data = resources(locale);
  for (const ns of NAMESPACES) {
    const keys = paths(data[ns]);
    // A plural's base key ("list.count" for "list.count_one") and keys that are not there.
    const bases = keys
      .filter((key) => /_(one|other|zero)$/.test(key))
      .map((key) => key.replace(/_[a-z]+$/, ''));
    const missing = [
      `${ns}.missing`,
      'missing.key {{x}}',
      'A sentence: with a colon',
      'nope:nested.key',
    ];
    for (const key of [...keys, ...bases, ...missing]) {
      const value = keys.includes(key)
        ? key.split('.').reduce<unknown>((tree, part) => (tree as Tree)?.[part], data[ns])
        : key;
      for (const opts of optionSets(ns, value, bases.includes(key))) {
        compare('t', theirs.t as Translate, ours.t as Translate, key, opts);
        compare('t', theirs.t as Translate, ours.t as Translate, `${ns}:${key}`, opts);
        compare(
          'fixed t',
          theirs.getFixedT(null, ns) as Translate,
          ours.getFixedT(null, ns) as Translate,
          key,
          opts,
        );
        const [prefix, ...rest] = key.split('.');
        if (rest.length) {
          compare(
            `fixed t (prefix ${prefix})`,
            theirs.getFixedT(null, ns, prefix) as Translate,
            ours.getFixedT(null, ns, prefix) as Translate,
            rest.join('.'),
            opts,
          );
        }
      }
      if (ours.exists(key, { ns }) !== theirs.exists(key, { ns }))
        found.push(`${locale} exists(${key})`);
    }
  }
  return found;
}

describe('the built site’s i18next answers as i18next', () => {
  // Which namespace is the page's changes where a key is looked for, not how: once is enough for
  // the other languages.
  it.each<[string, string]>([
    [DEFAULT_LOCALE, NAMESPACES[0] ?? 'assistant'],
    ...LOCALES.map((locale): [string, string] => [locale, 'common']),
  ])('every key of %s with the page namespace %s', (locale, defaultNS) => {
    expect(differences(locale, defaultNS)).toEqual([]);
  });

  it('keeps the language, its codes and the events', async () => {
    const i18n = lite.createInstance();
    const changes: unknown[] = [];
    i18n.on('languageChanged', (lng) => changes.push(lng));
    await i18n.init(pageOptions('pt-br', 'common'));
    expect([i18n.language, i18n.languages, i18n.resolvedLanguage]).toEqual([
      'pt-br',
      ['pt-br', 'pt', 'en'],
      'pt-br',
    ]);
    const t = await i18n.changeLanguage('zh');
    expect([i18n.language, changes]).toEqual(['zh', ['pt-br', 'zh']]);
    // No zh strings were given: the key, as i18next.
    expect(t('loading')).toBe('loading');
  });

  it('refuses options it does not honour, naming them', () => {
    expect(() => lite.createInstance().init({ saveMissing: true } as InitOptions)).toThrow(
      /option\(s\) saveMissing/,
    );
    expect(() =>
      lite.createInstance().init({ interpolation: { prefix: '%' } } as InitOptions),
    ).toThrow(/interpolation option\(s\) prefix/);
  });

  it('honours every option the site gives i18next', () => {
    expect(Object.keys(i18nextOptions).filter((name) => !SUPPORTED_OPTIONS.has(name))).toEqual([]);
    expect(() => lite.createInstance().init(pageOptions('en', 'common'))).not.toThrow();
  });
});
