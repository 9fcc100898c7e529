// Word that tokens stopped being good (a sign-out, a password reset, a renamed user) reaches
// everything in this process that holds on to a token at once: the token cache and the chat
// sockets. With Redis (REDIS_URL), it also reaches every other API process, over a Redis channel.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

/**
 * One token (by its stored hash), every token of a user, or everything: the last when news from
 * other processes may have been missed (Redis was out of reach for a while).
 */
export type Revocation =
  | { kind: 'token'; hash: string; userId: number }
  | { kind: 'user'; userId: number; signedOut: boolean }
  | { kind: 'all' };

type Listener = (revocation: Revocation) => void;

const CHANNEL = 'coinlens:auth:revocations';

export class Revocations {
  readonly #listeners = new Set<Listener>();
  /** Tells this process's own messages apart from the others' on the shared channel. */
  readonly #origin = randomUUID();
  #publisher: ReturnType<typeof createClient> | null = null;
  #subscriber: ReturnType<typeof createClient> | null = null;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>) {}

  /** Whether other processes hear this one's revocations (and it theirs). */
  get shared(): boolean {
    return this.#publisher !== null;
  }

  /** Calls `listener` for each revocation, this process's and, with Redis, the others'. */
  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells every listener here at once, and the other processes through Redis. */
  publish(revocation: Revocation): void {
    this.#deliver(revocation);
    if (!this.#publisher) return;
    this.#publisher
      .publish(CHANNEL, JSON.stringify({ origin: this.#origin, revocation }))
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'could not tell the other processes of a revocation');
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
    // After an outage, what was said meanwhile is lost: forget every token held on to.
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
    let parsed: { origin?: unknown; revocation?: Revocation };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      this.log.warn('an unreadable message on the revocation channel');
      return;
    }
    if (parsed.origin === this.#origin || !parsed.revocation) return;
    this.#deliver(parsed.revocation);
  }

  #deliver(revocation: Revocation): void {
    for (const listener of this.#listeners) {
      try {
        listener(revocation);
      } catch (error) {
        this.log.error({ err: error }, 'a revocation listener failed');
      }
    }
  }
}
