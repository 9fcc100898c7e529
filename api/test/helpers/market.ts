// The demo market with a hand on it: prices a test sets, and a switch that makes the figures
// stale, for the alerts' tests.
import { createSnapshotProvider } from '../../src/market/snapshot.js';
import type { MarketProvider, MarketQuote } from '../../src/market/types.js';
import type { FixedClock } from './api.js';

export interface SteeredMarket {
  provider: MarketProvider;
  setPrice(slug: string, price: number): void;
  setStale(value: boolean): void;
}

export function steeredMarket(clock: FixedClock): SteeredMarket {
  const inner = createSnapshotProvider({ clock });
  const prices = new Map<string, number>();
  let stale = false;
  let changes = 0;
  const provider: MarketProvider = {
    source: inner.source,
    start: () => inner.start(),
    stop: () => inner.stop(),
    coins: () => inner.coins(),
    quote(slug): MarketQuote | null {
      const quote = inner.quote(slug);
      const price = prices.get(slug);
      return quote && price !== undefined ? { ...quote, price } : quote;
    },
    history: (slug, from, to) => inner.history(slug, from, to),
    version: () => inner.version() * 1000 + changes,
    sparkline: (slug) => inner.sparkline(slug),
    status() {
      const status = inner.status();
      return stale ? { ...status, asOfSec: status.asOfSec - 10 * status.refreshSeconds } : status;
    },
    description: (slug, locale) => inner.description(slug, locale),
  };
  return {
    provider,
    setPrice(slug, price) {
      prices.set(slug, price);
      changes += 1;
    },
    setStale(value) {
      stale = value;
      changes += 1;
    },
  };
}
