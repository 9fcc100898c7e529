// When an alert fires: the pure rules behind every alert on a figure, so that they can be checked
// on a table of readings with a clock the test moves.
//
// An alert on a figure (a price, a 24 h move, an RSI, the price's distance from its 50-day
// average) watches one line from one side. It fires once per crossing: when the figure reaches
// the line from the other side. Then it is spent until the figure has gone back past the line by
// the rule's margin (it re-arms), so a price that wobbles around the line fires once, not at every
// wobble. After it fires it waits out its cooldown: a crossing during the cooldown fires when the
// cooldown ends if the figure is still past the line, and not at all if it went back. A stale
// figure is never acted on: the alert keeps its state until a fresh one comes.
//
// The first fresh reading only says on which side the figure is: an alert made while the figure
// is already past its line fires at the next crossing, not at once (nothing crossed).

/** Which side of the line makes the alert fire. */
export type Direction = 'above' | 'below';

export interface LineRule {
  direction: Direction;
  /** The line, in the figure's unit. */
  line: number;
  /** How far back past the line (in the figure's unit, > 0) the figure must go to re-arm. */
  margin: number;
  /** Least time between two firings, in ms (0 for none). */
  cooldownMs: number;
}

export interface LineState {
  /**
   * Whether the next reading past the line fires; null before the first fresh reading, which
   * only finds the side.
   */
  armed: boolean | null;
  /** When the alert last fired (ms), or null. */
  lastFiredAt: number | null;
}

export interface Reading {
  /** The figure. */
  value: number;
  /** Whether the figure is older than its provider's limit (see market/status.ts). */
  stale: boolean;
}

export type Verdict =
  /** It fires now. */
  | 'fire'
  /** Past the line, but its cooldown has not ended: it fires when it ends, if still past. */
  | 'cooling'
  /** The figure is stale: nothing changes. */
  | 'stale'
  /** Nothing to say: not past the line, or spent until it re-arms. */
  | 'quiet';

export interface Evaluation {
  verdict: Verdict;
  state: LineState;
}

/** The state of an alert that has seen no reading yet. */
export const NEW_LINE_STATE: LineState = Object.freeze({ armed: null, lastFiredAt: null });

/** Whether `value` is past the rule's line (on the side that fires). */
export function isPast(rule: Pick<LineRule, 'direction' | 'line'>, value: number): boolean {
  return rule.direction === 'above' ? value >= rule.line : value <= rule.line;
}

/** Whether `value` is back past the line by the rule's margin, on the side that re-arms. */
export function isBack(rule: Pick<LineRule, 'direction' | 'line' | 'margin'>, value: number) {
  return rule.direction === 'above'
    ? value <= rule.line - rule.margin
    : value >= rule.line + rule.margin;
}

/** One reading of the figure at `nowMs` against the rule, from `state`. */
export function evaluateLine(
  rule: LineRule,
  state: LineState,
  reading: Reading,
  nowMs: number,
): Evaluation {
  if (reading.stale || !Number.isFinite(reading.value)) return { verdict: 'stale', state };
  const past = isPast(rule, reading.value);
  if (state.armed === null) {
    return { verdict: 'quiet', state: { ...state, armed: !past } };
  }
  if (!state.armed) {
    return isBack(rule, reading.value)
      ? { verdict: 'quiet', state: { ...state, armed: true } }
      : { verdict: 'quiet', state };
  }
  if (!past) return { verdict: 'quiet', state };
  if (state.lastFiredAt !== null && nowMs < state.lastFiredAt + rule.cooldownMs) {
    return { verdict: 'cooling', state };
  }
  return { verdict: 'fire', state: { armed: false, lastFiredAt: nowMs } };
}

/**
 * The re-arm margin of a line on a figure: a share of the line for prices (0.5 %), a number of
 * points for the figures that are percentages or an index (RSI), so that an alert on a small
 * price or near zero still needs a real move back.
 */
export function marginFor(figure: Figure, line: number): number {
  switch (figure) {
    case 'price':
      return Math.abs(line) * 0.005;
    case 'move24h':
      // A move of at least N % re-arms when the day's move is back under N by half a point
      // (at least a tenth of N, for large lines).
      return Math.max(0.5, Math.abs(line) * 0.1);
    case 'rsi14':
      return 2;
    case 'sma50Distance':
      return 0.5;
  }
}

/** The figures an alert on a coin can watch. */
export type Figure =
  /** The price, in USD. */
  | 'price'
  /** The size of the 24 h change, in percent (up or down). */
  | 'move24h'
  /** The 14-day RSI of the coin's report. */
  | 'rsi14'
  /** How far the price is from its 50-day average, in percent of the average. */
  | 'sma50Distance';

/**
 * Alerts that fired close together for one user, sent as one message: a batch opens at an alert
 * that no open batch takes and holds every alert of the next `windowMs`.
 */
export interface Batch<T> {
  /** When the batch opened (its first alert), ms. */
  openedAt: number;
  /** When it is sent: `windowMs` after it opened. */
  dueAt: number;
  items: T[];
}

/** The batches a user's fired alerts make, in the order they fired (`at`, ms). */
export function batchesOf<T extends { at: number }>(fired: readonly T[], windowMs: number) {
  const batches: Batch<T>[] = [];
  for (const item of [...fired].sort((a, b) => a.at - b.at)) {
    const open = batches[batches.length - 1];
    if (open && item.at < open.dueAt) open.items.push(item);
    else batches.push({ openedAt: item.at, dueAt: item.at + windowMs, items: [item] });
  }
  return batches;
}
