// The coins a user follows: add 1 to 5 at a time (duplicates and coins already followed are
// ignored), at most 50 in all, remove one, and the list with the coins' latest quotes.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../auth/clock.js';
import { ReadCache } from '../cache.js';
import type { Changes } from '../changes.js';
import type { FollowEntry } from '@coinlens/contract';
import type { Database } from '../db/client.js';
import { coinFollows, users } from '../db/schema.js';
import { ApiError } from '../envelope.js';
import type { CoinCatalog } from './catalog.js';

/** Coins per add call: as many as the add dialog lets a user pick at once. */
export const MAX_FOLLOW_ADD = 5;
/** Coins one user may follow in all. */
export const MAX_FOLLOWS = 50;
/** Users whose follows are kept in memory at most. */
const USERS_KEPT = 10_000;

/** `list`'s query, built once (as the token lookup is: src/auth/tokens.ts). */
function followedQuery(db: Database) {
  return db
    .select({ coinId: coinFollows.coinId, followedAt: coinFollows.followedAt })
    .from(coinFollows)
    .where(eq(coinFollows.userId, sql.placeholder('userId')))
    .orderBy(desc(coinFollows.followedAt), coinFollows.coinId)
    .prepare('');
}

type FollowedRow = Awaited<ReturnType<ReturnType<typeof followedQuery>['execute']>>[number];

export class FollowService {
  /** Built on the first call: a service is made before anything asks the database. */
  private followed: ReturnType<typeof followedQuery> | undefined;
  /** Each user's follows as stored; the quotes are the catalog's latest at each read. */
  private readonly cache: ReadCache<number, FollowedRow[]>;

  constructor(
    private readonly db: Database,
    private readonly catalog: CoinCatalog,
    private readonly clock: Clock,
    private readonly changes: Changes,
    options: { cache: boolean },
  ) {
    this.cache = new ReadCache({ enabled: options.cache, maxEntries: USERS_KEPT, clock });
    changes.subscribe((change) => {
      if (change.kind === 'all') this.cache.clear();
      else if (change.kind === 'follows') this.cache.delete(change.userId);
    });
  }

  /** The user's follows, newest first, each with the coin and its latest quote. */
  async list(userId: number): Promise<FollowEntry[]> {
    await this.catalog.ready();
    const rows = await this.cache.get(userId, async () => {
      this.followed ??= followedQuery(this.db);
      return { value: await this.followed.execute({ userId }) };
    });
    const entries: FollowEntry[] = [];
    for (const row of rows) {
      // A coin the provider no longer lists (out of CoinGecko's top 250) has no quote to show.
      const coin = this.catalog.coin(row.coinId);
      if (coin) {
        entries.push({
          coinId: row.coinId,
          coin,
          followedAt: Math.floor(row.followedAt.getTime() / 1000),
        });
      }
    }
    return entries;
  }

  /**
   * Follows the coins: 422 for none or more than 5, 404 when any id is unknown (nothing is
   * added then), 422 when the total would pass 50. Returns the new list.
   */
  async add(userId: number, coinIds: readonly number[]): Promise<FollowEntry[]> {
    const wanted = [...new Set(coinIds)];
    if (coinIds.length < 1 || coinIds.length > MAX_FOLLOW_ADD)
      throw new ApiError(422, 'followCount');
    await this.catalog.ready();
    if (wanted.some((id) => !this.catalog.get(id))) throw new ApiError(404, 'coinNotFound');

    const now = new Date(this.clock.now());
    await this.db.transaction(async (tx) => {
      // One add at a time per user, so that two at once cannot both pass the cap.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const followed = await tx
        .select({ coinId: coinFollows.coinId })
        .from(coinFollows)
        .where(and(eq(coinFollows.userId, userId), inArray(coinFollows.coinId, wanted)));
      const already = new Set(followed.map((row) => row.coinId));
      const fresh = wanted.filter((id) => !already.has(id));
      if (fresh.length === 0) return;
      const [total] = await tx
        .select({ value: count() })
        .from(coinFollows)
        .where(eq(coinFollows.userId, userId));
      if ((total?.value ?? 0) + fresh.length > MAX_FOLLOWS) throw new ApiError(422, 'followLimit');
      // The first coin of the call shows first in the newest-first list.
      await tx.insert(coinFollows).values(
        fresh.map((coinId, index) => ({
          userId,
          coinId,
          followedAt: new Date(now.getTime() - index),
        })),
      );
    });
    this.changes.publish({ kind: 'follows', userId });
    return this.list(userId);
  }

  /** Unfollows the coin (nothing to do when it is not followed); 404 for an unknown id. */
  async remove(userId: number, coinId: number): Promise<FollowEntry[]> {
    await this.catalog.ready();
    if (!this.catalog.get(coinId)) throw new ApiError(404, 'coinNotFound');
    await this.db
      .delete(coinFollows)
      .where(and(eq(coinFollows.userId, userId), eq(coinFollows.coinId, coinId)));
    this.changes.publish({ kind: 'follows', userId });
    return this.list(userId);
  }
}
