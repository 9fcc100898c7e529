// A follow a visitor asked for on the market overview: following needs a user, so the coin is kept
// in this tab's session storage while the visitor signs in (the login dialog brings them back to
// the overview, start/nextAddress.ts), and followed once they are in. It is forgotten when the
// visitor closes the login dialog without signing in, and after a while in any case, so that an
// old wish does not turn into a follow much later.

/** The session storage key. */
export const PENDING_FOLLOW_KEY = 'coinlens.markets.pendingFollow';
/** How long a pending follow waits for the sign-in, in ms. */
export const PENDING_FOLLOW_TTL_MS = 30 * 60_000;

/** The coin to follow once signed in. */
export interface PendingFollow {
  coinId: number;
  /** Its name, for the toast that says it is followed. */
  name: string;
  /** When it was asked for (ms). */
  at: number;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage blocked (a privacy setting): the follow is asked for again after signing in.
    return null;
  }
}

function isPending(value: unknown): value is PendingFollow {
  if (typeof value !== 'object' || value === null) return false;
  const { coinId, name, at } = value as Record<string, unknown>;
  return (
    typeof coinId === 'number' &&
    Number.isInteger(coinId) &&
    coinId > 0 &&
    typeof name === 'string' &&
    typeof at === 'number'
  );
}

/** Keeps `coin` to follow once signed in (replacing any earlier wish). */
export function keepPendingFollow(coin: { coinId: number; name: string }, now = Date.now()): void {
  try {
    storage()?.setItem(PENDING_FOLLOW_KEY, JSON.stringify({ ...coin, at: now }));
  } catch {
    // Storage full or blocked: nothing kept.
  }
}

/** The pending follow, if one is kept and not too old (an old or unreadable one is dropped). */
export function pendingFollow(now = Date.now()): PendingFollow | null {
  const store = storage();
  const text = store?.getItem(PENDING_FOLLOW_KEY);
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  if (!isPending(value) || now - value.at > PENDING_FOLLOW_TTL_MS || value.at > now + 60_000) {
    dropPendingFollow();
    return null;
  }
  return value;
}

/** Forgets the pending follow. */
export function dropPendingFollow(): void {
  try {
    storage()?.removeItem(PENDING_FOLLOW_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
