// Alerts by webhook: each user's URL and signing secret, the queue of fired alerts waiting to be
// posted, and the job that posts them.
//
// The queue works as the mail's does (src/alerts/mail.ts): a firing is queued in the transaction
// that writes it; the job claims the rows of one post with a compare-and-set, so that two
// processes never post the same rows; a post that is not answered 2xx within the time-out gives
// its rows back for a retry after a back-off (1 minute doubling to an hour), and after
// MAX_ATTEMPTS they are given up. The alerts of one user fired within a minute of the first go as
// one post. A process that dies between a post and marking its rows leaves a claim that lapses:
// the rows are posted again under the same id (`Coinlens-Webhook-Id`), by which a receiver drops
// the copy.
//
// Every post is signed as Stripe signs its webhooks: `Coinlens-Signature: t=<unix s>,v1=<hex>`,
// the HMAC-SHA256 of `<t>.<body>` keyed by the user's secret, so that a receiver can tell the post
// is ours and refuse an old one replayed (docs/api.md tells how to check it). For a day after a
// rotation a second `v1=` is signed with the previous secret.
import {
  ALERT_WEBHOOK_ID_HEADER,
  ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS,
  ALERT_WEBHOOK_SIGNATURE_HEADER,
  ALERT_WEBHOOK_URL_MAX,
  type AlertWebhook,
  type AlertWebhookAlert,
  type AlertWebhookBody,
  type AlertWebhookPayload,
  type MarketSource,
  type MessageKey,
} from '@coinlens/contract';
import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../auth/clock.js';
import { anyOf } from '../db/arrays.js';
import type { Database } from '../db/client.js';
import type { Executor } from '../db/executor.js';
import { alertMailSettings, alertWebhookQueue, alertWebhooks } from '../db/schema.js';
import { ApiError } from '../envelope.js';
import { localeOf } from '../i18n.js';
import { eventLink } from '../mail/alertTemplates.js';
import { FetchRefusedError, type FetchGuard, type RefusalReason } from '../net/guard.js';
import { CLAIM_MS, MAIL_WINDOW_MS, MAX_ATTEMPTS, retryDelayMs } from './mail.js';
import { messageEventsOf } from './messageEvents.js';
import { batchesOf } from './rules.js';
import { enqueue } from './queue.js';

/** A post waits for its receiver this long, connecting and reading included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The receiver's answer is read up to this size; only its status counts. */
const RESPONSE_MAX_BYTES = 16 * 1024;
/** Posts under way at once in one run, so that a slow receiver does not hold up the others. */
const CONCURRENT_POSTS = 8;
const PREVIOUS_SECRET_MS = ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS * 3_600_000;

/** A new signing secret: 256 random bits, named as what it is. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The `Coinlens-Signature` header: `t=<unix s>`, then `v1=<hex>` by each secret. */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string) {
  const signatures = secrets.map(
    (secret) => `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  );
  return [`t=${timestamp}`, ...signatures].join(',');
}

/** A post's id: the same for the same alerts, so that a post sent again is known as a copy. */
export function webhookId(userId: number, eventIds: readonly number[]): string {
  const digest = createHash('sha256')
    .update(`${userId}:${eventIds.join(',')}`)
    .digest('base64url');
  return `whk_${digest.slice(0, 32)}`;
}

/** Queues firings for their users' enabled webhooks, in the transaction that writes them. */
export async function queueWebhooks(
  tx: Executor,
  firings: readonly { eventId: number; userId: number; firedAt: Date }[],
): Promise<void> {
  if (firings.length === 0) return;
  const hooked = await tx
    .select({ userId: alertWebhooks.userId })
    .from(alertWebhooks)
    .where(
      and(
        anyOf(alertWebhooks.userId, [...new Set(firings.map((firing) => firing.userId))]),
        eq(alertWebhooks.enabled, true),
      ),
    );
  const on = new Set(hooked.map((row) => row.userId));
  await enqueue(
    tx,
    alertWebhookQueue,
    firings.filter((firing) => on.has(firing.userId)),
  );
}

const REFUSALS: Record<RefusalReason, MessageKey> = {
  url: 'alertWebhookUrl',
  scheme: 'alertWebhookUrl',
  host: 'alertWebhookHost',
  address: 'alertWebhookAddress',
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Webhooks are https; plain http only where the operator allows private addresses (tests). */
const protocolsOf = (guard: FetchGuard) => (guard.allowsPrivate ? ['https:', 'http:'] : ['https:']);

type WebhookRow = typeof alertWebhooks.$inferSelect;

/** The user's webhook and its secret: set, changed, removed and its secret rotated. */
export class AlertWebhookSettings {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly guard: FetchGuard,
  ) {}

  async get(userId: number): Promise<AlertWebhook | null> {
    const [row] = await this.db
      .select()
      .from(alertWebhooks)
      .where(eq(alertWebhooks.userId, userId));
    return row ? this.#toWebhook(row) : null;
  }

  /**
   * Checks the address as a post would go now: 422 with the reason for one that is not an https
   * address, or whose host is not found or not public. Answers it as it will be stored.
   */
  async check(url: string): Promise<string> {
    if (url.length > ALERT_WEBHOOK_URL_MAX) throw new ApiError(422, 'alertWebhookUrl');
    try {
      return (await this.guard.checkUrl(url, { protocols: protocolsOf(this.guard) })).href;
    } catch (error) {
      if (error instanceof FetchRefusedError) throw new ApiError(422, REFUSALS[error.reason]);
      throw error;
    }
  }

  /**
   * Sets the webhook (its secret made the first time, kept when the address changes), or removes
   * it with its secret (null). Alerts still queued for a webhook turned off are dropped by the
   * next run of the job. `url` was checked by `check`.
   */
  async set(userId: number, webhook: AlertWebhookBody | null): Promise<AlertWebhook | null> {
    if (webhook === null) {
      await this.db.delete(alertWebhooks).where(eq(alertWebhooks.userId, userId));
      return null;
    }
    const now = new Date(this.clock.now());
    const enabled = webhook.enabled ?? true;
    const [row] = await this.db
      .insert(alertWebhooks)
      .values({
        userId,
        url: webhook.url,
        enabled,
        secret: newWebhookSecret(),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: alertWebhooks.userId,
        set: { url: webhook.url, enabled, updatedAt: now },
      })
      .returning();
    return this.#toWebhook(row!);
  }

  /**
   * A new secret; the one it replaces still signs (a second `v1=`) for a day, so the receiver can
   * take the new one without refusing posts meanwhile. 404 without a webhook.
   */
  async rotate(userId: number): Promise<AlertWebhook> {
    const now = this.clock.now();
    const [current] = await this.db
      .select({ secret: alertWebhooks.secret })
      .from(alertWebhooks)
      .where(eq(alertWebhooks.userId, userId));
    if (!current) throw new ApiError(404, 'alertWebhookNone');
    const [row] = await this.db
      .update(alertWebhooks)
      .set({
        secret: newWebhookSecret(),
        previousSecret: current.secret,
        previousSecretUntil: new Date(now + PREVIOUS_SECRET_MS),
        updatedAt: new Date(now),
      })
      // Two rotations at once: one wins, the other finds the secret changed.
      .where(and(eq(alertWebhooks.userId, userId), eq(alertWebhooks.secret, current.secret)))
      .returning();
    if (!row) return this.rotate(userId);
    return this.#toWebhook(row);
  }

  #toWebhook(row: WebhookRow): AlertWebhook {
    const previousLive =
      row.previousSecret !== null &&
      row.previousSecretUntil !== null &&
      row.previousSecretUntil.getTime() > this.clock.now();
    return {
      url: row.url,
      enabled: row.enabled,
      secret: row.secret,
      previousSecretExpiresAt: previousLive ? seconds(row.previousSecretUntil!) : null,
      lastDelivery:
        row.lastDeliveryAt !== null
          ? {
              at: seconds(row.lastDeliveryAt),
              ok: row.lastDeliveryOk ?? false,
              status: row.lastDeliveryStatus,
            }
          : null,
    };
  }
}

export interface AlertWebhookJobOptions {
  db: Database;
  guard: FetchGuard;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The site's public origin, for the links to coins and sources. */
  siteUrl: string;
  /** How long a post waits for its receiver (default WEBHOOK_TIMEOUT_MS). */
  timeoutMs?: number;
}

type Pending = {
  eventId: number;
  userId: number;
  firedAt: Date;
  attempts: number;
  enabled: boolean | null;
};

/** Rows nobody holds: never claimed, or claimed by a run whose claim lapsed. */
const unclaimed = (now: Date) =>
  or(isNull(alertWebhookQueue.claimedUntil), lt(alertWebhookQueue.claimedUntil, now));

/** The job that posts the queued alerts (`alerts.webhook`): run it often, from any process. */
export class AlertWebhookJob {
  constructor(private readonly options: AlertWebhookJobOptions) {}

  /**
   * One pass over the queue: each user's alerts whose minute has closed, a post per minute; the
   * alerts of users whose webhook is now off or gone, dropped. Answers the posts taken (2xx).
   */
  async run(): Promise<number> {
    const { db, clock } = this.options;
    const now = new Date(clock.now());
    const rows: Pending[] = await db
      .select({
        eventId: alertWebhookQueue.eventId,
        userId: alertWebhookQueue.userId,
        firedAt: alertWebhookQueue.firedAt,
        attempts: alertWebhookQueue.attempts,
        enabled: alertWebhooks.enabled,
      })
      .from(alertWebhookQueue)
      .leftJoin(alertWebhooks, eq(alertWebhooks.userId, alertWebhookQueue.userId))
      .where(
        and(
          isNull(alertWebhookQueue.doneAt),
          or(isNull(alertWebhookQueue.retryAt), lte(alertWebhookQueue.retryAt, now)),
          unclaimed(now),
        ),
      )
      .orderBy(alertWebhookQueue.userId, alertWebhookQueue.firedAt, alertWebhookQueue.eventId)
      .limit(5000);
    const byUser = new Map<number, Pending[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    // Each user's posts in order, one after the other; several users' at once.
    const queues: Pending[][][] = [];
    for (const pending of byUser.values()) {
      if (pending[0]!.enabled !== true) {
        await this.#drop(pending, now);
        continue;
      }
      const timed = pending.map((row) => ({ ...row, at: row.firedAt.getTime() }));
      // Wait until the minute has closed: a later alert of it joins the same post.
      const due = batchesOf(timed, MAIL_WINDOW_MS).filter((batch) => batch.dueAt <= now.getTime());
      if (due.length > 0) queues.push(due.map((batch) => batch.items));
    }
    let taken = 0;
    const next = async (): Promise<void> => {
      const posts = queues.shift();
      if (!posts) return;
      for (const post of posts) if (await this.#post(post)) taken += 1;
      return next();
    };
    await Promise.all(Array.from({ length: CONCURRENT_POSTS }, next));
    return taken;
  }

  /** The rows of a user whose webhook is off or gone: done, not posted. */
  async #drop(rows: readonly Pending[], now: Date): Promise<void> {
    await this.options.db
      .update(alertWebhookQueue)
      .set({ doneAt: now, outcome: 'skipped' })
      .where(
        and(
          inArray(
            alertWebhookQueue.eventId,
            rows.map((row) => row.eventId),
          ),
          isNull(alertWebhookQueue.doneAt),
          unclaimed(now),
        ),
      );
  }

  /** Claims the rows of one post, posts them and marks them; false when not taken (now). */
  async #post(rows: readonly Pending[]): Promise<boolean> {
    const { db, clock, log, guard } = this.options;
    const ids = rows.map((row) => row.eventId);
    const userId = rows[0]!.userId;
    const claim = randomUUID();
    const claimedAt = new Date(clock.now());
    const claimed = await db
      .update(alertWebhookQueue)
      .set({ claimedBy: claim, claimedUntil: new Date(claimedAt.getTime() + CLAIM_MS) })
      .where(
        and(
          inArray(alertWebhookQueue.eventId, ids),
          isNull(alertWebhookQueue.doneAt),
          unclaimed(claimedAt),
        ),
      )
      .returning({ eventId: alertWebhookQueue.eventId });
    const mine = eq(alertWebhookQueue.claimedBy, claim);
    const release = { claimedBy: null, claimedUntil: null };
    if (claimed.length !== ids.length) {
      // Another run took some of them: give back the rest, the next run sees the post whole.
      if (claimed.length > 0) await db.update(alertWebhookQueue).set(release).where(mine);
      return false;
    }
    const [hook] = await db.select().from(alertWebhooks).where(eq(alertWebhooks.userId, userId));
    if (!hook || !hook.enabled) {
      // Turned off since the rows were read.
      await db
        .update(alertWebhookQueue)
        .set({ ...release, doneAt: new Date(clock.now()), outcome: 'skipped' })
        .where(mine);
      return false;
    }
    const id = webhookId(userId, ids);
    let status: number | null = null;
    let failure: unknown = null;
    try {
      const payload: AlertWebhookPayload = {
        id,
        type: 'alerts.fired',
        alerts: await this.#alerts(ids, userId),
      };
      const body = JSON.stringify(payload);
      const now = clock.now();
      const secrets = [hook.secret];
      if (hook.previousSecret && (hook.previousSecretUntil?.getTime() ?? 0) > now) {
        secrets.push(hook.previousSecret);
      }
      const response = await guard.request(hook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Coinlens-Webhook/1',
          [ALERT_WEBHOOK_ID_HEADER]: id,
          [ALERT_WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secrets, Math.floor(now / 1000), body),
        },
        body,
        timeoutMs: this.options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        maxBytes: RESPONSE_MAX_BYTES,
        // A redirect is not followed: the receiver names its final address.
        maxRedirects: 0,
        protocols: protocolsOf(guard),
      });
      status = response.status;
      if (status < 200 || status > 299) failure = new Error(`answered HTTP ${status}`);
    } catch (error) {
      failure = error;
    }
    const doneAt = new Date(clock.now());
    await db
      .update(alertWebhooks)
      .set({
        lastDeliveryAt: doneAt,
        lastDeliveryStatus: status,
        lastDeliveryOk: failure === null,
      })
      .where(eq(alertWebhooks.userId, userId));
    if (failure === null) {
      await db
        .update(alertWebhookQueue)
        .set({ ...release, doneAt, outcome: 'posted' })
        .where(mine);
      return true;
    }
    const attempts = Math.max(...rows.map((row) => row.attempts)) + 1;
    const givenUp = attempts >= MAX_ATTEMPTS;
    await db
      .update(alertWebhookQueue)
      .set(
        givenUp
          ? { ...release, attempts, doneAt, outcome: 'failed' }
          : { ...release, attempts, retryAt: new Date(doneAt.getTime() + retryDelayMs(attempts)) },
      )
      .where(mine);
    log.warn(
      {
        err: failure,
        userId,
        webhookId: id,
        events: ids,
        status,
        attempts,
        retryInMs: givenUp ? null : retryDelayMs(attempts),
      },
      givenUp ? 'alert webhook failed; given up' : 'alert webhook failed; will retry',
    );
    return false;
  }

  /** The events as the post tells them, oldest first, with links in the user's language. */
  async #alerts(ids: readonly number[], userId: number): Promise<AlertWebhookAlert[]> {
    const { db, siteUrl } = this.options;
    const [events, [settings]] = await Promise.all([
      messageEventsOf(db, ids),
      db
        .select({ locale: alertMailSettings.locale })
        .from(alertMailSettings)
        .where(eq(alertMailSettings.userId, userId)),
    ]);
    const locale = localeOf(settings?.locale ?? 'en');
    return events.map((event) => ({
      id: event.id,
      alertId: event.alertId,
      kind: event.kind,
      subject:
        event.subject.kind === 'coin'
          ? {
              kind: 'coin',
              id: event.subject.id,
              name: event.subject.name,
              symbol: event.subject.symbol,
            }
          : { kind: 'source', id: event.subject.id, name: event.subject.title, symbol: null },
      line: event.line,
      keyword: event.keyword,
      figure: event.figure,
      provider: (event.provider as MarketSource | null) ?? null,
      asOf: event.asOf === null ? null : Math.floor(event.asOf / 1000),
      firedAt: Math.floor(event.firedAt / 1000),
      link: eventLink(event, locale, siteUrl),
    }));
  }
}
