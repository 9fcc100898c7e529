// Bearer tokens: 32 random bytes (base64url) given to the client once; the database keeps only
// their SHA-256, so a copy of it signs nobody in. A token lives 30 days from its last use: each
// use pushes the expiry forward, at most once an hour to spare the database a write per request.
//
// Where every process hears of revocations (changes.ts), the tokens in use are also kept in
// memory, so that a signed-in request asks the database nothing to know who it comes from. A
// revocation drops them here and in every other process the moment it is written, so a revoked
// token fails at once everywhere.
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/client.js';
import type { Executor } from '../db/executor.js';
import { authTokens, users } from '../db/schema.js';
import { ReadCache, type Loaded } from '../cache.js';
import type { Change, Changes } from '../changes.js';
import type { Clock } from './clock.js';

export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60_000;
/** A token's expiry moves forward on use at most this often. */
export const TOKEN_SLIDE_INTERVAL_MS = 60 * 60_000;
/** Tokens kept in memory at most; the oldest kept go first. */
export const TOKEN_CACHE_SIZE = 10_000;
/** 32 bytes in base64url: 43 characters of [A-Za-z0-9_-]. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A token as handed to the client: its value and when it expires. */
export interface IssuedToken {
  value: string;
  expiresAt: Date;
}

/** The signed-in user behind a request (`request.user`). */
export interface AuthUser {
  id: number;
  account: string;
  nickname: string;
  avatar: string | null;
  /** The stored choice of up and down colours (`users.price_colors`). */
  priceColors: string | null;
  /** The presented token: its hash (to revoke it) and its expiry after this use. */
  token: { hash: string; expiresAt: Date };
}

/** The stored form of a token. */
export function hashToken(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/**
 * `authenticate`'s lookup, which every signed-in request makes, with its SQL built once instead of
 * on every call (on PGlite, building it was half of the lookup's time). Unnamed, so that
 * PostgreSQL still plans it per execution, as any other query, and a connection pooler that
 * shares server connections between clients has no statement to lose.
 */
function tokenUserQuery(db: Database) {
  return db
    .select({
      tokenId: authTokens.id,
      expiresAt: authTokens.expiresAt,
      id: users.id,
      account: users.account,
      nickname: users.nickname,
      avatar: users.avatar,
      priceColors: users.priceColors,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('hash')),
        gt(authTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('');
}

type TokenRow = Awaited<ReturnType<ReturnType<typeof tokenUserQuery>['execute']>>[number];

export class TokenService {
  /** Built on the first lookup: a service is made before anything asks the database. */
  private tokenUser: ReturnType<typeof tokenUserQuery> | undefined;
  /** Tokens in use by their hash, grouped by user. */
  private readonly cache: ReadCache<string, TokenRow | null, number>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly changes: Changes,
    options: { cache: boolean },
  ) {
    this.cache = new ReadCache({ enabled: options.cache, maxEntries: TOKEN_CACHE_SIZE, clock });
    changes.subscribe((change) => this.forget(change));
  }

  /** Makes a new token for a user (inside the caller's transaction when given one). */
  async issue(executor: Executor, userId: number): Promise<IssuedToken> {
    const value = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now + TOKEN_LIFETIME_MS);
    await executor
      .insert(authTokens)
      .values({ userId, tokenHash: hashToken(value), createdAt: new Date(now), expiresAt });
    return { value, expiresAt };
  }

  /** The user a token belongs to, or null when it is unknown, expired or revoked. Slides its expiry. */
  async authenticate(value: string): Promise<AuthUser | null> {
    if (!TOKEN_SHAPE.test(value)) return null;
    const hash = hashToken(value);
    const row = await this.cache.get(hash, () => this.lookUp(hash));
    const now = this.clock.now();
    if (!row || row.expiresAt.getTime() <= now) return null;
    if (row.expiresAt.getTime() - TOKEN_LIFETIME_MS + TOKEN_SLIDE_INTERVAL_MS <= now) {
      const expiresAt = new Date(now + TOKEN_LIFETIME_MS);
      await this.db.update(authTokens).set({ expiresAt }).where(eq(authTokens.id, row.tokenId));
      row.expiresAt = expiresAt;
    }
    const { id, account, nickname, avatar, priceColors } = row;
    return {
      id,
      account,
      nickname,
      avatar,
      priceColors,
      token: { hash, expiresAt: row.expiresAt },
    };
  }

  /**
   * Revokes one token (sign-out). Inside a caller's transaction, the caller tells the others
   * (`revoked`) once it is committed; before that, they would read the token back.
   */
  async revoke(hash: string, executor: Executor = this.db): Promise<void> {
    const [row] = await executor
      .delete(authTokens)
      .where(eq(authTokens.tokenHash, hash))
      .returning({ userId: authTokens.userId });
    if (executor === this.db && row) {
      this.changes.publish({ kind: 'token', hash, userId: row.userId });
    }
  }

  /** Revokes every token of a user (password changed); call `revoked` once committed. */
  async revokeAll(executor: Executor, userId: number): Promise<void> {
    await executor.delete(authTokens).where(eq(authTokens.userId, userId));
  }

  /** Tells every process that a user's tokens are revoked (after `revokeAll`'s commit). */
  revoked(userId: number): void {
    this.changes.publish({ kind: 'user', userId, signedOut: true });
  }

  /** Tells every process that a user's details changed, so that no token answers the old ones. */
  userChanged(userId: number): void {
    this.changes.publish({ kind: 'user', userId, signedOut: false });
  }

  /** Deletes expired tokens. */
  async sweep(): Promise<void> {
    await this.db.delete(authTokens).where(lte(authTokens.expiresAt, new Date(this.clock.now())));
  }

  /** A token's row, kept in its user's group; null is not kept. */
  private async lookUp(hash: string): Promise<Loaded<TokenRow | null, number>> {
    const now = this.clock.now();
    this.tokenUser ??= tokenUserQuery(this.db);
    // A placeholder's value reaches the driver as given: the column's own form of a date.
    const [row] = await this.tokenUser.execute({ hash, now: new Date(now).toISOString() });
    // An unknown token is not kept, so that guesses cannot fill memory.
    if (!row) return { value: null, until: now };
    // Read again once it would have expired: its expiry may have slid in another process.
    return { value: row, until: row.expiresAt.getTime(), group: row.id };
  }

  private forget(change: Change): void {
    if (change.kind === 'all') this.cache.clear();
    else if (change.kind === 'token') this.cache.delete(change.hash);
    else if (change.kind === 'user') this.cache.deleteGroup(change.userId);
  }
}
