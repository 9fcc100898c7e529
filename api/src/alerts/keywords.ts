// Which of many alerts' keywords a source says: one pass over the source's text for all of them
// (Aho–Corasick, from modern-ahocorasick), so that a thousand alerts on every new source cost one
// read of each new source, not a thousand. Compared as the SQL of a source alert compares them:
// case-insensitive, anywhere in the title, the description or a line of the transcript.
import AhoCorasick from 'modern-ahocorasick';

/** How a keyword and a text are compared: lower case. */
export const foldKeyword = (text: string) => text.toLowerCase();

/** A dictionary of keywords, compiled once and reused while the keywords stay the same. */
export class KeywordMatcher {
  readonly #keywords: readonly string[];
  readonly #matcher: AhoCorasick | null;

  /** The folded, distinct keywords of `keywords`. */
  constructor(keywords: Iterable<string>) {
    this.#keywords = [...new Set([...keywords].map(foldKeyword))].sort();
    this.#matcher = this.#keywords.length > 0 ? new AhoCorasick([...this.#keywords]) : null;
  }

  /** Whether this matcher knows exactly these keywords (folded, in any order). */
  same(keywords: Iterable<string>): boolean {
    const other = [...new Set([...keywords].map(foldKeyword))].sort();
    return other.length === this.#keywords.length && other.every((k, i) => k === this.#keywords[i]);
  }

  /** The folded keywords that `parts` say, each part read on its own (no match across two). */
  saidIn(parts: readonly string[]): Set<string> {
    const said = new Set<string>();
    if (!this.#matcher) return said;
    // A line break never is in a keyword (its white space is one space), so no match spans two.
    const counts = this.#matcher.countByPattern(foldKeyword(parts.join('\n')));
    counts.forEach((count, index) => {
      if (count > 0) said.add(this.#keywords[index]!);
    });
    return said;
  }
}
