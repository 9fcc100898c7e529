// One real i18next instance per language, loaded with the site's locale files and configured as
// gatsby-config.ts configures the i18n plugin: a story shows the texts a built page shows, and a
// missing string shows as its key (there is no English fallback on a zh or pt-br page).
import i18next, { type i18n } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales';
import { localeFiles } from './localeFiles';

const instances = new Map<Locale, i18n>();

/** The i18next instance of `locale`, made on first use. */
export function storyI18n(locale: Locale): i18n {
  const existing = instances.get(locale);
  if (existing) return existing;
  const instance = i18next.createInstance();
  void instance.init({
    resources: { [locale]: localeFiles[locale] ?? {} },
    lng: locale,
    // The options of gatsby-config.ts.
    lowerCaseLng: true,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    defaultNS: 'common',
    // Synchronous: the resources are here already, and a story renders once, with its texts.
    initImmediate: false,
    react: { useSuspense: false },
  });
  instances.set(locale, instance);
  return instance;
}

/** The i18n plugin's context (its `I18NextContext`): the page's language and paths. */
export interface PageI18nContext {
  language: string;
  languages: string[];
  routed: boolean;
  defaultLanguage: string;
  generateDefaultLanguagePage: boolean;
  originalPath: string;
  path: string;
  siteUrl?: string;
}

/** What the i18n plugin puts in its context on the page at `originalPath` in `locale`. */
export function pageContext(locale: Locale, originalPath = '/'): PageI18nContext {
  return {
    language: locale,
    languages: [...LOCALES],
    routed: locale !== DEFAULT_LOCALE,
    defaultLanguage: DEFAULT_LOCALE,
    generateDefaultLanguagePage: false,
    originalPath,
    path: locale === DEFAULT_LOCALE ? originalPath : `/${locale}${originalPath}`,
  };
}
