/** The interface languages; English is the default and has no path prefix. */
export const LOCALES = ['en', 'zh', 'pt-br'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name, written in that language (for the language picker). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  'pt-br': 'Português Brasil',
  zh: '中文',
};

/** The `lang` attribute of a page in this locale. */
export const HTML_LANG: Record<Locale, string> = { en: 'en', zh: 'zh-CN', 'pt-br': 'pt-BR' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The BCP 47 tag Intl needs for a site language (`zh` is written as in mainland China); any other
 * tag as is.
 */
export function intlLocale(language: string): string {
  return isLocale(language) ? HTML_LANG[language] : language;
}

/** The path of `path` (e.g. `/reporting/`) in `locale`: `/zh/reporting/`, or as is for English. */
export function localizedPath(locale: Locale, path: string): string {
  return locale === DEFAULT_LOCALE ? path : `/${locale}${path}`;
}

/**
 * A built page's path split into its language and the page's own path: `/zh/mobile/` -> zh and
 * `/mobile/`, `/reporting/` -> en and `/reporting/` (English has no prefix, so `/en/` is no
 * language's). The prefixes are those of LOCALES, as the site's pages are built.
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const first = pathname.split('/')[1];
  if (first !== DEFAULT_LOCALE && isLocale(first)) {
    return { locale: first, path: pathname.slice(first.length + 1) || '/' };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** The locale a site path is in: its first segment when that names a locale, else English. */
export function localeFromPathname(pathname: string): Locale {
  const first = pathname.split('/')[1]?.toLowerCase();
  return isLocale(first) ? first : DEFAULT_LOCALE;
}
