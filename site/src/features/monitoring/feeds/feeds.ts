// The feeds' state through the API (`GET /api/monitor/feed/list`, operators only), fetched again
// every minute while the page is open and shown (the server reads due feeds once a minute), and
// when the tab comes back into view (the app's SWR setting).
import type { FeedState } from '@coinlens/contract';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../data/errors';
import { useApi, type ApiResource } from '../../../data/swr';
import { getToken, subscribeToken } from '../../../data/token';

/** The request path of the feeds' state; also its SWR key. */
export const FEED_LIST_PATH = '/api/monitor/feed/list';

/** How often the list is fetched again while the page is shown: the server's poll interval. */
export const FEEDS_REFRESH_MS = 60_000;

/** Whether a token is kept; false on the server and while hydrating, as the static HTML was. */
function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribeToken,
    () => getToken() !== null,
    () => false,
  );
}

/**
 * Every feed the server knows, in the API's order (configured ones first, by address). Nothing is
 * fetched without a token; a refusal (403 for a user who is not an operator) is not polled again.
 */
export function useFeedList(): ApiResource<FeedState[]> {
  const signedIn = useSignedIn();
  const resource = useApi<FeedState[]>(signedIn ? FEED_LIST_PATH : null, undefined, {
    keepPreviousData: false,
    refreshInterval: FEEDS_REFRESH_MS,
    refreshWhenHidden: false,
  });
  return signedIn ? resource : { ...resource, data: undefined };
}

/** Whether `error` is the API saying the user is not one of the server's operators. */
export function isOperatorsOnly(error: unknown): boolean {
  return error instanceof ApiError && error.code === 403;
}
