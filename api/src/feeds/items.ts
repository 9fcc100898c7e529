// What a feed's item becomes as a monitored source: its fields, status and transcript lines, and
// the write that adds it or brings it up to date (by the feed and the item's guid, so that a feed
// read again updates its sources and never doubles them).
//
// An ordinary item has happened: it is written ended (Finished), and the source lifecycle makes
// its summary. A `podcast:liveItem` follows the feed: pending is UnStarted, live is InProgress,
// ended is Finished. The lifecycle also moves sources on the clock; so that it does not start or
// end a live item before its feed does, a pending item whose start has passed is held a few
// minutes ahead, and a live one's length is kept an hour past the time it has run.
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale, SourceKind } from '@coinlens/contract';
import type { Database } from '../db/client.js';
import { feedItems, sourceCoins, sourceLines, sources } from '../db/schema.js';
import { STATUS } from '../monitor/sources.js';
import { LINE_BATCH, SUMMARY_CLEARED, sameLines, writeLines } from '../monitor/store.js';
import type { ImportedLine } from '../monitor/types.js';
import type { FeedItem, ParsedFeed } from './parse.js';
import { htmlText, textLines } from './transcript.js';

/** Characters kept of an item's description. */
const DESCRIPTION_MAX_CHARS = 1000;
/** How far ahead a pending live item whose start has passed is held. */
const LATE_START_MS = 5 * 60_000;
/** How long past its running time a live item is kept live, waiting for its feed to end it. */
const LIVE_MARGIN_MINUTES = 60;
const HEAT_MAX = 1_000_000_000;

/** Kinds a feed's item becomes: an episode (or live stream) of a podcast, or a written post. */
export type FeedSourceKind = Extract<SourceKind, 'podcast' | 'article'>;

/** One item, ready to write. */
export interface FeedSourceDraft {
  guid: string;
  /** A digest of everything the source is made of, or null to read the item again next time. */
  contentKey: string | null;
  kind: FeedSourceKind;
  author: string;
  logo: string | null;
  title: string;
  description: string;
  link: string;
  language: Locale;
  /** Unix ms; null keeps the time already written (an item without a date). */
  time: number | null;
  durationMinutes: number;
  heat: number;
  tags: string[];
  live: FeedItem['live'];
  lines: ImportedLine[];
}

/** The locale of a feed's language tag: ours when it is one of them, else English. */
export function feedLocale(tag: string | null): Locale {
  const lower = (tag ?? '').trim().toLowerCase();
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh';
  if (lower === 'pt' || lower.startsWith('pt-')) return 'pt-br';
  return 'en';
}

/**
 * An item's heat, from what the feed gives: its comment count (`slash:comments`) when there is
 * one, else its length in minutes (`itunes:duration`), else 0.
 */
export function itemHeat(item: Pick<FeedItem, 'comments' | 'durationSec'>): number {
  if (item.comments !== null) return Math.min(HEAT_MAX, item.comments);
  if (item.durationSec !== null) return Math.min(HEAT_MAX, Math.round(item.durationSec / 60));
  return 0;
}

/** The digest by which an unchanged item is known: what it said, and the feed's own fields. */
export function itemKey(feed: ParsedFeed, item: FeedItem): string {
  return createHash('sha256')
    .update(JSON.stringify([feed.title, feed.image, feed.language, feed.podcast, feed.link, item]))
    .digest('base64url');
}

/** The source's `externalId`: the feed's id and a digest of the item's guid (guids run long). */
export function feedExternalId(feedId: number, guid: string): string {
  return `feed:${feedId}:${createHash('sha256').update(guid).digest('base64url').slice(0, 24)}`;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** An item's content as plain text, a paragraph a line. */
export function contentText(item: Pick<FeedItem, 'content' | 'html'>): string {
  return item.html ? htmlText(item.content) : item.content;
}

/** The words of an item without a transcript: its content as text, else its title. */
export function contentLines(item: FeedItem, speaker: string): ImportedLine[] {
  const lines = textLines(contentText(item), speaker);
  if (lines.length > 0) return lines;
  return item.title === '' ? [] : [{ speaker, text: item.title, offsetSec: 0 }];
}

/** What an item becomes: an episode when its feed is a podcast or it carries audio, else a post. */
export function itemKind(feed: ParsedFeed, item: FeedItem): FeedSourceKind {
  return feed.podcast || item.media || item.live || item.transcripts.length > 0
    ? 'podcast'
    : 'article';
}

/**
 * The draft of an item, given the lines chosen for it (its transcript's, its article page's or
 * its content's).
 */
export function itemDraft(
  feed: ParsedFeed,
  feedUrl: string,
  item: FeedItem,
  lines: ImportedLine[],
  contentKey: string | null,
): FeedSourceDraft {
  const author = item.author || feed.title || new URL(feedUrl).hostname;
  const description = cut(
    htmlText(item.summary).replace(/\s+/g, ' ').trim(),
    DESCRIPTION_MAX_CHARS,
  );
  const durationMinutes =
    item.live?.start != null && item.live.end != null && item.live.end > item.live.start
      ? Math.ceil((item.live.end - item.live.start) / 60_000)
      : item.durationSec !== null
        ? Math.ceil(item.durationSec / 60)
        : 0;
  return {
    guid: item.guid,
    contentKey,
    kind: itemKind(feed, item),
    author: cut(author, 200),
    logo: item.image ?? feed.image,
    title: cut(item.title || description || author, 300),
    description,
    link: item.link ?? feed.link ?? feedUrl,
    language: feedLocale(feed.language),
    time: item.live?.start ?? item.publishedAt,
    durationMinutes,
    heat: itemHeat(item),
    tags: item.categories.slice(0, 10).map((tag) => cut(tag, 60)),
    live: item.live,
    lines,
  };
}

type SourceRow = typeof sources.$inferSelect;

interface Timing {
  status: number;
  scheduledAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  durationMinutes: number;
}

/**
 * Where the item stands now. `row` is the source as written before (null for a new one);
 * `changed` says whether its transcript lines changed, which sends a summarised source back to
 * Finished to be summarised again.
 */
function timing(
  draft: FeedSourceDraft,
  row: SourceRow | null,
  changed: boolean,
  now: Date,
): Timing {
  const time = draft.time !== null ? new Date(draft.time) : (row?.scheduledAt ?? now);
  const status = draft.live?.status ?? 'ended';
  if (status === 'pending') {
    return {
      status: STATUS.unStarted,
      scheduledAt: time.getTime() <= now.getTime() ? new Date(now.getTime() + LATE_START_MS) : time,
      startedAt: null,
      endedAt: null,
      durationMinutes: draft.durationMinutes,
    };
  }
  if (status === 'live') {
    // Live before its announced start: it started now.
    const startedAt =
      row?.status === STATUS.inProgress && row.startedAt
        ? row.startedAt
        : new Date(Math.min(time.getTime(), now.getTime()));
    const ran = Math.ceil((now.getTime() - startedAt.getTime()) / 60_000);
    return {
      status: STATUS.inProgress,
      scheduledAt: startedAt,
      startedAt,
      endedAt: null,
      durationMinutes: Math.max(draft.durationMinutes, ran + LIVE_MARGIN_MINUTES),
    };
  }
  const ended =
    draft.live?.end != null
      ? new Date(draft.live.end)
      : new Date(time.getTime() + draft.durationMinutes * 60_000);
  const startedAt = row?.startedAt ?? time;
  const endedAt = row?.endedAt && row.status >= STATUS.finished ? row.endedAt : ended;
  const durationMinutes = Math.max(
    0,
    Math.ceil((endedAt.getTime() - startedAt.getTime()) / 60_000),
  );
  let next: number = STATUS.finished;
  // Summarised (or being summarised) already, from the same words: it stays where it is.
  if (row && !changed && row.status >= STATUS.finished) next = row.status;
  return {
    status: next,
    scheduledAt: row?.status === STATUS.inProgress ? startedAt : time,
    startedAt,
    endedAt,
    durationMinutes,
  };
}

export interface WriteReport {
  added: number;
  updated: number;
}

/** Adds or updates the sources of one read of a feed, in one transaction. */
export async function writeFeedItems(
  db: Database,
  feedId: number,
  drafts: readonly FeedSourceDraft[],
  now: Date,
): Promise<WriteReport> {
  const report: WriteReport = { added: 0, updated: 0 };
  if (drafts.length === 0) return report;
  await db.transaction(async (tx) => {
    const externalIds = drafts.map((draft) => feedExternalId(feedId, draft.guid));
    const rows = new Map<string, SourceRow>();
    for (let start = 0; start < externalIds.length; start += LINE_BATCH) {
      const chunk = externalIds.slice(start, start + LINE_BATCH);
      for (const row of await tx.select().from(sources).where(inArray(sources.externalId, chunk))) {
        rows.set(row.externalId, row);
      }
    }
    for (const [index, draft] of drafts.entries()) {
      const externalId = externalIds[index]!;
      const row = rows.get(externalId) ?? null;
      let changed = true;
      if (row) {
        const stored = await tx
          .select({
            speaker: sourceLines.speaker,
            text: sourceLines.text,
            offsetSec: sourceLines.offsetSec,
          })
          .from(sourceLines)
          .where(eq(sourceLines.sourceId, row.id))
          .orderBy(sourceLines.seq);
        changed = !sameLines(stored, draft.lines);
      }
      const when = timing(draft, row, changed, now);
      const fields = {
        kind: draft.kind,
        author: draft.author,
        logo: draft.logo,
        title: draft.title,
        description: draft.description,
        link: draft.link,
        language: draft.language,
        heat: draft.heat,
        tags: draft.tags,
        feedId,
        updatedAt: now,
        ...when,
      };
      let sourceId: number;
      if (!row) {
        const [inserted] = await tx
          .insert(sources)
          .values({ ...fields, externalId, participants: [], demo: false, createdAt: now })
          .returning({ id: sources.id });
        sourceId = inserted!.id;
        report.added += 1;
      } else {
        sourceId = row.id;
        const resummarise =
          changed && (row.status === STATUS.parsing || row.status === STATUS.completed);
        await tx
          .update(sources)
          .set({
            ...fields,
            ...(resummarise || when.status < STATUS.finished ? SUMMARY_CLEARED : {}),
          })
          .where(eq(sources.id, row.id));
        if (resummarise) await tx.delete(sourceCoins).where(eq(sourceCoins.sourceId, row.id));
        report.updated += 1;
      }
      if (changed) await writeLines(tx, sourceId, draft.lines);
      await tx
        .insert(feedItems)
        .values({
          feedId,
          guid: draft.guid,
          sourceId,
          contentKey: draft.contentKey,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [feedItems.feedId, feedItems.guid],
          set: { sourceId, contentKey: draft.contentKey, updatedAt: now },
        });
    }
  });
  return report;
}

/** The digests of the items a feed has given, by guid. */
export async function storedItemKeys(
  db: Database,
  feedId: number,
  guids: readonly string[],
): Promise<Map<string, string | null>> {
  const keys = new Map<string, string | null>();
  for (let start = 0; start < guids.length; start += LINE_BATCH) {
    const rows = await db
      .select({ guid: feedItems.guid, contentKey: feedItems.contentKey })
      .from(feedItems)
      .where(
        and(
          eq(feedItems.feedId, feedId),
          inArray(feedItems.guid, guids.slice(start, start + LINE_BATCH)),
        ),
      );
    for (const row of rows) keys.set(row.guid, row.contentKey);
  }
  return keys;
}

/**
 * Keeps the feed's live sources live an hour past the time they have run, after a read that
 * found the feed unchanged (or its live items unchanged): the feed still says they are live.
 */
export async function holdLiveSources(db: Database, feedId: number, now: Date): Promise<void> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  await db
    .update(sources)
    .set({
      durationMinutes: sql`greatest(${sources.durationMinutes}, ceil(extract(epoch from (${nowSql} - ${sources.startedAt})) / 60)::integer + ${LIVE_MARGIN_MINUTES})`,
    })
    .where(
      and(
        eq(sources.feedId, feedId),
        eq(sources.status, STATUS.inProgress),
        sql`${sources.startedAt} is not null`,
      ),
    );
}
