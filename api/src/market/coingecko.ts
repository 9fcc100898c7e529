// The `coingecko` market provider: the top coins by market cap from CoinGecko's v3 API, refreshed
// on a timer, and each coin's 90-day hourly price history on demand, cached. One /coins/markets
// call per refresh gives the quotes, the 1 h, 24 h and 7 d changes and the 7-day sparklines
// (`sparkline=true`: hourly prices, thinned here to one every 4 hours); a coin's description
// comes from /coins/{id} on demand, kept for a day, its HTML made plain text by html-to-text.
//
// CoinGecko is a remote service with a small free quota, so everything here assumes it fails:
// a refresh that times out, is rate limited (429), answers an HTTP error, malformed JSON or JSON
// of another shape keeps the last good coins and quotes and retries later, backing off. One call
// budget (`callsPerMinute`) covers every call; a 429's Retry-After stops all calls until it has
// passed. The server starts whether or not CoinGecko answers the first refresh.
import type { Locale } from '@coinlens/contract';
import { convert } from 'html-to-text';
import type { Clock } from '../auth/clock.js';
import {
  DAY_SEC,
  HISTORY_DAYS,
  HOUR_SEC,
  type MarketCoin,
  type MarketProvider,
  type MarketQuote,
  type PricePoint,
  SPARKLINE_POINTS,
  SPARKLINE_STEP_SEC,
  type SparklineSeries,
} from './types.js';

export const COINGECKO_BASE_URL = 'https://api.coingecko.com/api/v3';

/** The longest pause between two refreshes after failures (unless Retry-After asks for more). */
export const MAX_BACKOFF_MS = 10 * 60_000;
/** A history call over the budget waits for its slot only if the slot is this close. */
export const HISTORY_MAX_WAIT_MS = 2_000;
/** A 429 without a usable Retry-After stops calls this long (the free plan counts per minute). */
const DEFAULT_RETRY_AFTER_MS = 60_000;
/** A Retry-After is believed up to this long. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;
/** CoinGecko's largest page of /coins/markets. */
const MAX_PER_PAGE = 250;
/** How long a coin's descriptions are kept. */
export const DESCRIPTION_TTL_MS = DAY_SEC * 1000;
/** CoinGecko's description language for each interface language. */
const DESCRIPTION_LANGUAGES: Record<Locale, string> = { en: 'en', zh: 'zh', 'pt-br': 'pt' };

/** pino's shape, so that the server's logger can be passed as it is. */
export interface MarketLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silentLogger: MarketLogger = { info() {}, warn() {}, error() {} };

export interface CoinGeckoOptions {
  /** Default https://api.coingecko.com/api/v3. */
  baseUrl?: string;
  /** Sent as x-cg-pro-api-key to a `pro-api.` host, as x-cg-demo-api-key to any other. */
  apiKey?: string | null;
  clock: Clock;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** Between two market refreshes when all goes well. Default 60 000. */
  refreshIntervalMs?: number;
  /** Per call, answer included. Default 10 000. */
  timeoutMs?: number;
  /** How many coins (one page of /coins/markets, at most 250). Default 250. */
  coinsLimit?: number;
  /** How long a coin's history is fresh. Default one hour. */
  historyTtlMs?: number;
  /** How long a coin's descriptions are kept. Default one day. */
  descriptionTtlMs?: number;
  /** The call budget: at most this many calls in any minute. Default 20 (free plan: 30). */
  callsPerMinute?: number;
  log?: MarketLogger;
}

export interface CoinGeckoProvider extends MarketProvider {
  readonly source: 'coingecko';
  /**
   * Refreshes the coins and quotes now (the timer calls it too); true when it got good data.
   * Never rejects: a failure is logged and the last good data stays.
   */
  refresh(): Promise<boolean>;
}

/** history() had nothing to serve: no history was ever fetched for the coin, and now none can be. */
export class MarketUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MarketUnavailableError';
  }
}

type FailureKind =
  'timeout' | 'rate-limited' | 'http' | 'network' | 'malformed' | 'shape' | 'budget' | 'stopped';

/** Why one call to CoinGecko gave nothing usable. */
class CallFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'CallFailure';
  }
}

function failureOf(error: unknown): CallFailure {
  if (error instanceof CallFailure) return error;
  return new CallFailure('network', error instanceof Error ? error.message : String(error));
}

/** How a connection closed under a request shows (the socket's error code, or undici's). */
const CONNECTION_DROPPED = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Timers may fire a little early; a refresh due when a Retry-After ends waits this much more. */
const TIMER_SLACK_MS = 50;

/**
 * The pause before the next markets refresh: the interval after a success; after `failures`
 * failures in a row, the interval doubled that many times, at most 10 minutes (or the interval
 * when it is longer); while a Retry-After runs (`retryAfterMs` left), until it ends.
 */
export function nextRefreshDelay(
  intervalMs: number,
  failures: number,
  retryAfterMs: number | null = null,
): number {
  if (retryAfterMs !== null && retryAfterMs > 0) return retryAfterMs + TIMER_SLACK_MS;
  if (failures <= 0) return intervalMs;
  const cap = Math.max(intervalMs, MAX_BACKOFF_MS);
  return Math.min(intervalMs * 2 ** Math.min(failures, 30), cap);
}

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date; null when unusable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  let ms: number;
  if (/^\d+$/.test(text)) {
    ms = Number(text) * 1000;
  } else {
    // An HTTP date: "Sat, 01 Jun 2024 12:00:45 GMT".
    const date = /^[A-Za-z]{3}, .* GMT$/.test(text) ? Date.parse(text) : NaN;
    if (Number.isNaN(date)) return null;
    ms = date - nowMs;
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/**
 * The call budget: each call spends a token that comes back one minute later, so that no minute
 * (any 60 s window on the clock) holds more than `perMinute` calls.
 */
class CallBudget {
  /** When each of the last calls was (or is booked to be) made, oldest first. */
  private readonly times: number[] = [];

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock,
  ) {}

  /**
   * Books the next slot when it is less than `maxWaitMs` away (or free now): how long to wait
   * before calling; null (and nothing booked) when it is further.
   */
  reserve(maxWaitMs: number): number | null {
    const now = this.clock.now();
    while (this.times.length > 0 && (this.times[0] as number) <= now - 60_000) this.times.shift();
    let at = now;
    if (this.times.length >= this.perMinute) {
      at = Math.max(now, (this.times[this.times.length - this.perMinute] as number) + 60_000);
    }
    const wait = at - now;
    if (wait > 0 && wait >= maxWaitMs) return null;
    this.times.push(at);
    return wait;
  }
}

// Parsing. CoinGecko's answers are checked field by field: only what is used, with the types
// CoinGecko documents (numbers that may be null where it says so).

interface ParsedCoin {
  coin: MarketCoin;
  /** market_cap_rank, null when CoinGecko has none. */
  rank: number | null;
  quote: MarketQuote;
  sparkline: SparklineSeries;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A finite number, else null (CoinGecko's null, or a field it left out). */
function numberOrNull(value: unknown): number | null {
  return finite(value) ? value : null;
}

/**
 * CoinGecko's 7-day sparkline (`sparkline_in_7d.price`: hourly prices, oldest first, taken as
 * the hours before the quote's time `endSec`, the last one an hour before it) as one price every
 * SPARKLINE_STEP_SEC ending with the latest price: the hourly prices 4, 8 ... 168 hours before
 * `endSec`, as far back as they reach (a new coin has fewer). Malformed or missing prices give an
 * empty series.
 */
export function resampleSparkline(
  hourly: unknown,
  endSec: number,
  latestPrice: number,
): SparklineSeries {
  const empty: SparklineSeries = { from: endSec, step: SPARKLINE_STEP_SEC, prices: [] };
  if (!Array.isArray(hourly) || hourly.length === 0) return empty;
  if (!hourly.every((price) => finite(price) && price >= 0)) return empty;
  const perStep = SPARKLINE_STEP_SEC / HOUR_SEC;
  const hours = hourly.length;
  const steps = Math.min(SPARKLINE_POINTS - 1, Math.floor(hours / perStep));
  const prices: number[] = [];
  for (let k = steps; k > 0; k--) prices.push(hourly[hours - k * perStep] as number);
  prices.push(latestPrice);
  return { from: endSec - steps * SPARKLINE_STEP_SEC, step: SPARKLINE_STEP_SEC, prices };
}

/** A number, or 0 where CoinGecko says null (a coin too new for a 24 h change, say). */
function numberOrZero(value: unknown): number | undefined {
  if (value === null) return 0;
  return finite(value) ? value : undefined;
}

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed !== '' && trimmed.length <= max ? trimmed : undefined;
}

function httpUrl(value: unknown): string | undefined {
  const raw = text(value, 2048);
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? raw : undefined;
  } catch {
    return undefined;
  }
}

/** One object of /coins/markets, or null when a field used here is missing or of another type. */
function parseCoin(value: unknown): ParsedCoin | null {
  if (!isRecord(value)) return null;
  const slug = text(value.id, 200);
  const name = text(value.name, 200);
  const symbol = text(value.symbol, 50);
  const logo = httpUrl(value.image);
  const price = value.current_price;
  const marketCap = numberOrZero(value.market_cap);
  const volume = numberOrZero(value.total_volume);
  const change = numberOrZero(value.price_change_percentage_24h);
  const rank = value.market_cap_rank;
  const updated = typeof value.last_updated === 'string' ? Date.parse(value.last_updated) : NaN;
  if (
    slug === undefined ||
    slug !== value.id ||
    /[\s/?#%\\]/.test(slug) ||
    name === undefined ||
    symbol === undefined ||
    logo === undefined ||
    !finite(price) ||
    price < 0 ||
    marketCap === undefined ||
    volume === undefined ||
    change === undefined ||
    !(rank === null || (Number.isInteger(rank) && (rank as number) > 0)) ||
    Number.isNaN(updated)
  ) {
    return null;
  }
  const updatedAt = Math.floor(updated / 1000);
  const sparkline = isRecord(value.sparkline_in_7d) ? value.sparkline_in_7d.price : undefined;
  return {
    coin: { slug, name, symbol: symbol.toUpperCase(), rank: 0, logo },
    rank: rank as number | null,
    quote: {
      price,
      percentChange24h: change,
      percentChange1h: numberOrNull(value.price_change_percentage_1h_in_currency),
      percentChange7d: numberOrNull(value.price_change_percentage_7d_in_currency),
      marketCap,
      volume24h: volume,
      updatedAt,
    },
    sparkline: resampleSparkline(sparkline, updatedAt, price),
  };
}

/**
 * A /coins/markets page: the coins by market_cap_rank, unranked ones after the ranked in
 * CoinGecko's order, numbered on from the last rank. Malformed coins (and repeated ids) are
 * skipped; a page that is not an array is refused.
 */
function parseMarkets(body: unknown): {
  coins: MarketCoin[];
  quotes: Map<string, MarketQuote>;
  sparklines: Map<string, SparklineSeries>;
} {
  if (!Array.isArray(body)) {
    throw new CallFailure('shape', '/coins/markets did not answer an array');
  }
  const parsed: ParsedCoin[] = [];
  const seen = new Set<string>();
  for (const item of body) {
    const coin = parseCoin(item);
    if (coin === null || seen.has(coin.coin.slug)) continue;
    seen.add(coin.coin.slug);
    parsed.push(coin);
  }
  if (body.length > 0 && parsed.length === 0) {
    throw new CallFailure('shape', '/coins/markets answered no coin of the expected shape');
  }
  const ranked = parsed.filter((item) => item.rank !== null);
  ranked.sort((a, b) => (a.rank as number) - (b.rank as number));
  let lastRank = ranked.length > 0 ? (ranked[ranked.length - 1]?.rank as number) : 0;
  const coins: MarketCoin[] = [];
  const quotes = new Map<string, MarketQuote>();
  for (const item of ranked) coins.push({ ...item.coin, rank: item.rank as number });
  for (const item of parsed) {
    if (item.rank === null) coins.push({ ...item.coin, rank: ++lastRank });
  }
  const sparklines = new Map<string, SparklineSeries>();
  for (const item of parsed) {
    quotes.set(item.coin.slug, item.quote);
    sparklines.set(item.coin.slug, item.sparkline);
  }
  return { coins, quotes, sparklines };
}

/**
 * The `description` of /coins/{id} in each interface language, as plain text: CoinGecko writes
 * it in HTML (links, line breaks). Null for a language it has no text in, and for one whose text
 * is the English one (a page in Chinese never shows English instead).
 */
function parseDescriptions(body: unknown): Record<Locale, string | null> {
  if (!isRecord(body) || !isRecord(body.description)) {
    throw new CallFailure('shape', '/coins/{id} did not answer an object with a description');
  }
  const { description } = body;
  const plain = (language: string): string | null => {
    const html = description[language];
    if (typeof html !== 'string' || html.trim() === '') return null;
    // CoinGecko marks paragraphs with bare line breaks, which HTML would fold into spaces.
    const text = convert(html.replace(/\r?\n/g, '<br>'), {
      wordwrap: false,
      selectors: [{ selector: 'a', options: { ignoreHref: true } }],
    })
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    return text === '' ? null : text;
  };
  const english = plain(DESCRIPTION_LANGUAGES.en);
  const localised = (locale: Locale): string | null => {
    const text = plain(DESCRIPTION_LANGUAGES[locale]);
    return text === english ? null : text;
  };
  return { en: english, zh: localised('zh'), 'pt-br': localised('pt-br') };
}

/** `prices` of /coins/{id}/market_chart as points, oldest first; malformed pairs skipped. */
function parseChart(body: unknown): PricePoint[] {
  if (!isRecord(body) || !Array.isArray(body.prices)) {
    throw new CallFailure('shape', '/market_chart did not answer an object with a prices array');
  }
  const byTime = new Map<number, number>();
  for (const pair of body.prices) {
    if (!Array.isArray(pair) || pair.length < 2) continue;
    const [ms, price] = pair as unknown[];
    if (!finite(ms) || ms <= 0 || !finite(price) || price < 0) continue;
    byTime.set(Math.floor(ms / 1000), price);
  }
  if (body.prices.length > 0 && byTime.size === 0) {
    throw new CallFailure('shape', '/market_chart answered no price of the expected shape');
  }
  return [...byTime.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([time, price]) => ({ time, price }));
}

function positiveInteger(name: string, value: number, min = 1): number {
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`CoinGecko provider: ${name} must be a whole number >= ${min}, got ${value}`);
  }
  return value;
}

function signature(
  coins: readonly MarketCoin[],
  quotes: ReadonlyMap<string, MarketQuote>,
  sparklines: ReadonlyMap<string, SparklineSeries>,
): string {
  return JSON.stringify([coins, [...quotes.entries()], [...sparklines.entries()]]);
}

export function createCoinGeckoProvider(options: CoinGeckoOptions): CoinGeckoProvider {
  const clock = options.clock;
  const log = options.log ?? silentLogger;
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const baseUrl = (options.baseUrl ?? COINGECKO_BASE_URL).replace(/\/+$/, '');
  const refreshIntervalMs = positiveInteger(
    'refreshIntervalMs',
    options.refreshIntervalMs ?? 60_000,
  );
  const timeoutMs = positiveInteger('timeoutMs', options.timeoutMs ?? 10_000);
  const coinsLimit = positiveInteger('coinsLimit', options.coinsLimit ?? MAX_PER_PAGE);
  if (coinsLimit > MAX_PER_PAGE) {
    throw new Error(`CoinGecko provider: coinsLimit is at most ${MAX_PER_PAGE}, got ${coinsLimit}`);
  }
  const historyTtlMs = positiveInteger('historyTtlMs', options.historyTtlMs ?? 3_600_000, 0);
  const descriptionTtlMs = positiveInteger(
    'descriptionTtlMs',
    options.descriptionTtlMs ?? DESCRIPTION_TTL_MS,
    0,
  );
  const callsPerMinute = positiveInteger('callsPerMinute', options.callsPerMinute ?? 20);

  let host: string;
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(url.protocol);
    host = url.hostname;
  } catch {
    throw new Error(
      `CoinGecko provider: baseUrl must be an absolute http(s) URL, got "${baseUrl}"`,
    );
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) {
    headers[host.startsWith('pro-api.') ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key'] =
      options.apiKey;
  }

  const budget = new CallBudget(callsPerMinute, clock);
  /** Aborted by stop(): ends waits and calls in flight. */
  const lifetime = new AbortController();
  const inFlight = new Set<AbortController>();

  let coinList: readonly MarketCoin[] = [];
  let quotes: ReadonlyMap<string, MarketQuote> = new Map();
  let sparklines: ReadonlyMap<string, SparklineSeries> = new Map();
  let currentSignature = signature(coinList, quotes, sparklines);
  let currentVersion = 0;
  /** When a markets refresh last got good data (clock ms); 0: never. */
  let lastGoodAt = 0;
  /** After a failed refresh: when the next one is due (clock ms). */
  let nextAttemptAt = 0;

  /** No call before this instant (clock ms): CoinGecko's Retry-After. */
  let blockedUntil = 0;
  /** Market refreshes that failed in a row. */
  let failures = 0;
  let refreshedOnce = false;
  let refreshing: Promise<boolean> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let started = false;

  const histories = new Map<string, { points: PricePoint[]; fetchedAt: number }>();
  const pendingHistories = new Map<string, Promise<PricePoint[]>>();
  type Descriptions = Record<Locale, string | null>;
  const descriptions = new Map<string, { texts: Descriptions; fetchedAt: number }>();
  const pendingDescriptions = new Map<string, Promise<Descriptions | null>>();

  function sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(wait);
        reject(new CallFailure('stopped', 'the provider stopped'));
      };
      const wait = setTimeout(() => {
        lifetime.signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      lifetime.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  function blockedFailure(): CallFailure | null {
    const left = blockedUntil - clock.now();
    if (left <= 0) return null;
    return new CallFailure(
      'rate-limited',
      `CoinGecko asked to wait (Retry-After); ${Math.ceil(left / 1000)} s left`,
    );
  }

  /** One GET of `path` (with query) under the timeout; the parsed JSON body. */
  async function call(path: string): Promise<unknown> {
    if (lifetime.signal.aborted) throw new CallFailure('stopped', 'the provider stopped');
    // A 429 may have come while this call waited for its slot.
    const blocked = blockedFailure();
    if (blocked) throw blocked;
    const controller = new AbortController();
    inFlight.add(controller);
    const timeout = setTimeout(
      () => controller.abort(new CallFailure('timeout', `no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const aborted = (error: unknown): CallFailure => {
      if (controller.signal.aborted) {
        const reason: unknown = controller.signal.reason;
        return reason instanceof CallFailure
          ? reason
          : new CallFailure('stopped', 'the provider stopped');
      }
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
      const code = cause && 'code' in cause ? String(cause.code) : null;
      return new CallFailure(
        'network',
        code ?? cause?.message ?? (error instanceof Error ? error.message : String(error)),
      );
    };
    try {
      let response: Response;
      for (let attempt = 1; ; attempt += 1) {
        try {
          response = await fetchImpl(`${baseUrl}${path}`, { headers, signal: controller.signal });
          break;
        } catch (error) {
          const failure = aborted(error);
          // A kept-alive connection the server has just closed fails the request before any
          // answer (the client cannot know it was closed): such a GET is asked again once, on a
          // new connection, rather than backing off as for an outage.
          const dropped = failure.kind === 'network' && CONNECTION_DROPPED.has(failure.message);
          if (attempt > 1 || !dropped) throw failure;
        }
      }
      if (response.status === 429) {
        const waitMs =
          parseRetryAfter(response.headers.get('retry-after'), clock.now()) ??
          DEFAULT_RETRY_AFTER_MS;
        blockedUntil = Math.max(blockedUntil, clock.now() + waitMs);
        await response.body?.cancel().catch(() => {});
        throw new CallFailure(
          'rate-limited',
          `HTTP 429 (rate limited); no call for ${Math.ceil(waitMs / 1000)} s`,
        );
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new CallFailure('http', `HTTP ${response.status}`);
      }
      let body: string;
      try {
        body = await response.text();
      } catch (error) {
        throw aborted(error);
      }
      try {
        return JSON.parse(body) as unknown;
      } catch {
        throw new CallFailure('malformed', 'the answer is not JSON');
      }
    } finally {
      clearTimeout(timeout);
      inFlight.delete(controller);
    }
  }

  const marketsPath =
    `/coins/markets?vs_currency=usd&order=market_cap_desc&per_page=${coinsLimit}` +
    `&page=1&sparkline=true&price_change_percentage=1h,24h,7d`;

  async function refreshMarkets(): Promise<boolean> {
    if (lifetime.signal.aborted) return false;
    const blocked = blockedFailure();
    if (blocked) {
      // No call at all: the timer is set for when the wait is over.
      log.warn(
        { kind: blocked.kind, reason: blocked.message },
        'CoinGecko markets refresh skipped',
      );
      return false;
    }
    try {
      // The scheduled refresh waits for its slot, however far.
      const wait = budget.reserve(Number.POSITIVE_INFINITY) ?? 0;
      await sleep(wait);
      const parsed = parseMarkets(await call(marketsPath));
      const next = signature(parsed.coins, parsed.quotes, parsed.sparklines);
      const changed = next !== currentSignature;
      if (changed) {
        coinList = parsed.coins;
        quotes = parsed.quotes;
        sparklines = parsed.sparklines;
        currentSignature = next;
        currentVersion += 1;
        for (const slug of histories.keys()) if (!quotes.has(slug)) histories.delete(slug);
        for (const slug of descriptions.keys()) if (!quotes.has(slug)) descriptions.delete(slug);
      }
      if (failures > 0 || !refreshedOnce) {
        log.info(
          { coins: coinList.length, failuresBefore: failures },
          'CoinGecko markets refreshed',
        );
      }
      refreshedOnce = true;
      failures = 0;
      lastGoodAt = clock.now();
      return true;
    } catch (error) {
      const failure = failureOf(error);
      if (failure.kind === 'stopped') return false;
      failures += 1;
      // What schedule() will wait, so that status() can say when the next try is.
      nextAttemptAt =
        clock.now() +
        nextRefreshDelay(
          refreshIntervalMs,
          failures,
          blockedUntilIsFuture() ? blockedUntil - clock.now() : null,
        );
      log.warn(
        { kind: failure.kind, reason: failure.message, coins: coinList.length },
        'CoinGecko markets refresh failed; keeping the last good coins and quotes',
      );
      return false;
    }
  }

  function blockedUntilIsFuture(): boolean {
    return blockedUntil > clock.now();
  }

  function schedule(): void {
    if (!started || lifetime.signal.aborted) return;
    if (timer) clearTimeout(timer);
    const retryAfter = blockedUntilIsFuture() ? blockedUntil - clock.now() : null;
    const delay = nextRefreshDelay(refreshIntervalMs, failures, retryAfter);
    timer = setTimeout(() => {
      timer = null;
      void refresh();
    }, delay);
    timer.unref();
  }

  function refresh(): Promise<boolean> {
    if (!refreshing) {
      refreshing = refreshMarkets().finally(() => {
        refreshing = null;
        schedule();
      });
    }
    return refreshing;
  }

  /**
   * A call a page is waiting for (a history, a description): none while a Retry-After runs, and
   * only when the budget has a slot less than HISTORY_MAX_WAIT_MS away.
   */
  async function onDemandCall(path: string): Promise<unknown> {
    const blocked = blockedFailure();
    if (blocked) throw blocked;
    const wait = budget.reserve(HISTORY_MAX_WAIT_MS);
    if (wait === null) {
      throw new CallFailure('budget', `the budget of ${callsPerMinute} calls a minute is spent`);
    }
    await sleep(wait);
    return call(path);
  }

  async function fetchHistory(slug: string): Promise<PricePoint[]> {
    try {
      const points = parseChart(
        await onDemandCall(
          `/coins/${encodeURIComponent(slug)}/market_chart?vs_currency=usd&days=90`,
        ),
      );
      histories.set(slug, { points, fetchedAt: clock.now() });
      return points;
    } catch (error) {
      const failure = failureOf(error);
      if (failure.kind !== 'stopped') {
        log.warn(
          { kind: failure.kind, reason: failure.message, slug, stale: histories.has(slug) },
          'CoinGecko price history failed',
        );
      }
      throw failure;
    }
  }

  async function historyPoints(slug: string): Promise<PricePoint[]> {
    const cached = histories.get(slug);
    if (cached && clock.now() - cached.fetchedAt < historyTtlMs) return cached.points;
    let pending = pendingHistories.get(slug);
    if (!pending) {
      pending = fetchHistory(slug).finally(() => pendingHistories.delete(slug));
      pendingHistories.set(slug, pending);
    }
    try {
      return await pending;
    } catch (error) {
      const stale = histories.get(slug);
      if (stale) return stale.points;
      throw new MarketUnavailableError(
        `No price history for ${slug}: CoinGecko failed (${failureOf(error).message})`,
      );
    }
  }

  async function fetchDescriptions(slug: string): Promise<Descriptions | null> {
    try {
      const texts = parseDescriptions(
        await onDemandCall(
          `/coins/${encodeURIComponent(slug)}?localization=true&tickers=false&market_data=false` +
            '&community_data=false&developer_data=false&sparkline=false',
        ),
      );
      descriptions.set(slug, { texts, fetchedAt: clock.now() });
      return texts;
    } catch (error) {
      const failure = failureOf(error);
      if (failure.kind !== 'stopped') {
        log.warn(
          { kind: failure.kind, reason: failure.message, slug },
          'CoinGecko coin description failed',
        );
      }
      // A page shows no description rather than an error; the last good ones stay.
      return descriptions.get(slug)?.texts ?? null;
    }
  }

  return {
    source: 'coingecko',

    async start() {
      if (started) return;
      started = true;
      if (!options.apiKey) {
        log.info({ baseUrl }, 'CoinGecko without an API key: public rate limits apply');
      }
      await refresh();
    },

    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      lifetime.abort();
      for (const controller of inFlight) {
        controller.abort(new CallFailure('stopped', 'the provider stopped'));
      }
      await refreshing?.catch(() => {});
    },

    refresh,

    coins: () => coinList,

    quote: (slug) => quotes.get(slug) ?? null,

    async history(slug, fromSec, toSec) {
      if (!quotes.has(slug)) return [];
      const points = await historyPoints(slug);
      const nowSec = Math.floor(clock.now() / 1000);
      const from = Math.max(fromSec, nowSec - HISTORY_DAYS * DAY_SEC);
      const result = points.filter((point) => point.time >= from && point.time <= toSec);
      const quote = quotes.get(slug);
      const last = points[points.length - 1];
      if (
        quote &&
        (last === undefined || quote.updatedAt > last.time) &&
        quote.updatedAt >= from &&
        quote.updatedAt <= toSec
      ) {
        result.push({ time: quote.updatedAt, price: quote.price });
      }
      return result;
    },

    version: () => currentVersion,

    sparkline: (slug) => sparklines.get(slug) ?? null,

    status() {
      // Retry-After first: no call at all before it ends; else the backed-off refresh.
      const retryAt =
        blockedUntil > clock.now() ? blockedUntil : failures > 0 ? nextAttemptAt : null;
      return {
        asOfSec: Math.floor(lastGoodAt / 1000),
        refreshSeconds: Math.round(refreshIntervalMs / 1000),
        retryAtSec: retryAt === null ? null : Math.ceil(retryAt / 1000),
      };
    },

    async description(slug, locale) {
      if (!quotes.has(slug)) return null;
      const cached = descriptions.get(slug);
      if (cached && clock.now() - cached.fetchedAt < descriptionTtlMs) return cached.texts[locale];
      let pending = pendingDescriptions.get(slug);
      if (!pending) {
        pending = fetchDescriptions(slug).finally(() => pendingDescriptions.delete(slug));
        pendingDescriptions.set(slug, pending);
      }
      return (await pending)?.[locale] ?? null;
    },
  };
}

// Settings from the environment.

export type MarketProviderName = 'snapshot' | 'coingecko';

export interface CoinGeckoSettings {
  /** MARKET_PROVIDER: "snapshot" (default, bundled demo data) or "coingecko". */
  provider: MarketProviderName;
  /** COINGECKO_API_KEY, or null for the public API without a key. */
  apiKey: string | null;
  /** COINGECKO_BASE_URL without a trailing slash; default https://api.coingecko.com/api/v3. */
  baseUrl: string;
  /** COINGECKO_REFRESH_SECONDS (whole, >= 10; default 60) in milliseconds. */
  refreshIntervalMs: number;
}

/** Reads MARKET_PROVIDER and COINGECKO_*; throws a clear error on a bad value. */
export function coinGeckoSettingsFromEnv(env: NodeJS.ProcessEnv): CoinGeckoSettings {
  const providerRaw = (env.MARKET_PROVIDER ?? '').trim();
  if (providerRaw !== '' && providerRaw !== 'snapshot' && providerRaw !== 'coingecko') {
    throw new Error(`MARKET_PROVIDER must be "snapshot" or "coingecko", got "${providerRaw}"`);
  }
  const provider: MarketProviderName = providerRaw === 'coingecko' ? 'coingecko' : 'snapshot';

  const apiKey = (env.COINGECKO_API_KEY ?? '').trim() || null;
  if (apiKey !== null && !/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new Error('COINGECKO_API_KEY must be printable ASCII without spaces');
  }

  let baseUrl = COINGECKO_BASE_URL;
  const baseRaw = (env.COINGECKO_BASE_URL ?? '').trim();
  if (baseRaw !== '') {
    let url: URL | null = null;
    try {
      url = new URL(baseRaw);
    } catch {
      // Refused below.
    }
    if (
      !url ||
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      url.search !== '' ||
      url.hash !== '' ||
      url.username !== '' ||
      url.password !== ''
    ) {
      throw new Error(
        `COINGECKO_BASE_URL must be an absolute http(s) URL such as ${COINGECKO_BASE_URL}, got "${baseRaw}"`,
      );
    }
    baseUrl = baseRaw.replace(/\/+$/, '');
  }

  let refreshIntervalMs = 60_000;
  const refreshRaw = (env.COINGECKO_REFRESH_SECONDS ?? '').trim();
  if (refreshRaw !== '') {
    const seconds = /^\d+$/.test(refreshRaw) ? Number(refreshRaw) : NaN;
    if (!Number.isSafeInteger(seconds) || seconds < 10 || seconds > 86_400) {
      throw new Error(
        `COINGECKO_REFRESH_SECONDS must be a whole number of seconds from 10 to 86400, got "${refreshRaw}"`,
      );
    }
    refreshIntervalMs = seconds * 1000;
  }

  return { provider, apiKey, baseUrl, refreshIntervalMs };
}
