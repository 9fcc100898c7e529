// The signed-in areas: the pages only a signed-in user sees (each one renders RequireSignIn). Kept
// apart from signedOutRedirect.ts (which the page's head script is built from) so that the header
// of every page can ask without carrying the device redirect's rules.

/** The signed-in areas' pages, without language prefix. */
export const SIGNED_IN_ROUTES = ['/reporting/', '/monitoring/', '/monitoring/detail/', '/welcome/'];

/** Whether a path without language prefix (`/monitoring/detail/`) is a signed-in area's page. */
export function isSignedInArea(originalPath: string): boolean {
  return SIGNED_IN_ROUTES.includes(originalPath.replace(/\/?$/, '/'));
}

/**
 * The attribute the head script of the mobile home page sets on `<html>` when the browser keeps a
 * token (app/signedOutRedirect): that page's static HTML holds both its visitor's and its
 * signed-in user's first screen, and CSS shows the one that fits from the first paint
 * (features/mobile/MobileHome), before the session is known.
 */
export const SIGNED_IN_MARK = 'data-signed-in';

/** Whether a page's path (with or without its language prefix) is the mobile home page's. */
export function isMobileHome(pathname: string): boolean {
  return /^\/(?:(?:zh|pt-br)\/)?mobile\/?$/.test(pathname);
}
