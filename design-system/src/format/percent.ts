/** How a change moves: the sign of the value once rounded to what is shown. */
export type Trend = 'up' | 'down' | 'flat';

const formatters = new Map<string, Intl.NumberFormat>();

function percentFormatter(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'exceptZero',
    });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * Rounds to the 2 decimals the product shows, half away from zero on the exact value, as Intl
 * does, so the trend always agrees with the printed number; -0.004 reads as no change.
 */
function roundToShown(value: number): number {
  const rounded = Number(value.toFixed(2));
  return rounded === 0 ? 0 : rounded;
}

/** The trend of a percentage change as the user will read it (2 decimals). */
export function trendOf(value: number): Trend {
  const shown = roundToShown(value);
  if (shown > 0) return 'up';
  if (shown < 0) return 'down';
  return 'flat';
}

/**
 * A 24 h change in percent with 2 decimals and an explicit sign: `+2.35%`, `-0.40%`, `0.00%`.
 * `locale` picks the decimal separator (`pt-br` gives `+2,35%`). Returns null for a value that is
 * not a finite number, so callers show their own "unavailable" text.
 */
export function formatPercentChange(value: number, locale = 'en'): string | null {
  if (!Number.isFinite(value)) return null;
  return `${percentFormatter(locale).format(roundToShown(value))}%`;
}
