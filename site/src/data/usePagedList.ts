// A list the API serves a page at a time (`ListPage`: records, has_next), fetched as it is
// scrolled (swr/infinite): the coin search, the monitored-source search, the user's sources and a
// transcript. Each list has its own cache key per page, so an answer for an earlier search only
// ever lands under that search's key and never shows for a newer one; and a new list starts from
// its page 1 with nothing of the old one on screen.
import type { ListPage } from '@coinlens/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSWRConfig } from 'swr';
import useSWRInfinite, { type SWRInfiniteKeyedMutator } from 'swr/infinite';
import type { ApiFailure } from './errors';
import { withMinDelay } from './minDelay';

export interface PagedList<T> {
  /** The records of every page loaded so far, in the server's order. */
  items: T[];
  /** True while the first page is loading (nothing to show yet). */
  loading: boolean;
  /** True while a further page is loading below the records shown. */
  loadingMore: boolean;
  /** Whether the server has more pages. */
  hasMore: boolean;
  /** Why the last page asked for failed (the first one, or a further one), or undefined. */
  error: ApiFailure | undefined;
  /** How many pages are loaded. */
  pages: number;
  /** The total the server counts, once a page has come. */
  total: number | undefined;
  /** Asks for the next page; does nothing while one loads, after a failure or at the end. */
  loadMore: () => void;
  /** Asks again for the page that failed. */
  retry: () => void;
  /** Fetches every loaded page again (after a change), or replaces them. */
  mutate: SWRInfiniteKeyedMutator<ListPage<T>[]>;
}

/**
 * The pages of a list: `pageKey(page)` (1-based) is the request path of a page, or null when
 * there is nothing to fetch (signed out, no search). Fetches go through the app's API fetcher (the
 * ApiProvider's client) and take at least 200 ms, so that a fast answer does not flash. Records on
 * screen stay put while the user reads or picks: no refetch on focus, and none on a timer unless
 * `refreshInterval` (ms) asks for it.
 */
export function usePagedList<T>(
  pageKey: ((page: number) => string) | null,
  { refreshInterval = 0 }: { refreshInterval?: number } = {},
): PagedList<T> {
  const { fetcher } = useSWRConfig();
  const { data, error, size, setSize, isValidating, mutate } = useSWRInfinite<
    ListPage<T>,
    ApiFailure
  >(
    (index, previous: ListPage<T> | null) =>
      pageKey === null || (previous && !previous.has_next) ? null : pageKey(index + 1),
    (key: string) => {
      if (!fetcher) throw new Error('usePagedList needs the ApiProvider around it');
      return withMinDelay(fetcher(key) as Promise<ListPage<T>>);
    },
    {
      // Another list's records must not stand in while this one loads.
      keepPreviousData: false,
      // Loading page 2 must not fetch page 1 again.
      revalidateFirstPage: false,
      revalidateOnFocus: false,
    },
  );

  // A list seen before (a filter picked again, a search typed again) comes back from the cache,
  // which may be from before a change: its pages are fetched again, behind what was there.
  const firstKey = pageKey === null ? null : pageKey(1);
  const shownKey = useRef(firstKey);
  useEffect(() => {
    if (shownKey.current === firstKey) return;
    shownKey.current = firstKey;
    if (firstKey !== null && data !== undefined) void mutate();
  }, [firstKey, data, mutate]);

  // A list that grows while it is read (a live transcript) is fetched again every
  // `refreshInterval` ms. SWR's own timer would not do it: it fetches no page it has already.
  useEffect(() => {
    if (!refreshInterval || firstKey === null) return;
    const timer = setInterval(() => void mutate(), refreshInterval);
    return () => clearInterval(timer);
  }, [refreshInterval, firstKey, mutate]);

  const loaded = useMemo(() => data ?? [], [data]);
  const items = useMemo(() => loaded.flatMap((page) => page.records), [loaded]);
  const last = loaded[loaded.length - 1];
  // An error stays until a fetch succeeds; while one runs again (a retry), it is not shown.
  const failed = error !== undefined && !isValidating;
  const loading = pageKey !== null && loaded.length === 0 && !failed;
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
    items,
    loading,
    loadingMore,
    hasMore,
    error: failed ? error : undefined,
    pages: loaded.length,
    total: last?.total,
    loadMore,
    retry,
    mutate,
  };
}
