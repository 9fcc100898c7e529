// The bell's badge text, on its own: no React, so a caller that writes a count does not bring the
// bell along.

/** The most the badge shows in figures; past it, `99+`. */
export const DEFAULT_MAX = 99;

const counters = new Map<string, Intl.NumberFormat>();

/**
 * The badge's text: nothing at 0 (or a count that is not a number), the count in the locale's
 * digits up to `max`, then `max` with a plus (`99+`).
 */
export function formatAlertCount(count: number, { max = DEFAULT_MAX, locale = 'en' } = {}): string {
  const whole = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  if (whole === 0) return '';
  let formatter = counters.get(locale);
  if (!formatter) counters.set(locale, (formatter = new Intl.NumberFormat(locale)));
  return whole > max ? `${formatter.format(max)}+` : formatter.format(whole);
}
