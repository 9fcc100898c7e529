// The client route of each language's 404 page. gatsby-plugin-react-i18next copies the 404 pages
// into every language but gives `/zh/404/` the route `/zh/zh/*` (it adds the prefix twice) and
// `/zh/404.html`, the page the server sends for an unknown `/zh/...` address, none. Gatsby's
// start-up keeps the address a page was loaded at only when it is a client route or the page is
// exactly `/404.html`; otherwise it replaces the address with the page's own path, so
// `/zh/does-not-exist` turned into `/zh/404.html`. Giving the `404.html` page of each language
// the route `/<language>/*`, as Gatsby's guide to localized 404 pages does, keeps the address.
import type { I18NextContext } from 'gatsby-plugin-react-i18next/dist/types';
import { DEFAULT_LOCALE, isLocale } from './locales';

/** What a page of the build carries that decides its client route. */
export interface RoutedPage {
  path: string;
  matchPath?: string;
  context?: { i18n?: Partial<I18NextContext> } | Record<string, unknown>;
}

/**
 * The page with the client route it needs when it is one of a language's 404 pages whose route
 * is wrong: `/<language>/*` for `/<language>/404.html`, none for `/<language>/404/` (one page per
 * language answers unknown addresses). Null when the page is right as it is.
 */
export function withNotFoundRoute<P extends RoutedPage>(page: P): P | null {
  const i18n = (page.context as { i18n?: Partial<I18NextContext> } | undefined)?.i18n;
  const language = i18n?.language;
  if (!i18n?.routed || !isLocale(language) || language === DEFAULT_LOCALE) return null;
  let matchPath: string | undefined;
  if (i18n.originalPath === '/404.html') matchPath = `/${language}/*`;
  else if (i18n.originalPath !== '/404/') return null;
  if (page.matchPath === matchPath) return null;
  const { matchPath: _wrong, ...rest } = page;
  return (matchPath === undefined ? rest : { ...rest, matchPath }) as P;
}

/**
 * The page with its own client route (`/coins/*`, a coin that came after the build) in its
 * language: the plugin writes `/zh/zh/coins/*` for `/zh/coins/`, which matches no address, and
 * this takes the doubled prefix off. Null when the page is right as it is (or is a 404 page,
 * which withNotFoundRoute routes).
 */
export function withLanguageClientRoute<P extends RoutedPage>(page: P): P | null {
  const i18n = (page.context as { i18n?: Partial<I18NextContext> } | undefined)?.i18n;
  const language = i18n?.language;
  if (!i18n?.routed || !isLocale(language) || language === DEFAULT_LOCALE) return null;
  if (i18n.originalPath === '/404.html' || i18n.originalPath === '/404/') return null;
  const doubled = `/${language}/${language}/`;
  if (!page.matchPath?.startsWith(doubled)) return null;
  return { ...page, matchPath: page.matchPath.slice(language.length + 1) };
}
