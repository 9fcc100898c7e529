const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, kind: 'fixed' | 'significant'): Intl.NumberFormat {
  const key = `${locale}|${kind}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      // "$" in every locale: the product shows dollar prices, not "US$" in one language only.
      currencyDisplay: 'narrowSymbol',
      ...(kind === 'fixed'
        ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
        : { minimumSignificantDigits: 4, maximumSignificantDigits: 4 }),
    });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * A dollar price as the product shows it: 1 or more with 2 decimals and grouping (`$64,231.50`);
 * below 1 with 4 significant digits after the leading zeros (`$0.0001234`), so a positive price
 * never reads `$0.00`; 0 is `$0.00`. `locale` picks separators (`pt-br`: `$ 64.231,50`). Returns
 * null for a value that is not a finite number, so callers show their own "unavailable" text.
 */
export function formatPrice(value: number, locale = 'en'): string | null {
  if (!Number.isFinite(value)) return null;
  const magnitude = Math.abs(value);
  // 0.99996 rounds to 1.000 at 4 significant digits: such a price reads as $1.00.
  const small = magnitude > 0 && Number(magnitude.toPrecision(4)) < 1;
  return formatter(locale, small ? 'significant' : 'fixed').format(value);
}
