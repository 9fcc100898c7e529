// Chakra's `memo`, the cache in front of every step of its styling engine (a prop's transform, a
// token's variable, a condition's order, a style object's CSS), as the site's build has it: the
// build puts this module in the place of Chakra's `utils/memo.js` (gatsby-node.ts).
//
// Chakra's turns every call's arguments into text (`simpleHash`: "s:" + a string, "n:" + a number,
// objects written out key by key, sorted) and looks that text up in a cache of 500, moving the
// entry to the end on every hit. A page's load makes 13,000-17,000 such calls (a counting build,
// 2026-11-28), almost all with one or two strings or numbers; each made a new string to hash, and
// the engine's caches overflowed their 500. Here one or two plain values (string, number, boolean,
// null, undefined) are looked up as themselves, and only objects, arrays and functions are written
// out as Chakra writes them. The answers are the same: a function called with arguments of the same
// content gets the answer it gave the first time, as long as that is still held.

/** How many answers each memoized function holds, the oldest dropped first beyond it. */
export const MEMO_LIMIT = 2000;

type Key = string | number | boolean | bigint | symbol | null | undefined;

/** Whether `value` is looked up as itself: anything but an object or a function. */
function isPlain(value: unknown): value is Key {
  return value === null || (typeof value !== 'object' && typeof value !== 'function');
}

/** A cache of at most MEMO_LIMIT answers, dropping the oldest first. */
class Answers<K, V> {
  private readonly held = new Map<K, V>();

  get(key: K): V | undefined {
    return this.held.get(key);
  }

  set(key: K, value: V): V {
    if (this.held.size >= MEMO_LIMIT) {
      const oldest = this.held.keys().next();
      if (!oldest.done) this.held.delete(oldest.value);
    }
    this.held.set(key, value);
    return value;
  }
}

/**
 * Answers by two plain arguments, at most MEMO_LIMIT in all: beyond them, every answer of the
 * oldest first argument is dropped at once.
 */
class PairAnswers<V> {
  private readonly held = new Map<Key, Map<Key, V>>();
  private size = 0;

  get(first: Key, second: Key): V | undefined {
    return this.held.get(first)?.get(second);
  }

  set(first: Key, second: Key, value: V): void {
    while (this.size >= MEMO_LIMIT) {
      const oldest = this.held.entries().next();
      if (oldest.done) break;
      this.held.delete(oldest.value[0]);
      this.size -= oldest.value[1].size;
    }
    let answers = this.held.get(first);
    if (!answers) {
      answers = new Map();
      this.held.set(first, answers);
    }
    if (!answers.has(second)) this.size += 1;
    answers.set(second, value);
  }
}

/** Chakra's text for a value: the same content gives the same text. */
export function simpleHash(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  switch (typeof value) {
    case 'string':
      return `s:${value}`;
    case 'number':
      return `n:${value}`;
    case 'boolean':
      return `b:${value}`;
    case 'function':
      return `f:${value.name || 'anonymous'}`;
    case 'object': {
      if (Array.isArray(value)) {
        let text = 'a:[';
        for (let index = 0; index < value.length; index += 1) {
          if (index > 0) text += ',';
          text += simpleHash(value[index]);
        }
        return `${text}]`;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      let text = 'o:{';
      for (let index = 0; index < keys.length; index += 1) {
        const key = keys[index] as string;
        if (index > 0) text += ',';
        text += `${key}:${simpleHash(record[key])}`;
      }
      return `${text}}`;
    }
    default:
      return String(value);
  }
}

/**
 * `fn`, answering again what it answered before for arguments of the same content (Chakra's
 * contract). `fn` must depend on its arguments' content alone, as Chakra's memoized steps do. An
 * undefined answer is not kept, as in Chakra's: `fn` is asked again the next time.
 */
export function memo<Args extends unknown[], Result>(
  fn: (this: unknown, ...args: Args) => Result,
): (this: unknown, ...args: Args) => Result {
  // One plain value; two plain values (by the first, then the second); anything else, by text.
  const byValue = new Answers<Key, Result>();
  const byPair = new PairAnswers<Result>();
  const byText = new Answers<Key, Result>();

  return function get(this: unknown, ...args: Args): Result {
    // Indexes rather than destructuring: the engine's first calls run before the browser has
    // compiled this, where destructuring walks the array's iterator.
    const first = args[0];
    if (args.length === 2 && isPlain(first)) {
      const second = args[1];
      if (isPlain(second)) {
        const known = byPair.get(first, second);
        if (known !== undefined) return known;
        const answer = fn.apply(this, args);
        if (answer !== undefined) byPair.set(first, second, answer);
        return answer;
      }
    }
    let answers: Answers<Key, Result>;
    let key: Key;
    if (args.length === 1 && isPlain(first)) {
      answers = byValue;
      key = first;
    } else {
      answers = byText;
      key = args.length === 1 ? simpleHash(first) : args.map(simpleHash).join('|');
    }
    const known = answers.get(key);
    if (known !== undefined) return known;
    const answer = fn.apply(this, args);
    if (answer !== undefined) answers.set(key, answer);
    return answer;
  };
}
