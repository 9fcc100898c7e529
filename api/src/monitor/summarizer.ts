// Summaries of event transcripts: an assistant behind any OpenAI-compatible endpoint when one is
// configured, and a built-in extractive summarizer that needs nothing and is the fallback. Both
// name the coins the transcript talks about (findCoinMentions).
import OpenAI from 'openai';
import type { Locale } from '@coinlens/contract';
import type {
  ImportedLine,
  KnownCoin,
  Summarizer,
  SummaryInput,
  TranscriptSummary,
} from './types.js';

type SummaryResult = TranscriptSummary & { coinIds: number[] };

// ---------------------------------------------------------------------------------------------
// Coin mentions

/**
 * Words that are also symbols or names of coins (ONE, GAS, ME, Near, Optimism, Just, Story...).
 * Such a symbol counts only when the coin's name is mentioned too; such a name only when
 * capitalised and when the coin's symbol is mentioned too ("Flow" in a show's title, "Just" at
 * the start of a sentence are no coins).
 */
const COMMON_WORDS = new Set(
  // English
  (
    'ai all am an and any are as at be big but by can cat do dog for fun gas get go good he hi ' +
    'hot if in is it key me my new no not now of ok on one or out so sun the to up us we win yes ' +
    'you ' +
    // Portuguese, for pt-br transcripts
    'ao da de em na os ou se um ' +
    // Coin names that are ordinary words
    'avalanche blast compound core cosmos dash deep flow gala graph harmony immutable internet ' +
    'computer jupiter just maker mantle movement near network ocean optimism plasma polygon ' +
    'quant render safe sandbox sei sky sonic stacks status stellar story usual virtual walrus ' +
    'waves wormhole'
  ).split(' '),
);

/**
 * Chinese names of the best-known coins, by the coin's English name in lower case. A zh
 * transcript says 比特币 far more often than Bitcoin.
 */
const CHINESE_NAMES: Record<string, readonly string[]> = {
  bitcoin: ['比特币'],
  'bitcoin cash': ['比特币现金'],
  ethereum: ['以太坊', '以太币'],
  'ethereum classic': ['以太经典'],
  tether: ['泰达币'],
  bnb: ['币安币'],
  xrp: ['瑞波币'],
  dogecoin: ['狗狗币'],
  cardano: ['艾达币'],
  tron: ['波场'],
  litecoin: ['莱特币'],
  polkadot: ['波卡'],
};

/** Scripts written without spaces: a Latin name inside them is still a whole word. */
const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;
/** A word: letters, digits and marks of scripts that separate words with spaces. */
const WORD = /(?:(?![\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}])[\p{L}\p{N}\p{M}])+/gu;

interface Token {
  start: number;
  end: number;
  text: string;
  lower: string;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index ?? 0;
    tokens.push({
      start,
      end: start + match[0].length,
      text: match[0],
      lower: match[0].toLowerCase(),
    });
  }
  return tokens;
}

/** What separates two words, compared loosely: any run of white space is one space. */
function gapOf(text: string): string {
  return text.replace(/\s+/g, ' ').toLowerCase();
}

interface NamePattern {
  coin: number;
  words: string[];
  gaps: string[];
  /** The name is an ordinary word: only its capitalised form counts. */
  capitalised: boolean;
  /** Every word of the name is an ordinary word: it counts only beside the coin's symbol. */
  weak: boolean;
}

interface Match {
  start: number;
  end: number;
  coin: number;
  name: boolean;
  /**
   * A symbol that is also a common word (counts only if the coin's name is mentioned), or a
   * name made of common words (counts only if the coin's symbol is mentioned).
   */
  weak: boolean;
}

/**
 * The ids of the coins `text` mentions, most mentioned first (ties: the earlier first mention).
 * A name matches case-insensitively as a whole word (also inside Chinese text, and by its Chinese
 * name for the best-known coins); a symbol only in upper case, as a whole word of 2 or more
 * characters. Where two names overlap the longer wins ("Bitcoin Cash" is not Bitcoin).
 */
export function findCoinMentions(text: string, coins: readonly KnownCoin[]): number[] {
  if (text === '' || coins.length === 0) return [];
  const tokens = tokenize(text);
  const byFirstWord = new Map<string, NamePattern[]>();
  const bySymbol = new Map<string, { coin: number; weak: boolean }>();
  const phrases: { phrase: string; coin: number }[] = [];

  for (const coin of coins) {
    const name = coin.name.trim();
    const nameTokens = tokenize(name);
    if (nameTokens.length > 0 && !CJK.test(name)) {
      const pattern: NamePattern = {
        coin: coin.id,
        words: nameTokens.map((token) => token.lower),
        gaps: nameTokens
          .slice(1)
          .map((token, i) => gapOf(name.slice(nameTokens[i]?.end, token.start))),
        capitalised: nameTokens.length === 1 && COMMON_WORDS.has(nameTokens[0]?.lower ?? ''),
        weak: nameTokens.every((token) => COMMON_WORDS.has(token.lower)),
      };
      const first = pattern.words[0] ?? '';
      byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), pattern]);
    } else if (name !== '') {
      phrases.push({ phrase: name, coin: coin.id });
    }
    for (const phrase of CHINESE_NAMES[name.toLowerCase()] ?? [])
      phrases.push({ phrase, coin: coin.id });

    const symbol = coin.symbol.trim().toUpperCase();
    // The first coin listed keeps a symbol that several share.
    if ([...symbol].length >= 2 && /^[\p{L}\p{N}]+$/u.test(symbol) && !bySymbol.has(symbol)) {
      bySymbol.set(symbol, { coin: coin.id, weak: COMMON_WORDS.has(symbol.toLowerCase()) });
    }
  }

  const candidates: Match[] = [];
  tokens.forEach((token, i) => {
    for (const pattern of byFirstWord.get(token.lower) ?? []) {
      if (matchesAt(text, tokens, i, pattern)) {
        const last = tokens[i + pattern.words.length - 1] ?? token;
        candidates.push({
          start: token.start,
          end: last.end,
          coin: pattern.coin,
          name: true,
          weak: pattern.weak,
        });
      }
    }
    const symbol = bySymbol.get(token.text);
    if (symbol && token.text.length >= 2) {
      candidates.push({
        start: token.start,
        end: token.end,
        coin: symbol.coin,
        name: false,
        weak: symbol.weak,
      });
    }
  });
  for (const { phrase, coin } of phrases) {
    for (let at = text.indexOf(phrase); at !== -1; at = text.indexOf(phrase, at + phrase.length)) {
      candidates.push({ start: at, end: at + phrase.length, coin, name: true, weak: false });
    }
  }

  // Longest first, so that a longer name claims its text before a shorter one inside it.
  candidates.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const covered = new Uint8Array(text.length);
  const taken: Match[] = [];
  for (const candidate of candidates) {
    if (covered.subarray(candidate.start, candidate.end).includes(1)) continue;
    covered.fill(1, candidate.start, candidate.end);
    taken.push(candidate);
  }

  // A weak match needs the other kind of mention of its coin beside it (weak or not).
  const named = new Set(taken.filter((m) => m.name).map((m) => m.coin));
  const symbolled = new Set(taken.filter((m) => !m.name).map((m) => m.coin));
  const counts = new Map<number, { count: number; first: number }>();
  for (const match of taken) {
    if (match.weak && !(match.name ? symbolled : named).has(match.coin)) continue;
    const entry = counts.get(match.coin);
    if (entry) {
      entry.count++;
      entry.first = Math.min(entry.first, match.start);
    } else {
      counts.set(match.coin, { count: 1, first: match.start });
    }
  }
  return [...counts.entries()]
    .sort(([, a], [, b]) => b.count - a.count || a.first - b.first)
    .map(([coin]) => coin);
}

function matchesAt(
  text: string,
  tokens: readonly Token[],
  i: number,
  pattern: NamePattern,
): boolean {
  const first = tokens[i];
  if (!first) return false;
  if (pattern.capitalised && first.text[0] === first.lower[0]) return false;
  for (let k = 1; k < pattern.words.length; k++) {
    const previous = tokens[i + k - 1];
    const token = tokens[i + k];
    if (!previous || !token || token.lower !== pattern.words[k]) return false;
    if (gapOf(text.slice(previous.end, token.start)) !== pattern.gaps[k - 1]) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Extractive summarizer

const STOP_WORDS = new Set(
  // English, with the fillers of spoken transcripts
  (
    'a about above after again against all also am an and any are as at be because been before ' +
    'being below between both but by can could did do does doing down during each few for from ' +
    'further had has have having he her here hers him his how i if in into is it its itself just ' +
    'me more most my no nor not now of off on once only or other our ours out over own same she ' +
    'should so some such than that the their theirs them then there these they this those through ' +
    'to too under until up very was we were what when where which while who whom why will with ' +
    'would you your yours yeah yes okay ok um uh like really actually basically think know going ' +
    'gonna get got lot lots thing things kind sort right well guys everyone let us want say said ' +
    "mean see go i'm it's that's we're you're don't can't there's let's thanks thank welcome " +
    // Portuguese
    'o os as um uma uns umas de do da dos das em no na nos nas por pelo pela pelos pelas para com ' +
    'sem sob sobre e ou mas que se como quando onde porque porquê quem qual quais muito muita ' +
    'muitos muitas mais menos já ainda também só sim não eu tu ele ela nós vós eles elas você ' +
    'vocês me te lhe nos vos lhes meu minha seu sua nosso nossa isso isto aquilo esse essa este ' +
    'esta aquele aquela ser é são era foi foram está estão estar ter tem têm tinha vai vamos ao ' +
    'aos à às então aqui lá bem tipo né gente coisa todo toda todos todas até acho obrigado ' +
    'obrigada bom boa'
  ).split(' '),
);

/** Characters that carry grammar rather than meaning in Chinese: bigrams with them are skipped. */
const ZH_STOP_CHARS = new Set([...'的了是在和也都就着吗呢吧啊与及或而这那个我你他她它们有不']);

/** Courtesies and fillers of spoken Chinese, as bigrams. */
const ZH_STOP_BIGRAMS = new Set(
  '大家 欢迎 谢谢 感谢 今天 然后 因为 所以 但是 如果 可以 现在 已经 还是 非常 什么 怎么 一下 觉得 其实 一些'.split(
    ' ',
  ),
);

const SUMMARY_SENTENCES = 3;
const SUMMARY_MAX_CHARS = 600;
const KEY_POINTS = 5;
const KEY_POINT_MAX_CHARS = 200;
/** Sentences with fewer content terms ("Thanks everyone!") are picked only when nothing else is left. */
const MIN_TERMS = 3;
/** How much the first sentence is favoured over the last (a gentle 15 %). */
const POSITION_BONUS = 0.15;

/**
 * Splits text into sentences by the Unicode sentence rules (UAX #29, through Intl.Segmenter), which
 * know 。！？ as well as . ! ? and leave "3.5%" or "U.S. spot" whole.
 */
export function splitSentences(text: string, language: Locale = 'en'): string[] {
  const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  return [...segmenter.segment(text)]
    .map(({ segment }) => segment.trim())
    .filter((sentence) => sentence !== '');
}

/**
 * What a transcript sentence is to a summary: only a statement may stand in it. A question ("Why
 * now?", "你怎么看？", "是这样吗。"), an address to a speaker ("Bashir, what changed?", "Thanks,
 * Maria.") or a fragment (no capital or digit to start it, no full stop, "!" or 。！ to end it,
 * trailing off in "…", or an answer that needs its question) reads as a scrap copied out of its
 * conversation.
 */
export type SentenceKind = 'statement' | 'question' | 'address' | 'fragment';

/** Closing quotes and brackets that may follow the end mark of a sentence. */
const CLOSERS = `[\\p{Pf}\\p{Pe}"'」』]*`;
const QUESTION = new RegExp(`(?:[?？][?？!！]*|[吗呢][。！.!]*)${CLOSERS}$`, 'u');
/** Opening quotes or brackets, then a capital, a digit or a letter of a caseless script (汉字). */
const STARTS = /^[\p{Pi}\p{Ps}"'「『]*[\p{Lu}\p{Lt}\p{Lo}\p{N}$]/u;
/**
 * Answers that lean on the question they answer ("Because the market…", "Yes, ETH…", "Sim, …",
 * "是的，…"): out of the conversation they are fragments too.
 */
const REPLY =
  /^(?:(?:Because|Porque)\s|(?:Yes|Yeah|Yep|No|Nope|Exactly|Right|Sim|Não|Exatamente|Isso)\s*[,!.]|(?:是的|对|没错|不是)[，,！!])/u;
/** A full stop or "!" (not "..." or "…", which trail off), then closers. */
const ENDS = new RegExp(`(?<![.…])[.!。！．]${CLOSERS}$`, 'u');

/** Greetings and thanks that, with a name, make a sentence an address in any of our languages. */
const COURTESIES = [
  'thanks',
  'thank you',
  'thanks so much',
  'thank you so much',
  'thanks a lot',
  'welcome',
  'welcome back',
  'hi',
  'hello',
  'hey',
  'cheers',
  'obrigado',
  'obrigada',
  'muito obrigado',
  'muito obrigada',
  'valeu',
  'olá',
  'oi',
  'bem-vindo',
  'bem-vinda',
  '谢谢',
  '感谢',
  '欢迎',
  '你好',
];

function alternation(words: readonly string[]): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
}

/**
 * The names a speaker may be addressed by: the whole name and each capitalised part of it
 * ("Priya Raman", "Priya", "Raman"; "小王").
 */
export function addressableNames(speakers: Iterable<string>): string[] {
  const names = new Set<string>();
  for (const speaker of speakers) {
    const name = speaker.trim();
    if (name === '') continue;
    names.add(name);
    for (const part of name.split(/\s+/)) if (/^\p{Lu}\p{L}/u.test(part)) names.add(part);
  }
  return [...names];
}

interface AddressPatterns {
  /** The name opens the sentence or a clause and a comma follows: "Bashir, what changed?". */
  opening: RegExp;
  /** A courtesy and a name open the sentence: "Thanks Bashir for joining.". */
  courtesy: RegExp;
  /** The name closes the sentence after a comma or a courtesy: "Great point, Maria.". */
  closing: RegExp;
}

function addressPatterns(names: readonly string[]): AddressPatterns | null {
  if (names.length === 0) return null;
  const name = `(?:${alternation(names)})`;
  const courtesy = `(?:${alternation(
    COURTESIES.flatMap((word) => [word, word.charAt(0).toUpperCase() + word.slice(1)]),
  )})`;
  const opener = `[\\p{Pi}\\p{Ps}"'「『]*`;
  // A Latin name is a whole word; a Chinese one runs on into the next character.
  const wordEnd = '(?![\\p{Script=Latin}\\p{N}])';
  return {
    opening: new RegExp(`(?:^|[;:；：—–]\\s*)${opener}${name}\\s*[,，、]`, 'u'),
    courtesy: new RegExp(`^${opener}${courtesy}[\\s,，、]*${name}${wordEnd}`, 'u'),
    closing: new RegExp(
      `(?:[,，、]\\s*|^${opener}${courtesy}[\\s,，、]*)${name}${CLOSERS}[\\s.!?。！？…]*${CLOSERS}$`,
      'u',
    ),
  };
}

/** Sorts out a sentence for the summary; `names` are the transcript's speakers (addressableNames). */
export function sentenceKind(sentence: string, names: readonly string[] = []): SentenceKind {
  return kindOf(sentence.trim(), addressPatterns(names));
}

function kindOf(text: string, address: AddressPatterns | null): SentenceKind {
  if (QUESTION.test(text)) return 'question';
  if (
    address &&
    (address.opening.test(text) || address.courtesy.test(text) || address.closing.test(text))
  )
    return 'address';
  if (!STARTS.test(text) || !ENDS.test(text) || REPLY.test(text)) return 'fragment';
  return 'statement';
}

/** The content terms of a sentence: words without stop words, and character bigrams of Chinese. */
function termsOf(sentence: string): string[] {
  const terms: string[] = [];
  for (const match of sentence
    .toLowerCase()
    .matchAll(/\p{sc=Han}+|[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    const word = match[0];
    if (CJK.test(word)) {
      const chars = [...word];
      if (chars.length === 1 && !ZH_STOP_CHARS.has(word)) terms.push(word);
      for (let i = 0; i + 1 < chars.length; i++) {
        const a = chars[i] ?? '';
        const b = chars[i + 1] ?? '';
        if (!ZH_STOP_CHARS.has(a) && !ZH_STOP_CHARS.has(b) && !ZH_STOP_BIGRAMS.has(a + b)) {
          terms.push(a + b);
        }
      }
    } else {
      const normal = word.replace(/’/g, "'");
      if (normal.length >= 2 && !STOP_WORDS.has(normal) && !/^\d+$/.test(normal))
        terms.push(normal);
    }
  }
  return terms;
}

/** Cuts `text` to at most `max` characters, at a word boundary where there is one, with "…". */
export function truncateText(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  let cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  // Chinese has no spaces: then the cut falls between characters.
  if (space > cut.length * 0.5) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:，、；：]+$/u, '')}…`;
}

interface Sentence {
  text: string;
  index: number;
  /** The index of its line in the input (its first, for a sentence said twice). */
  line: number;
  terms: string[];
  score: number;
  kind: SentenceKind;
}

function scoreSentences(input: SummaryInput): Sentence[] {
  const address = addressPatterns(addressableNames(input.lines.map((line) => line.speaker)));
  const sentences: Sentence[] = [];
  const seen = new Set<string>();
  input.lines.forEach((line, lineIndex) => {
    for (const text of splitSentences(line.text, input.language)) {
      const key = text.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      sentences.push({
        text,
        index: sentences.length,
        line: lineIndex,
        terms: termsOf(text),
        score: 0,
        kind: kindOf(text, address),
      });
    }
  });
  // Questions count here too: what the hosts ask about is what the event is about.
  const frequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const term of sentence.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  const top = Math.max(1, ...frequency.values());
  for (const sentence of sentences) {
    const weight = sentence.terms.reduce((sum, term) => sum + (frequency.get(term) ?? 0) / top, 0);
    // Square root: a long sentence is not worth its length in short ones.
    const density = sentence.terms.length === 0 ? 0 : weight / Math.sqrt(sentence.terms.length);
    const position = 1 + POSITION_BONUS * (1 - sentence.index / sentences.length);
    sentence.score = density * position;
  }
  return sentences;
}

/** Sentences best first: long enough ones by score, then the short ones; ties keep transcript order. */
function rank(sentences: readonly Sentence[]): Sentence[] {
  const long = (s: Sentence) => (s.terms.length >= MIN_TERMS ? 0 : 1);
  return [...sentences].sort((a, b) => long(a) - long(b) || b.score - a.score || a.index - b.index);
}

function inOrder(sentences: readonly Sentence[]): Sentence[] {
  return [...sentences].sort((a, b) => a.index - b.index);
}

const length = (text: string): number => [...text].length;

/**
 * The built-in summarizer: picks the transcript's own most representative statements, scored by
 * the normalised frequency of their content terms. Deterministic and offline. Whole sentences
 * only: one too long for the summary or a key point gives way to the next best rather than being
 * cut.
 */
export function createExtractiveSummarizer(): Summarizer {
  return {
    async summarize(input: SummaryInput): Promise<SummaryResult> {
      if (input.lines.length === 0) throw new Error('the transcript has no lines to summarise');
      const scored = scoreSentences(input);
      if (scored.length === 0) throw new Error('the transcript has no text to summarise');
      const ranked = rank(scored.filter((s) => s.kind === 'statement'));
      const joiner = input.language === 'zh' ? '' : ' ';
      const join = (list: readonly Sentence[]) =>
        inOrder(list)
          .map((s) => s.text)
          .join(joiner);

      const chosen: Sentence[] = [];
      for (const sentence of ranked) {
        if (chosen.length === SUMMARY_SENTENCES) break;
        if (length(join([...chosen, sentence])) <= SUMMARY_MAX_CHARS) chosen.push(sentence);
      }
      if (chosen.length === 0) {
        throw new Error(
          `the transcript has no statement of at most ${SUMMARY_MAX_CHARS} characters to summarise (only questions, addresses to speakers or unfinished sentences)`,
        );
      }
      const keyPoints = inOrder(
        ranked.filter((s) => length(s.text) <= KEY_POINT_MAX_CHARS).slice(0, KEY_POINTS),
      );
      return {
        summary: join(chosen),
        keyPoints: keyPoints.map((s) => s.text),
        // Each key point is a whole sentence of one line: its line is known exactly.
        keyPointLines: keyPoints.map((s) => s.line),
        language: input.language,
        engine: 'extractive',
        coinIds: findCoinMentions(transcriptText(input), input.coins),
      };
    },
  };
}

function transcriptText(input: SummaryInput): string {
  return input.lines.map((line) => line.text).join('\n');
}

// ---------------------------------------------------------------------------------------------
// Assistant summarizer

/** An OpenAI-compatible chat completions endpoint. */
export interface AssistantOptions {
  /** The API root, such as `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  /** Sent as a bearer token; local servers often need none. */
  apiKey?: string;
  model: string;
  /** Per request (default 60 s); one retry follows a timeout or a 5xx. */
  timeoutMs?: number;
  /** For tests and proxies; default the global fetch. */
  fetch?: typeof fetch;
}

/** The transcript sent to the assistant is cut to this many characters. */
export const ASSISTANT_TRANSCRIPT_MAX_CHARS = 60_000;

const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  zh: 'Simplified Chinese (简体中文)',
  'pt-br': 'Brazilian Portuguese (português do Brasil)',
};

/** The system prompt for a summary in `language`. */
export function assistantSystemPrompt(language: Locale): string {
  const name = LANGUAGE_NAMES[language];
  return [
    'You summarise transcripts of live crypto events (X Spaces, AMAs, podcasts, developer calls) for an analysis app.',
    'Answer with exactly one JSON object and nothing else, in this shape:',
    '{"summary": "2 to 4 sentences, at most 600 characters", "keyPoints": [{"text": "a short statement, at most 200 characters", "quote": "5 to 15 words copied exactly from the transcript line it came from"}]}',
    'Give 3 to 5 key points. Keep them in the order they came up. Report only what the speakers said: no advice and no predictions of your own.',
    "Each quote is copied character for character from one line of the transcript, in the transcript's language, without the speaker's name; it lets the reader find where the key point was said. Use null for a key point that no single line says.",
    `Write the summary and the key points in ${name}, whatever the language of the transcript.`,
  ].join('\n');
}

/** The transcript as sent to the assistant, and how many of its first lines that holds. */
function assistantTranscript(input: SummaryInput, max: number): { text: string; lines: number } {
  const out: string[] = [];
  let size = 0;
  for (const line of input.lines) {
    const text = `${line.speaker}: ${line.text}`;
    if (size + text.length + 1 > max) {
      if (out.length === 0) out.push(text.slice(0, max));
      out.push('[the rest of the transcript is cut]');
      return { text: out.join('\n'), lines: out.length - 1 };
    }
    out.push(text);
    size += text.length + 1;
  }
  return { text: out.join('\n'), lines: out.length };
}

/** The transcript as `speaker: text` lines, cut at a line end to fit `max` characters. */
export function transcriptForAssistant(
  input: SummaryInput,
  max = ASSISTANT_TRANSCRIPT_MAX_CHARS,
): string {
  return assistantTranscript(input, max).text;
}

/** The assistant's answer, read. */
export interface AssistantAnswer {
  summary: string;
  keyPoints: string[];
  /**
   * One per key point: the words the assistant quoted from the line it came from, or null.
   * Absent when it quoted nothing (an answer in the older shape, key points as plain strings).
   */
  quotes?: (string | null)[];
}

/** A key point as the answer gives it: a plain string, or `{text, quote}`. */
function readKeyPoint(point: unknown): { text: string; quote: string | null } | null {
  if (typeof point === 'string') return { text: point, quote: null };
  if (typeof point !== 'object' || point === null) return null;
  const { text, quote } = point as { text?: unknown; quote?: unknown };
  if (typeof text !== 'string') return null;
  return { text, quote: typeof quote === 'string' && quote.trim() !== '' ? quote.trim() : null };
}

/**
 * Reads the assistant's answer: one JSON object `{summary, keyPoints}`, possibly in ```json
 * fences, after a <think> block, or amid a sentence of prose. A key point is `{text, quote}` or a
 * plain string. Throws on anything else.
 */
export function parseAssistantAnswer(content: string): AssistantAnswer {
  let text = content.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fenced?.[1] !== undefined) text = fenced[1].trim();
  const open = text.indexOf('{');
  const close = text.lastIndexOf('}');
  if (open === -1 || close < open)
    throw new Error('the assistant did not answer with a JSON object');
  let value: unknown;
  try {
    value = JSON.parse(text.slice(open, close + 1));
  } catch {
    throw new Error('the assistant answered with malformed JSON');
  }
  if (typeof value !== 'object' || value === null)
    throw new Error('the assistant answered with no object');
  const { summary, keyPoints } = value as { summary?: unknown; keyPoints?: unknown };
  if (typeof summary !== 'string' || summary.trim() === '') {
    throw new Error('the assistant answer has no "summary" text');
  }
  const read = Array.isArray(keyPoints) ? keyPoints.map(readKeyPoint) : null;
  if (!read || !read.every((point) => point !== null)) {
    throw new Error('the assistant answer has no "keyPoints" list of strings or {text, quote}');
  }
  const points = read
    .map((point) => ({ ...point!, text: point!.text.trim() }))
    .filter((point) => point.text !== '');
  if (points.length === 0) throw new Error('the assistant answer has no key points');
  // The prompt asks for these sizes; a model that ignores it must not flood the page.
  const kept = points.slice(0, KEY_POINTS * 2);
  const answer: AssistantAnswer = {
    summary: truncateText(summary.trim(), SUMMARY_MAX_CHARS * 2),
    keyPoints: kept.map((point) => truncateText(point.text, KEY_POINT_MAX_CHARS * 2)),
  };
  if (kept.some((point) => point.quote !== null)) answer.quotes = kept.map((point) => point.quote);
  return answer;
}

// ---------------------------------------------------------------------------------------------
// Where the assistant's key points came from

/** Text compared loosely: NFKC, lower case, and nothing but letters and digits. */
function looseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A quote shorter than this (a Chinese character counting 2) is too common to place a point. */
const MIN_QUOTE_WEIGHT = 12;

const quoteWeight = (loose: string): number =>
  [...loose].reduce((sum, char) => sum + (CJK.test(char) ? 2 : 1), 0);

/**
 * The parts of a quote to look for: a model that shortens a quote marks the gap with "..." or
 * "…", and each part must then be found in the same line.
 */
function quoteParts(quote: string): string[] {
  return quote
    .split(/\.{3,}|…/u)
    .map(looseText)
    .filter((part) => quoteWeight(part) >= MIN_QUOTE_WEIGHT / 2);
}

/** A term compared across word forms: words of 5 or more letters by their first 5 (crude, cheap). */
function looseTerms(text: string): Set<string> {
  return new Set(
    termsOf(text).map((term) => (CJK.test(term) ? term : [...term].slice(0, 5).join(''))),
  );
}

/** Of the key point's terms, the weighted share a line must hold to be its source by overlap. */
const MIN_OVERLAP = 0.5;
/** ...and by how much it must beat the next best line. */
const OVERLAP_LEAD = 1.5;

/** Scores lines by the key point's terms they hold, rare terms weighing more (idf). */
class LineIndex {
  readonly #lines: Set<string>[];
  readonly #frequency = new Map<string, number>();

  constructor(lines: readonly ImportedLine[]) {
    this.#lines = lines.map((line) => looseTerms(line.text));
    for (const terms of this.#lines) {
      for (const term of terms) this.#frequency.set(term, (this.#frequency.get(term) ?? 0) + 1);
    }
  }

  #weight(term: string): number {
    // A term no line has weighs most: the key point says something the lines do not.
    return Math.log(1 + this.#lines.length / (this.#frequency.get(term) ?? 1));
  }

  /** Each line's share of the weight of `terms` (0 to 1), and how many of them it holds. */
  scores(terms: ReadonlySet<string>): { score: number; shared: number }[] {
    let total = 0;
    for (const term of terms) total += this.#weight(term);
    return this.#lines.map((line) => {
      let weight = 0;
      let shared = 0;
      for (const term of terms) {
        if (line.has(term)) {
          weight += this.#weight(term);
          shared += 1;
        }
      }
      return { score: total === 0 ? 0 : weight / total, shared };
    });
  }

  /**
   * The line that clearly says most of `text`: half its term weight or more, two terms or more,
   * and well ahead of the next best line; else null.
   */
  best(text: string): number | null {
    const ranked = this.scores(looseTerms(text))
      .map((entry, index) => ({ ...entry, index }))
      .sort((a, b) => b.score - a.score || a.index - b.index);
    const [first, second] = ranked;
    if (!first || first.score < MIN_OVERLAP || first.shared < 2) return null;
    if (second && first.score < second.score * OVERLAP_LEAD) return null;
    return first.index;
  }
}

/**
 * The line each of the assistant's key points came from, among the first `sent` lines (those it
 * was shown): the one line its quote is found in (loosely: case, punctuation and spacing aside);
 * where the quote is missing or found nowhere, the line that clearly shares most of the key
 * point's and the quote's terms; else null. A quote found in several lines goes to the one that
 * shares most terms with the key point (the first on a tie: the statement was made there).
 */
export function locateKeyPoints(
  keyPoints: readonly string[],
  quotes: readonly (string | null)[] | undefined,
  lines: readonly ImportedLine[],
  sent: number = lines.length,
): (number | null)[] {
  const shown = lines.slice(0, sent);
  const loose = shown.map((line) => looseText(line.text));
  const index = new LineIndex(shown);
  return keyPoints.map((point, i) => {
    const quote = quotes?.[i] ?? null;
    const parts = quote === null ? [] : quoteParts(quote);
    if (parts.length > 0 && quoteWeight(parts.join('')) >= MIN_QUOTE_WEIGHT) {
      const found = loose.flatMap((text, line) =>
        parts.every((part) => text.includes(part)) ? [line] : [],
      );
      if (found.length === 1) return found[0]!;
      if (found.length > 1) {
        const scores = index.scores(looseTerms(point));
        return found.reduce((best, line) =>
          scores[line]!.score > scores[best]!.score ? line : best,
        );
      }
    }
    return index.best(quote === null ? point : `${point}\n${quote}`);
  });
}

/** A summarizer that asks an OpenAI-compatible endpoint; throws when it fails or answers badly. */
export function createAssistantSummarizer(options: AssistantOptions): Summarizer {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey || 'none',
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: 1,
    fetch: options.fetch,
  });
  return {
    async summarize(input: SummaryInput): Promise<SummaryResult> {
      if (input.lines.length === 0) throw new Error('the transcript has no lines to summarise');
      const transcript = assistantTranscript(input, ASSISTANT_TRANSCRIPT_MAX_CHARS);
      const completion = await client.chat.completions.create({
        model: options.model,
        temperature: 0.2,
        messages: [
          { role: 'system', content: assistantSystemPrompt(input.language) },
          {
            role: 'user',
            content: `Title: ${input.title}\n\nTranscript:\n${transcript.text}`,
          },
        ],
      });
      const content = completion.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content.trim() === '') {
        throw new Error('the assistant gave an empty answer');
      }
      const { summary, keyPoints, quotes } = parseAssistantAnswer(content);
      return {
        summary,
        keyPoints,
        keyPointLines: locateKeyPoints(keyPoints, quotes, input.lines, transcript.lines),
        language: input.language,
        engine: 'assistant',
        coinIds: findCoinMentions(transcriptText(input), input.coins),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The summarizer the server uses

export interface SummarizerSettings {
  /** An assistant endpoint, or null / absent for the extractive summarizer alone. */
  assistant?: AssistantOptions | null;
  /** Where a failed assistant call is reported (pino's signature). */
  log?: { warn(obj: object, msg: string): void };
}

/** The assistant when configured, falling back to the extractive summarizer when it fails. */
export function createSummarizer(settings: SummarizerSettings): Summarizer {
  const extractive = createExtractiveSummarizer();
  if (!settings.assistant) return extractive;
  const assistant = createAssistantSummarizer(settings.assistant);
  return {
    async summarize(input: SummaryInput): Promise<SummaryResult> {
      try {
        return await assistant.summarize(input);
      } catch (err) {
        settings.log?.warn(
          { err, title: input.title },
          'assistant summary failed; using the extractive summary',
        );
        return extractive.summarize(input);
      }
    },
  };
}

/**
 * The assistant settings from ASSISTANT_BASE_URL, ASSISTANT_API_KEY and ASSISTANT_MODEL
 * (default gpt-4o-mini); null when ASSISTANT_BASE_URL is unset or empty.
 */
export function assistantSettingsFromEnv(
  env: Record<string, string | undefined> = process.env,
): AssistantOptions | null {
  const baseUrl = env.ASSISTANT_BASE_URL?.trim();
  if (!baseUrl) return null;
  let url: URL | null = null;
  try {
    url = new URL(baseUrl);
  } catch {
    // Not a URL: refused below.
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(
      `ASSISTANT_BASE_URL must be an absolute http or https URL such as https://api.openai.com/v1, got "${baseUrl}"`,
    );
  }
  const apiKey = env.ASSISTANT_API_KEY?.trim();
  return {
    baseUrl,
    ...(apiKey ? { apiKey } : {}),
    model: env.ASSISTANT_MODEL?.trim() || 'gpt-4o-mini',
  };
}
