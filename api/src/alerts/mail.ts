// Alerts by mail: each user's choice (a mail per alert, a daily digest, or none), the queue of
// fired alerts waiting for their mail, the job that sends them, and the unsubscribe links.
//
// A firing is queued in the transaction that writes it (src/alerts/evaluate.ts), one row per
// event, so a restart loses none and no event is queued twice. The job claims the rows of one
// mail with a compare-and-set (a row not done and not claimed, or whose claim lapsed), so two
// processes running it at once never send the same rows; it marks them done once the mail is out,
// and gives them back with a back-off when the mail is refused. A process that dies between
// handing a mail over and marking its rows leaves a claim that lapses after `CLAIM_MS`: those
// rows are sent again, the one case of a second mail (it carries the same Message-ID, which mail
// clients use to drop the copy).
import {
  ALERT_DIGEST_HOUR_UTC,
  ALERT_MAIL_WINDOW_SECONDS,
  type AlertMailMode,
  type AlertSettings,
  type Locale,
} from '@coinlens/contract';
import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../auth/clock.js';
import { anyOf } from '../db/arrays.js';
import type { Database } from '../db/client.js';
import type { Executor } from '../db/executor.js';
import { alertMailQueue, alertMailSettings, alertUnsubscribeTokens, users } from '../db/schema.js';
import { ApiError } from '../envelope.js';
import { localeOf } from '../i18n.js';
import { alertMail } from '../mail/alertTemplates.js';
import type { Mailer } from '../mail/index.js';
import { messageEventsOf } from './messageEvents.js';
import { batchesOf } from './rules.js';
import { enqueue } from './queue.js';

/** Alerts fired within this window of the first of them go out as one mail. */
export const MAIL_WINDOW_MS = ALERT_MAIL_WINDOW_SECONDS * 1000;
/** How long a run's claim on its rows holds: far longer than a send takes. */
export const CLAIM_MS = 5 * 60_000;
/** Failed sends of one mail before its alerts are given up on (about 8.5 hours of tries). */
export const MAX_ATTEMPTS = 10;
const DAY_MS = 24 * 3_600_000;

/** The wait before try `attempts + 1` of a mail: 1 minute, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Whether an account can be mailed: those made by X sign-in have no address (`x:<id>`). */
export function addressOf(account: string): string | null {
  return account.includes('@') ? account : null;
}

/**
 * The user's mode: what they chose, else `each` for an account with an address. Every address
 * an account has was verified (a code mailed to it, or Google's verified email), and a user who
 * made an alert asked to be told: mailing them unless they say otherwise is what they expect.
 */
export function modeOf(account: string, chosen: string | null | undefined): AlertMailMode {
  if (addressOf(account) === null) return 'none';
  return chosen === 'each' || chosen === 'digest' || chosen === 'none' ? chosen : 'each';
}

/** The mail part of a user's alert settings (their webhook is src/alerts/webhook.ts's). */
export type AlertMailChoice = Pick<AlertSettings, 'email' | 'address'>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Queues firings for their mail, in the transaction that writes their events, except those of
 * users whose mail is off (then there is nothing to send, now or later). Two queries however many
 * firings an evaluation writes.
 */
export async function queueFirings(
  tx: Executor,
  firings: readonly { eventId: number; userId: number; firedAt: Date }[],
): Promise<void> {
  if (firings.length === 0) return;
  const mailed = await tx
    .select({ id: users.id, account: users.account, email: alertMailSettings.email })
    .from(users)
    .leftJoin(alertMailSettings, eq(alertMailSettings.userId, users.id))
    .where(anyOf(users.id, [...new Set(firings.map((firing) => firing.userId))]));
  const on = new Set(
    mailed.filter((user) => modeOf(user.account, user.email) !== 'none').map((user) => user.id),
  );
  await enqueue(
    tx,
    alertMailQueue,
    firings.filter((firing) => on.has(firing.userId)),
  );
}

/** The users' choices, and what an unsubscribe link does. */
export class AlertMailSettings {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async get(userId: number): Promise<AlertMailChoice> {
    const [row] = await this.db
      .select({ account: users.account, email: alertMailSettings.email })
      .from(users)
      .leftJoin(alertMailSettings, eq(alertMailSettings.userId, users.id))
      .where(eq(users.id, userId));
    if (!row) throw new ApiError(401, 'unauthorized');
    return { email: modeOf(row.account, row.email), address: addressOf(row.account) };
  }

  /**
   * Sets the mode (422 for mail to an account without an address) and the mails' language.
   * Turning mail back on deletes the unsubscribe links sent so far: a forwarded old mail cannot
   * turn it off again, and the next mails carry new links.
   */
  async set(userId: number, email: AlertMailMode, locale: Locale): Promise<AlertMailChoice> {
    const before = await this.get(userId);
    if (before.address === null && email !== 'none') throw new ApiError(422, 'alertMailNoAddress');
    const now = new Date(this.clock.now());
    await this.db.transaction(async (tx) => {
      await tx
        .insert(alertMailSettings)
        .values({ userId, email, locale, updatedAt: now })
        .onConflictDoUpdate({
          target: alertMailSettings.userId,
          set: { email, locale, updatedAt: now },
        });
      if (before.email === 'none' && email !== 'none') {
        await tx.delete(alertUnsubscribeTokens).where(eq(alertUnsubscribeTokens.userId, userId));
      }
    });
    return { email, address: before.address };
  }

  /** Keeps the language of the user's latest alert request: the mails are written in it. */
  async noteLocale(userId: number, locale: Locale): Promise<void> {
    await this.db
      .insert(alertMailSettings)
      .values({ userId, locale, updatedAt: new Date(this.clock.now()) })
      .onConflictDoUpdate({ target: alertMailSettings.userId, set: { locale } });
  }

  /** The language of the user an unsubscribe token belongs to, or null for a token that is not one. */
  async tokenLocale(token: string): Promise<Locale | null> {
    const [row] = await this.db
      .select({ locale: alertMailSettings.locale })
      .from(alertUnsubscribeTokens)
      .leftJoin(alertMailSettings, eq(alertMailSettings.userId, alertUnsubscribeTokens.userId))
      .where(eq(alertUnsubscribeTokens.tokenHash, hashOf(token)));
    return row ? localeOf(row.locale ?? 'en') : null;
  }

  /**
   * Turns off the alert mails of the token's user; 403 for a token that is not one (nothing
   * changes). Using a link twice is no error. The queued alerts are dropped by the next run.
   */
  async unsubscribe(token: string): Promise<Locale> {
    const [row] = await this.db
      .select({ userId: alertUnsubscribeTokens.userId, locale: alertMailSettings.locale })
      .from(alertUnsubscribeTokens)
      .leftJoin(alertMailSettings, eq(alertMailSettings.userId, alertUnsubscribeTokens.userId))
      .where(eq(alertUnsubscribeTokens.tokenHash, hashOf(token)));
    if (!row) throw new ApiError(403, 'alertUnsubscribeToken');
    const now = new Date(this.clock.now());
    await this.db
      .insert(alertMailSettings)
      .values({ userId: row.userId, email: 'none', updatedAt: now })
      .onConflictDoUpdate({
        target: alertMailSettings.userId,
        set: { email: 'none', updatedAt: now },
      });
    return localeOf(row.locale ?? 'en');
  }
}

export interface AlertMailJobOptions {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The site's public origin, for the links to coins and sources. */
  siteUrl: string;
  /** The API's public origin, for the unsubscribe links. */
  apiUrl: string;
}

type Pending = {
  eventId: number;
  userId: number;
  firedAt: Date;
  attempts: number;
  account: string;
  email: string | null;
  locale: string | null;
};

/** Rows nobody holds: never claimed, or claimed by a run whose claim lapsed. */
const unclaimed = (now: Date) =>
  or(isNull(alertMailQueue.claimedUntil), lt(alertMailQueue.claimedUntil, now));

/** The job that mails the queued alerts (`alerts.mail`): run it often, from any process. */
export class AlertMailJob {
  constructor(private readonly options: AlertMailJobOptions) {}

  /**
   * One pass over the queue: each user's `each` alerts whose minute has closed, as one mail per
   * minute; each `digest` user's days that are over (from `ALERT_DIGEST_HOUR_UTC` the next day),
   * a mail per day; the alerts of users whose mail is now off, dropped. Answers the mails sent.
   */
  async run(): Promise<number> {
    const { db, clock } = this.options;
    const now = new Date(clock.now());
    const rows: Pending[] = await db
      .select({
        eventId: alertMailQueue.eventId,
        userId: alertMailQueue.userId,
        firedAt: alertMailQueue.firedAt,
        attempts: alertMailQueue.attempts,
        account: users.account,
        email: alertMailSettings.email,
        locale: alertMailSettings.locale,
      })
      .from(alertMailQueue)
      .innerJoin(users, eq(users.id, alertMailQueue.userId))
      .leftJoin(alertMailSettings, eq(alertMailSettings.userId, alertMailQueue.userId))
      .where(
        and(
          isNull(alertMailQueue.doneAt),
          or(isNull(alertMailQueue.retryAt), lte(alertMailQueue.retryAt, now)),
          unclaimed(now),
        ),
      )
      .orderBy(alertMailQueue.userId, alertMailQueue.firedAt, alertMailQueue.eventId)
      .limit(5000);
    const byUser = new Map<number, Pending[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    let sent = 0;
    for (const pending of byUser.values()) {
      const first = pending[0]!;
      const mode = modeOf(first.account, first.email);
      if (mode === 'none') {
        await this.#drop(pending, now);
        continue;
      }
      const timed = pending.map((row) => ({ ...row, at: row.firedAt.getTime() }));
      if (mode === 'each') {
        for (const batch of batchesOf(timed, MAIL_WINDOW_MS)) {
          // Wait until the minute has closed: a later alert of it joins the same mail.
          if (batch.dueAt > now.getTime()) continue;
          if (await this.#mail('each', batch.items)) sent += 1;
        }
        continue;
      }
      const days = new Map<number, typeof timed>();
      for (const row of timed) {
        const day = Math.floor(row.at / DAY_MS) * DAY_MS;
        days.set(day, [...(days.get(day) ?? []), row]);
      }
      for (const [day, items] of days) {
        if (day + DAY_MS + ALERT_DIGEST_HOUR_UTC * 3_600_000 > now.getTime()) continue;
        if (await this.#mail('digest', items, new Date(day).toISOString().slice(0, 10))) sent += 1;
      }
    }
    return sent;
  }

  /** The rows of a user whose mail is off: done, unsent. */
  async #drop(rows: readonly Pending[], now: Date): Promise<void> {
    await this.options.db
      .update(alertMailQueue)
      .set({ doneAt: now, outcome: 'skipped' })
      .where(
        and(
          inArray(
            alertMailQueue.eventId,
            rows.map((row) => row.eventId),
          ),
          isNull(alertMailQueue.doneAt),
          unclaimed(now),
        ),
      );
  }

  /** Claims the rows of one mail, sends it and marks them; false when not sent (now). */
  async #mail(mode: 'each' | 'digest', rows: readonly Pending[], day?: string): Promise<boolean> {
    const { db, clock, log, mailer } = this.options;
    const ids = rows.map((row) => row.eventId);
    const claim = randomUUID();
    const claimedAt = new Date(clock.now());
    const claimed = await db
      .update(alertMailQueue)
      .set({ claimedBy: claim, claimedUntil: new Date(claimedAt.getTime() + CLAIM_MS) })
      .where(
        and(
          inArray(alertMailQueue.eventId, ids),
          isNull(alertMailQueue.doneAt),
          unclaimed(claimedAt),
        ),
      )
      .returning({ eventId: alertMailQueue.eventId });
    const mine = eq(alertMailQueue.claimedBy, claim);
    if (claimed.length !== ids.length) {
      // Another run took some of them: give back the rest, the next run sees the mail whole.
      if (claimed.length > 0) {
        await db.update(alertMailQueue).set({ claimedBy: null, claimedUntil: null }).where(mine);
      }
      return false;
    }
    const first = rows[0]!;
    const userId = first.userId;
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashOf(token);
    try {
      const events = await messageEventsOf(this.options.db, ids);
      await db.insert(alertUnsubscribeTokens).values({ tokenHash, userId, createdAt: claimedAt });
      const unsubscribeUrl = `${this.options.apiUrl}/api/alert/unsubscribe?token=${token}`;
      const locale = localeOf(first.locale ?? 'en');
      const { subject, text } = alertMail({
        mode,
        locale,
        events,
        ...(day ? { day } : {}),
        siteUrl: this.options.siteUrl,
        unsubscribeUrl,
      });
      const host = new URL(this.options.siteUrl).hostname || 'coinlens.local';
      await mailer.sendAlert({
        to: first.account,
        mode,
        subject,
        text,
        events: ids,
        unsubscribeUrl,
        messageId: `<alerts.${userId}.${ids.join('-')}@${host}>`,
      });
    } catch (error) {
      const attempts = Math.max(...rows.map((row) => row.attempts)) + 1;
      const givenUp = attempts >= MAX_ATTEMPTS;
      const failedAt = clock.now();
      await db
        .delete(alertUnsubscribeTokens)
        .where(eq(alertUnsubscribeTokens.tokenHash, tokenHash));
      await db
        .update(alertMailQueue)
        .set(
          givenUp
            ? {
                claimedBy: null,
                claimedUntil: null,
                attempts,
                doneAt: new Date(failedAt),
                outcome: 'failed',
              }
            : {
                claimedBy: null,
                claimedUntil: null,
                attempts,
                retryAt: new Date(failedAt + retryDelayMs(attempts)),
              },
        )
        .where(mine);
      log.error(
        {
          err: error,
          userId,
          events: ids,
          attempts,
          retryInMs: givenUp ? null : retryDelayMs(attempts),
        },
        givenUp ? 'alert mail failed; given up' : 'alert mail failed; will retry',
      );
      return false;
    }
    await db
      .update(alertMailQueue)
      .set({ claimedBy: null, claimedUntil: null, doneAt: new Date(clock.now()), outcome: mode })
      .where(mine);
    return true;
  }
}
