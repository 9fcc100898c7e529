// The market overview's coins: `GET /api/market/list` pages of 50 for one sort and search, fetched
// as the table nears its end (swr/infinite, each page its own cache key, as data/usePagedList.ts
// does), and fetched again every refresh interval the server names. An answer says where its
// figures come from and how old they are; when a refresh fails, the rows and that status stay as
// the last good answer left them, and the failure is told apart from a first load that failed.
import type { MarketPage, MarketRow, MarketStatus } from '@coinlens/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { ApiFailure } from '../../data/errors';
import { withMinDelay } from '../../data/minDelay';
import { apiKey } from '../../data/swr';
import type { MarketQuery } from './marketAddress';

/** The market list. */
export const MARKET_LIST_PATH = '/api/market/list';
/** Coins per page. */
export const MARKET_PAGE_SIZE = 50;
/** How often the list is fetched again when no answer has named the server's interval yet. */
export const DEFAULT_REFRESH_SECONDS = 60;

/** The request path (and cache key) of page `page` (1-based) of the list `query` names. */
export function marketPageKey({ sort, order, q }: MarketQuery, page: number): string {
  // No keyword parameter for an empty search: the server then lists every coin.
  return apiKey(MARKET_LIST_PATH, {
    keyword: q || undefined,
    order,
    page,
    size: MARKET_PAGE_SIZE,
    sort,
  })!;
}

export interface MarketList {
  /** The coins of every page loaded so far, in the server's order. */
  rows: MarketRow[];
  /** The ids of each loaded page's coins, a list per page (for their sparklines). */
  pageIds: number[][];
  /** Where the figures shown come from and how old they are; undefined before any answer. */
  market: MarketStatus | undefined;
  /** The matches the server counts, once a page has come. */
  total: number | undefined;
  /** True while the first page is loading (nothing to show yet). */
  loading: boolean;
  /** True while a further page is loading below the rows shown. */
  loadingMore: boolean;
  /** Whether the server has more pages. */
  hasMore: boolean;
  /** Why the first page could not be loaded (nothing to show), or undefined. */
  error: ApiFailure | undefined;
  /** Why a further page could not be loaded (the rows so far stay), or undefined. */
  moreError: ApiFailure | undefined;
  /** Why the last refresh failed (the rows shown are the last good ones), or undefined. */
  refreshError: ApiFailure | undefined;
  /** Asks for the next page; does nothing while one loads, after a failure or at the end. */
  loadMore: () => void;
  /** Asks again for what failed: the first page, a further one, or the refresh. */
  retry: () => void;
}

/**
 * The pages of the list `query` names (null: nothing yet, before the page has hydrated), through
 * the app's API fetcher (the ApiProvider's client); each fetch takes at least 200 ms, so that a
 * fast answer does not flash.
 */
export function useMarketList(query: MarketQuery | null): MarketList {
  const { fetcher } = useSWRConfig();
  const { data, error, size, setSize, isValidating, mutate } = useSWRInfinite<
    MarketPage,
    ApiFailure
  >(
    (index, previous: MarketPage | null) =>
      query === null || (previous && !previous.has_next) ? null : marketPageKey(query, index + 1),
    (key: string) => {
      if (!fetcher) throw new Error('useMarketList needs the ApiProvider around it');
      return withMinDelay(fetcher(key) as Promise<MarketPage>);
    },
    {
      // Another sort's or search's rows must not stand in while this one loads.
      keepPreviousData: false,
      // Loading page 2 must not fetch page 1 again; the refresh below fetches them all.
      revalidateFirstPage: false,
      revalidateOnFocus: false,
    },
  );

  const loaded = useMemo(() => data ?? [], [data]);
  const last = loaded[loaded.length - 1];
  // The newest answer's status: a refresh's, once it has come.
  const market = loaded[0]?.market;

  // Every loaded page is fetched again at the server's interval. SWR's own timer would not do
  // it: it fetches no page it has already. A failed refresh keeps the last good pages.
  const refreshMs = (market?.refreshSeconds || DEFAULT_REFRESH_SECONDS) * 1000;
  const listed = query !== null && loaded.length > 0;
  useEffect(() => {
    if (!listed) return;
    const timer = setInterval(() => void mutate(), refreshMs);
    return () => clearInterval(timer);
  }, [listed, refreshMs, mutate]);

  // A list seen before (a sort picked again) comes back from the cache, which may be old: its
  // pages are fetched again, behind what is there.
  const firstKey = query === null ? null : marketPageKey(query, 1);
  const shownKey = useRef(firstKey);
  useEffect(() => {
    if (shownKey.current === firstKey) return;
    shownKey.current = firstKey;
    if (firstKey !== null && data !== undefined) void mutate();
  }, [firstKey, data, mutate]);

  const rows = useMemo(() => loaded.flatMap((page) => page.records), [loaded]);
  const pageIds = useMemo(() => loaded.map((page) => page.records.map((row) => row.id)), [loaded]);
  // An error stays until a fetch succeeds; while one runs again (a retry), it is not shown.
  const failed = error !== undefined && !isValidating;
  // Asked for more pages than have come: the failure is a further page's.
  const moreFailed = failed && loaded.length > 0 && size > loaded.length;
  // A failed refresh's notice stays through the tries that follow, until one succeeds: hidden
  // while each runs, it would blink above the table at every interval.
  const refreshFailed = error !== undefined && loaded.length > 0 && size <= loaded.length;
  const loading = query !== null && loaded.length === 0 && !failed;
  const loadingMore = loaded.length > 0 && size > loaded.length && !failed;
  const hasMore = Boolean(last?.has_next) && !moreFailed;

  const loadMore = useCallback(() => {
    if (!hasMore || loadingMore || failed) return;
    void setSize((current) => current + 1);
  }, [hasMore, loadingMore, failed, setSize]);

  // Pages already loaded are in the cache: asking for as many pages fetches the one missing; a
  // failed refresh fetches them all again.
  const retry = useCallback(() => {
    if (refreshFailed) void mutate();
    else void setSize((current) => current);
  }, [refreshFailed, mutate, setSize]);

  return {
    rows,
    pageIds,
    market,
    total: last?.total,
    loading,
    loadingMore,
    hasMore,
    error: failed && loaded.length === 0 ? error : undefined,
    moreError: moreFailed ? error : undefined,
    refreshError: refreshFailed ? error : undefined,
    loadMore,
    retry,
  };
}
