// Market data behind the coin routes (asset list, follows, prices, reports): one interface, two
// providers. `snapshot` (the default) serves a bundled data set with a seeded price history and
// says it is demo data; `coingecko` reads the real CoinGecko API on a schedule.

/** Where the numbers come from; the report and price answers carry it as `source`. */
export type MarketSource = 'demo' | 'coingecko';

/** A coin as the provider knows it. `slug` is stable (CoinGecko's id, e.g. "bitcoin"). */
export interface MarketCoin {
  slug: string;
  name: string;
  symbol: string;
  /** Position by market cap, 1 = largest. */
  rank: number;
  /**
   * The logo: an absolute URL, or a path on the API's own origin (`/api/asset/logo/btc.svg`),
   * which the site prefixes with the API's base URL.
   */
  logo: string;
}

/** A coin's latest numbers, in US dollars. */
export interface MarketQuote {
  price: number;
  /**
   * Change over the last 24 hours in percent (2.5 means +2.5 %). The demo provider computes it
   * as figures.ts defines it, on the history it serves; CoinGecko's is its own, which a report
   * replaces with its history's (report.ts).
   */
  percentChange24h: number;
  marketCap: number;
  volume24h: number;
  /** When these numbers were true (Unix seconds). */
  updatedAt: number;
}

/** One point of a price history. */
export interface PricePoint {
  /** Unix seconds. */
  time: number;
  /** US dollars. */
  price: number;
}

export interface MarketProvider {
  readonly source: MarketSource;
  /** Loads what it needs before the server answers (the bundled file, or a first refresh). */
  start(): Promise<void>;
  /** Stops its timers and requests; the server calls it on close. */
  stop(): Promise<void>;
  /** Every coin the provider knows, ordered by rank. */
  coins(): readonly MarketCoin[];
  /** The coin's latest quote, or null for a slug the provider does not know. */
  quote(slug: string): MarketQuote | null;
  /**
   * The coin's prices from `fromSec` to `toSec` (Unix seconds), oldest first, about one per hour,
   * ending with the latest price. At most the last 90 days. Empty for an unknown slug.
   */
  history(slug: string, fromSec: number, toSec: number): Promise<PricePoint[]>;
  /**
   * A number that changes whenever `coins()` or any quote changes, so that callers may cache
   * what they built from them until it does.
   */
  version(): number;
}

/** How far back histories go. */
export const HISTORY_DAYS = 90;
export const HOUR_SEC = 3600;
export const DAY_SEC = 86_400;
