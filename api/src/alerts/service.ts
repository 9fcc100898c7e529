// A user's alerts: made, changed, paused and deleted through the API (at most 20 each, each value
// checked with a clear refusal), listed with what each is about (a coin, a source, or none for an
// alert on every new source), and the alerts that fired (the inbox and the history) read and
// marked read.
import {
  ALERT_COOLDOWN_MINUTES,
  ALERT_KEYWORD_LENGTH,
  COIN_ALERT_KINDS,
  KEYWORD_ALERT_KINDS,
  MAX_ALERTS,
  SOURCE_ALERT_KINDS,
  VALUE_ALERT_KINDS,
  type Alert,
  type AlertEvent,
  type AlertEventPage,
  type AlertKind,
  type AlertSubject,
  type MarketSource,
} from '@coinlens/contract';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Clock } from '../auth/clock.js';
import type { Database } from '../db/client.js';
import { alertEvents, alerts, sources, users } from '../db/schema.js';
import { ApiError } from '../envelope.js';
import type { CoinCatalog } from '../market/catalog.js';
import { sourceLogo, STATUS } from '../monitor/sources.js';

type AlertRow = typeof alerts.$inferSelect;
type EventRow = typeof alertEvents.$inferSelect;

/** The largest move a move24h alert may watch, in percent. */
export const MAX_MOVE_PERCENT = 1000;

/** What an alert is made of once checked: the row's own fields. */
export interface AlertFields {
  kind: AlertKind;
  coinId: number | null;
  sourceId: number | null;
  line: number | null;
  keyword: string | null;
  cooldownMinutes: number;
}

export interface AlertInput {
  kind: AlertKind;
  coinId?: number;
  sourceId?: number;
  value?: number;
  keyword?: string;
  cooldownMinutes?: number;
}

const isCoinKind = (kind: AlertKind) => COIN_ALERT_KINDS.includes(kind);
const isSourceKind = (kind: AlertKind) => SOURCE_ALERT_KINDS.includes(kind);

/** The value checked for the kind: 422 for one out of range, or one the kind does not take. */
function checkedLine(kind: AlertKind, value: number | undefined): number | null {
  if (!VALUE_ALERT_KINDS.includes(kind)) {
    if (value !== undefined) throw new ApiError(422, 'alertNoValue');
    return null;
  }
  if (kind === 'move24h') {
    if (value === undefined || !(value > 0 && value <= MAX_MOVE_PERCENT)) {
      throw new ApiError(422, 'alertMove');
    }
    return value;
  }
  if (value === undefined || !(value > 0 && Number.isFinite(value))) {
    throw new ApiError(422, 'alertPrice');
  }
  return value;
}

/** The keyword trimmed, for the keyword kinds only; 422 otherwise or out of its length. */
function checkedKeyword(kind: AlertKind, keyword: string | undefined): string | null {
  if (!KEYWORD_ALERT_KINDS.includes(kind)) {
    if (keyword !== undefined) throw new ApiError(422, 'alertNoValue');
    return null;
  }
  const trimmed = (keyword ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');
  const length = [...trimmed].length;
  if (length < ALERT_KEYWORD_LENGTH.min || length > ALERT_KEYWORD_LENGTH.max) {
    throw new ApiError(422, 'alertKeyword');
  }
  return trimmed;
}

function checkedCooldown(minutes: number | undefined): number {
  const value = minutes ?? ALERT_COOLDOWN_MINUTES.default;
  if (
    !Number.isInteger(value) ||
    value < ALERT_COOLDOWN_MINUTES.min ||
    value > ALERT_COOLDOWN_MINUTES.max
  ) {
    throw new ApiError(422, 'alertCooldown');
  }
  return value;
}

/**
 * The fields of a new alert, checked without the database: its subject named for its kind (a
 * coin or a source, not both; neither for an alert on every new source), its value, keyword and
 * cooldown in range. 422 with the reason.
 */
export function checkAlertInput(input: AlertInput): AlertFields {
  const coinId = input.coinId ?? null;
  const sourceId = input.sourceId ?? null;
  if (
    (coinId !== null) !== isCoinKind(input.kind) ||
    (sourceId !== null) !== isSourceKind(input.kind)
  ) {
    throw new ApiError(422, 'alertSubject');
  }
  return {
    kind: input.kind,
    coinId,
    sourceId,
    line: checkedLine(input.kind, input.value),
    keyword: checkedKeyword(input.kind, input.keyword),
    cooldownMinutes: checkedCooldown(input.cooldownMinutes),
  };
}

/**
 * Whether a source in `status` can still give the kind's event: a source alert on an event that
 * already happened would never fire, so it is refused with the reason.
 */
function checkSourceStatus(kind: AlertKind, status: number): void {
  if (status === STATUS.cancelled) throw new ApiError(422, 'alertSourceEnded');
  if (kind === 'sourceLive' && status !== STATUS.unStarted) {
    throw new ApiError(422, 'alertSourceStarted');
  }
  if (kind === 'sourceKeyword' && status !== STATUS.unStarted && status !== STATUS.inProgress) {
    throw new ApiError(422, 'alertSourceEnded');
  }
  if (kind === 'sourceSummary' && status === STATUS.completed) {
    throw new ApiError(422, 'alertSourceSummarized');
  }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The contract's state of an alert from the rules' (src/alerts/rules.ts). */
function stateOf(row: Pick<AlertRow, 'armed'>): Alert['state'] {
  return row.armed === null ? 'waiting' : row.armed ? 'armed' : 'spent';
}

export class AlertService {
  constructor(
    private readonly db: Database,
    private readonly catalog: CoinCatalog,
    private readonly clock: Clock,
  ) {}

  /** The user's alerts, newest first. */
  async list(userId: number): Promise<Alert[]> {
    const rows = await this.db
      .select()
      .from(alerts)
      .where(eq(alerts.userId, userId))
      .orderBy(desc(alerts.createdAt), desc(alerts.id));
    const subjects = await this.#subjects(rows);
    return rows.map((row) => this.#toAlert(row, subjects));
  }

  /**
   * Makes an alert: 422 for a value out of range, a source whose event already happened, or a
   * 21st alert; 404 for a coin or source the user cannot see.
   */
  async add(userId: number, input: AlertInput): Promise<Alert> {
    const fields = checkAlertInput(input);
    await this.#checkSubject(fields);
    const now = new Date(this.clock.now());
    const row = await this.db.transaction(async (tx) => {
      // One add at a time per user, so that two at once cannot both pass the limit.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [total] = await tx
        .select({ value: count() })
        .from(alerts)
        .where(eq(alerts.userId, userId));
      if ((total?.value ?? 0) >= MAX_ALERTS) throw new ApiError(422, 'alertLimit');
      const [inserted] = await tx
        .insert(alerts)
        .values({
          userId,
          ...fields,
          // A source alert waits for its event; a figure finds its side on its first reading.
          armed: isCoinKind(fields.kind) ? null : true,
          listensFrom: fields.kind === 'newSourceKeyword' ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return inserted!;
    });
    return this.#one(row);
  }

  /**
   * Changes an alert's value, keyword, cooldown or pause (each checked as when it was made). A new
   * line starts the rules over (the next fresh reading finds the side again), and a new keyword
   * is listened for even if the old one was said (on every new source: in the sources that arrive
   * from then on).
   */
  async modify(
    userId: number,
    id: number,
    change: { value?: number; keyword?: string; cooldownMinutes?: number; paused?: boolean },
  ): Promise<Alert> {
    const current = await this.#own(userId, id);
    const kind = current.kind as AlertKind;
    const line = change.value === undefined ? current.line : checkedLine(kind, change.value);
    const keyword =
      change.keyword === undefined ? current.keyword : checkedKeyword(kind, change.keyword);
    const cooldownMinutes =
      change.cooldownMinutes === undefined
        ? current.cooldownMinutes
        : checkedCooldown(change.cooldownMinutes);
    const restart = line !== current.line || keyword !== current.keyword;
    const now = new Date(this.clock.now());
    const [row] = await this.db
      .update(alerts)
      .set({
        line,
        keyword,
        cooldownMinutes,
        paused: change.paused ?? current.paused,
        // A coin alert finds its side again; a keyword alert listens for its new word.
        ...(restart ? { armed: isCoinKind(kind) ? null : true } : {}),
        ...(restart && kind === 'newSourceKeyword' ? { listensFrom: now } : {}),
        updatedAt: now,
      })
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
      .returning();
    if (!row) throw new ApiError(404, 'alertNotFound');
    return this.#one(row);
  }

  /** Deletes an alert; what it fired stays in the history. 404 for another user's or none. */
  async remove(userId: number, id: number): Promise<void> {
    const deleted = await this.db
      .delete(alerts)
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
      .returning({ id: alerts.id });
    if (deleted.length === 0) throw new ApiError(404, 'alertNotFound');
  }

  /** A page of the alerts that fired for the user, newest first, with the unread count. */
  async events(
    userId: number,
    options: { page: number; size: number; unread: boolean },
  ): Promise<AlertEventPage> {
    const mine = eq(alertEvents.userId, userId);
    const unreadOnly = and(mine, isNull(alertEvents.readAt));
    const where = options.unread ? unreadOnly : mine;
    const [rows, [total], [unread]] = await Promise.all([
      this.db
        .select()
        .from(alertEvents)
        .where(where)
        .orderBy(desc(alertEvents.firedAt), desc(alertEvents.id))
        .limit(options.size)
        .offset((options.page - 1) * options.size),
      this.db.select({ value: count() }).from(alertEvents).where(where),
      this.db.select({ value: count() }).from(alertEvents).where(unreadOnly),
    ]);
    const subjects = await this.#subjects(rows);
    const records = rows.map((row) => this.#toEvent(row, subjects));
    const all = total?.value ?? 0;
    return {
      records,
      page: options.page,
      size: options.size,
      total: all,
      has_next: options.page * options.size < all,
      unread: unread?.value ?? 0,
    };
  }

  /** Marks the user's events read (the ids given, or every unread one); the unread count left. */
  async markRead(userId: number, ids: readonly number[] | null): Promise<number> {
    if (ids !== null && (ids.length < 1 || ids.length > 100)) {
      throw new ApiError(422, 'alertReadCount');
    }
    const now = new Date(this.clock.now());
    await this.db
      .update(alertEvents)
      .set({ readAt: now })
      .where(
        and(
          eq(alertEvents.userId, userId),
          isNull(alertEvents.readAt),
          ids === null ? undefined : inArray(alertEvents.id, [...new Set(ids)]),
        ),
      );
    return this.unreadCount(userId);
  }

  /**
   * The notices of events just written (several users' at once): each user's events newest
   * first, with the user's unread count. One query however many users it reaches.
   */
  async noticesOf(
    rows: readonly EventRow[],
  ): Promise<Map<number, { events: AlertEvent[]; unread: number }>> {
    const notices = new Map<number, { events: AlertEvent[]; unread: number }>();
    if (rows.length === 0) return notices;
    const userIds = [...new Set(rows.map((row) => row.userId))];
    const [subjects, counts] = await Promise.all([
      this.#subjects(rows),
      this.db
        .select({ userId: alertEvents.userId, value: count() })
        .from(alertEvents)
        .where(and(inArray(alertEvents.userId, userIds), isNull(alertEvents.readAt)))
        .groupBy(alertEvents.userId),
    ]);
    const unread = new Map(counts.map((row) => [row.userId, row.value]));
    const newestFirst = [...rows].sort(
      (a, b) => b.firedAt.getTime() - a.firedAt.getTime() || b.id - a.id,
    );
    for (const row of newestFirst) {
      let notice = notices.get(row.userId);
      if (!notice) {
        notice = { events: [], unread: unread.get(row.userId) ?? 0 };
        notices.set(row.userId, notice);
      }
      notice.events.push(this.#toEvent(row, subjects));
    }
    return notices;
  }

  /** The bell's count. */
  async unreadCount(userId: number): Promise<number> {
    const [unread] = await this.db
      .select({ value: count() })
      .from(alertEvents)
      .where(and(eq(alertEvents.userId, userId), isNull(alertEvents.readAt)));
    return unread?.value ?? 0;
  }

  async #own(userId: number, id: number): Promise<AlertRow> {
    const [row] = await this.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)));
    if (!row) throw new ApiError(404, 'alertNotFound');
    return row;
  }

  /** 404 for a coin or source the user cannot see; 422 for a source past the kind's event. */
  async #checkSubject(fields: AlertFields): Promise<void> {
    if (fields.coinId === null && fields.sourceId === null) return;
    if (fields.coinId !== null) {
      await this.catalog.ready();
      if (!this.catalog.get(fields.coinId)) throw new ApiError(404, 'coinNotFound');
      return;
    }
    const [source] = await this.db
      .select({ status: sources.status })
      .from(sources)
      .where(eq(sources.id, fields.sourceId!));
    if (!source || source.status === STATUS.invalid) throw new ApiError(404, 'sourceNotFound');
    checkSourceStatus(fields.kind, source.status);
  }

  async #one(row: AlertRow): Promise<Alert> {
    return this.#toAlert(row, await this.#subjects([row]));
  }

  /** What the rows are about: each coin from the catalog, the sources in one query. */
  async #subjects(
    rows: readonly Pick<AlertRow, 'coinId' | 'sourceId'>[],
  ): Promise<Map<string, AlertSubject>> {
    const subjects = new Map<string, AlertSubject>();
    const sourceIds = [...new Set(rows.flatMap((row) => (row.sourceId ? [row.sourceId] : [])))];
    if (rows.some((row) => row.coinId !== null)) await this.catalog.ready();
    for (const row of rows) {
      if (row.coinId === null) continue;
      const coin = this.catalog.get(row.coinId);
      subjects.set(`coin:${row.coinId}`, {
        kind: 'coin',
        id: row.coinId,
        name: coin?.name ?? '',
        symbol: coin?.symbol ?? '',
        logo: coin?.logo ?? '',
      });
    }
    if (sourceIds.length > 0) {
      const found = await this.db
        .select({
          id: sources.id,
          title: sources.title,
          logo: sources.logo,
          author: sources.author,
        })
        .from(sources)
        .where(inArray(sources.id, sourceIds));
      for (const source of found) {
        subjects.set(`source:${source.id}`, {
          kind: 'source',
          id: source.id,
          name: source.title,
          symbol: null,
          logo: sourceLogo(source),
        });
      }
    }
    return subjects;
  }

  #toAlert(row: AlertRow, subjects: Map<string, AlertSubject>): Alert {
    return {
      id: row.id,
      kind: row.kind as AlertKind,
      subject: row.kind === 'newSourceKeyword' ? null : subjectOf(row, subjects),
      value: row.line,
      keyword: row.keyword,
      cooldownMinutes: row.cooldownMinutes,
      paused: row.paused,
      state: stateOf(row),
      lastFiredAt: row.lastFiredAt ? seconds(row.lastFiredAt) : null,
      createdAt: seconds(row.createdAt),
    };
  }

  #toEvent(row: EventRow, subjects: Map<string, AlertSubject>): AlertEvent {
    return {
      id: row.id,
      alertId: row.alertId,
      kind: row.kind as AlertKind,
      subject: subjectOf(row, subjects),
      line: row.line,
      keyword: row.keyword,
      figure: row.figure,
      source: (row.provider as MarketSource | null) ?? null,
      asOf: row.asOf ? seconds(row.asOf) : null,
      firedAt: seconds(row.firedAt),
      read: row.readAt !== null,
    };
  }
}

function subjectOf(
  row: Pick<AlertRow, 'coinId' | 'sourceId'>,
  subjects: Map<string, AlertSubject>,
): AlertSubject {
  const key = row.coinId !== null ? `coin:${row.coinId}` : `source:${row.sourceId}`;
  return (
    subjects.get(key) ?? {
      kind: row.coinId !== null ? 'coin' : 'source',
      id: row.coinId ?? row.sourceId ?? 0,
      name: '',
      symbol: null,
      logo: '',
    }
  );
}
