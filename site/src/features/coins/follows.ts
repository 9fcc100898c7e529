// The signed-in user's followed coins (the API's `follows` calls, described at /api/docs): one SWR
// resource keyed by its request path, the two calls that change it, and the way into the
// add-cryptocurrency dialog. Both changes answer the whole new list, which goes straight into the
// cache: every view of the follows (the dialog, the reporting page) shows it without asking the
// server again.
import type { Coin, FollowEntry } from '@coinlens/contract';
import { useSyncExternalStore } from 'react';
import { mutate as mutateCache, type KeyedMutator } from 'swr';
import { api, type ApiClient } from '../../data/client';
import type { ApiFailure } from '../../data/errors';
import { useApi } from '../../data/swr';
import { getToken, subscribeToken } from '../../data/token';
import { openDialog } from '../../shell/dialogs';

/** The request path of the follow list; also its SWR key. */
export const FOLLOWS_PATH = '/api/follow/list';
/** The call that follows coins by id (1 to 5; followed and repeated ids are ignored). */
const FOLLOW_ADD_PATH = '/api/follow/add';
/** The call that stops following one coin. */
const FOLLOW_DELETE_PATH = '/api/follow/delete';

export interface Follows {
  /** The followed coins, newest first; undefined while loading and when signed out. */
  follows: FollowEntry[] | undefined;
  /** Why the list could not be loaded, or undefined. */
  error: ApiFailure | undefined;
  /** True while the list is being fetched for the first time (show a placeholder). */
  isLoading: boolean;
  /** Replaces the cached list and, by default, fetches it again. */
  mutate: KeyedMutator<FollowEntry[]>;
}

/** Whether a token is kept; false on the server and while hydrating, as the static HTML was. */
function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribeToken,
    () => getToken() !== null,
    () => false,
  );
}

/** The signed-in user's follows (newest first) through SWR; null key when signed out. */
export function useFollows(): Follows {
  const signedIn = useSignedIn();
  // No previous key's data: the only other key is null (signed out), and showing one user's
  // follows after the token changed would show them to the next visitor.
  const { data, error, isLoading, mutate } = useApi<FollowEntry[]>(
    signedIn ? FOLLOWS_PATH : null,
    undefined,
    { keepPreviousData: false },
  );
  return { follows: signedIn ? data : undefined, error, isLoading, mutate };
}

/** Puts `list`, a change's answer, into the cache without fetching it again. */
async function remember(list: FollowEntry[]): Promise<FollowEntry[]> {
  await mutateCache<FollowEntry[]>(FOLLOWS_PATH, list, { revalidate: false });
  return list;
}

/** POST /api/follow/add; puts the answer (the new list) into the SWR cache; throws ApiFailure. */
export async function addFollows(
  coinIds: readonly number[],
  client: ApiClient = api,
): Promise<FollowEntry[]> {
  return remember(await client.post<FollowEntry[]>(FOLLOW_ADD_PATH, { coinIds: [...coinIds] }));
}

/** POST /api/follow/delete; puts the new list into the cache; throws ApiFailure. */
export async function removeFollow(
  coinId: number,
  client: ApiClient = api,
): Promise<FollowEntry[]> {
  return remember(await client.post<FollowEntry[]>(FOLLOW_DELETE_PATH, { coinId }));
}

/**
 * Opens the add-cryptocurrency dialog, with `coins` picked. A follow needs a user, so a visitor who
 * is signed out gets the login dialog instead.
 */
export function openAddCoinDialog(coins: readonly Coin[] = []): void {
  if (getToken() === null) openDialog('login');
  else openDialog('addCoin', { coins });
}
