// The shape every report card has, whatever its figures: its chart ranges, its indicator rows and
// how many related sources it lists. Apart from format.ts, so that a loading card (its placeholder)
// is drawn without the code that writes the figures and dates.
import type { ReportCardIndicatorPlaceholder } from '@coinlens/design-system';

/** The chart ranges a report has a series for, in the order the switch shows them. */
export const RANGES = ['24h', '7d', '30d'] as const;
export type RangeKey = (typeof RANGES)[number];
/** The range a card opens on. */
export const DEFAULT_RANGE: RangeKey = '7d';

export function isRange(value: string): value is RangeKey {
  return (RANGES as readonly string[]).includes(value);
}

/**
 * The rows formatIndicators lists for every report, in order, as its loading card shows them:
 * whether each has an explanation line when the history allows its figure (the MACD line, its
 * signal line and the 7- and 30-day changes have none).
 */
export const INDICATOR_PLACEHOLDERS: readonly ReportCardIndicatorPlaceholder[] = [
  true, // RSI
  false, // MACD
  false, // MACD signal
  true, // MACD histogram
  true, // SMA 20
  true, // SMA 50
  true, // EMA 12
  true, // EMA 26
  true, // volatility
  true, // 30-day high
  true, // 30-day low
  false, // 7-day change
  false, // 30-day change
].map((explanation) => ({ explanation }));

/** How many indicators formatIndicators lists for every report. */
export const INDICATOR_COUNT = INDICATOR_PLACEHOLDERS.length;

/**
 * How many related sources a report lists at most (the API's MAX_REPORT_SOURCES), and so how many
 * its loading card shows: most reports have that many.
 */
export const REPORT_SOURCES_MAX = 5;
