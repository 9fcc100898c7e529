// The phone's report view of one coin (`/mobile/reporting/?coin=2`): its address, and what an
// address asks of it.
import { linkedCoinOf } from '../reporting/linkedCoin';

/** The report view of `coinId`, without the language prefix (the Link adds it). */
export function mobileReportPath(coinId: number): string {
  return `/mobile/reporting/?coin=${coinId}`;
}

/** A monitored source's page on the phone, without the language prefix. */
export function mobileSourcePath(sourceId: number): string {
  return `/mobile/monitoring/detail/?id=${sourceId}`;
}

/**
 * What the report view's address asks for: no coin at all (the view's own address, bare: the
 * coins list is the phone's list of reports), a coin that is not one whole positive id, or a coin.
 */
export type ReportAddress =
  { kind: 'none' } | { kind: 'invalid' } | { kind: 'coin'; coinId: number };

/** Reads the report view's address (its query string). */
export function reportAddressOf(search: string): ReportAddress {
  if (!new URLSearchParams(search).has('coin')) return { kind: 'none' };
  const coinId = linkedCoinOf(search);
  return coinId === null ? { kind: 'invalid' } : { kind: 'coin', coinId };
}
