/**
 * Compares two strings as `a.localeCompare(b)` does, without starting the browser's collator
 * where the answer does not need it. The collator's first use loads ICU's collation data: about
 * 15 ms, 60-70 ms at 4x CPU slowdown, a long task of every page's start, and Chakra's only use of
 * it is to order a style's media and container queries of equal width (`sort-at-params`: see
 * `loader.cjs`). Those strings differ first where both have a lower-case letter (or both an
 * upper-case one, or both a digit), or one is the other's start: the collator's root order is the
 * character codes' there. Any other pair is the collator's to answer. So the order is the
 * collator's (its root order, which English, Chinese and Portuguese keep for ASCII), and the same
 * in every browser and on the server.
 */
export function compareText(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  for (let index = 0; index < shorter; index += 1) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    return sameKind(x, y) ? Math.sign(x - y) : a.localeCompare(b);
  }
  if (a.length === b.length) return 0;
  // One starts the other: the longer comes after it when what it adds is printable ASCII, which
  // the collator never ignores.
  const rest = a.length > b.length ? a.slice(shorter) : b.slice(shorter);
  if (!PRINTABLE_ASCII.test(rest)) return a.localeCompare(b);
  return a.length > b.length ? 1 : -1;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

const isLower = (code: number) => code >= 0x61 && code <= 0x7a;
const isUpper = (code: number) => code >= 0x41 && code <= 0x5a;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/** Two characters the collator orders as their codes: both lower-case, upper-case or digits. */
const sameKind = (x: number, y: number) =>
  (isLower(x) && isLower(y)) || (isUpper(x) && isUpper(y)) || (isDigit(x) && isDigit(y));
