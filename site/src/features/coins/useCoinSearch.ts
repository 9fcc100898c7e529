// The add-cryptocurrency dialog's coin list: `GET /api/asset/list` pages of 20 for one search,
// fetched as the list is scrolled (swr/infinite). Each search has its own cache key per page, so
// an answer for an earlier search only ever lands under that search's key and never shows for a
// newer one; and a new search starts from its page 1 with nothing of the old one on screen.
import type { Coin, ListPage } from '@coinlens/api/contract';
import { useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { ApiFailure } from '../../data/errors';
import { withMinDelay } from '../../data/minDelay';
import { apiKey } from '../../data/swr';

/** The coin search. */
export const ASSET_LIST_PATH = '/api/asset/list';
/** Coins per page (the spec's default list size). */
export const COIN_PAGE_SIZE = 20;

/** The request path (and cache key) of page `page` (1-based) of the search for `keyword`. */
export function coinPageKey(keyword: string, page: number): string {
  // No keyword parameter for an empty search: the server then lists every coin by rank.
  return apiKey(ASSET_LIST_PATH, { keyword: keyword || undefined, page, size: COIN_PAGE_SIZE })!;
}

export interface CoinSearch {
  /** The coins of every page loaded so far, in rank order. */
  coins: Coin[];
  /** True while the search's first page is loading (nothing to show yet). */
  loading: boolean;
  /** True while a further page is loading below the coins shown. */
  loadingMore: boolean;
  /** Whether the server has more pages for this search. */
  hasMore: boolean;
  /** Why the last page asked for failed (the first one, or a further one), or undefined. */
  error: ApiFailure | undefined;
  /** How many pages are loaded. */
  pages: number;
  /** Asks for the next page; does nothing while one loads, after a failure or at the end. */
  loadMore: () => void;
  /** Asks again for the page that failed. */
  retry: () => void;
}

/**
 * The coins matching `keyword` (as the search box gave it, trimmed; empty lists every coin), a
 * page at a time. Fetches go through the app's API fetcher (the ApiProvider's client) and take at
 * least 200 ms, so a fast answer does not flash. Pages are kept in the SWR cache around the hook;
 * the dialog gives it one of its own for each opening.
 */
export function useCoinSearch(keyword: string): CoinSearch {
  const { fetcher } = useSWRConfig();
  const { data, error, size, setSize, isValidating } = useSWRInfinite<ListPage<Coin>, ApiFailure>(
    (index, previous: ListPage<Coin> | null) =>
      previous && !previous.has_next ? null : coinPageKey(keyword, index + 1),
    (key: string) => {
      if (!fetcher) throw new Error('useCoinSearch needs the ApiProvider around it');
      return withMinDelay(fetcher(key) as Promise<ListPage<Coin>>);
    },
    {
      // Another search's rows must not stand in while this one loads.
      keepPreviousData: false,
      // Loading page 2 must not fetch page 1 again.
      revalidateFirstPage: false,
      // Prices on screen stay put while the user picks.
      revalidateOnFocus: false,
    },
  );

  const loaded = useMemo(() => data ?? [], [data]);
  const coins = useMemo(() => loaded.flatMap((page) => page.records), [loaded]);
  const last = loaded[loaded.length - 1];
  // An error stays until a fetch succeeds; while one runs again (a retry), it is not shown.
  const failed = error !== undefined && !isValidating;
  const loading = loaded.length === 0 && !failed;
  // Counted from the size asked for, not from SWR's fetch state, which starts a moment later:
  // the list must not ask for yet another page in between.
  const loadingMore = loaded.length > 0 && size > loaded.length && !failed;
  const hasMore = Boolean(last?.has_next) && !failed;

  const loadMore = useCallback(() => {
    if (!hasMore || loadingMore) return;
    void setSize((current) => current + 1);
  }, [hasMore, loadingMore, setSize]);

  // Pages already loaded are in the cache: asking for the same number of pages fetches only
  // the one that is missing (the one that failed).
  const retry = useCallback(() => void setSize((current) => current), [setSize]);

  return {
    coins,
    loading,
    loadingMore,
    hasMore,
    error: failed ? error : undefined,
    pages: loaded.length,
    loadMore,
    retry,
  };
}
