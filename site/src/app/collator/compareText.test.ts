import { getSystem } from '@coinlens/design-system';
import { compareText } from './compareText';

const collator = (a: string, b: string) => Math.sign(a.localeCompare(b));

/** Every media query Chakra orders for the site: each of our breakpoints' conditions. */
function ourMediaQueries(): string[] {
  const { conditions } = getSystem().breakpoints;
  const queries = Object.values(conditions).filter((query) => query.startsWith('@media'));
  expect(queries.length).toBeGreaterThan(10);
  return queries;
}

describe('compareText', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['@media screen and (min-width: 30rem)', '@media screen and (min-width: 48rem)'],
    [
      '@media screen and (min-width: 48rem)',
      '@media screen and (min-width: 48rem) and (max-width: 63.9975rem)',
    ],
    ['@container (min-width: 20rem)', '@media screen and (min-width: 20rem)'],
    ['@media print', '@media screen'],
    ['@media (prefers-color-scheme: dark)', '@media (prefers-reduced-motion: reduce)'],
    ['@media (min-width: 9px)', '@media (min-width: 10px)'],
    ['a', 'a'],
  ])('orders %j and %j as the collator does', (a, b) => {
    expect(compareText(a, b)).toBe(collator(a, b));
    expect(compareText(b, a)).toBe(collator(b, a));
  });

  it('orders every pair of our media queries as the collator does, without it', () => {
    const queries = ourMediaQueries();
    const answers = queries.flatMap((a) => queries.map((b) => collator(a, b)));
    const localeCompare = jest.spyOn(String.prototype, 'localeCompare');
    const ours = queries.flatMap((a) => queries.map((b) => compareText(a, b)));
    expect(localeCompare).not.toHaveBeenCalled();
    expect(ours).toEqual(answers);
  });

  it('asks the collator where the codes do not tell: case, punctuation against letters, beyond ASCII', () => {
    const pairs = [
      ['(min-width: 1)', '(Min-width: 1)'],
      ['a-b', 'ab'],
      ['a:1', 'a1'],
      ['e', '\u00e9'],
      ['ab', 'ab\u0301'],
      ['ab', 'ab\u00ad'],
    ] as const;
    const answers = pairs.map(([a, b]) => collator(a, b));
    const localeCompare = jest.spyOn(String.prototype, 'localeCompare');
    expect(pairs.map(([a, b]) => compareText(a, b))).toEqual(answers);
    expect(localeCompare).toHaveBeenCalledTimes(pairs.length);
  });

  it('agrees with the collator on 20,000 strings alike but for a few characters', () => {
    // A fixed pseudo-random sequence, so that a failure can be replayed.
    let seed = 20261124;
    const random = (n: number) => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n) | 0;
    };
    const alphabet = 'abyzABYZ0159 -_():.,@>=/\u00e9\u0301\u00ad\u4e2d';
    const word = (length: number) =>
      Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
    const disagreements: string[] = [];
    for (let index = 0; index < 20_000; index += 1) {
      const prefix = word(random(6));
      const a = prefix + word(random(4));
      const b = prefix + word(random(4));
      if (compareText(a, b) !== collator(a, b))
        disagreements.push(`${JSON.stringify(a)} ${JSON.stringify(b)}`);
    }
    expect(disagreements).toEqual([]);
  });
});
