// The signed-in areas: the pages only a signed-in user sees (each one renders RequireSignIn). Kept
// apart from signedOutRedirect.ts (which the page's head script is built from) so that the header
// of every page can ask without carrying the device redirect's rules.
import { DEFAULT_LOCALE, isLocale, localizedPath, splitLocale } from '../i18n/locales';
import { isMobilePath } from '../i18n/variant';

/** The signed-in areas' pages, without language prefix. */
export const SIGNED_IN_ROUTES = [
  '/reporting/',
  '/monitoring/',
  '/alerts/',
  '/monitoring/detail/',
  '/monitoring/feeds/',
  '/welcome/',
  '/mobile/monitoring/detail/',
  '/mobile/reporting/',
  '/mobile/alerts/',
];

/** Whether a path without language prefix (`/monitoring/detail/`) is a signed-in area's page. */
export function isSignedInArea(originalPath: string): boolean {
  return SIGNED_IN_ROUTES.includes(originalPath.replace(/\/?$/, '/'));
}

/** The login address's parameter that names the page to go back to (start/nextAddress.ts). */
export const NEXT_PARAM = 'next';

/**
 * Where a signed-out visitor of a signed-in area goes, in their language: the home page's login
 * (`/?t=login`, `/zh/?t=login` ...), or the mobile page's when `mobile` (the area is a phone's
 * page), as a phone sent to the full site's would only be sent on again. `next` is the page they
 * were on, where signing in takes them back (start/nextAddress.ts).
 */
export function loginAddress(language: string, mobile = false, next?: string): string {
  const home = mobile ? '/mobile/' : '/';
  const query = new URLSearchParams({ t: 'login' });
  if (next) query.set(NEXT_PARAM, next);
  return `${localizedPath(isLocale(language) ? language : DEFAULT_LOCALE, home)}?${query}`;
}

/**
 * Where a signed-out visitor of the built page at `pathname` (with the query `search`) goes: its
 * language's login (see `loginAddress`), and back to this page once signed in.
 */
export function loginAddressOf(pathname: string, search = ''): string {
  return loginAddress(splitLocale(pathname).locale, isMobilePath(pathname), pathname + search);
}

/**
 * The attribute the head script of every page but the signed-in areas' sets on `<html>` when the
 * browser keeps a token (start/signedOutRedirect.ts). Those pages are a visitor's and a signed-in
 * user's: their static HTML holds both versions of what differs (the header's login or account
 * menu, the home page's hero, the mobile home page's first screen), and CSS shows the one that
 * fits from the first paint, before the session is known (shell/SessionPart).
 */
export const SIGNED_IN_MARK = 'data-signed-in';
