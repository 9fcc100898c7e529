// The monitoring calls' reads and writes: the source list and search, the user's sources (add,
// mark as read, delete), a source's detail, summary and transcript. Transcript lines are shown
// as the event goes: none before it starts, those already spoken while it is live, all after.
import { and, asc, count, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../auth/clock.js';
import { ReadCache, type Loaded } from '../cache.js';
import type { Changes } from '../changes.js';
import type {
  ContentLine,
  ListPage,
  Locale,
  MonitorSource,
  MonitorSourceDetail,
  SourceKind,
  SourceStatus,
  SourceSummary,
  UserMonitorSource,
} from '@coinlens/contract';
import type { Database } from '../db/client.js';
import { feeds, sourceCoins, sourceLines, sources, userSources, users } from '../db/schema.js';
import { ApiError } from '../envelope.js';
import type { CoinCatalog } from '../market/catalog.js';

/** Sources per add call: as many as the add dialog lets a user pick at once. */
export const MAX_SOURCE_ADD = 5;
/** Sources one user may follow in all. */
export const MAX_USER_SOURCES = 200;

export const STATUS = {
  unStarted: 1,
  inProgress: 2,
  finished: 3,
  parsing: 4,
  completed: 5,
  cancelled: 6,
  invalid: 7,
} as const satisfies Record<string, SourceStatus>;

type SourceRow = typeof sources.$inferSelect;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The initials of an author for a monogram logo ("Acme Labs" -> "AL"). */
export function initials(author: string): string {
  const words = author
    .normalize('NFKC')
    .split(/[\s\-_.]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word !== '');
  const letters =
    words.length > 1 ? words.slice(0, 2).map((w) => [...w][0]) : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase() || '?';
}

/** The logo of a source: its own URL, or the monogram of its author served by the API. */
export function sourceLogo(row: Pick<SourceRow, 'logo' | 'author'>): string {
  return row.logo ?? `/api/monitor/logo/${encodeURIComponent(initials(row.author))}.svg`;
}

export function toMonitorSource(row: SourceRow): MonitorSource {
  return {
    id: row.id,
    logo: sourceLogo(row),
    author: row.author,
    title: row.title,
    status: row.status as SourceStatus,
    time: seconds(row.scheduledAt),
    heat: row.heat,
    link: row.link,
  };
}

/** `LIKE` pattern for text containing `value` literally. */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The list filter: empty for all, 3 for every ended source (3, 4 and 5), else exact. */
function statusFilter(status: SourceStatus | null): SQL | undefined {
  if (status === null) return undefined;
  if (status === STATUS.finished) {
    return inArray(sources.status, [STATUS.finished, STATUS.parsing, STATUS.completed]);
  }
  return eq(sources.status, status);
}

/** Pages of users' source lists kept in memory at most. */
const PAGES_KEPT = 10_000;

export class MonitorService {
  /** Pages of each user's list, grouped by user; any source's change forgets them all. */
  readonly #userPages: ReadCache<string, ListPage<UserMonitorSource>, number>;

  constructor(
    private readonly db: Database,
    private readonly catalog: CoinCatalog,
    private readonly clock: Clock,
    private readonly changes: Changes,
    options: { cache: boolean },
  ) {
    this.#userPages = new ReadCache({ enabled: options.cache, maxEntries: PAGES_KEPT, clock });
    changes.subscribe((change) => {
      if (change.kind === 'all' || change.kind === 'sources') this.#userPages.clear();
      else if (change.kind === 'userSources') this.#userPages.deleteGroup(change.userId);
    });
  }

  /**
   * Which transcript lines the users may see: none before the start, the lines already spoken
   * while live, all once it has ended; none for a cancelled or invalid source.
   */
  #visibleLine(at: number = this.clock.now()): SQL {
    const now = new Date(at).toISOString();
    return sql`(${sources.status} in (3, 4, 5) or (${sources.status} = 2 and ${sourceLines.offsetSec} <= extract(epoch from (${now}::timestamptz - ${sources.startedAt}))))`;
  }

  async #row(sourceId: number): Promise<SourceRow> {
    const [row] = await this.db.select().from(sources).where(eq(sources.id, sourceId));
    if (!row) throw new ApiError(404, 'sourceNotFound');
    return row;
  }

  /**
   * Sources matching `searchName` (title or author, case-insensitive) and `status`: not started
   * ones soonest first, every other list newest first.
   */
  async list(options: {
    searchName: string;
    status: SourceStatus | null;
    page: number;
    size: number;
  }): Promise<ListPage<MonitorSource>> {
    const { page, size, status } = options;
    // PostgreSQL text cannot hold NUL, and no title has one.
    const name = options.searchName.normalize('NFKC').replaceAll('\u0000', '').trim();
    const where = and(
      statusFilter(status),
      name === ''
        ? undefined
        : or(
            ilike(sources.title, containsPattern(name)),
            ilike(sources.author, containsPattern(name)),
          ),
    );
    const order =
      status === STATUS.unStarted
        ? [asc(sources.scheduledAt), asc(sources.id)]
        : [desc(sources.scheduledAt), desc(sources.id)];
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(sources)
        .where(where)
        .orderBy(...order)
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ value: count() }).from(sources).where(where),
    ]);
    const all = total?.value ?? 0;
    return {
      records: rows.map(toMonitorSource),
      page,
      size,
      total: all,
      has_next: (page - 1) * size + rows.length < all,
    };
  }

  /** The user's sources, most recently added first, each saying whether it has unread lines. */
  userList(
    userId: number,
    options: { status: SourceStatus | null; page: number; size: number },
  ): Promise<ListPage<UserMonitorSource>> {
    const { page, size, status } = options;
    return this.#userPages.get(
      `${userId} ${status} ${page} ${size}`,
      () => this.#readUserList(userId, status, page, size),
      userId,
    );
  }

  async #readUserList(
    userId: number,
    status: SourceStatus | null,
    page: number,
    size: number,
  ): Promise<Loaded<ListPage<UserMonitorSource>>> {
    const now = this.clock.now();
    const where = and(eq(userSources.userId, userId), statusFilter(status));
    const unread = sql<boolean>`exists (select 1 from ${sourceLines} where ${sourceLines.sourceId} = ${sources.id} and ${sourceLines.id} > ${userSources.readLineId} and ${this.#visibleLine(now)})`;
    // While a source is live, its next line shows at a time of its own: the page holds until the
    // first such time of its live sources (any other change is a write, which is announced).
    const nextLineAt = sql<
      string | null
    >`case when ${sources.status} = ${STATUS.inProgress} then ${sources.startedAt} + make_interval(secs => (select min(${sourceLines.offsetSec}) from ${sourceLines} where ${sourceLines.sourceId} = ${sources.id} and not ${this.#visibleLine(now)})) end`;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ source: sources, addedAt: userSources.addedAt, unread, nextLineAt })
        .from(userSources)
        .innerJoin(sources, eq(sources.id, userSources.sourceId))
        .where(where)
        .orderBy(desc(userSources.addedAt), desc(sources.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db
        .select({ value: count() })
        .from(userSources)
        .innerJoin(sources, eq(sources.id, userSources.sourceId))
        .where(where),
    ]);
    const all = total?.value ?? 0;
    const nextChanges = rows
      .map((row) => (row.nextLineAt === null ? Infinity : new Date(row.nextLineAt).getTime()))
      .filter((time) => Number.isFinite(time));
    return {
      value: {
        records: rows.map((row) => ({
          ...toMonitorSource(row.source),
          addedAt: seconds(row.addedAt),
          unread: Boolean(row.unread),
        })),
        page,
        size,
        total: all,
        has_next: (page - 1) * size + rows.length < all,
      },
      until: Math.min(Infinity, ...nextChanges),
    };
  }

  /**
   * Adds sources to the user's list (1 to 5 ids, already added ones ignored): 404 when any is
   * unknown (nothing is added), 422 past 200 in all. Answers the sources asked for.
   */
  async add(userId: number, sourceIds: readonly number[]): Promise<MonitorSource[]> {
    const wanted = [...new Set(sourceIds)];
    if (sourceIds.length < 1 || sourceIds.length > MAX_SOURCE_ADD) {
      throw new ApiError(422, 'sourceCount');
    }
    const found = await this.db.select().from(sources).where(inArray(sources.id, wanted));
    if (found.length !== wanted.length) throw new ApiError(404, 'sourceNotFound');
    const now = new Date(this.clock.now());
    await this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const present = await tx
        .select({ sourceId: userSources.sourceId })
        .from(userSources)
        .where(and(eq(userSources.userId, userId), inArray(userSources.sourceId, wanted)));
      const already = new Set(present.map((row) => row.sourceId));
      const fresh = wanted.filter((id) => !already.has(id));
      if (fresh.length === 0) return;
      const [total] = await tx
        .select({ value: count() })
        .from(userSources)
        .where(eq(userSources.userId, userId));
      if ((total?.value ?? 0) + fresh.length > MAX_USER_SOURCES) {
        throw new ApiError(422, 'sourceLimit');
      }
      await tx.insert(userSources).values(
        fresh.map((sourceId, index) => ({
          userId,
          sourceId,
          addedAt: new Date(now.getTime() - index),
        })),
      );
    });
    this.changes.publish({ kind: 'userSources', userId });
    const byId = new Map(found.map((row) => [row.id, row]));
    return wanted.map((id) => toMonitorSource(byId.get(id)!));
  }

  /** Marks every line the user can see now as read; 404 for an unknown or unfollowed source. */
  async mark(userId: number, sourceId: number): Promise<void> {
    await this.#row(sourceId);
    const [latest] = await this.db
      .select({ id: sql<number | null>`max(${sourceLines.id})` })
      .from(sourceLines)
      .innerJoin(sources, eq(sources.id, sourceLines.sourceId))
      .where(and(eq(sourceLines.sourceId, sourceId), this.#visibleLine()));
    const updated = await this.db
      .update(userSources)
      .set({ readLineId: sql`greatest(${userSources.readLineId}, ${latest?.id ?? 0})` })
      .where(and(eq(userSources.userId, userId), eq(userSources.sourceId, sourceId)))
      .returning({ sourceId: userSources.sourceId });
    if (updated.length === 0) throw new ApiError(404, 'sourceNotFollowed');
    this.changes.publish({ kind: 'userSources', userId });
  }

  /** Removes the source from the user's list (nothing to do when absent); 404 when unknown. */
  async remove(userId: number, sourceId: number): Promise<void> {
    await this.#row(sourceId);
    await this.db
      .delete(userSources)
      .where(and(eq(userSources.userId, userId), eq(userSources.sourceId, sourceId)));
    this.changes.publish({ kind: 'userSources', userId });
  }

  async detail(sourceId: number): Promise<MonitorSourceDetail> {
    const row = await this.#row(sourceId);
    const [feed] =
      row.feedId === null
        ? []
        : await this.db
            .select({ title: feeds.title, url: feeds.url, link: feeds.link })
            .from(feeds)
            .where(eq(feeds.id, row.feedId));
    return {
      ...toMonitorSource(row),
      kind: row.kind as SourceKind,
      description: row.description,
      startedAt: row.startedAt ? seconds(row.startedAt) : null,
      endedAt: row.endedAt ? seconds(row.endedAt) : null,
      participants: row.participants,
      tags: row.tags,
      language: row.language as Locale,
      demo: row.demo,
      feed: feed ? { ...feed, title: feed.title || new URL(feed.url).hostname } : null,
    };
  }

  /** The summary of a completed source; 404 before it is made. */
  async summary(sourceId: number): Promise<SourceSummary> {
    const row = await this.#row(sourceId);
    if (row.status !== STATUS.completed || row.summary === null) {
      throw new ApiError(404, 'sourceNoSummary');
    }
    await this.catalog.ready();
    const mentioned = await this.db
      .select({ coinId: sourceCoins.coinId })
      .from(sourceCoins)
      .where(eq(sourceCoins.sourceId, sourceId))
      .orderBy(asc(sourceCoins.position));
    const keyPoints = row.keyPoints ?? [];
    // Lines by `seq`, as the lifecycle stored them; a summary from before has none.
    const seqs = row.keyPointLines ?? [];
    const wanted = [...new Set(seqs.filter((seq): seq is number => typeof seq === 'number'))];
    const lines =
      wanted.length === 0
        ? []
        : await this.db
            .select({
              seq: sourceLines.seq,
              lineId: sourceLines.id,
              offsetSec: sourceLines.offsetSec,
            })
            .from(sourceLines)
            .innerJoin(sources, eq(sources.id, sourceLines.sourceId))
            .where(
              and(
                eq(sourceLines.sourceId, sourceId),
                inArray(sourceLines.seq, wanted),
                this.#visibleLine(),
              ),
            );
    const bySeq = new Map(lines.map(({ seq, lineId, offsetSec }) => [seq, { lineId, offsetSec }]));
    return {
      summary: row.summary,
      keyPoints,
      keyPointSources: keyPoints.map((_, index) => bySeq.get(seqs[index] ?? -1) ?? null),
      coins: mentioned.flatMap(({ coinId }) => this.catalog.coin(coinId) ?? []),
      language: (row.summaryLanguage ?? row.language) as Locale,
    };
  }

  /** A page of the transcript lines the users may see now. */
  async content(sourceId: number, page: number, size: number): Promise<ListPage<ContentLine>> {
    await this.#row(sourceId);
    const where = and(eq(sourceLines.sourceId, sourceId), this.#visibleLine());
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: sourceLines.id,
          speaker: sourceLines.speaker,
          text: sourceLines.text,
          offsetSec: sourceLines.offsetSec,
        })
        .from(sourceLines)
        .innerJoin(sources, eq(sources.id, sourceLines.sourceId))
        .where(where)
        .orderBy(asc(sourceLines.seq))
        .limit(size)
        .offset((page - 1) * size),
      this.db
        .select({ value: count() })
        .from(sourceLines)
        .innerJoin(sources, eq(sources.id, sourceLines.sourceId))
        .where(where),
    ]);
    const all = total?.value ?? 0;
    return {
      records: rows,
      page,
      size,
      total: all,
      has_next: (page - 1) * size + rows.length < all,
    };
  }

  /** Completed sources of the last `days` days with the most heat first. */
  async hot(limit: number, days = 7): Promise<MonitorSource[]> {
    const since = new Date(this.clock.now() - days * 86_400_000);
    const rows = await this.db
      .select()
      .from(sources)
      .where(and(eq(sources.status, STATUS.completed), gte(sources.scheduledAt, since)))
      .orderBy(desc(sources.heat), desc(sources.id))
      .limit(limit);
    return rows.map(toMonitorSource);
  }

  /** Completed sources whose summaries name the coin, newest first (at most 5). */
  async related(coinId: number): Promise<MonitorSource[]> {
    const rows = await this.db
      .select({ source: sources })
      .from(sourceCoins)
      .innerJoin(sources, eq(sources.id, sourceCoins.sourceId))
      .where(and(eq(sourceCoins.coinId, coinId), eq(sources.status, STATUS.completed)))
      .orderBy(desc(sources.scheduledAt), desc(sources.id))
      .limit(5);
    return rows.map((row) => toMonitorSource(row.source));
  }
}
