// The 7-day sparklines of the market overview's coins: one `GET /api/market/sparklines` call per
// loaded page of the list (its coins' ids, never one call per row), asked for once the page's rows
// have been painted, so that the table's first paint does not wait for them. Each page's call is
// its own cache key (swr/infinite, side by side); a coin's series is found by its id.
import type { Sparklines } from '@coinlens/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { ApiFailure } from '../../data/errors';
import { apiKey } from '../../data/swr';

/** The sparklines of up to 100 coins. */
export const SPARKLINES_PATH = '/api/market/sparklines';

/** The request path (and cache key) of the sparklines of `ids`. */
export function sparklinesKey(ids: readonly number[]): string {
  return apiKey(SPARKLINES_PATH, { coinIds: ids })!;
}

/** `value`, once the browser has painted what it was rendered with (two frames later). */
function useAfterPaint<T>(value: T, initial: T): T {
  const [painted, setPainted] = useState(initial);
  useEffect(() => {
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setPainted(value));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [value]);
  return painted;
}

const NO_PAGES: number[][] = [];

export interface SparklineSeries {
  /**
   * A coin's 7-day prices by its id: undefined while they load, empty when they are unknown (the
   * server has none, or its call failed).
   */
  seriesOf: (coinId: number) => readonly number[] | undefined;
}

/** The sparklines of each page of coins (`pageIds`: the ids of each loaded page, in order). */
export function useSparklines(pageIds: number[][]): SparklineSeries {
  const { fetcher } = useSWRConfig();
  const pages = useAfterPaint(pageIds, NO_PAGES);
  const { data, error, setSize } = useSWRInfinite<Sparklines, ApiFailure>(
    (index) => {
      const ids = pages[index];
      return ids && ids.length > 0 ? sparklinesKey(ids) : null;
    },
    (key: string) => {
      if (!fetcher) throw new Error('useSparklines needs the ApiProvider around it');
      return fetcher(key) as Promise<Sparklines>;
    },
    {
      initialSize: 0,
      parallel: true,
      // A page's series do not change between two refreshes of the list: fetched once a page.
      revalidateFirstPage: false,
      revalidateOnFocus: false,
      revalidateIfStale: false,
      // While the first page's coins change (a new sort), the series had are kept by coin id.
      keepPreviousData: true,
      persistSize: true,
    },
  );
  useEffect(() => {
    void setSize(pages.length);
  }, [pages.length, setSize]);

  const byId = useMemo(() => {
    const map = new Map<number, readonly number[]>();
    for (const answer of data ?? []) {
      for (const series of answer?.series ?? []) map.set(series.coinId, series.prices);
    }
    return map;
  }, [data]);
  // The server answers a series for every id asked (empty when it has none): a coin without one
  // is still loading, unless a call failed.
  const failed = error !== undefined;
  const seriesOf = useCallback(
    (coinId: number) => byId.get(coinId) ?? (failed ? [] : undefined),
    [byId, failed],
  );
  return { seriesOf };
}
