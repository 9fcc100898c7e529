// A feed read into the monitoring area, in each language: a product of the test's own reads a
// podcast feed from a local server (FEEDS_FILE, with a keep word, and ALLOW_PRIVATE_FETCH for the
// loopback address) and names the test's account an operator (OPERATOR_EMAILS). The operator
// follows the Feeds link of the monitoring page to the feed's state and rules, opens the
// episode's page, sees the feed it came from, and follows a key point of its summary to the line
// of the transcript it came from.
// Screenshots go to /tmp for a person to look at.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callApi, createAccount, uniqueEmail, type Account } from './accounts';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './server';
import { escapeRegExp, siteStrings } from './strings';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/coinlens-e2e-feeds';
const FEED_TITLE = 'Ledger Lines Radio';
const EPISODE_TITLE = 'Episode 7: where the ETF money went';

/** The episode's transcript: statements long enough for the built-in summary's key points. */
const TRANSCRIPT = `WEBVTT

00:00:04.000 --> 00:00:09.000
<v Ada>Welcome back to the show, this week we follow the money behind the bitcoin funds.

00:01:15.000 --> 00:01:24.000
<v Ada>Spot bitcoin exchange traded funds took in more than two billion dollars of new money this week.

00:02:40.000 --> 00:02:49.000
<v Grace>Most of those inflows came from advisers moving client portfolios into the largest funds.

00:04:05.000 --> 00:04:14.000
<v Grace>Ethereum funds saw smaller but steady inflows as staking products waited for approval.

00:05:30.000 --> 00:05:39.000
<v Ada>Outflows from the older trust slowed to their lowest level since the funds launched.

00:07:02.000 --> 00:07:11.000
<v Grace>We expect fund flows to follow the price of bitcoin more closely over the next quarter.
`;

function feedXml(base: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>${FEED_TITLE}</title>
    <link>${base}/</link>
    <language>en</language>
    <description>A weekly show about crypto markets.</description>
    <item>
      <title>${EPISODE_TITLE}</title>
      <guid isPermaLink="false">ledger-lines-7</guid>
      <pubDate>Mon, 02 Jun 2025 10:00:00 GMT</pubDate>
      <itunes:author>Ada and Grace</itunes:author>
      <itunes:duration>480</itunes:duration>
      <description>Flows into the bitcoin funds, week by week.</description>
      <enclosure url="${base}/ep7.mp3" type="audio/mpeg" length="1000"/>
      <podcast:transcript url="${base}/ep7.vtt" type="text/vtt"/>
    </item>
  </channel>
</rss>`;
}

/** The feed's own server: the feed and the transcript, on a loopback port. */
async function startFeedServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (request.url === '/feed.xml') {
      response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedXml(base));
    } else if (request.url === '/ep7.vtt') {
      response.writeHead(200, { 'content-type': 'text/vtt' }).end(TRANSCRIPT);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let own: OwnServer;
let operator: Account;
let episodeId: number;

test.beforeAll(async () => {
  // The feed is read within a minute of the start (the poll job's period), and summarised on the
  // source lifecycle's next tick (15 s).
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  feeds = await startFeedServer();
  const email = uniqueEmail('operator');
  // The feed with a keep word, as an operator lists one with rules.
  const settings = join(mkdtempSync(join(tmpdir(), 'coinlens-e2e-feeds-')), 'feeds.json');
  writeFileSync(
    settings,
    JSON.stringify({ feeds: [{ url: `${feeds.url}/feed.xml`, keep: ['bitcoin'] }] }),
  );
  own = await startOwnServer({
    FEEDS_FILE: settings,
    OPERATOR_EMAILS: email,
    ALLOW_PRIVATE_FETCH: '1',
    DEMO_SOURCES: 'false',
  });
  operator = await createAccount('Opal', own, email);
  await expect
    .poll(
      async () => {
        const page = await callApi<{ records: Array<{ id: number; title: string }> }>(
          '/api/monitor/source/list?page=1&size=5&status=5',
          operator.token,
          undefined,
          own.url,
        );
        return page.records.find((source) => source.title === EPISODE_TITLE)?.id ?? null;
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .not.toBeNull();
  const page = await callApi<{ records: Array<{ id: number; title: string }> }>(
    '/api/monitor/source/list?page=1&size=5&status=5',
    operator.token,
    undefined,
    own.url,
  );
  episodeId = page.records.find((source) => source.title === EPISODE_TITLE)!.id;
});

test.afterAll(async () => {
  await own?.stop();
  await feeds?.close();
});

// An error the page logs counts as one it throws.
test.use({ consoleErrors: true, viewport: { width: 1280, height: 800 } });

test.describe('a feed in the monitoring area', () => {
  for (const [locale, prefix] of [
    ['en', ''],
    ['zh', '/zh'],
    ['pt-br', '/pt-br'],
  ] as const) {
    test(`${locale}: the operator sees the feed's state, and an episode's key point leads to its line`, async ({
      page,
      problems,
      signIn,
    }) => {
      const monitoring = siteStrings(locale, 'monitoring');
      const feedStrings = siteStrings(locale, 'feeds');
      await signIn(operator.token);

      // The operator's way in: the Feeds link of the monitoring page.
      await page.goto(`${own.url}${prefix}/monitoring/`);
      await page.getByRole('heading', { level: 1, name: monitoring('title') }).waitFor();
      await page.getByRole('link', { name: monitoring('feeds') }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/monitoring/feeds/$`));
      await page.getByRole('heading', { level: 1, name: feedStrings('title') }).waitFor();
      const feed = page.getByRole('article', { name: FEED_TITLE });
      await expect(feed).toContainText(feedStrings('status.ok'));
      await expect(feed).toContainText(feedStrings('rules.keep'));
      await expect(feed).toContainText('bitcoin');
      await page.screenshot({ path: join(SHOTS, `feeds-${locale}.png`), fullPage: true });

      // The episode names its feed, and a key point leads to the line it came from.
      await page.goto(`${own.url}${prefix}/monitoring/detail/?id=${episodeId}`);
      await page.getByRole('heading', { level: 1, name: EPISODE_TITLE }).waitFor();
      await expect(page.getByRole('link', { name: FEED_TITLE })).toHaveAttribute(
        'href',
        `${feeds.url}/`,
      );
      const [before, after] = monitoring('detail.summary.atTime').split('{{time}}');
      const keyPoint = page
        .getByRole('link', {
          name: new RegExp(`^${escapeRegExp(before!)}\\d+:\\d\\d${escapeRegExp(after!)}$`),
        })
        .first();
      const target = (await keyPoint.getAttribute('href'))!;
      expect(target).toMatch(/^#line-\d+$/);
      await keyPoint.click();
      const line = page.locator(target);
      await expect(line).toBeFocused();
      await expect(line).toBeInViewport();
      await page.screenshot({ path: join(SHOTS, `episode-${locale}.png`) });
      expect(problems).toEqual([]);
    });
  }
});
