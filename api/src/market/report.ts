// The coin report of `GET /api/analysis/coin`, built from a price history: chart series,
// indicators on daily closes (computed with trading-signals), the signals they give and a short
// summary in the request's language (worded in reportText.ts). A pure function of its input.
import { EMA, MACD, RSI, SMA } from 'trading-signals';
import type {
  Coin,
  CoinReport,
  Locale,
  MarketStatus,
  MonitorSource,
  PricePoint,
  ReportIndicators,
  ReportSignal,
  SignalId,
} from '@coinlens/contract';
import { SIGNAL_TONES } from '@coinlens/contract';
import { priceRange, rangeChange, rangeSeries } from './figures.js';
import { signalText, summaryText, type SignalFacts } from './reportText.js';

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

/** A MACD cross counts when it happened within this many daily closes (the latest included). */
const MACD_CROSS_CLOSES = 3;
/** An SMA20 / SMA50 cross counts when it happened within this many daily closes. */
const SMA_CROSS_CLOSES = 5;
/** The volatility is taken over this many daily log returns. */
const VOLATILITY_RETURNS = 30;

export interface ReportInput {
  coin: Coin;
  /** About one point an hour over the last 90 days at most, oldest first, the latest price last. */
  history: PricePoint[];
  /** Unix seconds. */
  nowSec: number;
  locale: Locale;
  /** Where the figures come from and how old they are. */
  market: MarketStatus;
  sources: MonitorSource[];
}

/**
 * The report for `coin` at `nowSec` in `locale`. Series, changes and the 30-day high and low by
 * the definitions of figures.ts: each range's series runs from the last point at or before the
 * range's start to the latest point, and its change is its last price against its first. The
 * report's coin carries the history's latest price and 24 h change, so that the card's header
 * agrees with the 24 H chart. The other indicators are on the daily closes (see `dailyCloses`);
 * null where the history is too short. Signals in `SIGNAL_ORDER`. Never throws on a short, empty
 * or partly broken history; every number is finite.
 */
export function buildReport(input: ReportInput): CoinReport {
  const { nowSec, locale } = input;
  const points = cleanHistory(input.history, input.coin);
  const latest = points.at(-1) ?? null;
  const coin = withHistoryQuote(input.coin, points);

  const closes = dailyCloses(points);
  const daily = dailyIndicators(closes);
  const last = daily.at(-1);

  const series = {
    '24h': rangeSeries(points, '24h'),
    '7d': rangeSeries(points, '7d'),
    '30d': rangeSeries(points, '30d'),
  };
  const range30d = priceRange(series['30d']);
  const indicators: ReportIndicators = {
    rsi14: last?.rsi ?? null,
    macd: last?.macd ?? null,
    sma20: last?.sma20 ?? null,
    sma50: last?.sma50 ?? null,
    ema12: last?.ema12 ?? null,
    ema26: last?.ema26 ?? null,
    volatility30d: volatility(closes),
    high30d: range30d?.high ?? null,
    low30d: range30d?.low ?? null,
    change7d: rangeChange(points, '7d'),
    change30d: rangeChange(points, '30d'),
  };

  // The 30 D chart's prices before the latest one, when the history reaches back 30 days: the
  // range a breakout leaves, the same the 30-day high and low are read from.
  const monthBefore =
    indicators.change30d === null ? null : series['30d'].slice(0, -1).map((point) => point.price);
  const signals = latest ? findSignals(latest.price, monthBefore, daily, locale) : [];

  const summary = summaryText(locale, {
    name: coin.name,
    symbol: coin.symbol,
    price: latest?.price ?? null,
    change24h: Number.isFinite(coin.quotes.percentChange24h) ? coin.quotes.percentChange24h : null,
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
    source: input.market.source,
    market: input.market,
    generatedAt: nowSec,
    series,
    indicators,
    signals,
    summary,
    language: locale,
    sources: input.sources.slice(0, MAX_REPORT_SOURCES),
  };
}

/**
 * `coin` with the history's latest price and time and its 24 h change (figures.ts), its market
 * cap scaled to that price: a provider's quote may be a little newer than its history, or (the
 * live API) word its 24 h change its own way, and the report must agree with itself. Where the
 * history gives no 24 h change, the quote's stays.
 */
function withHistoryQuote(coin: Coin, points: readonly PricePoint[]): Coin {
  const latest = points.at(-1);
  if (!latest) return coin;
  const { quotes } = coin;
  const scale = quotes.price > 0 ? latest.price / quotes.price : Number.NaN;
  const change24h = rangeChange(points, '24h');
  return {
    ...coin,
    quotes: {
      ...quotes,
      price: latest.price,
      percentChange24h: change24h ?? quotes.percentChange24h,
      marketCap: Number.isFinite(scale) ? quotes.marketCap * scale : quotes.marketCap,
      updatedAt: latest.time,
    },
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
      rsi: !rsi.isStable ? null : moved ? finiteOrNull(rsi.getResult()) : 50,
      macd:
        macdResult &&
        signalLine.isStable &&
        [macdResult.macd, macdResult.signal, macdResult.histogram].every(Number.isFinite)
          ? { macd: macdResult.macd, signal: macdResult.signal, histogram: macdResult.histogram }
          : null,
      sma20: settled(sma20),
      sma50: settled(sma50),
      ema12: index + 1 >= ema12.interval ? finiteOrNull(ema12.getResult()) : null,
      ema26: index + 1 >= ema26.interval ? finiteOrNull(ema26.getResult()) : null,
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

/**
 * An indicator's value once it has seen enough closes, else null. Asked before it is stable,
 * trading-signals' `getResult` makes and catches an error, which costs more than the indicator
 * itself: a report's history of a year asks it hundreds of times. (The EMA's own `isStable`
 * asks the same way, so the EMAs are gated by the count of closes, `interval`, instead.)
 */
function settled(indicator: { isStable: boolean; getResult(): number | null }): number | null {
  return indicator.isStable ? finiteOrNull(indicator.getResult()) : null;
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
  monthBefore: readonly number[] | null,
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

  // Out of the 30-day range: beyond every price of the 30 D chart before the latest one, so that
  // the 30-day high or low the card lists is then the latest price itself.
  if (monthBefore && monthBefore.length > 0) {
    const high = Math.max(...monthBefore);
    const low = Math.min(...monthBefore);
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
    .map((facts) => ({ id: facts.id, tone: SIGNAL_TONES[facts.id], ...signalText(locale, facts) }));
}
