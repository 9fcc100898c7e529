// The browser's style cache (Emotion's, which Chakra writes through), made for what the browser
// does with style sheets that change.
// - It starts from the page's server-rendered styles without touching them. Emotion's own cache
//   moves every server-rendered <style> it finds to the end of <head>, and each <Global> moves its
//   tag again when it hydrates: the browser takes each move for a new style sheet, matches every
//   element's style again, restarts the running animations and lays the whole page out again,
//   once per round of moves (on /reporting/, two layouts of all its 450 objects). The server
//   writes its tags under an attribute Emotion does not look for (src/app/serverStyles.tsx); this
//   cache reads from them which rules the page already holds, so that Emotion neither moves nor
//   writes them again.
// - It writes the rules it adds later into a new tag per batch (the rules one piece of script
//   inserts), appended after the others. Emotion adds every rule to one sheet: a rule added to a
//   sheet the browser has already read makes it read the sheet again, and once the sheet holds a
//   cascade layer (Chakra's recipes are in `@layer recipes`), that means rebuilding the page's
//   layers and web fonts, matching every element again and laying the page out again: 8-90 ms
//   per batch on /reporting/, against under 1 ms for a new sheet appended.
import createCache, { type EmotionCache } from '@emotion/cache';

/** The key Chakra's and Emotion's cache uses: the class names and the ids carry it. */
export const STYLE_KEY = 'css';

/** The attribute of the server's style tags: `<key> <id> <id>...`. */
export const SERVER_STYLES_ATTRIBUTE = 'data-server-styles';

/** The key of a tag that holds one global style (a `<Global>`'s, or a keyframes rule). */
const GLOBAL_KEY = `${STYLE_KEY}-global`;

/**
 * How many tags the cache writes a batch each, at most; the rules after them go into the last
 * one. Each sheet is one more for the browser to match every element against.
 */
export const MAX_BATCH_TAGS = 64;

/**
 * A cache that knows the rules of `document`'s server-rendered style tags: Emotion inserts none
 * of them again, a `<Global>` whose styles the page holds writes nothing, and the tags stay where
 * they are. The rules the page does not hold yet go into new tags, a batch each.
 */
export function createBrowserStyleCache(document: Document): EmotionCache {
  const cache = createCache({ key: STYLE_KEY, container: document.head, speedy: true });
  writeInBatches(cache.sheet);
  const serverGlobals = new Set<string>();
  for (const tag of document.querySelectorAll(`style[${SERVER_STYLES_ATTRIBUTE}]`)) {
    const [key, ...ids] = (tag.getAttribute(SERVER_STYLES_ATTRIBUTE) ?? '').split(' ');
    for (const id of ids) {
      if (!id) continue;
      cache.inserted[id] = true;
      if (key === GLOBAL_KEY) serverGlobals.add(id);
    }
  }
  // A <Global> writes its styles into a sheet of its own through `insert`, without looking at
  // what the cache holds (the class rules and keyframes go through `inserted`).
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) =>
    selector === '' && serverGlobals.has(serialized.name)
      ? undefined
      : insert(selector, serialized, sheet, shouldCache);
  return cache;
}

/**
 * Makes `sheet` start a new tag for the first rule of each batch: the rules inserted before the
 * script that inserts them lets the browser go on (a microtask). Emotion's sheet starts a new tag
 * whenever its count of rules is a multiple of its tag size (65,000 rules when `speedy`).
 */
function writeInBatches(sheet: EmotionCache['sheet']): void {
  const insert = sheet.insert.bind(sheet);
  let batchOpen = false;
  sheet.insert = (rule: string) => {
    if (!batchOpen && sheet.tags.length < MAX_BATCH_TAGS) {
      batchOpen = true;
      queueMicrotask(() => {
        batchOpen = false;
      });
      sheet.ctr = 0;
    }
    insert(rule);
  };
}

let pageCache: EmotionCache | undefined;

/** The page's cache, made on first use (in the browser only). */
export function browserStyleCache(): EmotionCache {
  pageCache ??= createBrowserStyleCache(document);
  return pageCache;
}
