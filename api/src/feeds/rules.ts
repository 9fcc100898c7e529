// An operator's keyword rules for a feed: keep only the items that say one of the `keep` words,
// and mute (never make a source of) the items that say one of the `mute` words. A mute word wins
// over a keep word. Words are matched without regard to case or Unicode form, as whole words where
// they start or end with a letter or digit of a script that separates words with spaces ("ETH"
// is not found in "method"), anywhere in Chinese and other scripts written without spaces.

/** A feed's rules: both empty keeps every item. */
export interface FeedRules {
  keep: readonly string[];
  mute: readonly string[];
}

export const NO_RULES: FeedRules = Object.freeze({ keep: [], mute: [] });

/** A rule word's length in characters, after trimming. */
export const RULE_WORD_LENGTH = Object.freeze({ min: 2, max: 60 });
/** Words in one list of one feed. */
export const MAX_RULE_WORDS = 100;

/** How a word and a text are compared: NFKC, lower case, runs of white space as one space. */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
}

/** A letter, digit or mark of a script that separates its words with spaces. */
const SPACED =
  /(?![\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}])[\p{L}\p{N}\p{M}]/u;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of one folded word: bounded at each end that is a letter or digit of SPACED. */
function wordPattern(word: string): string {
  const chars = [...word];
  const start = SPACED.test(chars[0]!) ? '(?<![\\p{L}\\p{N}\\p{M}])' : '';
  const end = SPACED.test(chars[chars.length - 1]!) ? '(?![\\p{L}\\p{N}\\p{M}])' : '';
  return `${start}${escape(word)}${end}`;
}

/** One expression for a list of words; null for an empty list. */
function listPattern(words: readonly string[]): RegExp | null {
  if (words.length === 0) return null;
  return new RegExp(words.map((word) => wordPattern(foldText(word))).join('|'), 'u');
}

/** A feed's rules made ready to test many items. */
export class RuleMatcher {
  readonly #keep: RegExp | null;
  readonly #mute: RegExp | null;

  constructor(readonly rules: FeedRules) {
    this.#keep = listPattern(rules.keep);
    this.#mute = listPattern(rules.mute);
  }

  /** True when the rules ask for nothing: every item is kept without looking at it. */
  get empty(): boolean {
    return this.#keep === null && this.#mute === null;
  }

  /**
   * What the rules say of an item's texts (title, text, categories, transcript): `mute` when one
   * says a mute word, `drop` when there are keep words and none is said, else `keep`.
   */
  verdict(texts: readonly string[]): 'keep' | 'mute' | 'drop' {
    if (this.empty) return 'keep';
    const folded = texts.map(foldText);
    if (this.#mute && folded.some((text) => this.#mute!.test(text))) return 'mute';
    if (this.#keep && !folded.some((text) => this.#keep!.test(text))) return 'drop';
    return 'keep';
  }
}

/** A list of rule words as a settings file gives it, checked; `where` names it in errors. */
export function ruleWords(value: unknown, where: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${where} must be a list of words`);
  if (value.length > MAX_RULE_WORDS) {
    throw new Error(`${where} may hold at most ${MAX_RULE_WORDS} words, got ${value.length}`);
  }
  const words: string[] = [];
  value.forEach((item: unknown, index) => {
    const word = typeof item === 'string' ? item.normalize('NFKC').trim().replace(/\s+/g, ' ') : '';
    const length = [...word].length;
    if (length < RULE_WORD_LENGTH.min || length > RULE_WORD_LENGTH.max) {
      throw new Error(
        `${where}[${index}] must be a word or phrase of ${RULE_WORD_LENGTH.min} to ${RULE_WORD_LENGTH.max} characters, got ${JSON.stringify(item)}`,
      );
    }
    if (!words.some((known) => foldText(known) === foldText(word))) words.push(word);
  });
  return words;
}
