// Market data behind the coin and market routes (asset list, follows, prices, reports, the market
// overview and coin pages): one interface, two providers. `snapshot` (the default) serves a
// bundled data set with a seeded price history and says it is demo data; `coingecko` reads the
// real CoinGecko API on a schedule.
import type { Locale } from '@coinlens/contract';

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
  /** Change over the last hour in percent; null when the provider does not know it. */
  percentChange1h: number | null;
  /** Change over the last 7 days in percent; null when the provider does not know it. */
  percentChange7d: number | null;
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

/**
 * A coin's last 7 days of prices, evenly spaced (every SPARKLINE_STEP_SEC), oldest first, ending
 * with the latest price; empty prices when the provider has none.
 */
export interface SparklineSeries {
  /** The first price's time (Unix seconds). */
  from: number;
  /** Seconds between two prices. */
  step: number;
  prices: number[];
}

/** Where the provider's figures stand: the raw facts that status.ts turns into MarketStatus. */
export interface ProviderStatus {
  /** When the provider last got good figures (Unix seconds); 0 when it never has. */
  asOfSec: number;
  /** How often it asks for new figures (seconds). */
  refreshSeconds: number;
  /** While it backs off after a refusal or a failure: when it asks again (Unix seconds). */
  retryAtSec: number | null;
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
  /** The coin's 7-day sparkline, or null for a slug the provider does not know. */
  sparkline(slug: string): SparklineSeries | null;
  /** How fresh its figures are (see ProviderStatus). */
  status(): ProviderStatus;
  /**
   * What the coin is, as plain text in `locale`; null when the provider has none in that language
   * (never another language's), or could not get it. Never rejects.
   */
  description(slug: string, locale: Locale): Promise<string | null>;
}

/** How far back histories go. */
export const HISTORY_DAYS = 90;
export const HOUR_SEC = 3600;
export const DAY_SEC = 86_400;
/** A sparkline's spacing (4 hours) and length (7 days of it, both ends included). */
export const SPARKLINE_STEP_SEC = 4 * HOUR_SEC;
export const SPARKLINE_POINTS = (7 * DAY_SEC) / SPARKLINE_STEP_SEC + 1;
