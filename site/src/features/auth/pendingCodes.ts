// The verification codes this tab has had mailed and that may still work, by address and purpose,
// with when each was sent. The server sends one code per address and purpose a minute at most and
// keeps it 10 minutes: asking again before that (a reload, or Back then Next) must lead back to
// the code step with the code in the mailbox, not to a refusal. Kept in sessionStorage, which
// outlives a reload but not the tab, and each entry only for the code's lifetime.

/** The verification code types of `sendMessage`: 4 registers, 2 resets a password. */
export type CodeType = 4 | 2;

/** How long a mailed code works (the server's CODE_LIFETIME_MS, api/src/auth/codes.ts). */
export const CODE_LIFETIME_MS = 10 * 60_000;
/** How long after a send the server refuses another (its CODE_COOLDOWN_MS). */
export const CODE_COOLDOWN_MS = 60_000;

const KEY = 'coinlens:pending-codes';

/** `sentAt` (epoch ms) by `<type>:<normalised address>`. */
type Entries = Record<string, number>;

/** As the server compares addresses: trimmed and lower-cased. */
const entryKey = (email: string, type: CodeType) => `${type}:${email.trim().toLowerCase()}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage switched off: the code step is still reached through the server's refusal.
    return null;
  }
}

/** The entries still alive at `now`; anything unreadable counts as none. */
function read(now: number): Entries {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(KEY) ?? '{}');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const alive: Entries = {};
  for (const [key, sentAt] of Object.entries(parsed)) {
    if (typeof sentAt === 'number' && now < sentAt + CODE_LIFETIME_MS) {
      alive[key] = sentAt;
    }
  }
  return alive;
}

function write(entries: Entries): void {
  try {
    const store = storage();
    if (Object.keys(entries).length === 0) store?.removeItem(KEY);
    else store?.setItem(KEY, JSON.stringify(entries));
  } catch {
    // Full or switched off: the same as no storage.
  }
}

/** Remembers that a code for `email` and `type` was mailed at `sentAt`. */
export function rememberCode(email: string, type: CodeType, sentAt: number = Date.now()): void {
  write({ ...read(Date.now()), [entryKey(email, type)]: sentAt });
}

/** Forgets the code for `email` and `type` (used, expired or spent). */
export function forgetCode(email: string, type: CodeType): void {
  const entries = read(Date.now());
  delete entries[entryKey(email, type)];
  write(entries);
}

/**
 * When the code for `email` and `type` that should still work was mailed (epoch ms), or null when
 * there is none.
 */
export function pendingCodeSentAt(
  email: string,
  type: CodeType,
  now: number = Date.now(),
): number | null {
  return read(now)[entryKey(email, type)] ?? null;
}

/** Whole seconds until the server takes another send after one at `sentAt` (0: it does now). */
export function cooldownLeft(sentAt: number, now: number = Date.now()): number {
  // Clamped: a clock set back since the send must not mean a wait longer than the cooldown.
  const left = Math.min(CODE_COOLDOWN_MS, sentAt + CODE_COOLDOWN_MS - now);
  return Math.max(0, Math.ceil(left / 1000));
}

/** Forgets every code (a fresh tab: between stories). */
export function forgetAllCodes(): void {
  write({});
}
