// Reads the operator's feeds (FEEDS) on their schedule, from the job engine's `feeds.poll` job.
//
// Every request goes through the FetchGuard (src/net/guard.ts): public addresses only, each
// redirect checked as the first, a time-out over the whole exchange and a size limit (a feed or
// transcript past it is refused, not read in part). A feed is read with a conditional request
// (If-None-Match, If-Modified-Since): a 304 changes nothing. Every body is decoded in the
// character encoding it declares (./encoding.ts). A post whose feed gives only an excerpt is read
// whole from its page (./fulltext.ts), through the same guard and limits; a page that cannot be
// read leaves the excerpt, and is tried again at the next read. A failed read is recorded on the
// feed and tried again after a back-off that doubles from a minute to six hours, or after the
// time a 429 or 503 names in Retry-After when that is later; the sources already read stay.
//
// A run takes the feeds that are due; each is claimed with a compare-and-set on `nextFetchAt`
// (moved a lease ahead), so that two processes running the job at once never read the same feed,
// and a process that dies mid-read leaves a claim that lapses.
import { and, asc, eq, inArray, lte, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../auth/clock.js';
import type { Changes } from '../changes.js';
import type { Database } from '../db/client.js';
import { feeds } from '../db/schema.js';
import type { ImportedLine } from '../monitor/types.js';
import { FetchRefusedError, type FetchGuard, type GuardedResponse } from '../net/guard.js';
import { decodeBody, isHtmlType } from './encoding.js';
import { articleLines, articlePage, excerptLength } from './fulltext.js';
import {
  contentLines,
  holdLiveSources,
  itemDraft,
  itemKey,
  storedItemKeys,
  writeFeedItems,
  type FeedSourceDraft,
} from './items.js';
import { FeedFormatError, parseFeed, type FeedItem, type ParsedFeed } from './parse.js';
import { NO_RULES, RuleMatcher, type FeedRules } from './rules.js';
import { DEFAULT_REFRESH_MINUTES } from './settings.js';
import {
  TRANSCRIPT_PREFERENCE,
  transcriptKind,
  transcriptLines,
  type TranscriptKind,
} from './transcript.js';

/** A feed, a transcript or an article's page read at most (5 MiB): past it, the read fails. */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
/** A request's whole exchange, redirects included. */
export const FEED_TIMEOUT_MS = 15_000;
/** Redirects followed, each through the guard. */
const MAX_REDIRECTS = 5;
/** Items read of one feed: the newest first in every feed format we read. */
export const MAX_ITEMS_PER_READ = 200;
/** Transcripts fetched in one read of a feed; the others wait for the next read (in a minute). */
const MAX_TRANSCRIPTS_PER_READ = 20;
/** Article pages fetched in one read of a feed; the others wait for the next read (in a minute). */
export const MAX_PAGES_PER_READ = 20;
/** Feeds taken by one run, and read at a time. */
const FEEDS_PER_RUN = 50;
const CONCURRENT_READS = 4;
/** How long a claim holds: longer than a read can take (a feed, its transcripts and pages). */
const CLAIM_MS = (MAX_TRANSCRIPTS_PER_READ + MAX_PAGES_PER_READ + 1) * FEED_TIMEOUT_MS + 60_000;
/** Feeds with a live or coming live item are read again this soon, to follow its status. */
const LIVE_REFRESH_MS = 60_000;
/** The longest wait: a Retry-After past it (or a feed's `ttl`) is cut to it. */
const MAX_WAIT_MS = 24 * 3_600_000;

const ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';
const PAGE_ACCEPT = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5';
const USER_AGENT = 'Coinlens feed reader';

/** How long a feed waits after `failures` failed reads in a row: 1, 2, 4 ... minutes, up to 6 h. */
export function feedRetryDelayMs(failures: number): number {
  return Math.min(6 * 3_600_000, 60_000 * 2 ** Math.max(0, failures - 1));
}

/** Retry-After (seconds, or an HTTP date) as ms from `now`; null when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: number): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
  if (text === '') return null;
  if (/^\d+$/.test(text)) return Math.min(MAX_WAIT_MS, Number(text) * 1000);
  const time = Date.parse(text);
  return Number.isFinite(time) ? Math.min(MAX_WAIT_MS, Math.max(0, time - now)) : null;
}

export interface FeedPollerOptions {
  db: Database;
  guard: FetchGuard;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Told when a read wrote sources, so that what was read of them is read again. */
  changes?: Changes;
  /** Minutes between two reads of a feed (FEEDS_REFRESH_MINUTES); default 15. */
  refreshMinutes?: number;
  /** A request's whole exchange in ms; default 15 000. */
  timeoutMs?: number;
  /** The most read of a feed, a transcript or a page, in bytes; default 5 MiB. */
  maxBytes?: number;
  /** The keyword rules of the feeds that have some, by address (FEEDS_FILE); default none. */
  rules?: ReadonlyMap<string, FeedRules>;
}

/** What one read of a feed did. */
export interface FeedReadReport {
  feedId: number;
  url: string;
  /** `read`: the feed was read and its items written; `unchanged`: a 304; else why it failed. */
  outcome: 'read' | 'unchanged' | 'failed';
  added: number;
  updated: number;
  error: string | null;
}

type FeedRow = typeof feeds.$inferSelect;

/**
 * The words found for an item beyond its feed's text (null: none, its content stands), and
 * whether the item is done: `read`, or `retry` at the next read (a transcript or page that could
 * not be read), or `later` (left for the next read by the per-read cap).
 */
interface ItemWords {
  lines: ImportedLine[] | null;
  state: 'read' | 'retry' | 'later';
}

/** Transcripts and pages still to be fetched in one read of a feed. */
interface FetchBudget {
  transcripts: number;
  pages: number;
}

class ReadError extends Error {
  constructor(
    message: string,
    /** The wait the server asked for (Retry-After), in ms. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export class FeedPoller {
  constructor(readonly options: FeedPollerOptions) {}

  get #timeoutMs(): number {
    return this.options.timeoutMs ?? FEED_TIMEOUT_MS;
  }

  get #maxBytes(): number {
    return this.options.maxBytes ?? FEED_MAX_BYTES;
  }

  /**
   * Makes the `feeds` table hold the configured feeds: new ones are due at once, those no longer
   * listed stop being read (their sources stay), one listed again is read again.
   */
  async sync(urls: readonly string[]): Promise<void> {
    const { db } = this.options;
    const now = new Date(this.options.clock.now());
    await db.transaction(async (tx) => {
      if (urls.length > 0) {
        await tx
          .insert(feeds)
          .values(urls.map((url) => ({ url, nextFetchAt: now, createdAt: now, updatedAt: now })))
          .onConflictDoNothing({ target: feeds.url });
        await tx
          .update(feeds)
          .set({ active: true, nextFetchAt: now, updatedAt: now })
          .where(and(eq(feeds.active, false), inArray(feeds.url, [...urls])));
      }
      await tx
        .update(feeds)
        .set({ active: false, updatedAt: now })
        .where(
          urls.length > 0
            ? and(eq(feeds.active, true), notInArray(feeds.url, [...urls]))
            : eq(feeds.active, true),
        );
    });
  }

  /** Reads every feed that is due (up to 50 a run, four at a time). */
  async run(): Promise<FeedReadReport[]> {
    const { db } = this.options;
    const now = new Date(this.options.clock.now());
    const due = await db
      .select({ id: feeds.id, nextFetchAt: feeds.nextFetchAt })
      .from(feeds)
      .where(and(eq(feeds.active, true), lte(feeds.nextFetchAt, now)))
      .orderBy(asc(feeds.nextFetchAt), asc(feeds.id))
      .limit(FEEDS_PER_RUN);
    const reports: FeedReadReport[] = [];
    for (let start = 0; start < due.length; start += CONCURRENT_READS) {
      const batch = due.slice(start, start + CONCURRENT_READS);
      const done = await Promise.all(batch.map((feed) => this.#claimAndRead(feed, now)));
      reports.push(...done.filter((report) => report !== null));
    }
    if (reports.some((report) => report.added + report.updated > 0)) {
      this.options.changes?.publish({ kind: 'sources' });
    }
    return reports;
  }

  async #claimAndRead(
    due: { id: number; nextFetchAt: Date },
    now: Date,
  ): Promise<FeedReadReport | null> {
    const [feed] = await this.options.db
      .update(feeds)
      .set({ nextFetchAt: new Date(now.getTime() + CLAIM_MS) })
      .where(and(eq(feeds.id, due.id), eq(feeds.nextFetchAt, due.nextFetchAt)))
      .returning();
    // Another process claimed it first.
    if (!feed) return null;
    try {
      return await this.#read(feed, now);
    } catch (error) {
      // A fault of ours (the database, most likely): the claim lapses and the read is tried again.
      this.options.log.error({ err: error, feedId: feed.id }, 'feed read failed');
      return null;
    }
  }

  async #fetch(url: string, headers: Record<string, string>): Promise<GuardedResponse> {
    const started = performance.now();
    try {
      return await this.options.guard.request(url, {
        headers: { 'user-agent': USER_AGENT, ...headers },
        timeoutMs: this.#timeoutMs,
        maxBytes: this.#maxBytes,
        maxRedirects: MAX_REDIRECTS,
      });
    } catch (error) {
      const { name, message } = error as Error;
      if (error instanceof FetchRefusedError) throw new ReadError(`refused: ${message}`);
      // The time-out cut mid-body surfaces as the body's own `aborted` error: told by the time.
      if (
        name === 'TimeoutError' ||
        name === 'AbortError' ||
        performance.now() - started >= this.#timeoutMs
      ) {
        throw new ReadError(`no complete answer within ${this.#timeoutMs / 1000} s`);
      }
      throw new ReadError(`could not be fetched: ${message}`);
    }
  }

  /** A 2xx answer's body, or why there is none. */
  #body(response: GuardedResponse): string {
    if (response.status === 429 || response.status === 503) {
      throw new ReadError(
        `HTTP ${response.status}`,
        retryAfterMs(response.headers['retry-after'], this.options.clock.now()),
      );
    }
    if (response.status >= 300 && response.status < 400) {
      throw new ReadError(`HTTP ${response.status}: more than ${MAX_REDIRECTS} redirects`);
    }
    if (response.status < 200 || response.status >= 300) {
      throw new ReadError(`HTTP ${response.status}`);
    }
    if (response.truncated) {
      throw new ReadError(`larger than the limit of ${this.#maxBytes} bytes`);
    }
    return decodeBody(response.body, String(response.headers['content-type'] ?? ''));
  }

  async #read(feed: FeedRow, now: Date): Promise<FeedReadReport> {
    const report: FeedReadReport = {
      feedId: feed.id,
      url: feed.url,
      outcome: 'failed',
      added: 0,
      updated: 0,
      error: null,
    };
    try {
      const headers: Record<string, string> = { accept: ACCEPT };
      if (feed.etag) headers['if-none-match'] = feed.etag;
      if (feed.lastModified) headers['if-modified-since'] = feed.lastModified;
      const response = await this.#fetch(feed.url, headers);
      if (response.status === 304) {
        await holdLiveSources(this.options.db, feed.id, now);
        await this.#succeeded(feed, now, {});
        return { ...report, outcome: 'unchanged' };
      }
      const body = this.#body(response);
      let parsed: ParsedFeed;
      try {
        parsed = parseFeed(body, String(response.headers['content-type'] ?? ''));
      } catch (error) {
        if (error instanceof FeedFormatError) throw new ReadError(`not a feed: ${error.message}`);
        throw error;
      }
      const { drafts, complete } = await this.#drafts(feed, parsed);
      const written = await writeFeedItems(this.options.db, feed.id, drafts, now);
      await holdLiveSources(this.options.db, feed.id, now);
      const live = parsed.items.some(
        (item) => item.live?.status === 'live' || item.live?.status === 'pending',
      );
      const refreshMs = (this.options.refreshMinutes ?? DEFAULT_REFRESH_MINUTES) * 60_000;
      const waitMs =
        live || !complete
          ? LIVE_REFRESH_MS
          : Math.min(MAX_WAIT_MS, Math.max(refreshMs, (parsed.ttlMinutes ?? 0) * 60_000));
      await this.#succeeded(feed, now, {
        title: parsed.title || null,
        link: parsed.link,
        image: parsed.image,
        // A read that left items for later asks for the whole feed next time.
        etag: complete ? header(response.headers.etag) : null,
        lastModified: complete ? header(response.headers['last-modified']) : null,
        nextFetchAt: new Date(now.getTime() + waitMs),
      });
      if (written.added + written.updated > 0) {
        this.options.log.info({ feedId: feed.id, ...written }, 'feed read');
      }
      return { ...report, outcome: 'read', ...written };
    } catch (error) {
      if (!(error instanceof ReadError)) throw error;
      const failures = feed.failures + 1;
      const waitMs = Math.max(feedRetryDelayMs(failures), error.retryAfterMs ?? 0);
      await this.options.db
        .update(feeds)
        .set({
          lastError: error.message,
          failures,
          lastFetchedAt: now,
          nextFetchAt: new Date(now.getTime() + waitMs),
          updatedAt: now,
        })
        .where(eq(feeds.id, feed.id));
      this.options.log.warn(
        { feedId: feed.id, failures, error: error.message },
        'feed read failed',
      );
      return { ...report, error: error.message };
    }
  }

  async #succeeded(
    feed: FeedRow,
    now: Date,
    fields: Partial<
      Pick<FeedRow, 'title' | 'link' | 'image' | 'etag' | 'lastModified' | 'nextFetchAt'>
    >,
  ): Promise<void> {
    const refreshMs = (this.options.refreshMinutes ?? DEFAULT_REFRESH_MINUTES) * 60_000;
    await this.options.db
      .update(feeds)
      .set({
        nextFetchAt: new Date(now.getTime() + refreshMs),
        ...fields,
        lastError: null,
        failures: 0,
        lastFetchedAt: now,
        lastSuccessAt: now,
        updatedAt: now,
      })
      .where(eq(feeds.id, feed.id));
  }

  /**
   * The items that changed since the last read, each with its transcript's lines or its article
   * page's (fetched now), or its content's. `complete` is false when some transcript or page was
   * left for the next read.
   */
  async #drafts(
    feed: FeedRow,
    parsed: ParsedFeed,
  ): Promise<{ drafts: FeedSourceDraft[]; complete: boolean }> {
    const seen = new Set<string>();
    const items = parsed.items
      .filter((item) => !seen.has(item.guid) && seen.add(item.guid))
      .slice(0, MAX_ITEMS_PER_READ);
    const stored = await storedItemKeys(
      this.options.db,
      feed.id,
      items.map((item) => item.guid),
    );
    const drafts: FeedSourceDraft[] = [];
    const budget: FetchBudget = {
      transcripts: MAX_TRANSCRIPTS_PER_READ,
      pages: MAX_PAGES_PER_READ,
    };
    const rules = new RuleMatcher(this.options.rules?.get(feed.url) ?? NO_RULES);
    let complete = true;
    let left = 0;
    for (const item of items) {
      const key = itemKey(parsed, item);
      if (stored.get(item.guid) === key) continue;
      const speaker = item.author || parsed.title || new URL(feed.url).hostname;
      // The item's content as text, made once and only when needed (HTML to text is a read's
      // costliest step): for the rules, or as its lines when it has no transcript or page.
      let content: ImportedLine[] | null = null;
      const contentOf = () => (content ??= contentLines(item, speaker));
      const own = () => [item.title, ...item.categories, ...lineTexts(contentOf())];
      // A muted item costs no request.
      if (!rules.empty && rules.verdict(own()) === 'mute') {
        left += 1;
        continue;
      }
      const words = await this.#words(feed, parsed, item, speaker, budget);
      if (words.state === 'later') complete = false;
      const lines = words.lines?.length ? words.lines : contentOf();
      const verdict = rules.empty ? 'keep' : rules.verdict([...own(), ...lineTexts(lines)]);
      // An item left out is not recorded: a read that gets its transcript or page, or a rule
      // changed, decides again. One without its words yet waits for them before a keep word is
      // looked for.
      if (verdict === 'mute' || (verdict === 'drop' && words.state === 'read')) {
        left += 1;
        continue;
      }
      if (verdict === 'drop') continue;
      drafts.push(itemDraft(parsed, feed.url, item, lines, words.state === 'read' ? key : null));
    }
    if (left > 0) {
      this.options.log.info({ feedId: feed.id, items: left }, "items left out by the feed's rules");
    }
    return { drafts, complete };
  }

  /** An item's words from its transcript or its article page, when it has one to read. */
  async #words(
    feed: FeedRow,
    parsed: ParsedFeed,
    item: FeedItem,
    speaker: string,
    budget: FetchBudget,
  ): Promise<ItemWords> {
    const transcript = preferredTranscript(item);
    if (transcript) {
      if (budget.transcripts === 0) return { lines: null, state: 'later' };
      budget.transcripts -= 1;
      return this.#transcriptWords(feed, transcript, speaker);
    }
    const page = articlePage(parsed, item);
    if (page) {
      if (budget.pages === 0) return { lines: null, state: 'later' };
      budget.pages -= 1;
      return this.#pageWords(feed, page, item, speaker);
    }
    return { lines: null, state: 'read' };
  }

  async #transcriptWords(
    feed: FeedRow,
    transcript: { url: string; type: string; kind: TranscriptKind },
    speaker: string,
  ): Promise<ItemWords> {
    try {
      const response = await this.#fetch(transcript.url, { accept: transcript.type || '*/*' });
      return {
        lines: transcriptLines(this.#body(response), transcript.kind, speaker),
        state: 'read',
      };
    } catch (error) {
      // The item is kept with its own text; the next full read of the feed tries again.
      this.options.log.warn(
        { feedId: feed.id, transcript: transcript.url, error: (error as Error).message },
        'transcript not read',
      );
      return { lines: null, state: 'retry' };
    }
  }

  async #pageWords(
    feed: FeedRow,
    url: string,
    item: FeedItem,
    speaker: string,
  ): Promise<ItemWords> {
    let response: GuardedResponse;
    let html: string;
    try {
      response = await this.#fetch(url, { accept: PAGE_ACCEPT });
      html = this.#body(response);
    } catch (error) {
      // As a transcript: the excerpt stands, and the next full read of the feed tries again.
      this.options.log.warn(
        { feedId: feed.id, page: url, error: (error as Error).message },
        'article page not read',
      );
      return { lines: null, state: 'retry' };
    }
    // A page that answered but holds no article would answer the same again: the excerpt stays.
    const type = String(response.headers['content-type'] ?? '');
    const result = isHtmlType(type)
      ? articleLines(html, excerptLength(item), speaker)
      : { unused: `not an HTML page (${type || 'no content type'})` };
    if ('unused' in result) {
      this.options.log.info({ feedId: feed.id, page: url, reason: result.unused }, 'excerpt kept');
      return { lines: null, state: 'read' };
    }
    return { lines: result.lines, state: 'read' };
  }
}

const lineTexts = (lines: readonly ImportedLine[]) => lines.map((line) => line.text);

function header(value: string | string[] | undefined): string | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
  return text === '' ? null : text;
}

/** The transcript to read of an item: the first kind of TRANSCRIPT_PREFERENCE it offers. */
function preferredTranscript(
  item: FeedItem,
): { url: string; type: string; kind: TranscriptKind } | null {
  const known = item.transcripts.flatMap((entry) => {
    const kind = transcriptKind(entry.type);
    return kind ? [{ ...entry, kind }] : [];
  });
  known.sort(
    (a, b) => TRANSCRIPT_PREFERENCE.indexOf(a.kind) - TRANSCRIPT_PREFERENCE.indexOf(b.kind),
  );
  return known[0] ?? null;
}
