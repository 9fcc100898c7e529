// How the reads of the operator's feeds go, for the operator (`GET /api/monitor/feed/list`): a
// feed that stopped working shows its error and when it is tried again, before anyone misses
// its posts.
import { asc, count, desc, eq } from 'drizzle-orm';
import type { FeedState } from '@coinlens/contract';
import type { Database } from '../db/client.js';
import { feeds, sources } from '../db/schema.js';
import type { FeedRules } from './rules.js';

const seconds = (date: Date | null): number | null =>
  date === null ? null : Math.floor(date.getTime() / 1000);

export class FeedStates {
  constructor(
    private readonly db: Database,
    /** The keyword rules of the configured feeds, by address (FEEDS_FILE). */
    private readonly rules: ReadonlyMap<string, FeedRules> = new Map(),
  ) {}

  /** Every feed the server knows: the configured ones first, each group by address. */
  async list(): Promise<FeedState[]> {
    const read = this.db
      .select({ feedId: sources.feedId, sources: count().as('sources') })
      .from(sources)
      .groupBy(sources.feedId)
      .as('read');
    const rows = await this.db
      .select({ feed: feeds, sources: read.sources })
      .from(feeds)
      .leftJoin(read, eq(read.feedId, feeds.id))
      .orderBy(desc(feeds.active), asc(feeds.url));
    return rows.map(({ feed, sources: total }) => ({
      id: feed.id,
      url: feed.url,
      title: feed.title,
      link: feed.link,
      active: feed.active,
      lastFetchedAt: seconds(feed.lastFetchedAt),
      lastSuccessAt: seconds(feed.lastSuccessAt),
      // A feed no longer configured is not read again.
      nextFetchAt: feed.active ? seconds(feed.nextFetchAt) : null,
      failures: feed.failures,
      lastError: feed.lastError,
      sources: Number(total ?? 0),
      keep: [...(this.rules.get(feed.url)?.keep ?? [])],
      mute: [...(this.rules.get(feed.url)?.mute ?? [])],
    }));
  }
}
