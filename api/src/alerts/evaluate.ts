// One evaluation of every active alert: the coin alerts against their coin's current figures
// (src/alerts/rules.ts), the source alerts against their source's state and transcript. A firing
// is written as a compare-and-set of the alert's state, with its event, in one transaction (up to
// FIRE_BATCH firings share one): when several processes evaluate the same tick, or a restarted
// one evaluates it again, one of them writes the firing and the others find the state changed and
// write nothing. The firing's mail is queued in the same transaction (src/alerts/mail.ts).
import type { AlertKind, MarketSource } from '@coinlens/contract';
import {
  and,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  TransactionRollbackError,
  type SQL,
} from 'drizzle-orm';
import type { Clock } from '../auth/clock.js';
import { columnList, doubles, instants, integers, rowsOf, texts } from '../db/arrays.js';
import type { Database } from '../db/client.js';
import { alertEvents, alerts, sourceLines, sources } from '../db/schema.js';
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

/** An alert about to fire: its row as read, the firing's name and the figure that fired it. */
interface Candidate {
  row: AlertRow;
  firing: string;
  figure: { figure: number; provider: MarketSource; asOf: number } | null;
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
    return [...coin, ...source];
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
        // Each alert still in the state read: neither fired nor changed since.
        const spent = await tx
          .update(alerts)
          .set({ armed: false, lastFiredAt: firedAt })
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
        const events: AlertEventRow[] = mine.map(({ row, firing, figure }) => ({
          id: 0,
          userId: row.userId,
          alertId: row.id,
          firing,
          kind: row.kind,
          coinId: row.coinId,
          sourceId: row.sourceId,
          line: lineOf(row)?.line ?? null,
          keyword: row.keyword,
          figure: figure?.figure ?? null,
          provider: figure?.provider ?? null,
          asOf: figure ? new Date(figure.asOf * 1000) : null,
          firedAt,
          readAt: null,
        }));
        const column = <T>(pick: (event: AlertEventRow) => T) => events.map(pick);
        const ids = rowsOf<{ id: number; alert_id: number }>(
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
            )}) select *, ${firedAt.toISOString()}::timestamptz from unnest(${integers(column((event) => event.userId))}, ${integers(column((event) => event.alertId))}, ${texts(column((event) => event.firing))}, ${texts(column((event) => event.kind))}, ${integers(column((event) => event.coinId))}, ${integers(column((event) => event.sourceId))}, ${doubles(column((event) => event.line))}, ${texts(column((event) => event.keyword))}, ${doubles(column((event) => event.figure))}, ${texts(column((event) => event.provider))}, ${instants(column((event) => event.asOf))}) on conflict do nothing returning ${sql.identifier(alertEvents.id.name)}, ${sql.identifier(alertEvents.alertId.name)}`,
          ),
        );
        // Written already: leave the alerts as they were.
        if (ids.length !== mine.length) tx.rollback();
        const idOf = new Map(ids.map((row) => [row.alert_id, row.id]));
        for (const event of events) event.id = idOf.get(event.alertId!)!;
        const eventOf = new Map(events.map((event) => [event.alertId!, event]));
        const written = mine.map(({ row }) => ({
          eventId: eventOf.get(row.id)!.id,
          event: eventOf.get(row.id)!,
          alertId: row.id,
          userId: row.userId,
          kind: row.kind as AlertKind,
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
