// The alert rules the alert components need at run time (kinds, limits, RSI lines), written out
// here rather than imported from @coinlens/contract: the contract's module brings TypeBox and
// every schema with it (about 21 KB gz), and the design system takes the contract as types only
// (docs/architecture.md). `kinds.test.ts` checks that each value is still the contract's.
import type * as Contract from '@coinlens/contract';

/** What an alert watches (the contract's `AlertKind`). */
export type AlertKind = Contract.AlertKind;

/** The kinds on a coin (the contract's `COIN_ALERT_KINDS`). */
const COIN_KINDS = [
  'priceAbove',
  'priceBelow',
  'move24h',
  'rsiOverbought',
  'rsiOversold',
  'sma50CrossUp',
  'sma50CrossDown',
] as const satisfies readonly AlertKind[];
/** The kinds on one monitored source (the contract's `SOURCE_ALERT_KINDS`). */
const SOURCE_KINDS = [
  'sourceLive',
  'sourceSummary',
  'sourceKeyword',
] as const satisfies readonly AlertKind[];

/** Every kind, in the contract's order: the coin kinds, the source kinds, then newSourceKeyword. */
export const ALERT_KINDS = [...COIN_KINDS, ...SOURCE_KINDS, 'newSourceKeyword'] as const;

// Fails to compile when the contract gains a kind this list lacks.
type Missing = Exclude<AlertKind, (typeof ALERT_KINDS)[number]>;
const everyKindListed: [Missing] extends [never] ? true : Missing = true;
void everyKindListed;

export const COIN_ALERT_KINDS: readonly AlertKind[] = COIN_KINDS;
export const SOURCE_ALERT_KINDS: readonly AlertKind[] = SOURCE_KINDS;
/** The kinds on every new source: no coin, no source, a keyword (`newSourceKeyword`). */
export const NEW_SOURCE_ALERT_KINDS: readonly AlertKind[] = ['newSourceKeyword'];
/** The kinds that need a `keyword` (the contract's `KEYWORD_ALERT_KINDS`). */
export const KEYWORD_ALERT_KINDS: readonly AlertKind[] = ['sourceKeyword', 'newSourceKeyword'];

/**
 * Whether a kind watches one monitored source. Not `newSourceKeyword`: it has no source of its
 * own (its events each name the new source that fired it).
 */
export const isSourceKind = (kind: AlertKind): boolean => SOURCE_ALERT_KINDS.includes(kind);

/** The kinds that need a `value` (the contract's `VALUE_ALERT_KINDS`). */
export const VALUE_ALERT_KINDS: readonly AlertKind[] = ['priceAbove', 'priceBelow', 'move24h'];

/** An alert's cooldown in minutes (the contract's `ALERT_COOLDOWN_MINUTES`). */
export const ALERT_COOLDOWN_MINUTES = Object.freeze({ min: 0, max: 7 * 24 * 60, default: 60 });
/** A keyword's length once trimmed (the contract's `ALERT_KEYWORD_LENGTH`). */
export const ALERT_KEYWORD_LENGTH = Object.freeze({ min: 2, max: 60 });
/** The RSI lines of the two RSI alerts (the contract's `RSI_LINES`). */
export const RSI_LINES = Object.freeze({ overbought: 70, oversold: 30 });
/** The largest 24 h move an alert may watch, in percent (the contract's rule for `value`). */
export const MAX_MOVE_PERCENT = 1000;

/**
 * What an alert can be on, as the kinds offered for it: a coin, one source, or every new source
 * (a `newSourceKeyword` alert, which has no subject).
 */
export type AlertKindsSubject = 'coin' | 'source' | 'newSources';

/** The kinds a subject can have: a coin's, a source's, or `newSourceKeyword` for new sources. */
export function alertKindsFor(subject: AlertKindsSubject): readonly AlertKind[] {
  switch (subject) {
    case 'coin':
      return COIN_ALERT_KINDS;
    case 'source':
      return SOURCE_ALERT_KINDS;
    case 'newSources':
      return NEW_SOURCE_ALERT_KINDS;
  }
}
