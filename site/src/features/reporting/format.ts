// The words and numbers of a coin report card: the indicators as labelled strings with a plain
// explanation, the chart's text alternative, its tone and the "as of" time. Pure functions over
// the report's numbers and a translation function, so each locale's output is tested as a table.
import type { PricePoint, ReportIndicators } from '@coinlens/contract';
import {
  dateIn,
  formatDateTime,
  formatPercentChange,
  formatPrice,
  trendOf,
} from '@coinlens/design-system';
import { intlLocale } from '../../i18n/locales';
import type { RangeKey } from './cardLayout';

export {
  DEFAULT_RANGE,
  INDICATOR_COUNT,
  INDICATOR_PLACEHOLDERS,
  isRange,
  RANGES,
  REPORT_SOURCES_MAX,
  type RangeKey,
} from './cardLayout';

/** Looks a key of the `reporting` namespace up, interpolating `values`. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface FormatContext {
  /** The `reporting` namespace in the page's language. */
  t: Translate;
  /** The page's language (`en`, `zh`, `pt-br`); picks separators and date order. */
  language: string;
}

const decimalFormats = new Map<string, Intl.NumberFormat>();

/** A plain number with 2 decimals and the locale's separators (`72.31`, `72,31`). */
export function formatDecimal(value: number, language: string): string {
  const locale = intlLocale(language);
  let format = decimalFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    decimalFormats.set(locale, format);
  }
  return format.format(value);
}

/** An unsigned percentage with 2 decimals (`45.12%`, `45,12%`). */
export function formatPercent(value: number, language: string): string {
  return `${formatDecimal(value, language)}%`;
}

function price(value: number, language: string): string {
  return formatPrice(value, intlLocale(language)) ?? '-';
}

/** One row of a card's indicator list. */
export interface IndicatorItem {
  id: string;
  label: string;
  value: string;
  explanation?: string;
}

/** Where the price stands against a level, as a sentence ("3.21% above this average"). */
function versusAverage(latest: number | null, average: number, { t, language }: FormatContext) {
  if (latest === null || !(average > 0)) return undefined;
  const gap = ((latest - average) / average) * 100;
  const trend = trendOf(gap);
  if (trend === 'flat') return t('indicators.at');
  return t(trend === 'up' ? 'indicators.above' : 'indicators.below', {
    percent: formatPercent(Math.abs(gap), language),
  });
}

/** The RSI reading in words: overbought above 70, oversold below 30, and which side of 50. */
export function rsiExplanation(rsi: number, t: Translate): string {
  if (rsi > 70) return t('indicators.rsi.overbought');
  if (rsi < 30) return t('indicators.rsi.oversold');
  return t(rsi >= 50 ? 'indicators.rsi.strong' : 'indicators.rsi.weak');
}

/**
 * A report's indicators as the card lists them: RSI with what its reading means, MACD line,
 * signal and histogram, the moving averages against the price, volatility, the 30-day range and
 * the 7- and 30-day change. Prices follow the product's rule, percentages have 2 decimals; an
 * indicator the history is too short for says so instead of showing a number.
 */
export function formatIndicators(
  indicators: ReportIndicators,
  latestPrice: number | null,
  context: FormatContext,
): IndicatorItem[] {
  const { t, language } = context;
  const unavailable = t('indicators.unavailable');
  const items: IndicatorItem[] = [];
  const latest = latestPrice !== null && Number.isFinite(latestPrice) ? latestPrice : null;

  const { rsi14, macd } = indicators;
  items.push({
    id: 'rsi14',
    label: t('indicators.rsi.label'),
    value: rsi14 === null ? unavailable : formatDecimal(rsi14, language),
    explanation: rsi14 === null ? undefined : rsiExplanation(rsi14, t),
  });

  const histogramTrend = macd ? trendOf(macd.histogram) : 'flat';
  items.push(
    {
      id: 'macd',
      label: t('indicators.macd.label'),
      value: macd ? price(macd.macd, language) : unavailable,
    },
    {
      id: 'macdSignal',
      label: t('indicators.macd.signal'),
      value: macd ? price(macd.signal, language) : unavailable,
    },
    {
      id: 'macdHistogram',
      label: t('indicators.macd.histogram'),
      value: macd ? price(macd.histogram, language) : unavailable,
      explanation: macd
        ? t(
            histogramTrend === 'up'
              ? 'indicators.macd.rising'
              : histogramTrend === 'down'
                ? 'indicators.macd.falling'
                : 'indicators.macd.flat',
          )
        : undefined,
    },
  );

  for (const id of ['sma20', 'sma50', 'ema12', 'ema26'] as const) {
    const average = indicators[id];
    items.push({
      id,
      label: t(`indicators.${id}`),
      value: average === null ? unavailable : price(average, language),
      explanation: average === null ? undefined : versusAverage(latest, average, context),
    });
  }

  const { volatility30d, high30d, low30d } = indicators;
  items.push({
    id: 'volatility30d',
    label: t('indicators.volatility.label'),
    value: volatility30d === null ? unavailable : formatPercent(volatility30d, language),
    explanation: volatility30d === null ? undefined : t('indicators.volatility.explanation'),
  });

  const fromLevel = (level: number) =>
    latest === null || !(level > 0)
      ? undefined
      : formatPercent(Math.abs(((latest - level) / level) * 100), language);
  const belowHigh = high30d === null ? undefined : fromLevel(high30d);
  const aboveLow = low30d === null ? undefined : fromLevel(low30d);
  items.push(
    {
      id: 'high30d',
      label: t('indicators.high30d.label'),
      value: high30d === null ? unavailable : price(high30d, language),
      explanation: belowHigh && t('indicators.high30d.explanation', { percent: belowHigh }),
    },
    {
      id: 'low30d',
      label: t('indicators.low30d.label'),
      value: low30d === null ? unavailable : price(low30d, language),
      explanation: aboveLow && t('indicators.low30d.explanation', { percent: aboveLow }),
    },
  );

  for (const id of ['change7d', 'change30d'] as const) {
    const change = indicators[id];
    items.push({
      id,
      label: t(`indicators.${id}`),
      value:
        change === null
          ? unavailable
          : (formatPercentChange(change, intlLocale(language)) ?? unavailable),
    });
  }
  return items;
}

/**
 * First and last price, high and low, and the change over a series; null when it is empty. A
 * report's series of a range runs from the price its change is measured from to the latest price
 * (docs/api.md, "Report figures"), so these are the report's own figures: the 24 H chart's change
 * is the header's 24 h change, the 7 D and 30 D charts' changes are the 7- and 30-day change
 * indicators, and the 30 D chart's high and low are the 30-day high and low.
 */
export interface SeriesStats {
  first: number;
  last: number;
  high: number;
  low: number;
  /** Percent from first to last as the API computes it, `(last / first - 1) * 100`; 0 from 0. */
  change: number;
}

export function seriesStats(points: readonly PricePoint[]): SeriesStats | null {
  const prices = points.map((point) => point.price).filter((value) => Number.isFinite(value));
  const first = prices[0];
  const last = prices[prices.length - 1];
  if (first === undefined || last === undefined) return null;
  return {
    first,
    last,
    high: Math.max(...prices),
    low: Math.min(...prices),
    change: first === 0 ? 0 : (last / first - 1) * 100,
  };
}

/** The chart's colour: the direction of the change over the range, as shown (2 decimals). */
export function chartTone(points: readonly PricePoint[]): 'up' | 'down' | 'neutral' {
  const stats = seriesStats(points);
  if (!stats) return 'neutral';
  const trend = trendOf(stats.change);
  return trend === 'flat' ? 'neutral' : trend;
}

/**
 * The chart in words, for those who cannot see it: over the range, from which price to which,
 * by how much, and between which low and high.
 */
export function chartSummary(
  points: readonly PricePoint[],
  range: RangeKey,
  { t, language }: FormatContext,
): string {
  const period = t(`chart.period.${range}`);
  const stats = seriesStats(points);
  if (!stats) return t('chart.summary.none', { period });
  const trend = trendOf(stats.change);
  return t(`chart.summary.${trend}`, {
    period,
    first: price(stats.first, language),
    last: price(stats.last, language),
    high: price(stats.high, language),
    low: price(stats.low, language),
    change: formatPercent(Math.abs(stats.change), language),
  });
}

/**
 * Makes the formats a card's first render needs in `language`, while the page waits for its data
 * (src/i18n/usePreparedFormats.ts: the first format starts the browser's whole
 * internationalization library, and each new one takes a few milliseconds more). Only the numbers
 * are the browser's: dates are written by dayjs, which needs no preparing.
 */
export function prepareFormats(language: string): void {
  formatDecimal(0, language);
}

export interface AsOfOptions {
  /** "Now" in ms (defaults to the clock); decides whether the date is worth showing. */
  now?: number;
  /** The clock to show the time on, in minutes east of UTC; the reader's own zone by default. */
  utcOffset?: number;
}

/**
 * "As of 14:05" for a price time (Unix seconds) in the reader's time zone, hours and minutes in
 * the locale's way; with the date too when it is not from today. Undefined for a bad time.
 */
export function formatAsOf(
  updatedAt: number,
  { t, language }: FormatContext,
  { now = Date.now(), utcOffset }: AsOfOptions = {},
): string | undefined {
  if (!Number.isFinite(updatedAt)) return undefined;
  const date = dateIn(updatedAt * 1000, { locale: language, utcOffset });
  if (!date.isValid()) return undefined;
  const today = date.isSame(dateIn(now, { utcOffset }), 'day');
  const time = formatDateTime(updatedAt * 1000, {
    locale: language,
    now,
    utcOffset,
    dateStyle: 'medium',
  });
  if (time === null) return undefined;
  return t(today ? 'card.asOf' : 'card.asOfDate', { time });
}
