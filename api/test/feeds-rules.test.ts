// The operator's keyword rules for a feed (FEEDS_FILE): how words match, how the file is read, and
// what a read of a feed with rules makes sources of (a local feed server, the real poller).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.js';
import { feedItems, feeds, sources } from '../src/db/schema.js';
import { FeedPoller } from '../src/feeds/poller.js';
import { RuleMatcher, ruleWords, type FeedRules } from '../src/feeds/rules.js';
import { feedFile, feedSettingsFromEnv } from '../src/feeds/settings.js';
import { FetchGuard } from '../src/net/guard.js';
import { FixedClock, T0 } from './helpers/api.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';

describe('keyword rules', () => {
  it('keeps every item when there are no words', () => {
    const rules = new RuleMatcher({ keep: [], mute: [] });
    assert.equal(rules.empty, true);
    assert.equal(rules.verdict([]), 'keep');
  });

  it('keeps only the items that say a keep word, in any of their texts', () => {
    const rules = new RuleMatcher({ keep: ['Bitcoin ETF', 'solana'], mute: [] });
    assert.equal(rules.verdict(['Weekly notes', 'Flows into the BITCOIN  ETF doubled']), 'keep');
    assert.equal(rules.verdict(['Weekly notes', 'nothing here']), 'drop');
    assert.equal(rules.verdict(['Weekly notes', '', 'Solana']), 'keep');
  });

  it('mutes an item that says a mute word, even when it says a keep word', () => {
    const rules = new RuleMatcher({ keep: ['bitcoin'], mute: ['giveaway'] });
    assert.equal(rules.verdict(['Bitcoin giveaway!']), 'mute');
    assert.equal(rules.verdict(['Bitcoin GIVEAWAY']), 'mute');
    assert.equal(rules.verdict(['Bitcoin halving']), 'keep');
  });

  it('matches whole words in spaced scripts and anywhere in Chinese', () => {
    const rules = new RuleMatcher({ keep: ['ETH', '以太坊', 'ação'], mute: [] });
    assert.equal(rules.verdict(['A new method']), 'drop');
    assert.equal(rules.verdict(['ETH/BTC at a low']), 'keep');
    assert.equal(rules.verdict(['The eth-staking queue']), 'keep');
    assert.equal(rules.verdict(['今天以太坊的升级']), 'keep');
    assert.equal(rules.verdict(['Uma AÇÃO da comunidade']), 'keep');
    assert.equal(rules.verdict(['ações']), 'drop');
  });

  it('compares Unicode forms alike (full-width letters, composed accents)', () => {
    const rules = new RuleMatcher({ keep: ['BTC', 'ação'], mute: [] });
    assert.equal(rules.verdict(['ＢＴＣ rallies']), 'keep');
    assert.equal(rules.verdict(['uma acao'.replace('acao', 'ac\u0327a\u0303o')]), 'keep');
  });

  it('takes words literally, not as patterns', () => {
    const rules = new RuleMatcher({ keep: ['c++', '(beta)'], mute: [] });
    assert.equal(rules.verdict(['written in c++ today']), 'keep');
    assert.equal(rules.verdict(['release (beta) notes']), 'keep');
    assert.equal(rules.verdict(['cc notes']), 'drop');
  });

  it('checks the words it is given and names the bad one', () => {
    assert.deepEqual(ruleWords([' Bitcoin  ETF ', 'bitcoin etf', 'SOL'], 'x.keep'), [
      'Bitcoin ETF',
      'SOL',
    ]);
    assert.deepEqual(ruleWords(undefined, 'x.keep'), []);
    assert.throws(() => ruleWords('bitcoin', 'x.keep'), /x\.keep must be a list of words/);
    assert.throws(
      () => ruleWords(['ok', 'a'], 'x.mute'),
      /x\.mute\[1\] must be a word or phrase of 2 to 60/,
    );
    assert.throws(() => ruleWords(['ok', 7], 'x.mute'), /x\.mute\[1\].*got 7/);
    assert.throws(() => ruleWords(Array(101).fill('word'), 'x.keep'), /at most 100 words/);
  });
});

describe('FEEDS_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feeds-file-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads addresses alone or with rules, and keeps the rules by address', () => {
    const read = feedFile(
      JSON.stringify({
        feeds: [
          'https://a.example.com/rss#top',
          { url: 'https://b.example.com/atom.xml', keep: ['bitcoin'], mute: ['giveaway'] },
          { url: 'https://c.example.com/feed.json', keep: [] },
        ],
      }),
    );
    assert.deepEqual(read.urls, [
      'https://a.example.com/rss',
      'https://b.example.com/atom.xml',
      'https://c.example.com/feed.json',
    ]);
    assert.deepEqual(
      [...read.rules],
      [['https://b.example.com/atom.xml', { keep: ['bitcoin'], mute: ['giveaway'] }]],
    );
  });

  it('names what is wrong, and where', () => {
    assert.throws(() => feedFile('{"feeds": ['), /FEEDS_FILE is not JSON/);
    assert.throws(() => feedFile('[]'), /must hold an object with a "feeds" list/);
    assert.throws(() => feedFile('{"feeds": [3]}'), /feeds\[0\] must be an address or an object/);
    assert.throws(
      () => feedFile('{"feeds": [{"url": "ftp://x.example.com/"}]}'),
      /feeds\[0\]\.url must be an http:\/\/ or https:\/\/ address, got "ftp/,
    );
    assert.throws(
      () => feedFile('{"feeds": [{"url": "https://x.example.com/", "keeps": []}]}'),
      /feeds\[0\] has an unknown field "keeps"/,
    );
    assert.throws(
      () => feedFile('{"feeds": ["https://x.example.com/", {"url": "https://x.example.com/#a"}]}'),
      /feeds\[1\]\.url lists "https:\/\/x\.example\.com\/" a second time/,
    );
    assert.throws(
      () => feedFile('{"feeds": [{"url": "https://x.example.com/", "mute": ["x"]}]}'),
      /feeds\[0\]\.mute\[0\]/,
    );
  });

  it('joins FEEDS and the file, its path taken from the working directory', () => {
    writeFileSync(
      join(dir, 'feeds.json'),
      JSON.stringify({ feeds: [{ url: 'https://b.example.com/', keep: ['sol'] }] }),
    );
    const settings = feedSettingsFromEnv(
      { FEEDS: 'https://a.example.com/', FEEDS_FILE: 'feeds.json' },
      dir,
    );
    assert.deepEqual(settings.urls, ['https://a.example.com/', 'https://b.example.com/']);
    assert.deepEqual(settings.rules?.get('https://b.example.com/'), { keep: ['sol'], mute: [] });
    assert.throws(
      () => feedSettingsFromEnv({ FEEDS: 'https://b.example.com/', FEEDS_FILE: 'feeds.json' }, dir),
      /"https:\/\/b\.example\.com\/" is in both FEEDS and FEEDS_FILE/,
    );
    assert.throws(
      () => feedSettingsFromEnv({ FEEDS_FILE: 'missing.json' }, dir),
      /FEEDS_FILE could not be read \(.*missing\.json\)/,
    );
  });
});

/** A podcast feed whose items and transcripts say, or do not say, the rules' words. */
function feedXml(base: string): string {
  const item = (guid: string, title: string, text: string, transcript = '') => `
    <item>
      <guid isPermaLink="false">${guid}</guid>
      <title>${title}</title>
      <pubDate>Mon, 02 Jun 2025 10:00:00 GMT</pubDate>
      <description>${text}</description>
      ${transcript && `<podcast:transcript url="${base}/${transcript}" type="text/vtt"/>`}
    </item>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0">
  <channel>
    <title>Rules Radio</title>
    <link>${base}/</link>
    ${item('giveaway', 'Bitcoin GIVEAWAY inside', 'Win a bitcoin.')}
    ${item('etf', 'Weekly flows', 'Bitcoin ETF flows doubled this week.')}
    ${item('garden', 'Gardening tips', 'Tomatoes like the sun.')}
    ${item('ep3', 'Episode 3', 'A conversation.', 'ep3.vtt')}
    ${item('ep4', 'Episode 4', 'Another conversation.', 'ep4.vtt')}
  </channel>
</rss>`;
}

const vtt = (text: string) => `WEBVTT\n\n00:00:01.000 --> 00:00:05.000\n<v Ada>${text}\n`;

describe('a read of a feed with rules', () => {
  const requested: string[] = [];
  const server = http.createServer((request, response) => {
    requested.push(request.url ?? '');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (request.url === '/feed.xml') {
      response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedXml(base));
    } else if (request.url === '/ep3.vtt') {
      response.writeHead(200, { 'content-type': 'text/vtt' }).end(vtt('We talk about Bitcoin.'));
    } else if (request.url === '/ep4.vtt') {
      response.writeHead(200, { 'content-type': 'text/vtt' }).end(vtt('Bitcoin giveaway time!'));
    } else response.writeHead(404).end();
  });
  let url: string;
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let guard: FetchGuard;

  const poller = (rules: FeedRules) =>
    new FeedPoller({
      db: handle.db,
      guard,
      clock: new FixedClock(T0),
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      rules: new Map([[url, rules]]),
    });

  /** The titles of the sources the feed made, by guid. */
  async function made(): Promise<string[]> {
    const rows = await handle.db
      .select({ guid: feedItems.guid, title: sources.title })
      .from(feedItems)
      .innerJoin(sources, eq(sources.id, feedItems.sourceId))
      .innerJoin(feeds, eq(feeds.id, feedItems.feedId))
      .where(eq(feeds.url, url))
      .orderBy(asc(feedItems.guid));
    return rows.map((row) => `${row.guid}: ${row.title}`);
  }

  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.xml`;
    database = await testDatabase();
    handle = await database.open();
    guard = new FetchGuard({ allowPrivate: false, allowAddresses: ['127.0.0.1'] });
  });

  after(async () => {
    guard?.close();
    await handle?.close();
    await database?.cleanup();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('keeps what says a keep word (its transcript too), and never fetches for a muted item', async () => {
    const reader = poller({ keep: ['bitcoin'], mute: ['giveaway'] });
    await reader.sync([url]);
    const [report] = await reader.run();
    assert.equal(report?.outcome, 'read', report?.error ?? '');
    assert.deepEqual(await made(), ['ep3: Episode 3', 'etf: Weekly flows']);
    // Each transcript was needed to decide (ep4's said the mute word); the muted post cost none.
    assert.deepEqual(requested.filter((path) => path.endsWith('.vtt')).sort(), [
      '/ep3.vtt',
      '/ep4.vtt',
    ]);
  });

  it('decides again on the next read what it left out, under the rules of then', async () => {
    const reader = poller({ keep: [], mute: ['giveaway'] });
    await handle.db.update(feeds).set({ nextFetchAt: new Date(T0), etag: null });
    await reader.run();
    assert.deepEqual(await made(), [
      'ep3: Episode 3',
      'etf: Weekly flows',
      'garden: Gardening tips',
    ]);
  });
});
