// The way back from a phone's view (a coin's report, a source) to the list it was opened from. The
// rows of the coins list and of the events tab link with a mark in the history entry's state
// (`FROM_SITE_STATE`): a view reached that way goes back in the history, to the list at the place
// it was left; one reached otherwise (a shared link, a bookmark) has nothing of the site behind it
// and goes to its list's address (EVENTS_ADDRESS, or the coins list's).

/** The events tab of the mobile page, without language prefix. */
export const EVENTS_ADDRESS = '/mobile/?tab=events';

/** The history state of a link from the site to a phone's view. */
export const FROM_SITE_STATE = Object.freeze({ fromSite: true });

/** Whether a page's `location.state` says that the site itself led there. */
export function cameFromSite(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { fromSite?: unknown }).fromSite === true
  );
}
