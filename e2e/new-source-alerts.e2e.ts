// An alert on every new source, in each language: a product of the test's own reads a podcast
// feed from a local server every minute (FEEDS, FEEDS_REFRESH_MINUTES, and ALLOW_PRIVATE_FETCH for
// the loopback address). Each language's user makes the alert from the monitoring page with a
// keyword; then the feed publishes an episode that says it, and each user's bell counts it, the
// inbox names the episode and leads to its page.
// Screenshots go to /tmp for a person to look at.
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { callApi, createAccount, type Account } from './accounts';
import { hydrated, recordToasts } from './browser';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './server';
import { escapeRegExp, siteStrings } from './strings';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/coinlens-e2e-new-source-alerts';
const KEYWORD = 'Restaking';
const FIRST = 'Episode 1: the weekly wrap';
const SECOND = 'Episode 2: who pays for restaking';

const LOCALES = [
  ['en', ''],
  ['zh', '/zh'],
  ['pt-br', '/pt-br'],
] as const;

const item = (base: string, number: number, title: string, text: string) => `
    <item>
      <title>${title}</title>
      <guid isPermaLink="false">wrap-${number}</guid>
      <pubDate>Mon, 0${number} Jun 2025 10:00:00 GMT</pubDate>
      <itunes:author>Ada</itunes:author>
      <description>${text}</description>
      <enclosure url="${base}/ep${number}.mp3" type="audio/mpeg" length="1000"/>
    </item>`;

/** The feed's server: the first episode, and the second once `publish()` was called. */
async function startFeedServer() {
  let published = false;
  const server = http.createServer((request, response) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (request.url !== '/feed.xml') return void response.writeHead(404).end();
    const items = [
      item(base, 1, FIRST, 'Prices, funds and the week in short, with nothing else to note.'),
      ...(published
        ? [
            item(
              base,
              2,
              SECOND,
              'Who earns and who carries the risk when staked coins are lent again.',
            ),
          ]
        : []),
    ];
    response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(
      `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>The Weekly Wrap</title>
    <link>${base}/</link>
    <language>en</language>
    <description>The week in crypto.</description>${items.reverse().join('')}
  </channel>
</rss>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    publish: () => {
      published = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Sources = { records: Array<{ id: number; title: string }> };

let feed: Awaited<ReturnType<typeof startFeedServer>>;
let own: OwnServer;
const accounts = new Map<string, Account>();

/** The id of the source titled `title` once the product has read it, polled for `timeout` ms. */
async function sourceId(title: string, timeout: number): Promise<number> {
  let id: number | undefined;
  await expect
    .poll(
      async () => {
        const list = await callApi<Sources>(
          '/api/monitor/source/list?page=1&size=10',
          accounts.get('en')!.token,
          undefined,
          own.url,
        );
        id = list.records.find((source) => source.title === title)?.id;
        return id ?? null;
      },
      { timeout, intervals: [2_000] },
    )
    .not.toBeNull();
  return id!;
}

test.beforeAll(async () => {
  // The feed's first read comes within a minute of the start (the poll job's period).
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  feed = await startFeedServer();
  own = await startOwnServer({
    FEEDS: `${feed.url}/feed.xml`,
    FEEDS_REFRESH_MINUTES: '1',
    ALLOW_PRIVATE_FETCH: '1',
    DEMO_SOURCES: 'false',
  });
  for (const [locale] of LOCALES) accounts.set(locale, await createAccount(`Nia ${locale}`, own));
  await sourceId(FIRST, 120_000);
});

test.afterAll(async () => {
  await own?.stop();
  await feed?.close();
});

// An error the page logs counts as one it throws.
test.use({ consoleErrors: true, viewport: { width: 1280, height: 800 } });
// The alerts are made first, then the episode that says the word is published once for all.
test.describe.configure({ mode: 'serial' });

test.describe('an alert on every new source', () => {
  for (const [locale, prefix] of LOCALES) {
    test(`${locale}: is made from the monitoring page with a keyword`, async ({
      page,
      problems,
      signIn,
    }) => {
      const a = siteStrings(locale, 'alerts');
      const monitoring = siteStrings(locale, 'monitoring');
      await signIn(accounts.get(locale)!.token);
      await page.goto(`${own.url}${prefix}/monitoring/`);
      await page.getByRole('heading', { level: 1, name: monitoring('title') }).waitFor();
      // Pressed the moment the heading showed, on a loaded machine, it once opened nothing: this
      // journey presses it once the page has hydrated (an early press is the start's to test).
      await hydrated(page);
      const toastShown = await recordToasts(page);
      await page.getByRole('button', { name: a('alertMeNewSources') }).click();
      const dialog = page.getByRole('dialog', { name: a('dialog.titleNew') });
      await expect(dialog).toContainText(a('newSources'));
      // A keyword too short is refused in place; the right one is saved.
      const keyword = dialog.getByRole('textbox', { name: a('form.keyword') });
      await keyword.fill('R');
      await dialog.getByRole('button', { name: a('form.save') }).click();
      await expect(keyword).toHaveAttribute('aria-invalid', 'true');
      await keyword.fill(KEYWORD);
      await page.screenshot({ path: join(SHOTS, `dialog-${locale}.png`) });
      await dialog.getByRole('button', { name: a('form.save') }).click();
      await expect(dialog).toBeHidden();
      await toastShown(a('dialog.createdNewSources'));
      const [made] = (
        await callApi<{ records: Array<{ kind: string; keyword: string; subject: null }> }>(
          '/api/alert/list',
          accounts.get(locale)!.token,
          undefined,
          own.url,
        )
      ).records;
      expect([made?.kind, made?.keyword, made?.subject]).toEqual([
        'newSourceKeyword',
        KEYWORD,
        null,
      ]);
      expect(problems).toEqual([]);
    });
  }

  test('an episode that says the word reaches each language’s bell and inbox', async ({
    openContext,
  }) => {
    // The next read within two minutes (a minute's refresh, read by the job that runs each minute).
    test.setTimeout(240_000);
    feed.publish();
    const episode = await sourceId(SECOND, 150_000);
    for (const [locale, prefix] of LOCALES) {
      const a = siteStrings(locale, 'alerts');
      const { page } = await openContext(
        { viewport: { width: 1280, height: 800 } },
        accounts.get(locale)!.token,
      );
      await page.goto(`${own.url}${prefix}/monitoring/`);
      const counted = page.getByRole('button', { name: a('bell.labelUnread_one', { count: 1 }) });
      // Evaluated every 10 s once the episode is in.
      await expect(counted).toBeVisible({ timeout: 30_000 });
      await counted.click();
      const inbox = page.getByRole('dialog', { name: a('inbox.title') });
      await expect(inbox.getByRole('listitem')).toHaveCount(1);
      await expect(inbox.getByRole('listitem')).toContainText(KEYWORD);
      await page.screenshot({ path: join(SHOTS, `inbox-${locale}.png`) });
      await inbox.getByRole('link', { name: new RegExp(`^${escapeRegExp(SECOND)}`) }).click();
      await expect(page).toHaveURL(`${own.url}${prefix}/monitoring/detail/?id=${episode}`);
      await page.getByRole('heading', { level: 1, name: SECOND }).waitFor();
    }
  });
});
