const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string): Intl.NumberFormat {
  let cached = formatters.get(locale);
  if (!cached) {
    cached = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      // "$" in every locale, as formatPrice shows it: the product speaks dollars, not "US$".
      currencyDisplay: 'narrowSymbol',
      notation: 'compact',
      // Two decimals always, so a column of caps and volumes lines up ($1.20T, not $1.2T).
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(locale, cached);
  }
  return cached;
}

/**
 * A large dollar amount (a market cap, a day's volume) in the locale's short form with 2
 * decimals: `$1.23T` in English, `$1.23万亿` in Chinese, `$ 1,23 tri` in Brazilian Portuguese.
 * Returns null for a value that is not a finite number, so callers show their own "unavailable"
 * text.
 */
export function formatCompactUsd(value: number, locale = 'en'): string | null {
  if (!Number.isFinite(value)) return null;
  return formatter(locale).format(value);
}
