// The signed-in mobile page's sections, and the address that names the one being read
// (`/mobile/?tab=events`), so that a reload, a shared link or the way back keeps it.
import { MOBILE_CHAT_TAB } from '../../i18n/variant';

export const MOBILE_TABS = ['coins', 'events', MOBILE_CHAT_TAB] as const;
export type MobileTab = (typeof MOBILE_TABS)[number];
/** The section a page without `?tab=` (or with one it does not know) opens on. */
export const DEFAULT_TAB: MobileTab = 'coins';

export function isMobileTab(value: unknown): value is MobileTab {
  return typeof value === 'string' && (MOBILE_TABS as readonly string[]).includes(value);
}

/** The section an address's query names. */
export function tabFromSearch(search: string): MobileTab {
  const tab = new URLSearchParams(search).get('tab');
  return isMobileTab(tab) ? tab : DEFAULT_TAB;
}

/** The query for reading `tab`, keeping the rest of `search`; the default tab is not written. */
export function searchWithTab(search: string, tab: MobileTab): string {
  const params = new URLSearchParams(search);
  if (tab === DEFAULT_TAB) params.delete('tab');
  else params.set('tab', tab);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The tab an arrow, Home or End key moves to from `tab` (the tabs wrap around); null for others. */
export function tabForKey(tab: MobileTab, key: string): MobileTab | null {
  const index = MOBILE_TABS.indexOf(tab);
  const count = MOBILE_TABS.length;
  if (key === 'ArrowRight') return MOBILE_TABS[(index + 1) % count]!;
  if (key === 'ArrowLeft') return MOBILE_TABS[(index - 1 + count) % count]!;
  if (key === 'Home') return MOBILE_TABS[0];
  if (key === 'End') return MOBILE_TABS[count - 1]!;
  return null;
}
