// Where an answer's market figures come from and how old they are (the contract's MarketStatus),
// from what the provider says of itself and the clock. Every market answer, the coin report and
// the assistant take it from here, so that "stale" means the same everywhere.
import type { MarketStatus } from '@coinlens/contract';
import type { MarketProvider } from './types.js';

/** Figures older than this many refresh intervals are stale. */
export const STALE_INTERVALS = 2;

/** The provider's status at `nowMs`: stale when asOf is more than two refresh intervals old. */
export function marketStatus(provider: MarketProvider, nowMs: number): MarketStatus {
  const { asOfSec, refreshSeconds, retryAtSec } = provider.status();
  const ageSec = nowMs / 1000 - asOfSec;
  return {
    source: provider.source,
    asOf: asOfSec,
    refreshSeconds,
    stale: ageSec > STALE_INTERVALS * refreshSeconds,
    retryAt: retryAtSec,
  };
}
