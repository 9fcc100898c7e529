// Word of a write that something in memory may hold an older copy of: a revoked token (which
// also ends its chat sockets), a renamed user, a user's follows, monitored sources or chat, a
// source that moved on. It reaches every listener in this process at once and, with Redis
// (REDIS_URL), every other API process over a Redis channel.
//
// The caches it keeps true (cache.ts) are only used where every process hears it: one process on
// PGlite (its data directory is locked), or several that share Redis.
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';

export type Change =
  /** One token ended (sign-out); `hash` is its stored form. */
  | { kind: 'token'; hash: string; userId: number }
  /** Every token of a user ended (`signedOut`: password reset), or the user's details changed. */
  | { kind: 'user'; userId: number; signedOut: boolean }
  /** The coins a user follows. */
  | { kind: 'follows'; userId: number }
  /** The sources a user monitors, or what the user has read of them. */
  | { kind: 'userSources'; userId: number }
  /** Any source: its status, its lines, new sources. */
  | { kind: 'sources' }
  /** Which conversation is a user's current one. */
  | { kind: 'conversations'; userId: number }
  /** The messages of one conversation. */
  | { kind: 'messages'; conversationId: string }
  /** Anything: news from other processes may have been missed (Redis was out of reach). */
  | { kind: 'all' };

type Listener = (change: Change) => void;

/** Where trouble with Redis is told: the server's log, or a command's standard error. */
export interface ChangesLog {
  error(details: object, message: string): void;
  warn(message: string): void;
}

const CHANNEL = 'coinlens:changes';

export class Changes {
  readonly #listeners = new Set<Listener>();
  /** Tells this process's own messages apart from the others' on the shared channel. */
  readonly #origin = randomUUID();
  #publisher: ReturnType<typeof createClient> | null = null;
  #subscriber: ReturnType<typeof createClient> | null = null;

  constructor(private readonly log: ChangesLog) {}

  /** Whether other processes hear this one's changes (and it theirs). */
  get shared(): boolean {
    return this.#publisher !== null;
  }

  /** Calls `listener` for each change, this process's and, with Redis, the others'. */
  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells every listener here at once, and the other processes through Redis. */
  publish(change: Change): void {
    this.#deliver(change);
    if (!this.#publisher) return;
    this.#publisher
      .publish(CHANNEL, JSON.stringify({ origin: this.#origin, change }))
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'could not tell the other processes of a change');
      });
  }

  /** Joins the channel of every API process on `url`. */
  async connect(url: string): Promise<void> {
    const publisher = createClient({ url });
    const subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber]) {
      client.on('error', (error: unknown) => this.log.error({ err: error }, 'redis'));
    }
    let connected = false;
    // After an outage, what was said meanwhile is lost: forget everything held in memory.
    subscriber.on('ready', () => {
      if (connected) this.#deliver({ kind: 'all' });
    });
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(CHANNEL, (message) => this.#receive(message));
    connected = true;
    this.#publisher = publisher;
    this.#subscriber = subscriber;
  }

  async close(): Promise<void> {
    const clients = [this.#publisher, this.#subscriber].filter((client) => client !== null);
    this.#publisher = null;
    this.#subscriber = null;
    await Promise.all(clients.map((client) => client.quit()));
  }

  #receive(message: string): void {
    let parsed: { origin?: unknown; change?: Change };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      this.log.warn('an unreadable message on the changes channel');
      return;
    }
    if (parsed.origin === this.#origin || !parsed.change) return;
    this.#deliver(parsed.change);
  }

  #deliver(change: Change): void {
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch (error) {
        this.log.error({ err: error }, 'a change listener failed');
      }
    }
  }
}
