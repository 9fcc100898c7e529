// How the server reads a client's language; what it says in each is in the contract
// (`SERVER_MESSAGES`).
import { LOCALES, type Locale } from '@coinlens/contract';

/** The request's `Language` header as one of our locales (default `en`). */
export function localeOf(header: unknown): Locale {
  // Anything but a string (a socket message's field can be any JSON) is no language: English.
  const first: unknown = Array.isArray(header) ? header[0] : header;
  const value = typeof first === 'string' ? first.trim().toLowerCase() : undefined;
  return LOCALES.find((locale) => locale === value) ?? 'en';
}
