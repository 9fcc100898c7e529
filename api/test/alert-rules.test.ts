// The rules of an alert on a figure (src/alerts/rules.ts), on tables of readings with a clock the
// test moves: it fires once per crossing, re-arms only past the margin, waits out its cooldown,
// never acts on a stale figure, and close firings make one message.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  batchesOf,
  evaluateLine,
  marginFor,
  NEW_LINE_STATE,
  type LineRule,
  type LineState,
  type Verdict,
} from '../src/alerts/rules.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 30, 12);

/** Feeds `values` one a minute from T0 (`null` for a stale reading); the verdicts in order. */
function run(
  rule: LineRule,
  values: readonly (number | null)[],
  state: LineState = NEW_LINE_STATE,
) {
  const verdicts: Verdict[] = [];
  let current = state;
  values.forEach((value, minute) => {
    const evaluation = evaluateLine(
      rule,
      current,
      { value: value ?? 0, stale: value === null },
      T0 + minute * MINUTE,
    );
    verdicts.push(evaluation.verdict);
    current = evaluation.state;
  });
  return { verdicts, state: current, fired: verdicts.filter((verdict) => verdict === 'fire') };
}

const above60k: LineRule = { direction: 'above', line: 60_000, margin: 300, cooldownMs: 0 };
const below60k: LineRule = { direction: 'below', line: 60_000, margin: 300, cooldownMs: 0 };

describe('an alert on a line', () => {
  const cases: {
    name: string;
    rule: LineRule;
    values: (number | null)[];
    verdicts: Verdict[];
  }[] = [
    {
      name: 'fires when the price reaches the line from below, once',
      rule: above60k,
      values: [59_000, 59_900, 60_000, 60_500, 61_000],
      verdicts: ['quiet', 'quiet', 'fire', 'quiet', 'quiet'],
    },
    {
      name: 'fires when the price drops to the line from above',
      rule: below60k,
      values: [61_000, 60_100, 59_999, 58_000],
      verdicts: ['quiet', 'quiet', 'fire', 'quiet'],
    },
    {
      name: 'does not fire for a price already past the line when the alert is made',
      rule: above60k,
      values: [61_000, 62_000, 60_000],
      verdicts: ['quiet', 'quiet', 'quiet'],
    },
    {
      name: 'made past the line, it fires at the next crossing once the price went back by the margin',
      rule: above60k,
      values: [61_000, 59_800, 60_100, 59_700, 60_100],
      verdicts: ['quiet', 'quiet', 'quiet', 'quiet', 'fire'],
    },
    {
      name: 're-arms only after the price went back past the margin (300 under the line)',
      rule: above60k,
      values: [59_000, 60_100, 59_701, 60_100, 59_700, 60_000],
      verdicts: ['quiet', 'fire', 'quiet', 'quiet', 'quiet', 'fire'],
    },
    {
      name: 'acts on no stale figure, and keeps its state until a fresh one',
      rule: above60k,
      values: [59_000, null, null, 61_000, null, 59_000, 61_000],
      verdicts: ['quiet', 'stale', 'stale', 'fire', 'stale', 'quiet', 'fire'],
    },
    {
      name: 'finds its side on the first fresh reading, not a stale one',
      rule: above60k,
      values: [null, 61_000, 59_000, 60_000],
      verdicts: ['stale', 'quiet', 'quiet', 'fire'],
    },
    {
      name: 'waits out its cooldown: a crossing during it fires when it ends, if still past',
      rule: { ...above60k, cooldownMs: 5 * MINUTE },
      // Fires at minute 1; re-armed at 2, past again at 3: cooling until minute 6.
      values: [59_000, 60_000, 59_000, 60_500, 60_600, 60_700, 60_800, 60_900],
      verdicts: ['quiet', 'fire', 'quiet', 'cooling', 'cooling', 'cooling', 'fire', 'quiet'],
    },
    {
      name: 'does not fire after its cooldown for a crossing that went back during it',
      rule: { ...above60k, cooldownMs: 5 * MINUTE },
      values: [59_000, 60_000, 59_000, 60_500, 59_900, 59_900, 59_900, 59_900],
      verdicts: ['quiet', 'fire', 'quiet', 'cooling', 'quiet', 'quiet', 'quiet', 'quiet'],
    },
  ];

  for (const { name, rule, values, verdicts } of cases) {
    it(name, () => {
      assert.deepEqual(run(rule, values).verdicts, verdicts);
    });
  }

  it('fires once in an hour of a price that wobbles around the line, not sixty times', () => {
    // Every minute for an hour, 0.2 % either side of 60,000: never back past the 0.5 % margin.
    const wobble = Array.from({ length: 61 }, (_, minute) => (minute % 2 ? 60_120 : 59_880));
    const rule: LineRule = {
      direction: 'above',
      line: 60_000,
      margin: marginFor('price', 60_000),
      cooldownMs: 0,
    };
    assert.equal(run(rule, wobble).fired.length, 1);
  });

  it('fires once in an hour of a price that swings 2 % across the line, with an hour of cooldown', () => {
    const swing = Array.from({ length: 61 }, (_, minute) => (minute % 2 ? 61_200 : 58_800));
    const rule: LineRule = {
      direction: 'above',
      line: 60_000,
      margin: marginFor('price', 60_000),
      cooldownMs: 60 * MINUTE,
    };
    assert.equal(run(rule, swing).fired.length, 1);
    // Without the cooldown each swing back past the margin re-arms it: every crossing fires.
    assert.equal(run({ ...rule, cooldownMs: 0 }, swing).fired.length, 30);
  });

  it('goes on from a state it saved: a restart does not fire the same crossing again', () => {
    const before = run(above60k, [59_000, 60_500]);
    assert.equal(before.fired.length, 1);
    const after = run(above60k, [60_600, 60_700], before.state);
    assert.deepEqual(after.verdicts, ['quiet', 'quiet']);
  });
});

describe('the re-arm margin', () => {
  const cases: [Parameters<typeof marginFor>[0], number, number][] = [
    ['price', 60_000, 300],
    ['price', 0.0001, 0.0000005],
    ['move24h', 5, 0.5],
    ['move24h', 20, 2],
    ['rsi14', 70, 2],
    ['sma50Distance', 0, 0.5],
  ];
  for (const [figure, line, margin] of cases) {
    it(`is ${margin} for ${figure} at ${line}`, () => {
      assert.ok(Math.abs(marginFor(figure, line) - margin) < 1e-12);
    });
  }
});

describe('batches of a user’s alerts', () => {
  const at = (seconds: number) => ({ at: T0 + seconds * 1000, id: seconds });
  const cases: { name: string; fired: { at: number; id: number }[]; ids: number[][] }[] = [
    { name: 'none for no alert', fired: [], ids: [] },
    { name: 'one alone', fired: [at(0)], ids: [[0]] },
    {
      name: 'one message for a burst within the minute',
      fired: [at(0), at(1), at(30), at(59)],
      ids: [[0, 1, 30, 59]],
    },
    {
      name: 'a new message for an alert at the minute or later',
      fired: [at(0), at(59), at(60), at(61), at(200)],
      ids: [[0, 59], [60, 61], [200]],
    },
    { name: 'in the order they fired', fired: [at(30), at(0), at(10)], ids: [[0, 10, 30]] },
  ];
  for (const { name, fired, ids } of cases) {
    it(name, () => {
      const batches = batchesOf(fired, MINUTE);
      assert.deepEqual(
        batches.map((batch) => batch.items.map((item) => item.id)),
        ids,
      );
      for (const batch of batches) assert.equal(batch.dueAt, batch.openedAt + MINUTE);
    });
  }
});
