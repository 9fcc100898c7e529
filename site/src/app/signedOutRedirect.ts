// A signed-out visitor of a signed-in area (/reporting/, /monitoring/, /monitoring/detail/,
// /welcome/) goes to the login dialog on the home page of the same language (`/?t=login`,
// `/zh/?t=login` ...). RequireSignIn does it once the page has started; on a full load this
// script does it first, from the page's head: no token in the browser means signed out, so the
// visitor goes on before anything paints, without the area's placeholder or scripts. A token the
// API refuses (expired, revoked) is still met by RequireSignIn and the API client.
//
// Its text goes into the head script of the guarded pages' HTML (gatsby-ssr.tsx), where the
// server hashes it into the page's CSP.
import { deviceRedirect } from '../../edge/rules.mjs';
import { TOKEN_KEY } from '../data/token';
import { DEFAULT_LOCALE, isLocale, localizedPath, splitLocale, type Locale } from '../i18n/locales';
import { isSignedInArea, SIGNED_IN_MARK } from './signedInAreas';

/** Where a signed-out visitor of a signed-in area goes, in their language. */
export function loginAddress(language: string): string {
  return `${localizedPath(isLocale(language) ? language : DEFAULT_LOCALE, '/')}?t=login`;
}

/**
 * The language of a built page's path when the page is a signed-in area's
 * (`/zh/monitoring/detail/` -> zh), or null for any other page (the mobile pages guard their
 * signed-in part themselves).
 */
export function signedInAreaOf(pathname: string): Locale | null {
  const { locale, path } = splitLocale(pathname);
  return isSignedInArea(path) ? locale : null;
}

/**
 * The statement the head script of a signed-in area's page in `locale` runs when the device
 * redirect has not moved on (gatsby-ssr.tsx): without a token (or with storage switched off,
 * where the site works signed out) it replaces the address with the login's.
 */
function signedOutRedirectStatement(locale: Locale, signedIn: string): string {
  const key = JSON.stringify(TOKEN_KEY);
  const target = JSON.stringify(loginAddress(locale));
  return (
    `{ var token = null; try { token = window.localStorage.getItem(${key}); } catch (error) {} ` +
    `if (!token) location.replace(${target}); else ${signedIn || '{}'} }`
  );
}

/**
 * The statement that marks `<html>` with SIGNED_IN_MARK when a token is kept, and then runs
 * `signedIn`.
 */
function signedInMarkStatement(signedIn: string): string {
  const key = JSON.stringify(TOKEN_KEY);
  const mark = JSON.stringify(SIGNED_IN_MARK);
  return (
    `{ var token = null; try { token = window.localStorage.getItem(${key}); } catch (error) {} ` +
    `if (token) { document.documentElement.setAttribute(${mark}, ''); ${signedIn} } }`
  );
}

/**
 * The device redirect for hosts without the edge handler: the same function, run in the page
 * before anything renders. Where the edge or the server already redirected, it finds nothing to
 * do. On a signed-in area's page it then sends a visitor without a token to the login (see
 * above); on every other page, which visitors and signed-in users both see, it marks a browser
 * that keeps a token (SIGNED_IN_MARK). On both it runs `signedIn` (a statement that may read the
 * variable `token`) when a token is kept. Its text is hashed into each page's CSP by whoever
 * serves the page.
 */
export function earlyRedirectScript(pathname: string, signedIn = ''): string {
  const areaLocale = signedInAreaOf(pathname);
  const otherwise = areaLocale
    ? signedOutRedirectStatement(areaLocale, signedIn)
    : signedInMarkStatement(signedIn);
  return `(function () {
  var target = (${deviceRedirect.toString()})(location.pathname, navigator.userAgent);
  if (target !== null) location.replace(target + location.search + location.hash);
  else ${otherwise}
})();`;
}
