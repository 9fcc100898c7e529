// What makes an email address, a password and a nickname acceptable. The email rule is the
// site's (letters, digits, dot, underscore or hyphen; a TLD of 2+ letters), so that an address
// the site lets through is never refused here, and the other way round.

/**
 * The site's email shape (site/src/features/auth/loginMachine.ts, character for character),
 * applied to the normalised (trimmed, lower-cased) address: no empty domain label.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** The longest address SMTP can carry (RFC 5321 path limit less the brackets). */
export const EMAIL_MAX_LENGTH = 254;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const NICKNAME_MIN_LENGTH = 3;
export const NICKNAME_MAX_LENGTH = 32;

/** Accounts are compared by their normalised email: trimmed and lower-cased. */
export function normalizeAccount(account: string): string {
  return account.trim().toLowerCase();
}

/** True when a normalised address has the site's shape. */
export function isValidEmail(account: string): boolean {
  return account.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(account);
}

/** Length in characters as a person counts them: code points, so an emoji counts once. */
export function characterCount(value: string): number {
  return [...value].length;
}

/** True when a password's length is within 6..128 characters. */
export function isValidPasswordLength(password: string): boolean {
  const length = characterCount(password);
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
}

/** A nickname as stored: trimmed. */
export function normalizeNickname(nickname: string): string {
  return nickname.trim();
}

/**
 * True when a normalised nickname has 3..32 characters and no control characters (a NUL cannot
 * be stored by PostgreSQL, and none of them can be shown).
 */
export function isValidNickname(nickname: string): boolean {
  if (/\p{Cc}/u.test(nickname)) return false;
  const length = characterCount(nickname);
  return length >= NICKNAME_MIN_LENGTH && length <= NICKNAME_MAX_LENGTH;
}

/** A new account's nickname: its email's local part, cut to 32 characters. */
export function defaultNickname(account: string): string {
  const local = account.slice(0, account.lastIndexOf('@'));
  return [...local].slice(0, NICKNAME_MAX_LENGTH).join('');
}

/**
 * The nickname of an account made by Google or X sign-in: the provider's display name, trimmed
 * and cut to 32 characters, when that leaves 3 or more; otherwise `fallback` (the email's local
 * part, or `x_<username>`), cut the same way.
 */
export function socialNickname(name: string | null, fallback: string): string {
  const cut = (value: string) =>
    [...normalizeNickname(value.replace(/\p{Cc}+/gu, ' '))]
      .slice(0, NICKNAME_MAX_LENGTH)
      .join('')
      .trim();
  const fromName = name === null ? '' : cut(name);
  return isValidNickname(fromName) ? fromName : cut(fallback);
}

/** The longest avatar URL kept from a provider. */
export const AVATAR_URL_MAX_LENGTH = 2048;

/** A provider's picture URL when it is https (an https page shows no http image); else null. */
export function httpsAvatar(url: string | null): string | null {
  if (url === null || url.length > AVATAR_URL_MAX_LENGTH) return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
