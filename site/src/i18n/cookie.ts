// The locale cookie `i18n_redirected`: the language a visitor chose, sent to the API as the
// `Language` header and kept for 365 days.
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

export const LOCALE_COOKIE = 'i18n_redirected';
/** 365 days, in seconds. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The locale a `document.cookie` string names, or null when it names none we know. */
export function localeFromCookie(cookie: string): Locale | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== LOCALE_COOKIE) continue;
    let value = rest.join('=');
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
    return isLocale(value) ? value : null;
  }
  return null;
}

/** The `document.cookie` assignment that remembers `locale` for 365 days on the whole site. */
export function localeCookie(locale: Locale, secure = false): string {
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The chosen locale in this browser, or the default (always the default on the server). */
export function currentLocale(): Locale {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  return localeFromCookie(document.cookie) ?? DEFAULT_LOCALE;
}

/** Remembers `locale` in the cookie. */
export function rememberLocale(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.cookie = localeCookie(locale, window.location.protocol === 'https:');
}
