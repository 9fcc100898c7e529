// A webpack loader for Chakra's `styled-system/sort-at-params.js`, which orders a style's media and
// container queries: its text comparisons (`a.localeCompare(b)`, three of them) go through
// compareText.ts, which answers as the collator does without starting it (see there). The site's
// build uses it for both its browser and its server bundles (gatsby-node.ts). A Chakra whose file
// no longer has the three comparisons fails the build, rather than being left as it is unnoticed.
const path = require('node:path');

const COMPARISON = /\b([A-Za-z_$][\w$]*)\.localeCompare\(([A-Za-z_$][\w$]*)\)/g;
const EXPECTED = 3;
const COMPARE_TEXT = path.join(__dirname, 'compareText.ts');

/** The rewritten module, or an error that says what changed. */
function withoutCollator(source, file = 'sort-at-params.js') {
  const found = source.match(COMPARISON) ?? [];
  if (found.length !== EXPECTED) {
    throw new Error(
      `${file}: expected ${EXPECTED} localeCompare comparisons to replace, found ${found.length}. ` +
        'Chakra changed how it orders media queries: update site/src/app/collator/loader.cjs.',
    );
  }
  const replaced = source.replace(COMPARISON, '__coinlensCompareText($1, $2)');
  // At the end (an import counts wherever it is), so that the module keeps its lines.
  return `${replaced}\nimport { compareText as __coinlensCompareText } from ${JSON.stringify(COMPARE_TEXT)};\n`;
}

/** @this {{ resourcePath: string }} */
function loader(source) {
  return withoutCollator(source, this.resourcePath);
}

/** Which file the loader is for: Chakra's module, in its ES build (what webpack bundles). */
loader.test =
  /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]sort-at-params\.js$/;
loader.withoutCollator = withoutCollator;
module.exports = loader;
