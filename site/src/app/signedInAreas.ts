// The signed-in areas: the pages only a signed-in user sees (each one renders RequireSignIn). Kept
// apart from signedOutRedirect.ts (which the page's head script is built from) so that the header
// of every page can ask without carrying the device redirect's rules.

/** The signed-in areas' pages, without language prefix. */
export const SIGNED_IN_ROUTES = ['/reporting/', '/monitoring/', '/monitoring/detail/', '/welcome/'];

/** Whether a path without language prefix (`/monitoring/detail/`) is a signed-in area's page. */
export function isSignedInArea(originalPath: string): boolean {
  return SIGNED_IN_ROUTES.includes(originalPath.replace(/\/?$/, '/'));
}
