// The price figures a coin is shown with everywhere (the report card's header, chart captions,
// summary and indicators, the built-in assistant, the phone's watchlist), defined once, on one
// price history (about one point an hour, oldest first, the latest price last):
//
// - The series of a range (24 h, 7 d, 30 d) starts with the range's base, the last point at or
//   before the latest point's time minus the range, and runs through every later point to the
//   latest (30 d keeps one point per 4 UTC hours between the two). A history that does not reach
//   back that far starts with its first point.
// - The change over a range is the latest price against the base, in percent: the first and last
//   points of the range's series, so a chart's "from ... to ..., down 1.62%" is the same figure.
//   The 24 h change is this change over 24 h. Null when the history does not reach back a range.
// - The 30-day high and low are the highest and lowest prices of the 30 d series, as its chart
//   draws them.
//
// docs/api.md ("Report figures") says the same for the API's readers.
import type { PricePoint } from './types.js';
import { DAY_SEC, HOUR_SEC } from './types.js';

/** The ranges a report has a series for, and how far back each reaches (seconds). */
export const RANGE_SEC = { '24h': DAY_SEC, '7d': 7 * DAY_SEC, '30d': 30 * DAY_SEC } as const;
export type RangeKey = keyof typeof RANGE_SEC;

/** The change from `from` to `to` in percent; null when it is not a finite number. */
export function percentChange(from: number, to: number): number | null {
  const change = (to / from - 1) * 100;
  return Number.isFinite(change) ? change : null;
}

/** The last point at or before `sec`, or null when every point is later. */
export function lastAtOrBefore(points: readonly PricePoint[], sec: number): PricePoint | null {
  let low = 0;
  let high = points.length; // the first index whose time is after `sec`
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (points[middle]!.time <= sec) low = middle + 1;
    else high = middle;
  }
  return low > 0 ? points[low - 1]! : null;
}

/** Where the range starts: the latest point's time minus the range. */
function rangeStart(latest: PricePoint, range: RangeKey): number {
  return latest.time - RANGE_SEC[range];
}

/** The point a range's change is measured from; null when the history is shorter. */
export function rangeBase(points: readonly PricePoint[], range: RangeKey): PricePoint | null {
  const latest = points.at(-1);
  return latest ? lastAtOrBefore(points, rangeStart(latest, range)) : null;
}

/** The change over `range` in percent (see the top of this file); null without a base. */
export function rangeChange(points: readonly PricePoint[], range: RangeKey): number | null {
  const latest = points.at(-1);
  const base = rangeBase(points, range);
  return latest && base ? percentChange(base.price, latest.price) : null;
}

/**
 * The series a range's chart draws (see the top of this file): its base, the points after it
 * (one per 4 UTC hours for 30 d), and the latest point. Empty for an empty history.
 */
export function rangeSeries(points: readonly PricePoint[], range: RangeKey): PricePoint[] {
  const latest = points.at(-1);
  if (!latest) return [];
  const start = rangeStart(latest, range);
  const base = lastAtOrBefore(points, start) ?? points[0]!;
  const after = points.filter((point) => point.time > base.time && point !== latest);
  const series = [base, ...(range === '30d' ? everyFourHours(after) : after)];
  if (series.at(-1) !== latest) series.push(latest);
  return series;
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

/** The highest and lowest price of `points`; null for none. */
export function priceRange(points: readonly PricePoint[]): { high: number; low: number } | null {
  if (points.length === 0) return null;
  let high = -Infinity;
  let low = Infinity;
  for (const { price } of points) {
    if (price > high) high = price;
    if (price < low) low = price;
  }
  return { high, low };
}
