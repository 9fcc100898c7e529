// The operator's feeds read into monitored sources: every format from fixture files served by a
// local server, podcast transcripts, a live item's states, and what goes wrong (a broken feed, an
// enormous one, a slow one, a redirect to a private address, a missing transcript, 429s), with
// the conditional requests and the back-off.
// Both engines: a read writes its sources in one transaction, and a feed is claimed by a
// compare-and-set that two runs at once must not both win.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import type { MonitorSourceDetail, SourceSummary } from '@coinlens/contract';
import { configFromEnv } from '../src/config.js';
import { feedItems, feeds, sourceLines, sources } from '../src/db/schema.js';
import { itemHeat } from '../src/feeds/items.js';
import { parseFeed, FeedFormatError } from '../src/feeds/parse.js';
import {
  FEED_MAX_BYTES,
  FeedPoller,
  feedRetryDelayMs,
  retryAfterMs,
  type FeedReadReport,
} from '../src/feeds/poller.js';
import { feedUrls } from '../src/feeds/settings.js';
import { transcriptLines } from '../src/feeds/transcript.js';
import { STATUS } from '../src/monitor/sources.js';
import { FetchGuard } from '../src/net/guard.js';
import { startServer, type RunningServer } from '../src/server.js';
import { FixedClock, monitorCall, T0 } from './helpers/api.js';
import { TEST_PASSWORD_COST } from './helpers/auth.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';

const MINUTE = 60_000;
const FIXTURES = new URL('../../test/fixtures/feeds/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
/** The slow feed's time-out, short so that the test does not wait long. */
const TIMEOUT_MS = 1500;

type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** A local server of feeds: routes the test may change, and every request it saw. */
class FeedServer {
  readonly routes = new Map<string, Route>();
  readonly seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  readonly #sockets = new Set<Socket>();
  readonly #server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    this.seen.push({ path, headers: request.headers });
    const route = this.routes.get(path);
    if (route) route(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  url = '';

  async listen(host = '127.0.0.1'): Promise<void> {
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.#server.listen(0, host, resolve));
    this.url = `http://${host}:${(this.#server.address() as AddressInfo).port}`;
  }

  hits(path: string): number {
    return this.seen.filter((request) => request.path === path).length;
  }

  serve(path: string, body: string | (() => string), type: string): void {
    this.routes.set(path, (_request, response) => {
      response
        .writeHead(200, { 'content-type': type })
        .end(typeof body === 'function' ? body() : body);
    });
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

const origin = new FeedServer();
let database: TestDatabase;
let server: RunningServer;
let clock: FixedClock;
let liveStatus = 'pending';

const poller = () => server.app.feeds;
const db = () => server.app.feeds.options.db;

before(async () => {
  await origin.listen();
  const base = origin.url;
  origin.serve('/blog.xml', fixture('blog.rss.xml'), 'application/rss+xml');
  origin.serve('/news.atom', fixture('news.atom.xml'), 'application/atom+xml');
  origin.serve('/digest.json', fixture('digest.feed.json'), 'application/feed+json');
  origin.serve(
    '/podcast.xml',
    () =>
      fixture('podcast.rss.xml')
        .replaceAll('{{BASE}}', base)
        .replace('{{LIVE_STATUS}}', liveStatus),
    'application/rss+xml',
  );
  origin.serve('/transcripts/ep12.vtt', fixture('ep12.vtt'), 'text/vtt');
  origin.serve('/transcripts/ep12.html', fixture('ep12.html'), 'text/html');
  origin.serve('/transcripts/ep11.srt', fixture('ep11.srt'), 'application/x-subrip');

  database = await testDatabase();
  clock = new FixedClock(T0);
  server = await startServer(
    {
      port: 0,
      host: '127.0.0.1',
      ...database.config,
      siteDir: null,
      logLevel: 'silent',
      corsOrigins: [],
      allowPrivateFetch: true,
      feeds: { urls: [`${base}/blog.xml`, `${base}/news.atom`], refreshMinutes: 15 },
    },
    {
      logLevel: false,
      clock,
      passwordCost: TEST_PASSWORD_COST,
      lifecycleIntervalMs: false,
      alertIntervalMs: false,
      alertMailIntervalMs: false,
      alertWebhookIntervalMs: false,
      feedIntervalMs: false,
      feedTimeoutMs: TIMEOUT_MS,
      demoSources: false,
    },
  );
});

after(async () => {
  await server?.close();
  await database?.cleanup();
  await origin.close();
});

async function feedRow(url: string) {
  const [row] = await db().select().from(feeds).where(eq(feeds.url, url));
  assert.ok(row, `no feed ${url}`);
  return row;
}

async function sourcesOf(url: string) {
  const feed = await feedRow(url);
  return db()
    .select()
    .from(sources)
    .where(eq(sources.feedId, feed.id))
    .orderBy(asc(sources.scheduledAt));
}

async function linesOf(sourceId: number) {
  return db()
    .select({
      speaker: sourceLines.speaker,
      text: sourceLines.text,
      offsetSec: sourceLines.offsetSec,
    })
    .from(sourceLines)
    .where(eq(sourceLines.sourceId, sourceId))
    .orderBy(asc(sourceLines.seq));
}

/** Makes `url` the only feed read, due now, and reads what is due. */
async function readOnly(url: string): Promise<FeedReadReport[]> {
  await poller().sync([url]);
  return poller().run();
}

describe('feeds the operator configures', () => {
  it('records the feeds of FEEDS at start, and stops reading one no longer listed', async () => {
    const blog = await feedRow(`${origin.url}/blog.xml`);
    const atom = await feedRow(`${origin.url}/news.atom`);
    assert.equal(blog.active, true);
    assert.equal(atom.active, true);
    await poller().sync([`${origin.url}/blog.xml`]);
    assert.equal((await feedRow(`${origin.url}/news.atom`)).active, false);
    assert.equal((await feedRow(`${origin.url}/blog.xml`)).active, true);
  });

  it('reads FEEDS from the environment and names a bad address', () => {
    const config = configFromEnv({
      FEEDS: 'https://a.example.com/rss, https://b.example.com/atom.xml\nhttps://a.example.com/rss',
      FEEDS_REFRESH_MINUTES: '30',
    });
    assert.deepEqual(config.feeds, {
      urls: ['https://a.example.com/rss', 'https://b.example.com/atom.xml'],
      refreshMinutes: 30,
      rules: new Map(),
    });
    assert.deepEqual(configFromEnv({}).feeds, { urls: [], refreshMinutes: 15, rules: new Map() });
    assert.throws(
      () => feedUrls('ftp://a.example.com/feed'),
      /FEEDS must list http:\/\/ or https:\/\/ addresses, got "ftp:/,
    );
    assert.throws(() => feedUrls('https://user:pw@a.example.com/'), /user or password/);
    assert.throws(
      () => configFromEnv({ FEEDS_REFRESH_MINUTES: '0' }),
      /FEEDS_REFRESH_MINUTES must be a whole number from 1 to 1440, got "0"/,
    );
  });
});

describe('reading each format', () => {
  it('turns an RSS 2.0 blog into ended sources that the lifecycle summarises', async () => {
    const url = `${origin.url}/blog.xml`;
    const [report] = await readOnly(url);
    assert.equal(report?.outcome, 'read');
    assert.equal(report?.added, 2);
    const [solana, eth] = await sourcesOf(url);
    assert.ok(solana && eth);
    assert.equal(eth.title, 'Why Ethereum fees fell after the upgrade');
    assert.equal(eth.kind, 'article');
    assert.equal(eth.author, 'Ana Lima');
    assert.equal(eth.logo, 'https://research.example.com/logo.png');
    assert.equal(eth.link, 'https://research.example.com/posts/eth-fees');
    assert.equal(eth.language, 'en');
    assert.equal(eth.status, STATUS.finished);
    assert.equal(eth.scheduledAt.toISOString(), '2026-11-18T09:30:00.000Z');
    assert.equal(eth.heat, 42, 'slash:comments');
    assert.deepEqual(eth.tags, ['Ethereum', 'Fees']);
    assert.equal(eth.description, 'A short look at Ethereum fees.');
    assert.deepEqual(
      (await linesOf(eth.id)).map((line) => line.text),
      [
        "Ethereum fees fell by half after the upgrade, as blobs took the rollups' data.",
        'Bitcoin fees rose in the same week, with inscriptions back.',
      ],
    );
    assert.equal(solana.author, 'Chain Research Blog', 'no author: the feed');
    assert.equal(solana.heat, 0);
    assert.equal((await linesOf(solana.id))[0]?.speaker, 'Chain Research Blog');

    const feed = await feedRow(url);
    assert.equal(feed.title, 'Chain Research Blog');
    assert.equal(feed.lastError, null);
    assert.equal(feed.nextFetchAt.getTime(), clock.now() + 30 * MINUTE, 'the feed asks ttl 30');

    const tick = await server.app.lifecycle.tick();
    assert.ok(tick.completed >= 2);
    const summary = await monitorCall<SourceSummary>(
      server.url,
      `/api/monitor/source/summary?sourceId=${eth.id}`,
    );
    assert.equal(summary.ok, true, summary.msg);
    assert.ok(summary.data.coins.some((coin) => coin.symbol === 'ETH'));
  });

  it('reads the same feed again without doubling or touching its sources', async () => {
    const url = `${origin.url}/blog.xml`;
    const before = await sourcesOf(url);
    clock.advance(30 * MINUTE);
    const [report] = await poller().run();
    assert.equal(report?.outcome, 'read');
    assert.equal(report?.added, 0);
    // Only the excerpt, whose article page (on a closed port of this machine) is tried again.
    assert.equal(report?.updated, 1);
    const again = await sourcesOf(url);
    assert.deepEqual(
      again.map((row) => [row.id, row.status]),
      before.map((row) => [row.id, STATUS.completed]),
    );
  });

  it('reads Atom, with relative links and the feed author standing in', async () => {
    const url = `${origin.url}/news.atom`;
    const [report] = await readOnly(url);
    assert.equal(report?.added, 2);
    const [stable, cardano] = await sourcesOf(url);
    assert.ok(stable && cardano);
    assert.equal(cardano.link, 'https://weekly.example.org/2026/11/cardano-vote');
    assert.equal(cardano.author, 'Mei Chen');
    assert.equal(cardano.logo, 'https://weekly.example.org/icon.png');
    assert.deepEqual(
      (await linesOf(cardano.id)).map((line) => line.text),
      ['Cardano holders vote on the treasury this week.', 'The outcome sets spending for a year.'],
    );
    assert.equal(stable.author, 'Protocol Weekly Team');
    assert.equal(stable.scheduledAt.toISOString(), '2026-11-18T08:00:00.000Z');
  });

  it('reads JSON Feed, in its own language', async () => {
    const url = `${origin.url}/digest.json`;
    const [report] = await readOnly(url);
    assert.equal(report?.added, 2);
    const [supply, btc] = await sourcesOf(url);
    assert.ok(supply && btc);
    assert.equal(btc.language, 'zh');
    assert.equal(btc.author, '链上日报编辑部');
    assert.equal(supply.author, '王芳');
    assert.deepEqual(
      (await linesOf(btc.id)).map((line) => line.text),
      ['比特币今日突破新高。', '以太坊也随之上涨。'],
    );
    assert.deepEqual(btc.tags, ['比特币']);
    await server.app.lifecycle.tick();
    const summary = await monitorCall<SourceSummary>(
      server.url,
      `/api/monitor/source/summary?sourceId=${btc.id}`,
    );
    assert.equal(summary.data.language, 'zh', 'summarised in the language of the feed');
    assert.ok(summary.data.coins.some((coin) => coin.symbol === 'BTC'));
  });
});

describe('a podcast', () => {
  const url = () => `${origin.url}/podcast.xml`;

  it('reads its episodes with their transcripts, the WebVTT one before the HTML one', async () => {
    liveStatus = 'pending';
    const [report] = await readOnly(url());
    assert.equal(report?.outcome, 'read');
    assert.equal(report?.added, 4);
    const rows = await sourcesOf(url());
    const byGuid = new Map(
      await Promise.all(
        rows.map(async (row) => {
          const [item] = await db().select().from(feedItems).where(eq(feedItems.sourceId, row.id));
          return [item!.guid, row] as const;
        }),
      ),
    );
    const ep12 = byGuid.get('bbb-12')!;
    assert.equal(ep12.kind, 'podcast');
    assert.equal(ep12.logo, 'https://blockbyblock.example.fm/ep12.jpg');
    assert.equal(ep12.heat, itemHeat({ comments: null, durationSec: 2550 }));
    assert.equal(ep12.heat, 43, 'minutes of itunes:duration');
    assert.equal(ep12.durationMinutes, 43);
    assert.deepEqual(await linesOf(ep12.id), [
      { speaker: 'Alice', text: 'Welcome back. Today: rollups and their bridges.', offsetSec: 1 },
      { speaker: 'Bob', text: 'Ethereum rollups now settle most of the volume.', offsetSec: 65 },
      { speaker: 'Alice', text: 'And the bridges hold billions.', offsetSec: 150 },
    ]);
    assert.equal(origin.hits('/transcripts/ep12.html'), 0);

    const ep11 = byGuid.get('bbb-11')!;
    assert.equal(ep11.logo, 'https://blockbyblock.example.fm/cover.jpg', "the feed's image");
    assert.deepEqual(await linesOf(ep11.id), [
      { speaker: 'Block by Block', text: 'Staking yield starts with issuance.', offsetSec: 2 },
      { speaker: 'Block by Block', text: 'Solana and Cardano pay differently.', offsetSec: 615 },
    ]);

    const ep10 = byGuid.get('bbb-10')!;
    assert.equal(origin.hits('/transcripts/missing.vtt'), 1);
    assert.deepEqual(
      (await linesOf(ep10.id)).map((line) => line.text),
      ["Dogecoin's community, in its own words."],
      'the missing transcript leaves the description',
    );
    assert.equal(ep10.status, STATUS.finished);

    const live = byGuid.get('bbb-live-halving')!;
    assert.equal(live.status, STATUS.unStarted);
    assert.equal(live.scheduledAt.toISOString(), '2026-11-20T13:00:00.000Z');
    assert.equal(live.durationMinutes, 60);
    assert.equal(
      (await feedRow(url())).nextFetchAt.getTime(),
      clock.now() + MINUTE,
      'a feed with a live item is read every minute',
    );
  });

  it('follows its live item from pending to live to ended, then summarises it', async () => {
    const liveRow = async () =>
      (await sourcesOf(url())).find((row) => row.title.startsWith('Live:'))!;
    liveStatus = 'live';
    clock.advance(MINUTE);
    const [report] = await poller().run();
    assert.equal(report?.outcome, 'read');
    // The live item, and the episode whose transcript is missing (read again with the feed).
    assert.equal(report?.updated, 2);
    assert.equal(origin.hits('/transcripts/ep12.vtt'), 1, 'a transcript read is not read again');
    assert.equal(origin.hits('/transcripts/missing.vtt'), 2, 'a missing one is tried again');
    let live = await liveRow();
    assert.equal(live.status, STATUS.inProgress);
    assert.equal(live.startedAt?.getTime(), clock.now(), 'live before its start: started now');
    const detail = await monitorCall<MonitorSourceDetail>(
      server.url,
      `/api/monitor/source/detail?sourceId=${live.id}`,
    );
    assert.equal(detail.data.status, STATUS.inProgress);

    // Past its planned hour, the lifecycle does not end it while the feed says it is live.
    clock.advance(50 * MINUTE);
    await poller().run();
    clock.advance(50 * MINUTE);
    await server.app.lifecycle.tick();
    assert.equal((await liveRow()).status, STATUS.inProgress);

    liveStatus = 'ended';
    clock.advance(MINUTE);
    await poller().run();
    live = await liveRow();
    assert.equal(live.status, STATUS.finished);
    assert.equal(live.endedAt?.toISOString(), '2026-11-20T14:00:00.000Z');
    await server.app.lifecycle.tick();
    assert.equal((await liveRow()).status, STATUS.completed);
    assert.equal(
      (await feedRow(url())).nextFetchAt.getTime(),
      clock.now() + 15 * MINUTE,
      'nothing live: the usual refresh',
    );
  });
});

describe('what goes wrong', () => {
  it('records a broken feed, backs off, keeps what it had, and recovers', async () => {
    let body = fixture('blog.rss.xml');
    origin.serve('/flaky.xml', () => body, 'application/rss+xml');
    const url = `${origin.url}/flaky.xml`;
    await readOnly(url);
    assert.equal((await sourcesOf(url)).length, 2);

    body = fixture('broken.rss.xml');
    clock.advance(30 * MINUTE);
    let [report] = await poller().run();
    assert.equal(report?.outcome, 'failed');
    assert.match(report?.error ?? '', /^not a feed: not well-formed XML/);
    let feed = await feedRow(url);
    assert.equal(feed.failures, 1);
    assert.equal(feed.lastError, report?.error);
    assert.equal(feed.nextFetchAt.getTime(), clock.now() + feedRetryDelayMs(1));
    assert.equal((await sourcesOf(url)).length, 2, 'nothing lost');

    clock.advance(30_000);
    assert.deepEqual(await poller().run(), [], 'not due yet');
    clock.advance(30_000);
    [report] = await poller().run();
    feed = await feedRow(url);
    assert.equal(feed.failures, 2);
    assert.equal(feed.nextFetchAt.getTime(), clock.now() + 2 * MINUTE);

    body = fixture('blog.rss.xml');
    clock.advance(2 * MINUTE);
    [report] = await poller().run();
    assert.equal(report?.outcome, 'read');
    feed = await feedRow(url);
    assert.equal(feed.failures, 0);
    assert.equal(feed.lastError, null);
    assert.equal((await sourcesOf(url)).length, 2);
  });

  it('refuses a feed past the size limit', async () => {
    const item = `<item><title>Padding</title><description>${'x'.repeat(1000)}</description></item>`;
    const enormous = `<?xml version="1.0"?><rss version="2.0"><channel><title>Enormous</title>${item.repeat(Math.ceil((FEED_MAX_BYTES + 1) / item.length))}</channel></rss>`;
    origin.serve('/enormous.xml', enormous, 'application/rss+xml');
    const url = `${origin.url}/enormous.xml`;
    const [report] = await readOnly(url);
    assert.equal(report?.outcome, 'failed');
    assert.equal(report?.error, `larger than the limit of ${FEED_MAX_BYTES} bytes`);
    assert.equal((await feedRow(url)).failures, 1);
    assert.equal((await sourcesOf(url)).length, 0);
  });

  it('gives up on a feed that does not finish within the time-out', async () => {
    origin.routes.set('/slow.xml', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.write('<?xml version="1.0"?><rss version="2.0"><channel>');
      // The rest never comes; the server's close ends the socket.
    });
    const url = `${origin.url}/slow.xml`;
    const started = performance.now();
    const [report] = await readOnly(url);
    assert.equal(report?.outcome, 'failed');
    assert.equal(report?.error, `no complete answer within ${TIMEOUT_MS / 1000} s`);
    assert.ok(performance.now() - started < TIMEOUT_MS + 3000);
  });

  it('refuses a redirect to a private address when the guard is strict', async () => {
    const inside = new FeedServer();
    await inside.listen('127.0.0.2');
    inside.serve('/feed.xml', fixture('blog.rss.xml'), 'application/rss+xml');
    try {
      origin.routes.set('/moved.xml', (_request, response) => {
        response.writeHead(302, { location: `${inside.url}/feed.xml` }).end();
      });
      const url = `${origin.url}/moved.xml`;
      await poller().sync([url]);
      // Strict, but for the test server's own address: the redirect's target is private.
      const guard = new FetchGuard({ allowPrivate: false, allowAddresses: ['127.0.0.1'] });
      const strict = new FeedPoller({ ...poller().options, guard });
      const [report] = await strict.run();
      guard.close();
      assert.equal(report?.outcome, 'failed');
      assert.match(report?.error ?? '', /^could not be fetched: .*127\.0\.0\.2/);
      assert.equal(origin.hits('/moved.xml'), 1);
      assert.equal(inside.seen.length, 0, 'the private address was never reached');
      assert.equal((await sourcesOf(url)).length, 0);
    } finally {
      await inside.close();
    }
  });

  it('asks conditionally and changes nothing on a 304', async () => {
    const etag = '"v1"';
    const modified = 'Wed, 18 Nov 2026 10:00:00 GMT';
    origin.routes.set('/conditional.xml', (request, response) => {
      if (request.headers['if-none-match'] === etag) {
        response.writeHead(304, { etag }).end();
        return;
      }
      response
        .writeHead(200, {
          'content-type': 'application/rss+xml',
          etag,
          'last-modified': modified,
        })
        .end(fixture('blog.rss.xml'));
    });
    const url = `${origin.url}/conditional.xml`;
    await readOnly(url);
    const first = await sourcesOf(url);
    assert.equal(first.length, 2);
    let feed = await feedRow(url);
    assert.equal(feed.etag, etag);
    assert.equal(feed.lastModified, modified);

    clock.advance(30 * MINUTE);
    const [report] = await poller().run();
    assert.equal(report?.outcome, 'unchanged');
    const asked = origin.seen.filter((request) => request.path === '/conditional.xml').at(-1);
    assert.equal(asked?.headers['if-none-match'], etag);
    assert.equal(asked?.headers['if-modified-since'], modified);
    feed = await feedRow(url);
    assert.equal(feed.lastSuccessAt?.getTime(), clock.now());
    assert.equal(feed.etag, etag);
    assert.deepEqual(await sourcesOf(url), first);
  });

  it('waits as long as Retry-After says on a 429 or a 503', async () => {
    let answer: 429 | 503 | 200 = 429;
    origin.routes.set('/busy.xml', (_request, response) => {
      if (answer === 429) response.writeHead(429, { 'retry-after': '600' }).end();
      else if (answer === 503) {
        response
          .writeHead(503, { 'retry-after': new Date(clock.now() + 20 * MINUTE).toUTCString() })
          .end();
      } else {
        response
          .writeHead(200, { 'content-type': 'application/rss+xml' })
          .end(fixture('blog.rss.xml'));
      }
    });
    const url = `${origin.url}/busy.xml`;
    let [report] = await readOnly(url);
    assert.equal(report?.error, 'HTTP 429');
    assert.equal((await feedRow(url)).nextFetchAt.getTime(), clock.now() + 10 * MINUTE);
    clock.advance(5 * MINUTE);
    assert.deepEqual(await poller().run(), []);
    assert.equal(origin.hits('/busy.xml'), 1);

    answer = 503;
    clock.advance(5 * MINUTE);
    [report] = await poller().run();
    assert.equal(report?.error, 'HTTP 503');
    assert.equal((await feedRow(url)).nextFetchAt.getTime(), clock.now() + 20 * MINUTE);

    answer = 200;
    clock.advance(20 * MINUTE);
    [report] = await poller().run();
    assert.equal(report?.outcome, 'read');
    assert.equal((await feedRow(url)).failures, 0);
  });

  it('reads a due feed once when two runs start together', async () => {
    origin.serve('/once.xml', fixture('news.atom.xml'), 'application/atom+xml');
    const url = `${origin.url}/once.xml`;
    await poller().sync([url]);
    const other = new FeedPoller({ ...poller().options });
    const [mine, theirs] = await Promise.all([poller().run(), other.run()]);
    assert.equal(mine.length + theirs.length, 1);
    assert.equal(origin.hits('/once.xml'), 1);
    assert.equal((await sourcesOf(url)).length, 2);
  });
});

describe('the feeds.poll job', () => {
  it('reads the configured feeds on its own, on the job engine of the deployment', async () => {
    const url = `${origin.url}/digest.json`;
    const own = await testDatabase();
    const running = await startServer(
      {
        port: 0,
        host: '127.0.0.1',
        ...own.config,
        siteDir: null,
        logLevel: 'silent',
        corsOrigins: [],
        allowPrivateFetch: true,
        feeds: { urls: [url], refreshMinutes: 15 },
      },
      {
        logLevel: false,
        passwordCost: TEST_PASSWORD_COST,
        lifecycleIntervalMs: false,
        alertIntervalMs: false,
        alertMailIntervalMs: false,
        alertWebhookIntervalMs: false,
        feedIntervalMs: 1000,
        demoSources: false,
      },
    );
    try {
      const store = running.app.feeds.options.db;
      const deadline = Date.now() + 20_000;
      let read: { id: number }[] = [];
      while (read.length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        read = await store.select({ id: sources.id }).from(sources);
      }
      assert.equal(read.length, 2);
      const [feed] = await store.select().from(feeds).where(eq(feeds.url, url));
      assert.equal(feed?.lastError, null);
      assert.ok(feed?.lastSuccessAt);
    } finally {
      await running.close();
      await own.cleanup();
    }
  });
});

describe('the parts', () => {
  it('reads the Podcasting 2.0 JSON transcript, HTML and plain text', () => {
    const json = JSON.stringify({
      version: '1.0.0',
      segments: [
        { speaker: 'Ana', startTime: 0.5, endTime: 3, body: 'Hello and welcome.' },
        { startTime: 75.2, endTime: 80, body: 'Bitcoin first.' },
      ],
    });
    assert.deepEqual(transcriptLines(json, 'json', 'Host'), [
      { speaker: 'Ana', text: 'Hello and welcome.', offsetSec: 0 },
      { speaker: 'Host', text: 'Bitcoin first.', offsetSec: 75 },
    ]);
    assert.deepEqual(
      transcriptLines('<p>One.</p><p>Two &amp; three.</p>', 'html', 'Host').map((l) => l.text),
      ['One.', 'Two & three.'],
    );
    assert.deepEqual(
      transcriptLines('First line\n\n  Second line  \n', 'text', 'Host').map((l) => l.text),
      ['First line', 'Second line'],
    );
    assert.throws(() => transcriptLines('{"segments": 1}', 'json', 'Host'), /segments/);
  });

  it('names what is not a feed', () => {
    assert.throws(() => parseFeed('<html><body>hi</body></html>'), FeedFormatError);
    assert.throws(() => parseFeed('{"title": "no version"}'), /not a JSON Feed/);
    assert.throws(() => parseFeed('<rss><channel>'), /not well-formed XML/);
  });

  it('reads Retry-After and caps the back-off', () => {
    assert.equal(retryAfterMs('120', T0), 120_000);
    assert.equal(retryAfterMs(new Date(T0 + 90_000).toUTCString(), T0), 90_000);
    assert.equal(retryAfterMs('soon', T0), null);
    assert.equal(feedRetryDelayMs(1), MINUTE);
    assert.equal(feedRetryDelayMs(3), 4 * MINUTE);
    assert.equal(feedRetryDelayMs(30), 6 * 60 * MINUTE);
  });
});
