// A webpack loader for Chakra's `utils/memo.js`, the cache in front of its styling engine's steps:
// the module becomes a re-export of memo.ts (see there), for the site's browser and server bundles
// (gatsby-node.ts). A Chakra whose file exports anything else than `memo` fails the build, rather
// than losing what it added unnoticed.
const path = require('node:path');

const EXPORTS = /^export\s*\{([^}]*)\}\s*;?\s*$/gm;
const MEMO = path.join(__dirname, 'memo.ts');

/** The module that takes the place of `source`, or an error that says what changed. */
function withOurMemo(source, file = 'memo.js') {
  const exported = [...source.matchAll(EXPORTS)].flatMap((match) =>
    match[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
  if (exported.length !== 1 || exported[0] !== 'memo') {
    throw new Error(
      `${file}: expected it to export memo alone, found ${JSON.stringify(exported)}. ` +
        'Chakra changed its memo module: update site/src/app/chakra/loader.cjs.',
    );
  }
  return `export { memo } from ${JSON.stringify(MEMO)};\n`;
}

function loader(source) {
  return withOurMemo(source, this.resourcePath);
}

/** Which file the loader is for: Chakra's module, in its ES build (what webpack bundles). */
loader.test = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]utils[\\/]memo\.js$/;
loader.withOurMemo = withOurMemo;
module.exports = loader;
