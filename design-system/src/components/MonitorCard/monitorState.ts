// A monitored source's data and the pure functions that read it: no React, so that code that
// only needs a state or a heat figure does not bring the card along.

/** What a monitored source is doing, named after its status code. */
export type MonitorState =
  'unStarted' | 'inProgress' | 'finished' | 'parsing' | 'completed' | 'cancelled' | 'invalid';

/** The text shown (and read out) for each state. */
export type MonitorStatusLabels = Record<MonitorState, string>;

/** A monitored information source as the API sends it (the contract's `MonitorSource`). */
export interface MonitorCardSource {
  /** The source's id, passed back in callbacks. */
  id: number;
  /** Logo URL; empty, missing or broken shows a monogram of the author instead. */
  logo?: string | null;
  /** Who runs the stream or space. */
  author: string;
  /** What it is called. */
  title: string;
  /** 1 UnStarted, 2 InProgress, 3 Finished, 4 Parsing, 5 Completed, 6 Cancelled, 7 Invalid. */
  status: number;
  /** Scheduled start, in Unix seconds (UTC). */
  time: number;
  /** How much attention it drew; shown once it is completed. */
  heat: number;
  /** The source's own page, opened by the link in the box of a source that has not started. */
  link: string;
}

const STATE_BY_STATUS: Partial<Record<number, MonitorState>> = {
  1: 'unStarted',
  2: 'inProgress',
  3: 'finished',
  4: 'parsing',
  5: 'completed',
  6: 'cancelled',
  7: 'invalid',
};

/**
 * The state a source's status code stands for (1 `unStarted` ... 7 `invalid`). A code the
 * contract does not know reads as `invalid`: the card cannot promise anything about it.
 */
export function monitorStateOf(status: number): MonitorState {
  return STATE_BY_STATUS[status] ?? 'invalid';
}

const heatFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A source's heat, short and in the page's locale: `870`, `12.3K` (`12,3 mil` in pt-br).
 * Returns null for a value that is not a finite number.
 */
export function formatHeat(heat: number, locale = 'en'): string | null {
  if (!Number.isFinite(heat)) return null;
  let formatter = heatFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    heatFormatters.set(locale, formatter);
  }
  return formatter.format(heat);
}
