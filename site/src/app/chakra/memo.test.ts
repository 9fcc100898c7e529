/** @jest-environment node */
import type * as Chakra from '@chakra-ui/react';
import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MEMO_LIMIT, memo, simpleHash } from './memo';

/** `memo(fn)` with a count of the calls that reached `fn`. */
function counted<Args extends unknown[], Result>(fn: (...args: Args) => Result) {
  const inner = jest.fn(fn);
  return { inner, remembered: memo(inner) };
}

describe('memo', () => {
  it('answers one string or number as it did the first time, calling the function once', () => {
    const { inner, remembered } = counted((value: string | number) => ({ value }));
    const first = remembered('colors.red.500');
    expect(remembered('colors.red.500')).toBe(first);
    expect(remembered(4)).toEqual({ value: 4 });
    expect(remembered(4)).toBe(remembered(4));
    expect(inner).toHaveBeenCalledTimes(2);
  });

  it('tells apart values whose text is alike: 1 and "1", null and undefined, true and "true"', () => {
    const { inner, remembered } = counted((value: unknown) => typeof value);
    expect(
      [1, '1', null, undefined, true, 'true', 'null'].map((value) => remembered(value)),
    ).toEqual(['number', 'string', 'object', 'undefined', 'boolean', 'string', 'string']);
    expect(inner).toHaveBeenCalledTimes(7);
  });

  it('remembers two plain arguments as a pair, in their order', () => {
    const { inner, remembered } = counted(
      (prop: string, value: string | number) => `${prop}=${value}`,
    );
    expect(remembered('padding', 4)).toBe('padding=4');
    expect(remembered('padding', '4')).toBe('padding=4');
    expect(remembered('margin', 4)).toBe('margin=4');
    expect(remembered('padding', 4)).toBe('padding=4');
    expect(inner).toHaveBeenCalledTimes(3);
    expect(inner.mock.calls).toEqual([
      ['padding', 4],
      ['padding', '4'],
      ['margin', 4],
    ]);
  });

  it('remembers objects and arrays by their content, whatever their keys’ order', () => {
    const { inner, remembered } = counted((styles: object) => ({ ...styles }));
    const first = remembered({ color: 'red', _hover: { color: 'blue' } });
    expect(remembered({ _hover: { color: 'blue' }, color: 'red' })).toBe(first);
    expect(remembered({ color: 'red', _hover: { color: 'green' } })).not.toBe(first);
    const paths = counted((list: string[]) => list.join('.'));
    expect(paths.remembered(['_hover', 'color'])).toBe(paths.remembered(['_hover', 'color']));
    expect(paths.remembered(['color', '_hover'])).toBe('color._hover');
    expect(inner).toHaveBeenCalledTimes(2);
    expect(paths.inner).toHaveBeenCalledTimes(2);
  });

  it('writes several arguments out together when one of them is an object', () => {
    const { inner, remembered } = counted((...styles: unknown[]) => styles.length);
    expect(remembered({ color: 'red' }, { margin: 0 })).toBe(2);
    expect(remembered({ color: 'red' }, { margin: 0 })).toBe(2);
    expect(remembered({ color: 'red' }, { margin: 1 })).toBe(2);
    expect(remembered('color', { base: 'red' })).toBe(2);
    expect(inner).toHaveBeenCalledTimes(3);
  });

  it('asks again for an undefined answer, as Chakra does, and passes `this` on', () => {
    const { inner, remembered } = counted(function (this: unknown, key: string) {
      return (this as Record<string, string> | undefined)?.[key];
    });
    const owner = { pick: remembered, known: 'yes' };
    expect(owner.pick('known')).toBe('yes');
    expect(owner.pick('known')).toBe('yes');
    expect(remembered('missing')).toBeUndefined();
    expect(remembered('missing')).toBeUndefined();
    expect(inner).toHaveBeenCalledTimes(3);
  });

  it(`holds ${MEMO_LIMIT} answers, dropping the oldest beyond them`, () => {
    const { inner, remembered } = counted((value: number) => value * 2);
    for (let value = 0; value <= MEMO_LIMIT; value += 1) remembered(value);
    expect(inner).toHaveBeenCalledTimes(MEMO_LIMIT + 1);
    remembered(MEMO_LIMIT);
    remembered(1);
    expect(inner).toHaveBeenCalledTimes(MEMO_LIMIT + 1);
    // The first answer made room for the last: asked again, it is made again.
    expect(remembered(0)).toBe(0);
    expect(inner).toHaveBeenCalledTimes(MEMO_LIMIT + 2);
  });

  it(`holds ${MEMO_LIMIT} answers to pairs in all, the oldest first argument's dropped first`, () => {
    const { inner, remembered } = counted((row: number, column: number) => row * 1000 + column);
    // Rows of 500: the fifth row passes the limit.
    for (let row = 0; row < 5; row += 1) {
      for (let column = 0; column < 500; column += 1) remembered(row, column);
    }
    expect(inner).toHaveBeenCalledTimes(2500);
    // Rows 1 to 4 are held; row 0 made room for row 4, all of it at once.
    remembered(1, 0);
    remembered(4, 499);
    expect(inner).toHaveBeenCalledTimes(2500);
    expect(remembered(0, 499)).toBe(499);
    expect(inner).toHaveBeenCalledTimes(2501);
  });
});

describe('simpleHash', () => {
  it('writes values out as Chakra does, objects with their keys in order', () => {
    expect(simpleHash({ z: 1, a: { y: [true], b: 'x' } })).toBe(
      'o:{a:o:{b:s:x,y:a:[b:true]},z:n:1}',
    );
    expect(simpleHash([1, 'b', [null, undefined]])).toBe('a:[n:1,s:b,a:[null,undefined]]');
    expect(simpleHash(function named() {})).toBe('f:named');
    expect(simpleHash(() => {})).toBe('f:anonymous');
    expect(simpleHash({})).toBe('o:{}');
    expect(simpleHash([])).toBe('a:[]');
  });
});

const chakraPackage = path.dirname(require.resolve('@chakra-ui/react/package.json'));

/**
 * A fresh Chakra engine with Chakra's default theme, on its own memo or on ours (the unit tests
 * load Chakra's CommonJS build, whose memo module is replaced here as the site's build replaces the
 * ES one).
 */
function freshSystem(ours: boolean): SystemContext {
  let system: SystemContext | undefined;
  jest.isolateModules(() => {
    if (ours) {
      jest.doMock(path.join(chakraPackage, 'dist/cjs/utils/memo.cjs'), () => ({ memo: ourMemo }));
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy per engine
    const chakra = require('@chakra-ui/react') as typeof Chakra;
    system = chakra.createSystem(chakra.defaultConfig);
  });
  return system!;
}

/** Styles through every memoized step: tokens, shorthands, conditions, breakpoints, !important. */
const STYLES: SystemStyleObject[] = [
  { display: 'flex', px: '4', py: '2', color: 'red.500', bg: 'gray.100' },
  { _hover: { bg: 'blue.500/40', color: 'white' }, _focusVisible: { outline: '2px solid' } },
  { p: { base: '2', md: '4', lg: '8' }, fontSize: ['sm', 'md', 'lg'] },
  { marginInline: 'auto !important', width: 'calc(100% - {spacing.4})' },
  { colorPalette: 'teal', bg: 'colorPalette.500', _dark: { bg: 'colorPalette.700' } },
  { '& > li': { mt: '2' }, '@container (min-width: 40rem)': { gridTemplateColumns: '1fr 1fr' } },
];

/** This memo, counting the functions Chakra's engine hands it. */
const ourMemo = jest.fn(memo);

describe("Chakra's engine on this memo", () => {
  it('makes the same CSS, recipes and tokens as on its own memo', () => {
    const theirs = freshSystem(false);
    expect(ourMemo).not.toHaveBeenCalled();
    const ours = freshSystem(true);
    expect(ourMemo.mock.calls.length).toBeGreaterThan(5);
    for (const styles of STYLES) {
      expect(ours.css(styles)).toEqual(theirs.css(styles));
      // Asked again, from the cache: the same answer.
      expect(ours.css(styles)).toBe(ours.css({ ...styles }));
    }
    expect(ours.css(STYLES[0]!, STYLES[1]!)).toEqual(theirs.css(STYLES[0]!, STYLES[1]!));
    const button = { base: { px: '3' }, variants: { size: { sm: { h: '8' }, md: { h: '10' } } } };
    for (const size of ['sm', 'md'] as const) {
      expect(ours.cva(button)({ size })).toEqual(theirs.cva(button)({ size }));
    }
    expect(ours.token('colors.red.500')).toBe(theirs.token('colors.red.500'));
    expect(ours.token.var('spacing.4')).toBe(theirs.token.var('spacing.4'));
  });
});

describe('the memo loader', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS webpack loader
  const loader = require('./loader.cjs') as {
    test: RegExp;
    withOurMemo(source: string, file?: string): string;
  };
  const chakraFile = path.join(chakraPackage, 'dist/esm/utils/memo.js');

  it("is for Chakra's memo module, and nothing else", () => {
    expect(loader.test.test(chakraFile)).toBe(true);
    expect(loader.test.test(chakraFile.replace('memo.js', 'merge.js'))).toBe(false);
    expect(loader.test.test(path.join(__dirname, 'memo.ts'))).toBe(false);
  });

  it('makes the module a re-export of this memo', () => {
    expect(loader.withOurMemo(readFileSync(chakraFile, 'utf8'))).toBe(
      `export { memo } from ${JSON.stringify(path.join(__dirname, 'memo.ts'))};\n`,
    );
  });

  it("fails the build when Chakra's module exports more, saying what to update", () => {
    expect(() =>
      loader.withOurMemo('const memo = () => {};\nexport { memo, LRUCache };\n', 'memo.js'),
    ).toThrow(
      'memo.js: expected it to export memo alone, found ["memo","LRUCache"]. Chakra changed its memo module: update site/src/app/chakra/loader.cjs.',
    );
  });
});
