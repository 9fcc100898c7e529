// Where a visitor goes once signed in. A visitor sent to sign in by a page that needs it (a shared
// link to a coin's report or a source) carries that page along in the login address as `next`
// (`/?t=login&next=%2Freporting%2F%3Fcoin%3D1`), and goes back to it; a new user goes to the
// welcome onboarding first, and anyone else to their reports. Only an address of this site's own
// pages is ever followed: `next` comes from the address bar, which anyone can write.
import { localizedPath, type Locale } from '../i18n/locales';
import { inVariant } from '../i18n/variant';
import { NEXT_PARAM } from './signedInAreas';

/**
 * `value` when it is a path of this site's pages (with its query and fragment), else null: no
 * other origin (`//host`, `https://`, `/\host`), no scheme, no relative path, nothing of the API
 * or the server's own folders.
 */
export function safeNext(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || /^\/[/\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://coinlens.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://coinlens.invalid') return null;
  if (/^\/(api|socket\.io|static|page-data|_gatsby)(\/|$)/.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** The page a login address (its query string) asks to go back to, or null. */
export function nextOf(search: string): string | null {
  return safeNext(new URLSearchParams(search).get(NEXT_PARAM));
}

/**
 * Where a user who has just signed in goes from the page at `pathname`: a new user to the
 * welcome onboarding, anyone else to `next` when it names a page of the site, else their reports;
 * on a phone, the mobile page's (inVariant).
 */
export function afterSignIn({
  registered,
  locale,
  pathname,
  next,
}: {
  registered: boolean;
  locale: Locale;
  pathname: string;
  next: string | null;
}): string {
  if (!registered && next !== null) return next;
  return localizedPath(locale, inVariant(registered ? '/welcome/' : '/reporting/', pathname));
}
