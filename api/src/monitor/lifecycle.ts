// Moves monitored sources along their life on the server's clock: UnStarted -> InProgress at the
// start time -> Finished at the end -> Parsing once the transcript is in -> Completed when the
// summary is made. Cancelled and Invalid stay. A repeating event schedules its next one when it
// starts, so a series always has one ahead. Every step is an idempotent update, so a tick after
// a long stop catches up, and two API processes ticking at once do no harm.
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../auth/clock.js';
import type { Changes } from '../changes.js';
import type { Database } from '../db/client.js';
import { sourceCoins, sourceLines, sources } from '../db/schema.js';
import type { CoinCatalog } from '../market/catalog.js';
import { STATUS } from './sources.js';
import type { Summarizer } from './types.js';

export interface TickReport {
  started: number;
  ended: number;
  parsing: number;
  completed: number;
  failed: number;
  /** Next events of repeating series scheduled. */
  scheduled: number;
}

export interface LifecycleOptions {
  db: Database;
  clock: Clock;
  summarizer: Summarizer;
  catalog: CoinCatalog;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Told when a tick moved a source on, so that what was read of it is read again. */
  changes?: Changes;
  /** Between two ticks; default 15 s. */
  intervalMs?: number;
  /** Summaries read from the database at a time; default 5. */
  batch?: number;
  /** A tick starts no new batch of summaries after this long (ms); default 5 000. */
  summaryBudgetMs?: number;
}

/** How long a failed summary waits before the next try: 1, 2, 4 ... minutes, at most an hour. */
export function summaryRetryDelayMs(failures: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, failures - 1));
}

/** The `externalId` of a series' event starting at `time` (`<series id>@<UTC date>`). */
function nextExternalId(externalId: string, time: Date): string {
  const series = externalId.replace(/@\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z$/, '');
  return `${series}@${time.toISOString().slice(0, 16)}Z`;
}

export class SourceLifecycle {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<TickReport> | null = null;

  constructor(private readonly options: LifecycleOptions) {}

  /** Ticks every `intervalMs` until `stop()`; a tick never overlaps the one before. */
  start(): void {
    if (this.#timer) return;
    const run = () => {
      void this.tick().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'source lifecycle tick failed'),
      );
    };
    this.#timer = setInterval(run, this.options.intervalMs ?? 15_000);
    this.#timer.unref();
    run();
  }

  /** Stops ticking and waits for a tick under way. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => undefined);
  }

  /** Runs every step once (a tick under way is joined, not repeated). */
  tick(): Promise<TickReport> {
    if (!this.#running) {
      this.#running = this.#tick().finally(() => {
        this.#running = null;
      });
    }
    return this.#running;
  }

  async #tick(): Promise<TickReport> {
    const { db } = this.options;
    const now = new Date(this.options.clock.now());
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const report: TickReport = {
      started: 0,
      ended: 0,
      parsing: 0,
      completed: 0,
      failed: 0,
      scheduled: 0,
    };

    // Starts, and the next events of series; a series behind by weeks catches up in this loop.
    for (let round = 0; round < 1000; round += 1) {
      const started = await db
        .update(sources)
        .set({ status: STATUS.inProgress, startedAt: sql`${sources.scheduledAt}`, updatedAt: now })
        .where(and(eq(sources.status, STATUS.unStarted), lte(sources.scheduledAt, now)))
        .returning({ id: sources.id });
      report.started += started.length;
      const scheduled = await this.#scheduleNext(now);
      report.scheduled += scheduled;
      if (started.length === 0 && scheduled === 0) break;
    }

    const ended = await db
      .update(sources)
      .set({
        status: STATUS.finished,
        endedAt: sql`${sources.scheduledAt} + make_interval(mins => ${sources.durationMinutes})`,
        updatedAt: now,
      })
      .where(
        and(
          eq(sources.status, STATUS.inProgress),
          sql`${sources.scheduledAt} + make_interval(mins => ${sources.durationMinutes}) <= ${nowSql}`,
        ),
      )
      .returning({ id: sources.id });
    report.ended = ended.length;

    const parsing = await db
      .update(sources)
      .set({ status: STATUS.parsing, updatedAt: now })
      .where(
        and(
          eq(sources.status, STATUS.finished),
          sql`exists (select 1 from ${sourceLines} where ${sourceLines.sourceId} = ${sources.id})`,
        ),
      )
      .returning({ id: sources.id });
    report.parsing = parsing.length;

    // Summaries until none is due or the time budget is spent (an assistant may take seconds
    // each; the built-in summarizer clears the demo data set's first start in one tick).
    const started = performance.now();
    const budgetMs = this.options.summaryBudgetMs ?? 5_000;
    for (;;) {
      const due = await db
        .select()
        .from(sources)
        .where(
          and(
            eq(sources.status, STATUS.parsing),
            or(isNull(sources.summaryRetryAt), lte(sources.summaryRetryAt, now)),
          ),
        )
        .orderBy(asc(sources.scheduledAt))
        .limit(this.options.batch ?? 5);
      for (const row of due) {
        if (await this.#summarise(row, now)) report.completed += 1;
        else report.failed += 1;
      }
      if (due.length < (this.options.batch ?? 5) || performance.now() - started > budgetMs) break;
    }

    if (Object.values(report).some((value) => value > 0)) {
      this.options.log.info({ ...report }, 'source lifecycle');
      this.options.changes?.publish({ kind: 'sources' });
    }
    return report;
  }

  /** Schedules the next event of every repeating series whose latest event has begun. */
  async #scheduleNext(now: Date): Promise<number> {
    const { db } = this.options;
    const due = await db
      .select()
      .from(sources)
      .where(
        and(
          isNotNull(sources.repeatEveryDays),
          isNull(sources.nextExternalId),
          lte(sources.scheduledAt, now),
          inArray(sources.status, [
            STATUS.inProgress,
            STATUS.finished,
            STATUS.parsing,
            STATUS.completed,
            STATUS.cancelled,
          ]),
        ),
      );
    let scheduled = 0;
    for (const row of due) {
      const time = new Date(row.scheduledAt.getTime() + row.repeatEveryDays! * 86_400_000);
      const externalId = nextExternalId(row.externalId, time);
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(sources)
          .set({ nextExternalId: externalId })
          .where(and(eq(sources.id, row.id), isNull(sources.nextExternalId)))
          .returning({ id: sources.id });
        // Another process got there first.
        if (!claimed) return;
        const [next] = await tx
          .insert(sources)
          .values({
            externalId,
            kind: row.kind,
            author: row.author,
            logo: row.logo,
            title: row.title,
            description: row.description,
            link: row.link,
            language: row.language,
            status: STATUS.unStarted,
            scheduledAt: time,
            durationMinutes: row.durationMinutes,
            heat: row.heat,
            participants: row.participants,
            tags: row.tags,
            repeatEveryDays: row.repeatEveryDays,
            demo: row.demo,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: sources.externalId })
          .returning({ id: sources.id });
        // A demo series replays its transcript: the bundled data set has one per series.
        if (next && row.demo) {
          await tx.execute(
            sql`insert into ${sourceLines} (source_id, seq, speaker, text, offset_sec) select ${next.id}, seq, speaker, text, offset_sec from ${sourceLines} where source_id = ${row.id}`,
          );
        }
        if (next) scheduled += 1;
      });
    }
    return scheduled;
  }

  /** Summarises one source in Parsing; false (and a later retry) when the summarizer fails. */
  async #summarise(row: typeof sources.$inferSelect, now: Date): Promise<boolean> {
    const { db, catalog, summarizer, log } = this.options;
    const lines = await db
      .select({
        seq: sourceLines.seq,
        speaker: sourceLines.speaker,
        text: sourceLines.text,
        offsetSec: sourceLines.offsetSec,
      })
      .from(sourceLines)
      .where(eq(sourceLines.sourceId, row.id))
      .orderBy(asc(sourceLines.seq));
    try {
      await catalog.ready();
      const result = await summarizer.summarize({
        title: row.title,
        language: row.language as 'en' | 'zh' | 'pt-br',
        lines,
        coins: catalog.all(),
      });
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(sources)
          .set({
            status: STATUS.completed,
            summary: result.summary,
            keyPoints: result.keyPoints,
            // By `seq`, which the line keeps as long as this summary stands (a new transcript
            // clears the summary); an index the summarizer got wrong links nowhere.
            keyPointLines: result.keyPoints.map((_, index) => {
              const line = result.keyPointLines[index];
              return line === null || line === undefined ? null : (lines[line]?.seq ?? null);
            }),
            summaryLanguage: result.language,
            summaryEngine: result.engine,
            summaryFailures: 0,
            summaryRetryAt: null,
            updatedAt: now,
          })
          // Still the transcript it read: an import may have replaced it meanwhile.
          .where(and(eq(sources.id, row.id), eq(sources.status, STATUS.parsing)))
          .returning({ id: sources.id });
        if (!done) return;
        await tx.delete(sourceCoins).where(eq(sourceCoins.sourceId, row.id));
        const coinIds = [...new Set(result.coinIds)].filter((id) => catalog.get(id));
        if (coinIds.length > 0) {
          await tx
            .insert(sourceCoins)
            .values(coinIds.map((coinId, position) => ({ sourceId: row.id, coinId, position })));
        }
      });
      return true;
    } catch (error) {
      const failures = row.summaryFailures + 1;
      log.warn({ err: error, sourceId: row.id, failures }, 'summary failed; will retry');
      await db
        .update(sources)
        .set({
          summaryFailures: failures,
          summaryRetryAt: new Date(now.getTime() + summaryRetryDelayMs(failures)),
        })
        .where(eq(sources.id, row.id));
      return false;
    }
  }
}
