import { recipes, slotRecipes } from './recipes';
import { fontSizes, lineHeights } from './tokens/typography';
import { radii, sizes, spacing } from './tokens/layout';

// A recipe value that names no token is passed to CSS as is: `padding: 9` is dropped by the
// browser without a word. This walks every registered recipe and checks each token-looking value.
const SPACE = new Set(Object.keys(spacing));
const SIZE = new Set(Object.keys(sizes));
const SPACE_PROPS =
  /^(margin|padding|gap|rowGap|columnGap|top|right|bottom|left|inset)(X|Y|Top|Right|Bottom|Left|Inline|Block)?$/;
const SIZE_PROPS = /^(width|height|minWidth|maxWidth|minHeight|maxHeight|boxSize)$/;
const CHECKS: Array<[RegExp, Set<string>, string]> = [
  [SPACE_PROPS, SPACE, 'spacing'],
  [SIZE_PROPS, SIZE, 'sizes'],
  [/^borderRadius$|^rounded$/, new Set(Object.keys(radii)), 'radii'],
  [/^fontSize$/, new Set(Object.keys(fontSizes)), 'fontSizes'],
  [/^lineHeight$/, new Set(Object.keys(lineHeights)), 'lineHeights'],
];
// Plain CSS values that need no token.
const CSS_VALUE =
  /(px|rem|em|%|vh|vw|ch|\(|var|auto|none|inherit|initial|unset|max-content|min-content|fit-content)/;

function walk(node: unknown, path: string, problems: string[]) {
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    const here = `${path}.${key}`;
    if (typeof value === 'string' || typeof value === 'number') {
      for (const [prop, tokens, kind] of CHECKS) {
        if (!prop.test(key)) continue;
        const text = String(value).replace(/^-/, '');
        if (text === '0' || CSS_VALUE.test(text) || tokens.has(text)) continue;
        problems.push(`${here} = ${String(value)} is not a ${kind} token`);
      }
    } else {
      walk(value, here, problems);
    }
  }
}

describe('registered recipes', () => {
  it.each(Object.entries({ ...recipes, ...slotRecipes }))(
    '%s uses only existing tokens',
    (name, recipe) => {
      const problems: string[] = [];
      walk(recipe, name, problems);
      expect(problems).toEqual([]);
    },
  );
});
