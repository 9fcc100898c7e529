// The coin report of `GET /api/analysis/coin`, built from a price history: chart series,
// indicators on daily closes (computed with trading-signals), the signals they give and a short
// summary in the request's language (worded in reportText.ts). A pure function of its input.
import { EMA, MACD, RSI, SMA } from 'trading-signals';
import type {
  Coin,
  CoinReport,
  Locale,
  MarketSource,
  MonitorSource,
  PricePoint,
  ReportIndicators,
  ReportSignal,
  SignalId,
  SignalTone,
} from '../contract/index.js';
import { signalText, summaryText, type SignalFacts } from './reportText.js';

const HOUR_SEC = 3600;
const DAY_SEC = 86_400;

/** How many monitored sources a report carries at most. */
export const MAX_REPORT_SOURCES = 5;

/** Signals come out in this order, the most telling first. */
const SIGNAL_ORDER: readonly SignalId[] = [
  'overbought',
  'oversold',
  'macdBullishCross',
  'macdBearishCross',
  'goldenCross',
  'deathCross',
  'breakoutUp',
  'breakoutDown',
  'aboveSma50',
  'belowSma50',
];

const SIGNAL_TONE: Record<SignalId, SignalTone> = {
  overbought: 'bearish',
  oversold: 'bullish',
  macdBullishCross: 'bullish',
  macdBearishCross: 'bearish',
  goldenCross: 'bullish',
  deathCross: 'bearish',
  breakoutUp: 'bullish',
  breakoutDown: 'bearish',
  aboveSma50: 'bullish',
  belowSma50: 'bearish',
};

/** A MACD cross counts when it happened within this many daily closes (the latest included). */
const MACD_CROSS_CLOSES = 3;
/** An SMA20 / SMA50 cross counts when it happened within this many daily closes. */
const SMA_CROSS_CLOSES = 5;
/** A breakout compares the latest price with this many daily closes before it. */
const BREAKOUT_CLOSES = 30;
/** The volatility is taken over this many daily log returns. */
const VOLATILITY_RETURNS = 30;

export interface ReportInput {
  coin: Coin;
  /** About one point an hour over the last 90 days at most, oldest first, the latest price last. */
  history: PricePoint[];
  /** Unix seconds. */
  nowSec: number;
  locale: Locale;
  source: MarketSource;
  sources: MonitorSource[];
}

/**
 * The report for `coin` at `nowSec` in `locale`. Series: the points of the last 24 h and 7 d, and
 * one point per 4 UTC hours over 30 d, each ending with the latest point. Indicators: on the daily
 * closes (see `dailyCloses`), except the 30-day high and low (hourly points) and the 7 d and 30 d
 * changes (from the last point at or before then); null where the history is too short. Signals in
 * `SIGNAL_ORDER`. Never throws on a short, empty or partly broken history; every number is finite.
 */
export function buildReport(input: ReportInput): CoinReport {
  const { coin, nowSec, locale } = input;
  const points = cleanHistory(input.history, coin);
  const latest = points.at(-1) ?? null;

  const closes = dailyCloses(points);
  const daily = dailyIndicators(closes);
  const last = daily.at(-1);

  /** The change in percent from the price at `sec` (the last point at or before it) to now. */
  const changeSince = (sec: number) => {
    const before = lastAtOrBefore(points, sec);
    return latest && before ? percentChange(before.price, latest.price) : null;
  };

  // The hourly points of the last 30 days (the latest always among them).
  const last30d = withLatest(pointsSince(points, nowSec - 30 * DAY_SEC), latest);
  const indicators: ReportIndicators = {
    rsi14: last?.rsi ?? null,
    macd: last?.macd ?? null,
    sma20: last?.sma20 ?? null,
    sma50: last?.sma50 ?? null,
    ema12: last?.ema12 ?? null,
    ema26: last?.ema26 ?? null,
    volatility30d: volatility(closes),
    high30d: extreme(last30d, Math.max),
    low30d: extreme(last30d, Math.min),
    change7d: changeSince(nowSec - 7 * DAY_SEC),
    change30d: changeSince(nowSec - 30 * DAY_SEC),
  };

  const signals = latest ? findSignals(latest.price, closes, daily, locale) : [];

  // The 24 h change is the quote's, the number the site shows next to the report; the history
  // gives it only when the quote has none.
  const change24h = Number.isFinite(coin.quotes.percentChange24h)
    ? coin.quotes.percentChange24h
    : changeSince(nowSec - DAY_SEC);

  const summary = summaryText(locale, {
    name: coin.name,
    symbol: coin.symbol,
    price: latest?.price ?? null,
    change24h,
    change7d: indicators.change7d,
    change30d: indicators.change30d,
    sma50: indicators.sma50,
    rsi: indicators.rsi14,
    volatility: indicators.volatility30d,
    bullish: signals.filter((signal) => signal.tone === 'bullish').length,
    bearish: signals.filter((signal) => signal.tone === 'bearish').length,
  });

  return {
    coin,
    source: input.source,
    generatedAt: nowSec,
    series: {
      '24h': withLatest(pointsSince(points, nowSec - DAY_SEC), latest),
      '7d': withLatest(pointsSince(points, nowSec - 7 * DAY_SEC), latest),
      '30d': withLatest(everyFourHours(last30d), latest),
    },
    indicators,
    signals,
    summary,
    language: locale,
    sources: input.sources.slice(0, MAX_REPORT_SOURCES),
  };
}

// ---------------------------------------------------------------------------------------------
// History

/**
 * The usable points, oldest first: finite times and positive finite prices only (a log return or a
 * percentage needs a positive price). Without any, the coin's quote stands in as a single point,
 * so a report still shows the price.
 */
function cleanHistory(history: readonly PricePoint[], coin: Coin): PricePoint[] {
  const points = history
    .filter(
      (point) => Number.isFinite(point.time) && Number.isFinite(point.price) && point.price > 0,
    )
    .map((point) => ({ time: point.time, price: point.price }));
  // Stable, and a no-op for the sorted history providers give.
  points.sort((a, b) => a.time - b.time);
  if (points.length > 0) return points;
  const { price, updatedAt } = coin.quotes;
  return Number.isFinite(price) && price > 0 && Number.isFinite(updatedAt)
    ? [{ time: updatedAt, price }]
    : [];
}

/** The last point at or before `sec`, or null when every point is later. */
function lastAtOrBefore(points: readonly PricePoint[], sec: number): PricePoint | null {
  let low = 0;
  let high = points.length; // the first index whose time is after `sec`
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (points[middle]!.time <= sec) low = middle + 1;
    else high = middle;
  }
  return low > 0 ? points[low - 1]! : null;
}

/** The highest or lowest price of `points`; null for none. */
function extreme(
  points: readonly PricePoint[],
  pick: (a: number, b: number) => number,
): number | null {
  const first = points[0];
  return first ? points.reduce((best, point) => pick(best, point.price), first.price) : null;
}

/** The points at or after `sec`. */
function pointsSince(points: readonly PricePoint[], sec: number): PricePoint[] {
  const first = points.findIndex((point) => point.time >= sec);
  return first === -1 ? [] : points.slice(first);
}

/**
 * One point per UTC hour that is a multiple of 4 (00:00, 04:00, ... UTC): the first point of that
 * hour, so that a history whose points fall a few seconds after the hour still thins out right.
 */
function everyFourHours(points: readonly PricePoint[]): PricePoint[] {
  const thinned: PricePoint[] = [];
  let lastHour = Number.NaN;
  for (const point of points) {
    const hour = Math.floor(point.time / HOUR_SEC);
    if (hour % 4 === 0 && hour !== lastHour) {
      thinned.push(point);
      lastHour = hour;
    }
  }
  return thinned;
}

/** `series` ending with the latest point, which is added when the series does not end with it. */
function withLatest(series: PricePoint[], latest: PricePoint | null): PricePoint[] {
  if (latest && series.at(-1) !== latest) series.push(latest);
  return series;
}

/**
 * The daily closes, oldest first. The rule: the close of a UTC day is the price at the following
 * 00:00 UTC, that is the last point at or before that instant; there is one for every 00:00 UTC
 * from the first point (inclusive) to the latest point (exclusive), and the latest price comes
 * last as the close of the day in progress. A gap in the history repeats the last known price.
 */
export function dailyCloses(points: readonly PricePoint[]): number[] {
  const latest = points.at(-1);
  if (!latest) return [];
  const closes: number[] = [];
  let index = 0;
  for (
    let midnight = Math.ceil(points[0]!.time / DAY_SEC) * DAY_SEC;
    midnight < latest.time;
    midnight += DAY_SEC
  ) {
    while (index + 1 < points.length && points[index + 1]!.time <= midnight) index += 1;
    closes.push(points[index]!.price);
  }
  closes.push(latest.price);
  return closes;
}

// ---------------------------------------------------------------------------------------------
// Indicators

/** The indicators after one daily close; null until there are enough closes for them. */
interface DailyIndicators {
  rsi: number | null;
  macd: { macd: number; signal: number; histogram: number } | null;
  sma20: number | null;
  sma50: number | null;
  ema12: number | null;
  ema26: number | null;
}

/**
 * Runs the indicators over the closes and keeps their values after each close (the signals look
 * at the last few). trading-signals' RSI smooths with Wilder's average (WSMA, seeded with the
 * simple mean of the first 14 changes), so the RSI needs 15 closes. Its EMA starts from the first
 * price and counts as settled after `interval` prices; its MACD starts from the 26th close and its
 * signal line (an EMA 9 of the MACD) is settled 8 closes later, so the MACD needs 34 closes.
 * The SMAs need 20 and 50 closes, the EMAs 12 and 26.
 */
function dailyIndicators(closes: readonly number[]): DailyIndicators[] {
  const rsi = new RSI(14);
  const signalLine = new EMA(9);
  const macd = new MACD(new EMA(12), new EMA(26), signalLine);
  const sma20 = new SMA(20);
  const sma50 = new SMA(50);
  const ema12 = new EMA(12);
  const ema26 = new EMA(26);
  let moved = false;
  return closes.map((close, index) => {
    moved ||= index > 0 && close !== closes[index - 1];
    rsi.update(close, false);
    const macdResult = macd.update(close, false);
    sma20.update(close, false);
    sma50.update(close, false);
    ema12.update(close, false);
    ema26.update(close, false);
    return {
      // With no change at all the RSI is 0 / 0, which the library reads as 100 (overbought); a
      // price that never moved is neither overbought nor oversold: 50.
      rsi: moved ? finiteOrNull(rsi.getResult()) : rsi.isStable ? 50 : null,
      macd:
        macdResult &&
        signalLine.isStable &&
        [macdResult.macd, macdResult.signal, macdResult.histogram].every(Number.isFinite)
          ? { macd: macdResult.macd, signal: macdResult.signal, histogram: macdResult.histogram }
          : null,
      sma20: finiteOrNull(sma20.getResult()),
      sma50: finiteOrNull(sma50.getResult()),
      ema12: finiteOrNull(ema12.getResult()),
      ema26: finiteOrNull(ema26.getResult()),
    };
  });
}

/**
 * Annualised volatility in percent: the sample standard deviation of the last 30 daily log
 * returns, times the square root of 365, times 100. Null with fewer than 30 returns (31 closes).
 */
function volatility(closes: readonly number[]): number | null {
  if (closes.length < VOLATILITY_RETURNS + 1) return null;
  const window = closes.slice(-(VOLATILITY_RETURNS + 1));
  const returns = window.slice(1).map((close, index) => Math.log(close / window[index]!));
  const mean = returns.reduce((sum, value) => sum + value, 0) / returns.length;
  const variance =
    returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (returns.length - 1);
  return finiteOrNull(Math.sqrt(variance) * Math.sqrt(365) * 100);
}

function percentChange(from: number, to: number): number | null {
  return finiteOrNull((to / from - 1) * 100);
}

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

// ---------------------------------------------------------------------------------------------
// Signals

/**
 * Whether a difference (fast minus slow line) crossed zero upward ('up') or downward ('down')
 * within the last `within` values, and still stands on that side now: the latest value is above
 * (below) zero and one of the `within` values before it was at or below (at or above) zero.
 * Values before the indicator settled (null) are skipped.
 */
function recentCross(
  differences: readonly (number | null)[],
  within: number,
): 'up' | 'down' | null {
  const latest = differences.at(-1);
  if (latest === null || latest === undefined) return null;
  const before = differences
    .slice(-(within + 1), -1)
    .filter((value): value is number => value !== null);
  if (latest > 0 && before.some((value) => value <= 0)) return 'up';
  if (latest < 0 && before.some((value) => value >= 0)) return 'down';
  return null;
}

function findSignals(
  price: number,
  closes: readonly number[],
  daily: readonly DailyIndicators[],
  locale: Locale,
): ReportSignal[] {
  const last = daily.at(-1);
  const found: SignalFacts[] = [];

  const rsi = last?.rsi ?? null;
  if (rsi !== null && rsi >= 70) found.push({ id: 'overbought', rsi });
  if (rsi !== null && rsi <= 30) found.push({ id: 'oversold', rsi });

  const macd = last?.macd ?? null;
  if (macd) {
    const cross = recentCross(
      daily.map((day) => day.macd?.histogram ?? null),
      MACD_CROSS_CLOSES,
    );
    if (cross === 'up')
      found.push({ id: 'macdBullishCross', macd: macd.macd, signal: macd.signal });
    if (cross === 'down')
      found.push({ id: 'macdBearishCross', macd: macd.macd, signal: macd.signal });
  }

  const sma20 = last?.sma20 ?? null;
  const sma50 = last?.sma50 ?? null;
  let smaCross: 'up' | 'down' | null = null;
  if (sma20 !== null && sma50 !== null) {
    smaCross = recentCross(
      daily.map((day) => (day.sma20 !== null && day.sma50 !== null ? day.sma20 - day.sma50 : null)),
      SMA_CROSS_CLOSES,
    );
    if (smaCross === 'up') found.push({ id: 'goldenCross', sma20, sma50 });
    if (smaCross === 'down') found.push({ id: 'deathCross', sma20, sma50 });
  }

  // The 30 daily closes before the latest price: the closes at the last 30 midnights.
  if (closes.length >= BREAKOUT_CLOSES + 1) {
    const before = closes.slice(-(BREAKOUT_CLOSES + 1), -1);
    const high = Math.max(...before);
    const low = Math.min(...before);
    if (price > high) found.push({ id: 'breakoutUp', price, high });
    if (price < low) found.push({ id: 'breakoutDown', price, low });
  }

  // The trend against the 50-day average, unless a golden or death cross already tells it.
  if (sma50 !== null && smaCross === null) {
    if (price > sma50) found.push({ id: 'aboveSma50', price, sma50 });
    if (price < sma50) found.push({ id: 'belowSma50', price, sma50 });
  }

  return found
    .sort((a, b) => SIGNAL_ORDER.indexOf(a.id) - SIGNAL_ORDER.indexOf(b.id))
    .map((facts) => ({ id: facts.id, tone: SIGNAL_TONE[facts.id], ...signalText(locale, facts) }));
}
