// The two variants of the site, which the device redirect (site/edge) keeps apart: the full site
// and the mobile pages. A phone that is sent to a full-site page from the mobile pages by the site
// itself (after signing in, out, or when the session ends) would be sent back by the redirect, with
// a page load in between; so the site sends it straight to where the redirect would, and keeps what
// the address asked for (`?t=login`, the chat tab) where the mobile page has it too.

/** Whether `pathname` is one of the mobile pages (it has a `mobile` segment, as the redirect reads it). */
export function isMobilePath(pathname: string): boolean {
  return pathname.split('/').includes('mobile');
}

/**
 * The i18next context (`key_phone`) of the lines that say where something is, on the page at
 * `pathname`: the phone has no Reporting or Monitoring page, but tabs and views of its own. A key
 * without a phone version falls back to the common one.
 */
export function variantContext(pathname: string): 'phone' | undefined {
  return isMobilePath(pathname) ? 'phone' : undefined;
}

/** The mobile page's tab that shows the assistant (`/mobile/?tab=chat`). */
export const MOBILE_CHAT_TAB = 'chat';

/**
 * The in-app address `path` (without language prefix: `/reporting/`, `/?t=login`) in the variant
 * of `pathname`, the page being read: as is on the full site; on a mobile page, the mobile page,
 * with the login dialog when `path` asked for it, and on its chat tab for the welcome page (where a
 * new user meets the assistant); the bad-request page's and a coin's report's are the mobile ones.
 */
export function inVariant(path: string, pathname: string): string {
  if (!isMobilePath(pathname) || isMobilePath(path.split(/[?#]/)[0] ?? '')) return path;
  const [route = '/', query = ''] = path.split('#')[0]!.split('?');
  // The bad-request page has a mobile one: the mobile page would not say what happened.
  if (route === '/400/' || route === '/400') return '/mobile/400/';
  const params = new URLSearchParams(query);
  // A coin's report has the phone's report view (which says what it makes of the id).
  const coin = params.get('coin');
  if ((route === '/reporting/' || route === '/reporting') && coin !== null) {
    return `/mobile/reporting/?${new URLSearchParams({ coin }).toString()}`;
  }
  const kept = new URLSearchParams();
  if (params.get('t') === 'login') kept.set('t', 'login');
  if (route === '/welcome/' || route === '/welcome') kept.set('tab', MOBILE_CHAT_TAB);
  const search = kept.toString();
  return search ? `/mobile/?${search}` : '/mobile/';
}
