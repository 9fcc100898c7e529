// Who is using the site: signed out, signed in (a token is kept), or not known yet (the server
// render and the hydrating render, which must match the static HTML). The user's details come
// from `GET /api/user` through the app's SWR fetcher.
import type { UserInfo } from '@coinlens/contract';
import { useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { isSignedInArea } from '../start/signedInAreas';
import { getToken, subscribeToken } from './token';

/** The request path of the signed-in user's details; also its SWR key. */
export const USER_PATH = '/api/user';

export type SessionStatus = 'unknown' | 'signedOut' | 'signedIn';

export interface Session {
  /** 'unknown' until the page has hydrated; then whether a token is kept. */
  status: SessionStatus;
  /** The user's details once loaded (null while loading, signed out or unknown). */
  user: UserInfo | null;
  /**
   * Signed in, and the details could not be loaded (the API failing or out of reach): what shows
   * them says so in words without them. The fetcher keeps trying; once they come, this is false.
   */
  userFailed: boolean;
}

// A value no token can be: what the server and the hydrating render see.
const UNKNOWN = '\u0000unknown';

/** The token, or UNKNOWN during the server render and hydration. */
export function useToken(): string | null | typeof UNKNOWN {
  return useSyncExternalStore(subscribeToken, getToken, () => UNKNOWN);
}

export function useSession(): Session {
  const token = useToken();
  const signedIn = token !== UNKNOWN && token !== null;
  const { data, error } = useSWR<UserInfo>(signedIn ? USER_PATH : null, {
    revalidateOnFocus: false,
  });
  if (token === UNKNOWN) return { status: 'unknown', user: null, userFailed: false };
  if (!signedIn) return { status: 'signedOut', user: null, userFailed: false };
  return { status: 'signedIn', user: data ?? null, userFailed: !data && error !== undefined };
}

/**
 * Whether the page shows its signed-in state (the header's areas and account menu): when signed
 * in, and before the session is known (the server render and the hydration) on a signed-in area's
 * page, whose static HTML only a visitor holding a token gets to see (start/signedOutRedirect.ts). So
 * that page's header does not change when the session becomes known.
 */
export function showsSignedIn(status: SessionStatus, originalPath: string): boolean {
  return status === 'signedIn' || (status === 'unknown' && isSignedInArea(originalPath));
}
