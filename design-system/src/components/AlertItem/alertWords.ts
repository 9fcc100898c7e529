// How a fired alert's numbers read: the line it watched and the figure that fired it, each in
// the way its kind measures (a dollar price, a percent, an RSI), in the reader's locale. No React.
import type * as Contract from '@coinlens/contract';
import { formatPercentChange } from '../../format/percent';
import { formatPrice } from '../../format/price';
import { RSI_LINES, type AlertKind } from '../../alerts/kinds';

/** A fired alert as the API sends it (the contract's `AlertEvent`). */
export type AlertItemEvent = Contract.AlertEvent;

const numbers = new Map<string, Intl.NumberFormat>();

function plainNumber(value: number, locale: string, digits: number): string {
  const key = `${locale}|${digits}`;
  let formatter = numbers.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    numbers.set(key, formatter);
  }
  return formatter.format(value);
}

/**
 * The line an alert watched, as its words name it: a price (`$60,000.00`), a 24 h move without a
 * sign (`5%`, either way), an RSI line (`70`, the contract's when the event has none); '' for the
 * kinds that have no line (the 50-day average's crossings, the source kinds); null when a kind's
 * line is missing or not a number.
 */
export function formatAlertLine(
  kind: AlertKind,
  line: number | null,
  locale = 'en',
): string | null {
  switch (kind) {
    case 'priceAbove':
    case 'priceBelow':
      return line === null ? null : formatPrice(line, locale);
    case 'move24h':
      return line === null || !Number.isFinite(line)
        ? null
        : `${plainNumber(Math.abs(line), locale, 2)}%`;
    case 'rsiOverbought':
    case 'rsiOversold': {
      const value = line ?? (kind === 'rsiOverbought' ? RSI_LINES.overbought : RSI_LINES.oversold);
      return Number.isFinite(value) ? plainNumber(value, locale, 1) : null;
    }
    default:
      return '';
  }
}

/**
 * The figure that fired an alert, as its kind measures it: the price (`$61,204.10`), the 24 h
 * change or the distance from the 50-day average with its sign (`-6.20%`), the RSI (`71.4`).
 * Null when there is none (a source's event) or it is not a number.
 */
export function formatAlertFigure(
  kind: AlertKind,
  figure: number | null,
  locale = 'en',
): string | null {
  if (figure === null || !Number.isFinite(figure)) return null;
  switch (kind) {
    case 'priceAbove':
    case 'priceBelow':
      return formatPrice(figure, locale);
    case 'move24h':
    case 'sma50CrossUp':
    case 'sma50CrossDown':
      return formatPercentChange(figure, locale);
    case 'rsiOverbought':
    case 'rsiOversold':
      return plainNumber(figure, locale, 1);
    default:
      return null;
  }
}
