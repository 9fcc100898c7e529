// The reporting area's resources: one coin's report, and the live prices of all followed coins,
// fetched together and refreshed while the tab is visible.
import type { CoinPrice, CoinReport } from '@coinlens/contract';
import { useMemo } from 'react';
import type { ApiFailure } from '../../data/errors';
import { useApi, type ApiResource } from '../../data/swr';

/** The request path of a coin report; also its SWR key with `?coinId=`. */
export const REPORT_PATH = '/api/analysis/coin';
/** The request path of the latest prices; also its SWR key with `?coinIds=`. */
export const PRICE_PATH = '/api/coin/price';
/** How often the prices on screen are fetched again while the tab is visible. */
export const PRICE_REFRESH_MS = 30_000;

/**
 * The report on one coin. The API client sends the page's `Language`, so the signals and the
 * summary come in the language being read. Not asked for while `wanted` is false (a card far
 * below the fold).
 */
export function useCoinReport(coinId: number, wanted = true): ApiResource<CoinReport> {
  return useApi<CoinReport>(wanted ? REPORT_PATH : null, { coinId });
}

export interface CoinPrices {
  /** The latest price of each coin asked for, by coin id; empty until the first answer. */
  byCoin: ReadonlyMap<number, CoinPrice>;
  /** Why the last fetch failed; the cards then keep the prices of their reports. */
  error: ApiFailure | undefined;
}

/**
 * The latest prices of `coinIds` in one request, fetched again every 30 s while the tab is
 * visible (a hidden tab catches up when it is shown, through SWR's revalidation on focus).
 */
export function useCoinPrices(coinIds: readonly number[]): CoinPrices {
  // Sorted, so that the same coins are one cache entry whatever order they are followed in.
  const ids = useMemo(() => [...new Set(coinIds)].sort((a, b) => a - b), [coinIds]);
  const { data, error } = useApi<CoinPrice[]>(
    ids.length > 0 ? PRICE_PATH : null,
    { coinIds: ids },
    { refreshInterval: PRICE_REFRESH_MS, refreshWhenHidden: false },
  );
  const byCoin = useMemo(
    () => new Map((data ?? []).map((price) => [price.coinId, price] as const)),
    [data],
  );
  return { byCoin, error };
}
