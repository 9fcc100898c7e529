// One evaluation of every active alert: the coin alerts against their coin's current figures
// (src/alerts/rules.ts), the source alerts against their source's state and transcript, and the
// alerts on every new source against the sources that arrived since they listen. A firing
// is written as a compare-and-set of the alert's state, with its event, in one transaction (up to
// FIRE_BATCH firings share one): when several processes evaluate the same tick, or a restarted
// one evaluates it again, one of them writes the firing and the others find the state changed and
// write nothing. The firing's mail is queued in the same transaction (src/alerts/mail.ts).
import {
  MAX_NEW_SOURCE_FIRINGS,
  NEW_SOURCE_HOURS,
  type AlertKind,
  type MarketSource,
} from '@coinlens/contract';
import {
  and,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  TransactionRollbackError,
  type SQL,
} from 'drizzle-orm';
import type { Clock } from '../auth/clock.js';
import { columnList, doubles, instants, integers, rowsOf, texts } from '../db/arrays.js';
import type { Database } from '../db/client.js';
import { alertEvents, alerts, sourceLines, sources } from '../db/schema.js';
import { foldKeyword, KeywordMatcher } from './keywords.js';
import { queueFirings } from './mail.js';
import { queueWebhooks } from './webhook.js';
import type { CoinCatalog } from '../market/catalog.js';
import type { ReportService } from '../market/reports.js';
import { marketStatus } from '../market/status.js';
import { STATUS } from '../monitor/sources.js';
import {
  evaluateLine,
  marginFor,
  type Direction,
  type Figure,
  type LineRule,
  type LineState,
} from './rules.js';

type AlertRow = typeof alerts.$inferSelect;
type AlertEventRow = typeof alertEvents.$inferSelect;

/** Firings written in one transaction: one statement each for the alerts, events and mails. */
const FIRE_BATCH = 500;
/**
 * Sources read again by the alerts on every new source after they read them: a write whose
 * transaction commits a little after the time it carries is still read.
 */
const SCAN_OVERLAP_MS = 60_000;
/** Sources whose transcripts are read in one query by those alerts. */
const SCAN_BATCH = 100;

/**
 * An alert about to fire: its row as read, the firing's name, the figure that fired it, and for
 * an alert on every new source the source that said its keyword.
 */
interface Candidate {
  row: AlertRow;
  firing: string;
  figure: { figure: number; provider: MarketSource; asOf: number } | null;
  sourceId?: number;
}

/** An alert that fired, as written in its user's history. */
export interface Fired {
  eventId: number;
  /** The event as written, for the notices. */
  event: typeof alertEvents.$inferSelect;
  alertId: number;
  userId: number;
  kind: AlertKind;
  firedAt: number;
}

/** The line an alert of a coin kind watches: which figure, from which side, at which value. */
export function lineOf(row: Pick<AlertRow, 'kind' | 'line'>): {
  figure: Figure;
  direction: Direction;
  line: number;
} | null {
  switch (row.kind as AlertKind) {
    case 'priceAbove':
      return { figure: 'price', direction: 'above', line: row.line ?? NaN };
    case 'priceBelow':
      return { figure: 'price', direction: 'below', line: row.line ?? NaN };
    case 'move24h':
      return { figure: 'move24h', direction: 'above', line: row.line ?? NaN };
    case 'rsiOverbought':
      return { figure: 'rsi14', direction: 'above', line: 70 };
    case 'rsiOversold':
      return { figure: 'rsi14', direction: 'below', line: 30 };
    case 'sma50CrossUp':
      return { figure: 'sma50Distance', direction: 'above', line: 0 };
    case 'sma50CrossDown':
      return { figure: 'sma50Distance', direction: 'below', line: 0 };
    default:
      return null;
  }
}

/** The figures of one coin now, each read only when an alert needs it. */
class CoinFigures {
  #indicators: Promise<{ rsi14: number | null; sma50: number | null } | null> | undefined;
  #coin: ReturnType<CoinCatalog['coin']> | undefined;

  constructor(
    private readonly coinId: number,
    private readonly catalog: CoinCatalog,
    private readonly reports: ReportService,
  ) {}

  async value(figure: Figure): Promise<number | null> {
    // Once per coin and evaluation, however many of its alerts ask.
    const coin = (this.#coin ??= this.catalog.coin(this.coinId));
    if (!coin) return null;
    if (figure === 'price') return coin.quotes.price;
    if (figure === 'move24h') return Math.abs(coin.quotes.percentChange24h);
    this.#indicators ??= this.reports
      .report(this.coinId, 'en')
      .then((report) => report && report.indicators)
      // No history now (the provider is down): no figure, nothing fires on a guess.
      .catch(() => null);
    const indicators = await this.#indicators;
    if (!indicators) return null;
    if (figure === 'rsi14') return indicators.rsi14;
    if (indicators.sma50 === null || indicators.sma50 <= 0) return null;
    return ((coin.quotes.price - indicators.sma50) / indicators.sma50) * 100;
  }
}

export class AlertEvaluator {
  /** The keywords of the alerts on every new source, compiled once while they stay the same. */
  #keywords: KeywordMatcher | null = null;
  /**
   * What the sources of the last evaluation said of those keywords, by source, with the time the
   * source was written: the minute of overlap reads them again from here, not from the database.
   */
  #said = new Map<number, { at: number; said: Set<string> }>();

  constructor(
    private readonly db: Database,
    private readonly catalog: CoinCatalog,
    private readonly reports: ReportService,
    private readonly clock: Clock,
  ) {}

  /** Every active alert once: what fired. */
  async evaluate(): Promise<Fired[]> {
    const coin = await this.evaluateCoins();
    const source = await this.evaluateSources();
    const fresh = await this.evaluateNewSources();
    return [...coin, ...source, ...fresh];
  }

  /**
   * Every active coin alert against its coin's current figures. A stale market fires nothing and
   * changes nothing; a coin the provider no longer gives is skipped.
   */
  async evaluateCoins(): Promise<Fired[]> {
    await this.catalog.ready();
    const nowMs = this.clock.now();
    const market = marketStatus(this.catalog.provider, nowMs);
    if (market.stale) return [];
    const rows = await this.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.paused, false), isNotNull(alerts.coinId)));
    const figures = new Map<number, CoinFigures>();
    /** State changes that are not firings, by the state read and the state written. */
    const moves = new Map<string, { from: boolean | null; to: boolean; ids: number[] }>();
    const firings: { row: AlertRow; figure: number }[] = [];
    for (const row of rows) {
      const watched = lineOf(row);
      if (!watched || !Number.isFinite(watched.line)) continue;
      let coin = figures.get(row.coinId!);
      if (!coin) {
        coin = new CoinFigures(row.coinId!, this.catalog, this.reports);
        figures.set(row.coinId!, coin);
      }
      const value = await coin.value(watched.figure);
      if (value === null) continue;
      const rule: LineRule = {
        direction: watched.direction,
        line: watched.line,
        margin: marginFor(watched.figure, watched.line),
        cooldownMs: row.cooldownMinutes * 60_000,
      };
      const state: LineState = {
        armed: row.armed,
        lastFiredAt: row.lastFiredAt?.getTime() ?? null,
      };
      const { verdict, state: next } = evaluateLine(rule, state, { value, stale: false }, nowMs);
      if (verdict === 'fire') {
        firings.push({ row, figure: value });
      } else if (next.armed !== row.armed && next.armed !== null) {
        const key = `${row.armed}>${next.armed}`;
        const move = moves.get(key) ?? { from: row.armed, to: next.armed, ids: [] };
        move.ids.push(row.id);
        moves.set(key, move);
      }
    }
    for (const { from, to, ids } of moves.values()) {
      await this.db
        .update(alerts)
        .set({ armed: to })
        .where(and(inArray(alerts.id, ids), sameArmed(from)));
    }
    // A crossing is named by the state it fired from: the same one never fires twice.
    return this.#fireAll(
      firings.map(({ row, figure }) => ({
        row,
        firing: `crossing:${row.lastFiredAt?.getTime() ?? 0}>${nowMs}`,
        figure: { figure, provider: market.source, asOf: market.asOf },
      })),
      nowMs,
    );
  }

  /**
   * Every armed source alert whose event happened: the source went live, its summary is out, or
   * its transcript says the keyword (case-insensitive, anywhere in a line).
   */
  async evaluateSources(): Promise<Fired[]> {
    const nowMs = this.clock.now();
    const due = await this.db
      .select({ alert: alerts })
      .from(alerts)
      .innerJoin(sources, eq(sources.id, alerts.sourceId))
      .where(
        and(
          eq(alerts.paused, false),
          eq(alerts.armed, true),
          or(
            and(
              eq(alerts.kind, 'sourceLive'),
              inArray(sources.status, [
                STATUS.inProgress,
                STATUS.finished,
                STATUS.parsing,
                STATUS.completed,
              ]),
            ),
            and(
              eq(alerts.kind, 'sourceSummary'),
              eq(sources.status, STATUS.completed),
              isNotNull(sources.summary),
            ),
            and(
              eq(alerts.kind, 'sourceKeyword'),
              sql`exists (select 1 from ${sourceLines} where ${sourceLines.sourceId} = ${alerts.sourceId} and position(lower(${alerts.keyword}) in lower(${sourceLines.text})) > 0)`,
            ),
          ),
        ),
      );
    // Named by the state it fired from, as a crossing is: an alert re-armed by a new keyword
    // fires again.
    return this.#fireAll(
      due.map(({ alert }) => ({
        row: alert,
        firing: `${alert.kind}:${alert.lastFiredAt?.getTime() ?? 0}`,
        figure: null,
      })),
      nowMs,
    );
  }

  /**
   * Every alert on every new source past its cooldown against the sources written since it last
   * read (less SCAN_OVERLAP_MS) that arrived after it listens and in the last NEW_SOURCE_HOURS:
   * one firing per source whose title, description or transcript says the keyword
   * (case-insensitive), the newest MAX_NEW_SOURCE_FIRINGS of them per evaluation (the rest at the
   * next, as its reading mark stays). Each source is read once for every alert's keyword
   * (src/alerts/keywords.ts). A firing is named by its source, so each source fires an alert
   * once; the alert stays armed for the next.
   */
  async evaluateNewSources(): Promise<Fired[]> {
    const nowMs = this.clock.now();
    const listening = (
      await this.db
        .select()
        .from(alerts)
        .where(
          and(
            eq(alerts.kind, 'newSourceKeyword'),
            eq(alerts.paused, false),
            eq(alerts.armed, true),
            isNotNull(alerts.keyword),
            isNotNull(alerts.listensFrom),
          ),
        )
    ).filter(
      (row) =>
        !row.lastFiredAt || nowMs >= row.lastFiredAt.getTime() + row.cooldownMinutes * 60_000,
    );
    if (listening.length === 0) return [];
    const since = nowMs - NEW_SOURCE_HOURS * 3_600_000;
    /** The sources an alert still has to read: written from this time on. */
    const readFrom = (row: AlertRow) =>
      Math.max(since, (row.scannedUntil?.getTime() ?? 0) - SCAN_OVERLAP_MS);
    const arrivedFrom = (row: AlertRow) => Math.max(since, row.listensFrom!.getTime());
    const written = await this.db
      .select({
        id: sources.id,
        title: sources.title,
        description: sources.description,
        createdAt: sources.createdAt,
        updatedAt: sources.updatedAt,
      })
      .from(sources)
      .where(
        and(
          gte(sources.createdAt, new Date(Math.min(...listening.map(arrivedFrom)))),
          gte(sources.updatedAt, new Date(Math.min(...listening.map(readFrom)))),
          ne(sources.status, STATUS.invalid),
        ),
      );
    const keywords = listening.map((row) => row.keyword!);
    if (!this.#keywords?.same(keywords)) {
      this.#keywords = new KeywordMatcher(keywords);
      this.#said.clear();
    }
    const matcher = this.#keywords;
    const said = new Map<number, Set<string>>();
    // A source read at an earlier evaluation and not written since is not read again.
    const unread = written.filter((source) => {
      const known = this.#said.get(source.id);
      if (known?.at !== source.updatedAt.getTime()) return true;
      said.set(source.id, known.said);
      return false;
    });
    for (let start = 0; start < unread.length; start += SCAN_BATCH) {
      const batch = unread.slice(start, start + SCAN_BATCH);
      const lines = await this.db
        .select({ sourceId: sourceLines.sourceId, text: sourceLines.text })
        .from(sourceLines)
        .where(
          inArray(
            sourceLines.sourceId,
            batch.map((source) => source.id),
          ),
        );
      const textOf = new Map(
        batch.map((source) => [source.id, [source.title, source.description]]),
      );
      for (const line of lines) textOf.get(line.sourceId)!.push(line.text);
      for (const [id, parts] of textOf) said.set(id, matcher.saidIn(parts));
    }
    this.#said = new Map(
      written.map((source) => [
        source.id,
        { at: source.updatedAt.getTime(), said: said.get(source.id)! },
      ]),
    );
    const newestFirst = [...written].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
    );
    const due = new Map<number, number[]>();
    for (const row of listening) {
      const keyword = foldKeyword(row.keyword!);
      const ids = newestFirst
        .filter(
          (source) =>
            source.createdAt.getTime() >= arrivedFrom(row) &&
            source.updatedAt.getTime() >= readFrom(row) &&
            said.get(source.id)!.has(keyword),
        )
        .map((source) => source.id);
      if (ids.length > 0) due.set(row.id, ids);
    }
    const fired = new Set(
      due.size === 0
        ? []
        : (
            await this.db
              .select({ alertId: alertEvents.alertId, firing: alertEvents.firing })
              .from(alertEvents)
              .where(
                and(
                  inArray(alertEvents.alertId, [...due.keys()]),
                  inArray(alertEvents.firing, [
                    ...new Set([...due.values()].flat().map((id) => `newSource:${id}`)),
                  ]),
                ),
              )
          ).map(({ alertId, firing }) => `${alertId}/${firing}`),
    );
    const candidates: Candidate[] = [];
    /** The alerts that must read their sources again at the next evaluation. */
    const readAgain = new Set<number>();
    for (const row of listening) {
      const fresh = (due.get(row.id) ?? []).filter((id) => !fired.has(`${row.id}/newSource:${id}`));
      if (fresh.length > MAX_NEW_SOURCE_FIRINGS) readAgain.add(row.id);
      for (const id of fresh.slice(0, MAX_NEW_SOURCE_FIRINGS)) {
        candidates.push({ row, firing: `newSource:${id}`, figure: null, sourceId: id });
      }
    }
    const result = await this.#fireAll(candidates, nowMs);
    // Read up to now, but an alert with more sources than one evaluation fires, or one whose
    // firing another evaluation changed meanwhile, reads them again: none is left behind.
    const firedHere = new Set(result.map(({ alertId, event }) => `${alertId}/${event.firing}`));
    for (const { row, firing } of candidates) {
      if (!firedHere.has(`${row.id}/${firing}`)) readAgain.add(row.id);
    }
    const read = listening.filter((row) => !readAgain.has(row.id)).map((row) => row.id);
    if (read.length > 0) {
      await this.db
        .update(alerts)
        .set({ scannedUntil: new Date(nowMs) })
        .where(inArray(alerts.id, read));
    }
    return result;
  }

  /**
   * Writes the firings whose alerts are still in the state read, FIRE_BATCH to a transaction: the
   * alerts spent, their events in the history, their mails queued. A batch in which another
   * evaluation wrote an event first is rolled back and its firings written one by one.
   */
  async #fireAll(candidates: readonly Candidate[], nowMs: number): Promise<Fired[]> {
    const fired: Fired[] = [];
    for (let start = 0; start < candidates.length; start += FIRE_BATCH) {
      const batch = candidates.slice(start, start + FIRE_BATCH);
      const written = await this.#fireBatch(batch, nowMs);
      if (written) {
        fired.push(...written);
        continue;
      }
      for (const candidate of batch) {
        const one = await this.#fireBatch([candidate], nowMs);
        if (one) fired.push(...one);
      }
    }
    return fired;
  }

  /** Null when an event of the batch was written already: nothing of the batch is written. */
  async #fireBatch(batch: readonly Candidate[], nowMs: number): Promise<Fired[] | null> {
    const firedAt = new Date(nowMs);
    return this.db
      .transaction(async (tx) => {
        // Each alert still in the state read: neither fired nor changed since. An alert on every
        // new source stays armed, for the next source.
        const spent = await tx
          .update(alerts)
          .set({ armed: sql`${alerts.kind} = 'newSourceKeyword'`, lastFiredAt: firedAt })
          .from(
            sql`unnest(${integers(batch.map(({ row }) => row.id))}, ${instants(batch.map(({ row }) => row.lastFiredAt))}, ${doubles(batch.map(({ row }) => row.line))}) as read (id, last_fired_at, line)`,
          )
          .where(
            and(
              eq(alerts.paused, false),
              eq(alerts.armed, true),
              sql`${alerts.id} = read.id and ${alerts.lastFiredAt} is not distinct from read.last_fired_at and ${alerts.line} is not distinct from read.line`,
            ),
          )
          .returning({ id: alerts.id });
        const won = new Set(spent.map(({ id }) => id));
        const mine = batch.filter(({ row }) => won.has(row.id));
        if (mine.length === 0) return [];
        const events: AlertEventRow[] = mine.map(({ row, firing, figure, sourceId }) => ({
          id: 0,
          userId: row.userId,
          alertId: row.id,
          firing,
          kind: row.kind,
          coinId: row.coinId,
          sourceId: sourceId ?? row.sourceId,
          line: lineOf(row)?.line ?? null,
          keyword: row.keyword,
          figure: figure?.figure ?? null,
          provider: figure?.provider ?? null,
          asOf: figure ? new Date(figure.asOf * 1000) : null,
          firedAt,
          readAt: null,
        }));
        const column = <T>(pick: (event: AlertEventRow) => T) => events.map(pick);
        const ids = rowsOf<{ id: number; alert_id: number; firing: string }>(
          await tx.execute(
            sql`insert into ${alertEvents} (${columnList(
              alertEvents.userId,
              alertEvents.alertId,
              alertEvents.firing,
              alertEvents.kind,
              alertEvents.coinId,
              alertEvents.sourceId,
              alertEvents.line,
              alertEvents.keyword,
              alertEvents.figure,
              alertEvents.provider,
              alertEvents.asOf,
              alertEvents.firedAt,
            )}) select *, ${firedAt.toISOString()}::timestamptz from unnest(${integers(column((event) => event.userId))}, ${integers(column((event) => event.alertId))}, ${texts(column((event) => event.firing))}, ${texts(column((event) => event.kind))}, ${integers(column((event) => event.coinId))}, ${integers(column((event) => event.sourceId))}, ${doubles(column((event) => event.line))}, ${texts(column((event) => event.keyword))}, ${doubles(column((event) => event.figure))}, ${texts(column((event) => event.provider))}, ${instants(column((event) => event.asOf))}) on conflict do nothing returning ${sql.identifier(alertEvents.id.name)}, ${sql.identifier(alertEvents.alertId.name)}, ${sql.identifier(alertEvents.firing.name)}`,
          ),
        );
        // Written already: leave the alerts as they were.
        if (ids.length !== mine.length) tx.rollback();
        const idOf = new Map(ids.map((row) => [`${row.alert_id}/${row.firing}`, row.id]));
        for (const event of events) event.id = idOf.get(`${event.alertId}/${event.firing}`)!;
        const written = events.map((event) => ({
          eventId: event.id,
          event,
          alertId: event.alertId!,
          userId: event.userId,
          kind: event.kind as AlertKind,
          firedAt: nowMs,
        }));
        // Queued with the events, so that their mails survive a restart and are queued once.
        await queueFirings(
          tx,
          written.map(({ eventId, userId }) => ({ eventId, userId, firedAt })),
        );
        await queueWebhooks(
          tx,
          written.map(({ eventId, userId }) => ({ eventId, userId, firedAt })),
        );
        return written;
      })
      .catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return null;
        throw error;
      });
  }
}

/** `armed` is still `value` (null included). */
function sameArmed(value: boolean | null): SQL {
  return value === null ? isNull(alerts.armed) : eq(alerts.armed, value);
}
