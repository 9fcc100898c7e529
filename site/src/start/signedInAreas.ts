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
 * The attribute the head script of every page but the signed-in areas' sets on `<html>` when the
 * browser keeps a token (start/signedOutRedirect.ts). Those pages are a visitor's and a signed-in
 * user's: their static HTML holds both versions of what differs (the header's login or account
 * menu, the home page's hero, the mobile home page's first screen), and CSS shows the one that
 * fits from the first paint, before the session is known (shell/SessionPart).
 */
export const SIGNED_IN_MARK = 'data-signed-in';
