// Renders a site component the way a built page in one language shows it: an i18next instance
// loaded from locales/<lang>/*.json (with the site's i18next options), the i18n plugin's language
// context (so links get the locale's prefix) and the design system's provider. For tests only.
import { CoinlensProvider } from '@coinlens/design-system';
import { render, type RenderResult } from '@testing-library/react';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextContext } from 'gatsby-plugin-react-i18next';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales';

const LOCALES_DIR = join(__dirname, '..', '..', 'locales');

type Strings = { [key: string]: string | Strings };

/** One namespace of one language, as in locales/<locale>/<ns>.json. */
export function loadStrings(locale: Locale, ns: string): Strings {
  return JSON.parse(readFileSync(join(LOCALES_DIR, locale, `${ns}.json`), 'utf8')) as Strings;
}

/** Every string of a namespace by its key path, e.g. `{ 'hero.title': '...' }`. */
export function flatStrings(strings: Strings, prefix = ''): Record<string, string> {
  return Object.entries(strings).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string'
      ? { ...flat, [path]: value }
      : { ...flat, ...flatStrings(value, path) };
  }, {});
}

function namespaces(): string[] {
  return readdirSync(join(LOCALES_DIR, DEFAULT_LOCALE)).map((file) => file.replace(/\.json$/, ''));
}

/**
 * What the i18n plugin gives the page at `originalPath` in `locale`: its own i18next instance
 * (with the site's options: no fallback, so a missing string shows as its key) and its context.
 */
export function pageI18n(locale: Locale, originalPath: string) {
  const i18n = i18next.createInstance();
  const resources = Object.fromEntries(
    namespaces().map((ns) => [ns, loadStrings(locale, ns)] as const),
  );
  void i18n.init({
    resources: { [locale]: resources },
    lng: locale,
    lowerCaseLng: true,
    fallbackLng: false,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initImmediate: false,
    react: { useSuspense: false },
  });
  const context = {
    language: locale,
    languages: [...LOCALES],
    routed: locale !== DEFAULT_LOCALE,
    defaultLanguage: DEFAULT_LOCALE,
    generateDefaultLanguagePage: false,
    originalPath,
    path: locale === DEFAULT_LOCALE ? originalPath : `/${locale}${originalPath}`,
  };
  return { i18n, context };
}

/** Renders `ui` as the page at `originalPath` in `locale` renders it. */
export function renderWithLocale(
  ui: ReactElement,
  { locale = DEFAULT_LOCALE, originalPath = '/' }: { locale?: Locale; originalPath?: string } = {},
): RenderResult {
  const { i18n, context } = pageI18n(locale, originalPath);
  return render(
    <CoinlensProvider>
      <I18nextProvider i18n={i18n}>
        <I18nextContext.Provider value={context}>{ui}</I18nextContext.Provider>
      </I18nextProvider>
    </CoinlensProvider>,
  );
}
