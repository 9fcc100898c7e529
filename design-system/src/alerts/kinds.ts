// The alert rules the alert components need at run time (kinds, limits, RSI lines), written out
// here rather than imported from @coinlens/contract: the contract's module brings TypeBox and
// every schema with it (about 21 KB gz), and the design system takes the contract as types only
// (docs/architecture.md). `kinds.test.ts` checks that each value is still the contract's.
import type * as Contract from '@coinlens/contract';

/** What an alert watches (the contract's `AlertKind`). */
export type AlertKind = Contract.AlertKind;

/** Every kind, in the contract's order: the coin kinds, then the source kinds. */
export const ALERT_KINDS = [
  'priceAbove',
  'priceBelow',
  'move24h',
  'rsiOverbought',
  'rsiOversold',
  'sma50CrossUp',
  'sma50CrossDown',
  'sourceLive',
  'sourceSummary',
  'sourceKeyword',
] as const satisfies readonly AlertKind[];

// Fails to compile when the contract gains a kind this list lacks.
type Missing = Exclude<AlertKind, (typeof ALERT_KINDS)[number]>;
const everyKindListed: [Missing] extends [never] ? true : Missing = true;
void everyKindListed;

/** Whether a kind watches a monitored source (else a coin). */
export const isSourceKind = (kind: AlertKind): boolean => kind.startsWith('source');

/** The kinds on a coin (the contract's `COIN_ALERT_KINDS`). */
export const COIN_ALERT_KINDS: readonly AlertKind[] = ALERT_KINDS.filter(
  (kind) => !isSourceKind(kind),
);
/** The kinds on a monitored source. */
export const SOURCE_ALERT_KINDS: readonly AlertKind[] = ALERT_KINDS.filter(isSourceKind);
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

/** The kinds a subject can have: the coin kinds for a coin, the source kinds for a source. */
export function alertKindsFor(subject: 'coin' | 'source'): readonly AlertKind[] {
  return subject === 'coin' ? COIN_ALERT_KINDS : SOURCE_ALERT_KINDS;
}
