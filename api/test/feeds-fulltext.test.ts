// A post whose feed gives only an excerpt, read whole from its page: fixture feeds and pages from a
// local server, read by a poller whose guard allows that server's address only, so that a page
// that redirects elsewhere is refused as in production. Also what the excerpt rule takes for the
// whole text (Atom's XHTML content among it), what a page that cannot be read leaves, and the cap
// on pages a read fetches.
// Both engines: what a page left for later writes (a null content key, read again) is the
// per-item state the poller's next read depends on.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.js';
import { feedItems, feeds, sourceLines, sources } from '../src/db/schema.js';
import { EXCERPT_MAX_CHARS, articleLines, isExcerpt } from '../src/feeds/fulltext.js';
import { contentLines } from '../src/feeds/items.js';
import { parseFeed } from '../src/feeds/parse.js';
import { FeedPoller, MAX_PAGES_PER_READ } from '../src/feeds/poller.js';
import { FetchGuard } from '../src/net/guard.js';
import { FixedClock, T0 } from './helpers/api.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';

const MINUTE = 60_000;
const FIXTURES = new URL('../../test/fixtures/feeds/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
/** A page past this is refused: small, so that the test's enormous page is not. */
const MAX_BYTES = 64 * 1024;

type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** A local server of feeds and pages: its routes, and the paths it was asked for. */
class Origin {
  readonly routes = new Map<string, Route>();
  readonly seen: string[] = [];
  readonly #sockets = new Set<Socket>();
  readonly #server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    this.seen.push(path);
    const route = this.routes.get(path);
    if (route) route(request, response);
    else response.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
  });
  url = '';

  async listen(host: string): Promise<void> {
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.#server.listen(0, host, resolve));
    this.url = `http://${host}:${(this.#server.address() as AddressInfo).port}`;
  }

  hits(path: string): number {
    return this.seen.filter((seen) => seen === path).length;
  }

  serve(path: string, body: string | Buffer, type: string): void {
    this.routes.set(path, (_request, response) => {
      response.writeHead(200, { 'content-type': type }).end(body);
    });
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

const origin = new Origin();
const inside = new Origin();
const warnings: { fields: Record<string, unknown>; message: string }[] = [];
let database: TestDatabase;
let handle: DatabaseHandle;
let guard: FetchGuard;
let clock: FixedClock;
let poller: FeedPoller;

before(async () => {
  await origin.listen('127.0.0.1');
  await inside.listen('127.0.0.2');
  const feed = (name: string) => fixture(name).replaceAll('{{BASE}}', origin.url);
  origin.serve('/excerpts.xml', feed('excerpts.rss.xml'), 'application/rss+xml');
  origin.serve('/notes.atom', feed('xhtml.atom.xml'), 'application/atom+xml');
  const article = fixture('article.html');
  origin.serve('/posts/miners-after-halving', article, 'text/html; charset=utf-8');
  origin.serve('/posts/hashrate', article, 'application/xhtml+xml');
  origin.serve('/posts/fees-in-one-paragraph', article, 'text/html');
  origin.routes.set('/posts/moved-inside', (_request, response) => {
    response.writeHead(302, { location: `${inside.url}/posts/moved-inside` }).end();
  });
  inside.serve('/posts/moved-inside', article, 'text/html');
  origin.serve(
    '/posts/enormous',
    `<html><body><article>${'<p>Padding that goes on and on, past the limit.</p>'.repeat(MAX_BYTES / 40)}</article></body></html>`,
    'text/html',
  );
  origin.serve('/posts/report.pdf', '%PDF-1.7\n% not a page\n', 'application/pdf');
  origin.serve(
    '/posts/paywalled',
    '<html><body><nav><a href="/">Home</a></nav><p>Subscribe to keep reading.</p></body></html>',
    'text/html',
  );

  database = await testDatabase();
  handle = await database.open();
  // Strict, but for the fixture server's own address: the page's redirect target is private.
  guard = new FetchGuard({ allowPrivate: false, allowAddresses: ['127.0.0.1'] });
  clock = new FixedClock(T0);
  poller = new FeedPoller({
    db: handle.db,
    guard,
    clock,
    maxBytes: MAX_BYTES,
    timeoutMs: 5000,
    log: {
      info: () => undefined,
      error: () => undefined,
      warn: (fields: Record<string, unknown>, message: string) => {
        warnings.push({ fields, message });
      },
    } as unknown as FeedPoller['options']['log'],
  });
});

after(async () => {
  guard?.close();
  await handle?.close();
  await database?.cleanup();
  await origin.close();
  await inside.close();
});

async function feedRow(url: string) {
  const [row] = await handle.db.select().from(feeds).where(eq(feeds.url, url));
  assert.ok(row, `no feed ${url}`);
  return row;
}

/** The feed's sources by their item's guid, with their lines' texts and content key. */
async function itemsOf(url: string) {
  const feed = await feedRow(url);
  const rows = await handle.db
    .select({ id: sources.id, guid: feedItems.guid, contentKey: feedItems.contentKey })
    .from(feedItems)
    .innerJoin(sources, eq(sources.id, feedItems.sourceId))
    .where(eq(feedItems.feedId, feed.id));
  const items = new Map<string, { lines: string[]; contentKey: string | null }>();
  for (const row of rows) {
    const lines = await handle.db
      .select({ text: sourceLines.text })
      .from(sourceLines)
      .where(eq(sourceLines.sourceId, row.id))
      .orderBy(asc(sourceLines.seq));
    items.set(row.guid, { lines: lines.map((line) => line.text), contentKey: row.contentKey });
  }
  return items;
}

describe('a post whose feed gives an excerpt', () => {
  const url = () => `${origin.url}/excerpts.xml`;

  it('reads the article from its page, without the page around it', async () => {
    await poller.sync([url()]);
    const [report] = await poller.run();
    assert.equal(report?.outcome, 'read');
    assert.equal(report?.added, 7);
    const items = await itemsOf(url());
    const miners = items.get('desk-1')!;
    assert.equal(origin.hits('/posts/miners-after-halving'), 1);
    assert.equal(miners.lines.length, 5, miners.lines.join('\n'));
    assert.match(miners.lines[0]!, /^Bitcoin miners have earned about a third less per block/);
    assert.match(miners.lines[4]!, /some smaller operators are looking for buyers\.$/);
    const text = miners.lines.join('\n');
    for (const around of ['navigation link', 'newsletter', 'Related:', 'First!', '© 2026']) {
      assert.ok(!text.includes(around), `"${around}" is not the article's`);
    }
    assert.notEqual(miners.contentKey, null);
  });

  it('reads a page for a text the feed cut, and none for a whole one', async () => {
    const items = await itemsOf(url());
    assert.equal(origin.hits('/posts/hashrate'), 1, 'ends in […]: an excerpt, though full content');
    assert.equal(items.get('desk-3')!.lines.length, 5);
    assert.equal(origin.hits('/posts/fees-in-one-paragraph'), 0, 'content:encoded, not cut');
    assert.deepEqual(items.get('desk-2')!.lines, [
      'Fees stayed low all week, and the feed gives this whole short post.',
    ]);
  });

  it('keeps the excerpt when the page redirects to a private address, and tries again', async () => {
    const items = await itemsOf(url());
    assert.equal(inside.seen.length, 0, 'the private address was never reached');
    assert.deepEqual(items.get('desk-4')!.lines, [
      'A post whose page now redirects to a private address.',
    ]);
    assert.equal(items.get('desk-4')!.contentKey, null, 'read again next time');
    const refused = warnings.find(
      (warning) => warning.fields.page === `${origin.url}/posts/moved-inside`,
    );
    assert.equal(refused?.message, 'article page not read');
    assert.match(String(refused?.fields.error), /127\.0\.0\.2/);
    const feed = await feedRow(url());
    assert.equal(feed.lastError, null, 'the feed read did not fail');
  });

  it('keeps the excerpt of a page past the size limit, and tries again', async () => {
    const items = await itemsOf(url());
    assert.deepEqual(items.get('desk-5')!.lines, ['A post whose page is past the size limit.']);
    assert.equal(items.get('desk-5')!.contentKey, null);
    const refused = warnings.find(
      (warning) => warning.fields.page === `${origin.url}/posts/enormous`,
    );
    assert.equal(refused?.fields.error, `larger than the limit of ${MAX_BYTES} bytes`);
  });

  it('keeps the excerpt of a page that is not HTML or holds too little, for good', async () => {
    const items = await itemsOf(url());
    assert.deepEqual(items.get('desk-6')!.lines, ['The quarterly mining report, linked as a PDF.']);
    assert.notEqual(items.get('desk-6')!.contentKey, null);
    assert.deepEqual(items.get('desk-7')!.lines, ['Difficulty rose again; subscribers read why.']);
    assert.notEqual(items.get('desk-7')!.contentKey, null);
  });

  it('fetches again only the pages that could not be read', async () => {
    clock.advance(15 * MINUTE);
    const [report] = await poller.run();
    assert.equal(report?.outcome, 'read');
    assert.equal(report?.updated, 2, 'the redirected and the enormous page');
    assert.equal(origin.hits('/posts/moved-inside'), 2);
    assert.equal(origin.hits('/posts/enormous'), 2);
    for (const path of ['miners-after-halving', 'hashrate', 'report.pdf', 'paywalled']) {
      assert.equal(origin.hits(`/posts/${path}`), 1, path);
    }
  });
});

describe('the text an item carries', () => {
  it('reads Atom XHTML content and summaries as the markup they are', () => {
    const feed = parseFeed(
      fixture('xhtml.atom.xml').replaceAll('{{BASE}}', 'https://notes.example'),
    );
    const [slashing, queue] = feed.items;
    assert.ok(slashing && queue);
    assert.equal(slashing.html, true);
    assert.equal(slashing.fullContent, true);
    assert.deepEqual(
      contentLines(slashing, 'Ines').map((line) => line.text),
      [
        'Two Ethereum validators were slashed for signing two blocks at one height & lost 1 ETH each.',
        'Their operator blamed a fail-over script that started a second client <without> a lock.',
      ],
    );
    assert.match(
      slashing.summary,
      /^<div xmlns="http:\/\/www\.w3\.org\/1999\/xhtml">Why <em>two<\/em>/,
    );
    assert.equal(queue.fullContent, false, 'a summary only');
    assert.deepEqual(
      contentLines(queue, 'Ines').map((line) => line.text),
      ['The entry queue is nine days long.'],
    );
  });

  it('reads a page for the XHTML summary only, not for the XHTML content', async () => {
    const url = `${origin.url}/notes.atom`;
    await poller.sync([url]);
    const [report] = await poller.run();
    assert.equal(report?.added, 2);
    assert.equal(origin.hits('/notes/slashing'), 0);
    assert.equal(origin.hits('/notes/queue'), 1);
    const items = await itemsOf(url);
    assert.equal(items.get('urn:uuid:5b1e8d6a-2f4c-4a7e-8c3d-0e9f1a2b3c41')!.lines.length, 2);
    assert.deepEqual(items.get('urn:uuid:5b1e8d6a-2f4c-4a7e-8c3d-0e9f1a2b3c42')!.lines, [
      'The entry queue is nine days long.',
    ]);
  });

  it('takes for an excerpt a short text without a full-text field, or one cut by an ellipsis', () => {
    const item = (content: string, fullContent: boolean) => ({ content, html: true, fullContent });
    assert.equal(isExcerpt(item('<p>Short teaser.</p>', false)), true);
    assert.equal(
      isExcerpt(item(`<p>${'word '.repeat(EXCERPT_MAX_CHARS / 5 + 1)}</p>`, false)),
      false,
    );
    assert.equal(isExcerpt(item('<p>Short, but the whole post.</p>', true)), false);
    assert.equal(isExcerpt(item('<p>It went on …</p>', true)), true);
    assert.equal(isExcerpt(item('<p>It went on... </p>', true)), true);
    assert.equal(isExcerpt(item('<p>It went on [&hellip;]</p>', true)), true);
    assert.equal(isExcerpt(item('<p>“And then…”</p>', true)), true);
  });

  it('leaves a page whose article says no more than the feed', () => {
    const article = fixture('article.html');
    assert.ok('lines' in articleLines(article, 100, 'Rosa'));
    assert.match(
      JSON.stringify(articleLines(article, 5000, 'Rosa')),
      /"unused":"no article found \(\d+ characters of text\)"/,
    );
  });
});

describe('the cap on pages', () => {
  it(`fetches ${MAX_PAGES_PER_READ} pages a read, and the rest a minute later`, async () => {
    const count = MAX_PAGES_PER_READ + 2;
    const entries = Array.from(
      { length: count },
      (_, index) =>
        `<item><title>Brief ${index}</title><link>${origin.url}/many/${index}</link><guid>many-${index}</guid><description>Brief ${index}, in a line.</description></item>`,
    ).join('');
    origin.serve(
      '/many.xml',
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Many</title>${entries}</channel></rss>`,
      'application/rss+xml',
    );
    for (let index = 0; index < count; index += 1) {
      // No article in them: each is read once and its excerpt kept.
      origin.serve(`/many/${index}`, '<html><body><p>Brief.</p></body></html>', 'text/html');
    }
    const url = `${origin.url}/many.xml`;
    await poller.sync([url]);
    let [report] = await poller.run();
    assert.equal(report?.added, count);
    const fetched = () => origin.seen.filter((path) => path.startsWith('/many/')).length;
    assert.equal(fetched(), MAX_PAGES_PER_READ);
    assert.equal((await feedRow(url)).nextFetchAt.getTime(), clock.now() + MINUTE);
    const waiting = [...(await itemsOf(url)).values()].filter((item) => item.contentKey === null);
    assert.equal(waiting.length, 2);

    clock.advance(MINUTE);
    [report] = await poller.run();
    assert.equal(report?.updated, 2);
    assert.equal(fetched(), count, 'each page once');
    assert.ok([...(await itemsOf(url)).values()].every((item) => item.contentKey !== null));
  });
});
