// The whole text of a post whose feed gives only an excerpt, read from the post's own page: the
// page is parsed by linkedom and its article found by Mozilla's Readability (Firefox's Reader
// View), which leaves out the navigation, the footer, the comments and the like.
//
// An item is taken for an excerpt when its text ends with an ellipsis (`…`, `...`, `[…]`: a feed
// that cut it), or when the feed gives no field for the whole text (no `content:encoded`, Atom
// `content`, JSON Feed `content_html` or `content_text`) and its text is shorter than
// EXCERPT_MAX_CHARS, Readability's own measure of an article. A description that short is a
// teaser; a longer one is most likely the post itself, which many RSS feeds put there.
//
// The page's article replaces the excerpt only when it says more: longer than the feed's text,
// and at least ARTICLE_MIN_CHARS (fewer are a paywall's or a consent wall's words, not a post).
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { ImportedLine } from '../monitor/types.js';
import { contentText, itemKind } from './items.js';
import type { FeedItem, ParsedFeed } from './parse.js';
import { htmlText, textLines } from './transcript.js';

/**
 * Feed text without a full-text field shorter than this is an excerpt: the characters
 * Readability itself asks of an article (its `charThreshold` default).
 */
export const EXCERPT_MAX_CHARS = 500;
/**
 * The fewest characters of a page's article taken for the post. Lower than EXCERPT_MAX_CHARS:
 * a short news item in Chinese or Japanese says in 300 characters what English says in 700.
 */
export const ARTICLE_MIN_CHARS = 200;
/**
 * Elements a page may have for Readability to look through it: far more than an article page
 * has, and a bound on the time one page can take of the process.
 */
const MAX_ELEMENTS = 50_000;

// An ellipsis at the end, maybe in brackets or before a closing quote: WordPress's `[…]`, `...`.
const CUT = /(?:…|\.\.\.)[\s\])}»"'”’]*$/u;

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether the item's text is only the start of the post (see the top of this file). */
export function isExcerpt(item: Pick<FeedItem, 'content' | 'html' | 'fullContent'>): boolean {
  const text = flat(contentText(item));
  return CUT.test(text) || (!item.fullContent && text.length < EXCERPT_MAX_CHARS);
}

/**
 * The page to read for an item's whole text: its link, when it is a post (not an episode) whose
 * feed gives an excerpt, and the link is not the site's own home page. Null for none.
 */
export function articlePage(feed: ParsedFeed, item: FeedItem): string | null {
  if (!item.link || item.link === feed.link) return null;
  return itemKind(feed, item) === 'article' && isExcerpt(item) ? item.link : null;
}

/** What the page gave: the article's lines, or why they are not taken. */
export type ArticleResult = { lines: ImportedLine[] } | { unused: string };

/**
 * The lines of the article in an HTML page, said by `speaker`; unused when Readability finds none,
 * or finds no more than the feed's own text (`excerptChars` long) or under ARTICLE_MIN_CHARS.
 */
export function articleLines(html: string, excerptChars: number, speaker: string): ArticleResult {
  const { document } = parseHTML(html);
  let article: ReturnType<Readability['parse']>;
  try {
    article = new Readability(document, { maxElemsToParse: MAX_ELEMENTS }).parse();
  } catch (error) {
    // Readability gives up on a page past `maxElemsToParse` by throwing.
    return { unused: `not read by Readability: ${(error as Error).message}` };
  }
  const text = article?.content ? htmlText(article.content) : '';
  const length = flat(text).length;
  if (length < ARTICLE_MIN_CHARS || length <= excerptChars) {
    return { unused: `no article found (${length} characters of text)` };
  }
  return { lines: textLines(text, speaker) };
}

/** The length of the item's own text, as `articleLines` measures the page's. */
export function excerptLength(item: Pick<FeedItem, 'content' | 'html'>): number {
  return flat(contentText(item)).length;
}
