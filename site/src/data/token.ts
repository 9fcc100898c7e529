// The signed-in user's bearer token, kept in localStorage under 'token'. Every part of the site
// reads it through here, so that a change (sign-in, sign-out, a 401, or another tab) reaches every
// subscriber.

/** The localStorage key of the token. */
export const TOKEN_KEY = 'token';

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings); the site then works signed out.
    return null;
  }
}

function notify() {
  for (const listener of [...listeners]) listener();
}

/** The token, or null when signed out (and always on the server). */
export function getToken(): string | null {
  const value = storage()?.getItem(TOKEN_KEY) ?? null;
  return value ? value : null;
}

/** Keeps a new token (after sign-in). */
export function setToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
  notify();
}

/** Forgets the token (sign-out, or a 401 from the API). */
export function clearToken(): void {
  const store = storage();
  if (store?.getItem(TOKEN_KEY) === null) return;
  store?.removeItem(TOKEN_KEY);
  notify();
}

/** Calls `listener` whenever the token changes, in this tab or another; returns the unsubscribe. */
export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
