// The page's language on <html>: written by the server render (gatsby-ssr.tsx), and kept by the
// browser as the reader moves between languages (gatsby-browser.tsx). Not by the pages' Head:
// Gatsby writes a Head's <html> attributes again after every hydration, and writing `lang`, even
// to the value it has, makes the browser match every element's style again (for `:lang()`).
import { HTML_LANG, localeFromPathname } from './locales';

/** The `lang` attribute of the page at `pathname`. */
export function htmlLangOf(pathname: string): string {
  return HTML_LANG[localeFromPathname(pathname)];
}

/** Sets `document`'s `lang` to that of the page at `pathname`, if it is not that already. */
export function keepHtmlLang(document: Document, pathname: string): void {
  const lang = htmlLangOf(pathname);
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
}
