// Where the market figures come from and how old they are, in words: the footnote under the table
// ("Prices from CoinGecko, as of 10:32:05 UTC · refreshed every 60 s", or "Demo data, not live
// prices"), the hover text on each figure, and the stale badge's explanation. Times are on the UTC
// clock, with the date in the locale's way when it is not today's.
import type { MarketStatus } from '@coinlens/contract';
import { dateIn } from '@coinlens/design-system';

/** A translation function of the `markets` namespace. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * `asOf` (Unix seconds) on the UTC clock: `10:32:05` today, `11/28/2026 10:32:05` (the locale's
 * date) another day; null for no time yet (0) or a bad one.
 */
export function formatUtcTime(asOf: number, language: string, now = Date.now()): string | null {
  if (!Number.isFinite(asOf) || asOf <= 0) return null;
  const date = dateIn(asOf * 1000, { locale: language, utcOffset: 0 });
  if (!date.isValid()) return null;
  const today = date.isSame(dateIn(now, { utcOffset: 0 }), 'day');
  return date.format(today ? 'HH:mm:ss' : 'L HH:mm:ss');
}

/** The footnote: where the figures come from, how old they are and how often they refresh. */
export function provenanceText(
  market: MarketStatus,
  t: Translate,
  language: string,
  now?: number,
): string {
  if (market.source === 'demo') return t('provenance.demo');
  const time = formatUtcTime(market.asOf, language, now);
  const seconds = market.refreshSeconds;
  return time === null
    ? t('provenance.coingeckoNotYet', { seconds })
    : t('provenance.coingecko', { time, seconds });
}

/** The hover text of each figure: its source and time. */
export function figureTitle(
  market: MarketStatus,
  t: Translate,
  language: string,
  now?: number,
): string {
  if (market.source === 'demo') return t('provenance.figureDemo');
  const time = formatUtcTime(market.asOf, language, now);
  return time === null ? 'CoinGecko' : t('provenance.figure', { time });
}

/** What the stale badge explains: since when the provider has sent nothing new. */
export function staleExplanation(
  market: MarketStatus,
  t: Translate,
  language: string,
  now?: number,
): string {
  return t('stale.explanation', { time: formatUtcTime(market.asOf, language, now) ?? '—' });
}
