// A signed-out visitor of a signed-in area goes to the login dialog (loginAddress in
// signedInAreas.ts). RequireSignIn does it once the page has started; on a full load the page's
// head script does it first (inline/areaStart.ts): no token in the browser means signed out, so
// the visitor goes on before anything paints, without the area's placeholder or scripts. A token
// the API refuses (expired, revoked) is still met by RequireSignIn and the API client.
//
// Every page's head script starts with the device redirect (redirectDevice), for hosts without
// the edge handler.
import { deviceRedirect } from '../../edge/rules.mjs';
import { splitLocale, type Locale } from '../i18n/locales';
import { isSignedInArea } from './signedInAreas';

/**
 * The language of a built page's path when the page is a signed-in area's
 * (`/zh/monitoring/detail/` -> zh), or null for any other page (the mobile home page guards its
 * signed-in part itself).
 */
export function signedInAreaOf(pathname: string): Locale | null {
  const { locale, path } = splitLocale(pathname);
  return isSignedInArea(path) ? locale : null;
}

/** The address of the page a head script runs in: the page's `location`, or a stand-in. */
export type PageAddress = Pick<Location, 'pathname' | 'search' | 'hash' | 'replace'>;

/**
 * The device redirect (edge/rules.mjs) run in the page before anything renders: a phone goes to
 * the mobile page of its language, a computer from a mobile page to the full site (the same page
 * where the other side has it), with the query and fragment. Where the edge or the server already redirected, it finds nothing to do. Whether
 * it sent the page on: the head script then does nothing else.
 */
export function redirectDevice(address: PageAddress, userAgent: string): boolean {
  const target = deviceRedirect(address.pathname, userAgent);
  if (target !== null) address.replace(target + address.search + address.hash);
  return target !== null;
}
