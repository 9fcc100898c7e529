// The mocked API's feeds (`GET /api/monitor/feed/list`), as api/src/plugins/monitor and
// api/src/feeds/states.ts answer it: every feed the server knows, the configured ones first, each
// group by address, a feed no longer configured without a next read; to the server's operators
// alone (OPERATOR_EMAILS, the mock's `operators`): 401 without a token, code 403 (`operatorsOnly`)
// for any other account.
import type { FeedState } from '@coinlens/contract';
import type { HttpHandler } from 'msw';
import { QUOTED_AT } from '../fixtures';
import type { AuthState } from './auth';
import { envelopeRoute, Refusal } from './request';

/** What a story or test starts the feeds with. */
export interface FeedOptions {
  /** The feeds the server knows, in any order; `FEEDS` (one in each state) by default. */
  feeds?: FeedState[];
}

const MINUTE = 60;
const DAY = 86_400;

/**
 * A feed with sensible defaults: configured, read five minutes before the stories' moment
 * (`QUOTED_AT`) and working, the next read ten minutes after it, twelve sources read from it.
 */
export function fakeFeed(id: number, fields: Partial<FeedState> = {}): FeedState {
  return {
    id,
    url: `https://feeds.example.com/${id}.xml`,
    title: `Feed ${id}`,
    link: 'https://feeds.example.com/',
    active: true,
    lastFetchedAt: QUOTED_AT - 5 * MINUTE,
    lastSuccessAt: QUOTED_AT - 5 * MINUTE,
    nextFetchAt: QUOTED_AT + 10 * MINUTE,
    failures: 0,
    lastError: null,
    sources: 12,
    keep: [],
    mute: [],
    ...fields,
  };
}

/**
 * One feed in each state, as the server would hold them at the stories' moment: working, failing
 * for three reads (its last good read two days ago), listed at start and not read yet (due now),
 * and one taken out of FEEDS that keeps its sources.
 */
export const FEEDS: readonly FeedState[] = [
  fakeFeed(1, {
    url: 'https://blog.example.com/feed.xml',
    title: 'Example Chain Blog',
    link: 'https://blog.example.com/',
    sources: 42,
    keep: ['bitcoin', 'ETF', '以太坊'],
    mute: ['giveaway'],
  }),
  fakeFeed(2, {
    url: 'https://podcasts.example.org/macro.rss',
    title: 'Macro Weekly',
    link: 'https://podcasts.example.org/',
    lastFetchedAt: QUOTED_AT - 2 * MINUTE,
    lastSuccessAt: QUOTED_AT - 2 * DAY,
    nextFetchAt: QUOTED_AT + 6 * MINUTE,
    failures: 3,
    lastError: 'HTTP 503 Service Unavailable',
    sources: 9,
  }),
  fakeFeed(3, {
    url: 'https://news.example.net/atom.xml',
    title: null,
    link: null,
    lastFetchedAt: null,
    lastSuccessAt: null,
    nextFetchAt: QUOTED_AT,
    sources: 0,
  }),
  fakeFeed(4, {
    url: 'https://old.example.com/rss',
    title: 'Old Dev Calls',
    link: 'https://old.example.com/',
    active: false,
    lastFetchedAt: QUOTED_AT - 40 * DAY,
    lastSuccessAt: QUOTED_AT - 40 * DAY,
    nextFetchAt: null,
    sources: 7,
  }),
];

/** The feeds the server knows. */
export class FeedsState {
  private feeds: FeedState[];

  constructor(options: FeedOptions = {}) {
    this.feeds = (options.feeds ?? FEEDS).map((feed) => ({ ...feed }));
  }

  /** Puts `feeds` in place of those there were: what the server's reads since made of them. */
  replace(feeds: readonly FeedState[]): void {
    this.feeds = feeds.map((feed) => ({ ...feed }));
  }

  /** Every feed as the API lists them: configured first, each group by address. */
  list(): FeedState[] {
    return [...this.feeds]
      .sort((a, b) => Number(b.active) - Number(a.active) || compare(a.url, b.url))
      .map((feed) => ({ ...feed, nextFetchAt: feed.active ? feed.nextFetchAt : null }));
  }
}

// The database's order of addresses (byte order), not the locale's.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The handler of the feeds' state, over `feeds`, for the operators of `auth`. */
export function feedHandlers(feeds: FeedsState, auth: AuthState): HttpHandler[] {
  return [
    envelopeRoute('GET /api/monitor/feed/list', auth, (request) => {
      if (!auth.isOperator(auth.signedIn(request))) throw new Refusal(403, 'operatorsOnly');
      return feeds.list();
    }),
  ];
}
