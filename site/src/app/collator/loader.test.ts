/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS webpack loader
const loader = require('./loader.cjs') as {
  test: RegExp;
  withoutCollator(source: string, file?: string): string;
};

const chakraFile = path.join(
  path.dirname(require.resolve('@chakra-ui/react/package.json')),
  'dist/esm/styled-system/sort-at-params.js',
);

describe('the collator loader', () => {
  it('is for Chakra’s ordering of media queries, and nothing else', () => {
    expect(loader.test.test(chakraFile)).toBe(true);
    expect(loader.test.test(chakraFile.replace('sort-at-params', 'sort-at-rules'))).toBe(false);
    expect(loader.test.test(path.join(__dirname, 'compareText.ts'))).toBe(false);
  });

  it('makes its three text comparisons with compareText and keeps its lines', () => {
    const source = readFileSync(chakraFile, 'utf8');
    const rewritten = loader.withoutCollator(source);
    expect(rewritten).not.toContain('localeCompare');
    expect(rewritten.match(/__coinlensCompareText\(a, b\)/g)).toHaveLength(3);
    const lines = rewritten.split('\n');
    expect(lines.slice(0, source.split('\n').length).map((line) => line.length > 0)).toEqual(
      source.split('\n').map((line) => line.length > 0),
    );
    expect(lines.at(-2)).toBe(
      `import { compareText as __coinlensCompareText } from ${JSON.stringify(
        path.join(__dirname, 'compareText.ts'),
      )};`,
    );
  });

  it('fails the build when Chakra’s file changed, saying what to update', () => {
    const source = readFileSync(chakraFile, 'utf8');
    const changed = source.replace('return a.localeCompare(b);\n});', 'return 0;\n});');
    expect(changed).not.toBe(source);
    expect(() => loader.withoutCollator(changed, 'sort-at-params.js')).toThrow(
      'sort-at-params.js: expected 3 localeCompare comparisons to replace, found 2. Chakra changed how it orders media queries: update site/src/app/collator/loader.cjs.',
    );
  });
});
