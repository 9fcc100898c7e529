// Alerts as browser notifications that arrive with the tab closed: Web Push (RFC 8030) through
// each browser's push service, signed with the server's VAPID keys (RFC 8292), encrypted and sent
// by the `web-push` library.
//
// A browser subscribes only once its user turned notifications on in the site (the site asks for
// the permission then, never before) and hands the API its subscription: the push service's
// endpoint and the keys that encrypt for that browser. What fired is pushed right after it reaches
// the user's open tabs, one notification per user and evaluation, in the language the browser
// subscribed in. A push service keeps a message for its time to live while the browser is away, so
// the notification is not queued here: it is sent once, by the process that made the firing (never
// twice for one crossing), and a process that dies between the firing and the push loses only
// that notification (the inbox, the mail and the webhook still have it). An endpoint the push
// service calls gone (404, 410) is forgotten.
//
// The endpoint comes from the browser, so it is a user-given address like a webhook's: it must be
// https, it is checked when it is saved, and each push connects through the fetch guard's agent
// (src/net/guard.ts), which refuses private addresses.
import {
  MAX_PUSH_DEVICES,
  type Locale,
  type PushKey,
  type PushSubscriptionBody,
} from '@coinlens/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import type { Clock } from '../auth/clock.js';
import type { Database } from '../db/client.js';
import { alertPushSubscriptions, serverKeys } from '../db/schema.js';
import { ApiError } from '../envelope.js';
import { alertPush } from '../mail/alertTemplates.js';
import { FetchRefusedError, type FetchGuard } from '../net/guard.js';
import { messageEventsOf } from './messageEvents.js';

/** How long a push service keeps a notification for a browser that is away: a day. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push waits this long for its push service. */
const PUSH_TIMEOUT_MS = 10_000;
/** Pushes under way at once, so that one slow push service does not hold the others. */
const CONCURRENT_PUSHES = 8;
/** The name of the VAPID key pair in `server_keys`. */
const VAPID_KEY_NAME = 'vapid';

export interface VapidSettings {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: both or neither (then made once and kept). */
  publicKey: string | null;
  privateKey: string | null;
  /** VAPID_SUBJECT: a `mailto:` or `https:` address push services can reach the operator at. */
  subject: string | null;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The subject a push service sees when none is set: the site's address when it is https, else a
 * mail address at the site's host (the sender of the mails when there is one).
 */
export function defaultVapidSubject(siteUrl: string, mailFrom: string | null): string {
  const site = new URL(siteUrl);
  if (site.protocol === 'https:' && site.hostname !== 'localhost') return site.origin;
  const address = mailFrom?.match(/<([^<>@\s]+@[^<>\s]+)>|^([^<>@\s]+@[^<>\s]+)$/);
  return `mailto:${address?.[1] ?? address?.[2] ?? `alerts@${site.hostname}`}`;
}

/** Checks an operator's key pair now, so that a wrong one stops the start, not every push. */
function checkedSettings(settings: VapidSettings, fallbackSubject: string): VapidSettings {
  if (Boolean(settings.publicKey) !== Boolean(settings.privateKey)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  }
  const subject = settings.subject ?? fallbackSubject;
  if (settings.publicKey && settings.privateKey) {
    webpush.setVapidDetails(subject, settings.publicKey, settings.privateKey);
  }
  return { ...settings, subject };
}

/**
 * The VAPID keys: the operator's, or a pair made on the first start and kept in the database, so
 * that every process signs with the same pair and a restart keeps the browsers' subscriptions
 * (a subscription is bound to the public key it was made with).
 */
export async function loadVapidKeys(
  db: Database,
  settings: VapidSettings,
  fallbackSubject: string,
  clock: Clock,
): Promise<VapidKeys> {
  const checked = checkedSettings(settings, fallbackSubject);
  const subject = checked.subject!;
  if (checked.publicKey && checked.privateKey) {
    return { publicKey: checked.publicKey, privateKey: checked.privateKey, subject };
  }
  const made = webpush.generateVAPIDKeys();
  // The first process to write its pair wins; the others read it.
  await db
    .insert(serverKeys)
    .values({ name: VAPID_KEY_NAME, value: JSON.stringify(made), createdAt: new Date(clock.now()) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, VAPID_KEY_NAME));
  const kept = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
}

/**
 * The keys, read from the database on first use: the server starts (and answers its health check)
 * while the database is down, and a failed read is tried again by the next use.
 */
export class VapidKeyStore {
  #keys: Promise<VapidKeys> | null = null;
  readonly #settings: VapidSettings;

  constructor(
    private readonly db: Database,
    settings: VapidSettings,
    private readonly fallbackSubject: string,
    private readonly clock: Clock,
  ) {
    this.#settings = checkedSettings(settings, fallbackSubject);
  }

  get(): Promise<VapidKeys> {
    this.#keys ??= loadVapidKeys(this.db, this.#settings, this.fallbackSubject, this.clock).catch(
      (error: unknown) => {
        this.#keys = null;
        throw error;
      },
    );
    return this.#keys;
  }
}

/** The browsers each user turned notifications on in. */
export class PushSubscriptions {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly guard: FetchGuard,
    private readonly keys: VapidKeyStore,
  ) {}

  /**
   * What a browser needs to subscribe (the public key), how many of the user's have, and whether
   * `endpoint` is one of them, saved by the sign-in `tokenHash`.
   */
  async key(userId: number, tokenHash: string, endpoint?: string): Promise<PushKey> {
    const { publicKey } = await this.keys.get();
    const href = endpoint !== undefined && URL.canParse(endpoint) ? new URL(endpoint).href : null;
    const [devices, saved] = await Promise.all([
      this.count(userId),
      href === null
        ? []
        : this.db
            .select({ id: alertPushSubscriptions.id })
            .from(alertPushSubscriptions)
            .where(
              and(
                eq(alertPushSubscriptions.endpoint, href),
                eq(alertPushSubscriptions.userId, userId),
                eq(alertPushSubscriptions.tokenHash, tokenHash),
              ),
            ),
    ]);
    return { publicKey, devices, subscribed: saved.length > 0 };
  }

  /** How many browsers of the user get the notifications. */
  async count(userId: number): Promise<number> {
    const rows = await this.db
      .select({ id: alertPushSubscriptions.id })
      .from(alertPushSubscriptions)
      .where(eq(alertPushSubscriptions.userId, userId));
    return rows.length;
  }

  /**
   * Saves the browser's subscription for the user, in the language it subscribed in, for as long
   * as the sign-in `tokenHash` lasts. A browser saved by another account before now gets this
   * user's alerts only (one browser, one account: the one signed in last). Beyond
   * MAX_PUSH_DEVICES, the least recently saved is forgotten.
   */
  async subscribe(
    userId: number,
    tokenHash: string,
    body: PushSubscriptionBody,
    locale: Locale,
  ): Promise<number> {
    // The keys must be what the Push API makes, or nothing could be encrypted for the browser.
    if (
      Buffer.from(body.keys.p256dh, 'base64url').length !== 65 ||
      Buffer.from(body.keys.p256dh, 'base64url')[0] !== 4 ||
      Buffer.from(body.keys.auth, 'base64url').length !== 16
    ) {
      throw new ApiError(422, 'alertPushKeys');
    }
    const endpoint = await this.#checkEndpoint(body.endpoint);
    const now = new Date(this.clock.now());
    await this.db.transaction(async (tx) => {
      await tx
        .insert(alertPushSubscriptions)
        .values({
          userId,
          endpoint,
          tokenHash,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          locale,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: alertPushSubscriptions.endpoint,
          set: {
            userId,
            tokenHash,
            p256dh: body.keys.p256dh,
            auth: body.keys.auth,
            locale,
            updatedAt: now,
          },
        });
      const kept = await tx
        .select({ id: alertPushSubscriptions.id })
        .from(alertPushSubscriptions)
        .where(eq(alertPushSubscriptions.userId, userId))
        .orderBy(asc(alertPushSubscriptions.updatedAt), asc(alertPushSubscriptions.id));
      const over = kept.slice(0, Math.max(0, kept.length - MAX_PUSH_DEVICES));
      if (over.length > 0) {
        await tx.delete(alertPushSubscriptions).where(
          inArray(
            alertPushSubscriptions.id,
            over.map((row) => row.id),
          ),
        );
      }
    });
    return this.count(userId);
  }

  /** Forgets the browser: its user turned notifications off in it. */
  async unsubscribe(userId: number, text: string): Promise<number> {
    // Saved as the parsed address: what does not parse was never saved.
    const endpoint = URL.canParse(text) ? new URL(text).href : null;
    if (endpoint === null) return this.count(userId);
    await this.db
      .delete(alertPushSubscriptions)
      .where(
        and(
          eq(alertPushSubscriptions.userId, userId),
          eq(alertPushSubscriptions.endpoint, endpoint),
        ),
      );
    return this.count(userId);
  }

  async #checkEndpoint(text: string): Promise<string> {
    try {
      return (await this.guard.checkUrl(text, { protocols: ['https:'] })).href;
    } catch (error) {
      if (error instanceof FetchRefusedError) throw new ApiError(422, 'alertPushEndpoint');
      throw error;
    }
  }
}

/** A fired alert's event, by id and user, as the evaluation hands it over. */
export interface PushedEvent {
  id: number;
  userId: number;
}

/** Sends each user's browsers a notification of what fired. */
export class PushAlerts {
  readonly #sending = new Set<Promise<void>>();

  constructor(
    private readonly options: {
      db: Database;
      keys: VapidKeyStore;
      guard: FetchGuard;
      siteUrl: string;
      log: FastifyBaseLogger;
    },
  ) {}

  /**
   * Pushes the events to their users' browsers. The evaluation does not wait for it (a slow push
   * service must not hold up the next one); `close()` waits for every push under way.
   */
  send(events: readonly PushedEvent[]): Promise<void> {
    const sending = this.#send(events).catch((error: unknown) =>
      this.options.log.error({ err: error }, 'could not push alerts'),
    );
    this.#sending.add(sending);
    void sending.finally(() => this.#sending.delete(sending));
    return sending;
  }

  /** Resolves once every push under way has ended. */
  async close(): Promise<void> {
    await Promise.all([...this.#sending]);
  }

  async #send(events: readonly PushedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const { db } = this.options;
    const userIds = [...new Set(events.map((event) => event.userId))];
    const browsers = await db
      .select()
      .from(alertPushSubscriptions)
      .where(inArray(alertPushSubscriptions.userId, userIds));
    if (browsers.length === 0) return;
    const vapidDetails = await this.options.keys.get();
    const pushed = new Set(browsers.map((browser) => browser.userId));
    const described = await messageEventsOf(
      db,
      events.filter((event) => pushed.has(event.userId)).map((event) => event.id),
    );
    const userOf = new Map(events.map((event) => [event.id, event.userId]));
    const queue = [...browsers];
    const gone: number[] = [];
    const worker = async () => {
      for (let browser = queue.shift(); browser; browser = queue.shift()) {
        const mine = described.filter((event) => userOf.get(event.id) === browser.userId);
        if (mine.length === 0) continue;
        const payload = alertPush({
          events: mine,
          locale: browser.locale as Locale,
          siteUrl: this.options.siteUrl,
        });
        try {
          await webpush.sendNotification(
            { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } },
            JSON.stringify(payload),
            {
              vapidDetails,
              TTL: PUSH_TTL_SECONDS,
              urgency: 'high',
              timeout: PUSH_TIMEOUT_MS,
              agent: this.options.guard.httpsAgent,
            },
          );
        } catch (error) {
          if (
            error instanceof WebPushError &&
            (error.statusCode === 404 || error.statusCode === 410)
          ) {
            gone.push(browser.id);
          } else {
            this.options.log.warn(
              { err: error, userId: browser.userId },
              'a push service refused an alert',
            );
          }
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_PUSHES }, worker));
    if (gone.length > 0) {
      await db.delete(alertPushSubscriptions).where(inArray(alertPushSubscriptions.id, gone));
    }
  }
}
