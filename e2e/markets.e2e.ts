// A visitor's way through the markets, in each language, against the started product: the market
// overview sorted by the 24 h change and searched, a coin's own page, Follow asking to sign in,
// and, signed in with a password, back on that coin's page with the coin followed. Then the same
// overview on a phone, and a coin's page that the build did not make (its client route).
import { callApi } from './accounts';
import { baseUrl, phone, sidewaysScroll } from './browser';
import { expect, test, type Page } from './fixtures';
import { siteStrings } from './strings';

test.use({ viewport: { width: 1280, height: 900 }, consoleErrors: true });

const LOCALES = [
  ['', 'en'],
  ['/zh', 'zh'],
  ['/pt-br', 'pt-br'],
] as const;

interface Row {
  slug: string;
  name: string;
  symbol: string;
}

/** The API's first rows of the market list for `query`, as the page must show them. */
async function apiRows(query: string): Promise<Row[]> {
  const res = await fetch(`${baseUrl()}/api/market/list?${query}`);
  const body = (await res.json()) as { data: { records: Row[] } };
  return body.data.records;
}

/** The coin names of the table's first rows, as drawn. */
async function shownNames(page: Page, label: string, count: number): Promise<string[]> {
  const headers = page.getByRole('table', { name: label }).getByRole('rowheader');
  await headers.nth(count - 1).waitFor();
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    names.push((await headers.nth(index).innerText()).replace(/\s+/g, ' ').trim());
  }
  return names;
}

for (const [prefix, locale] of LOCALES) {
  test.describe(`the markets in ${locale}`, () => {
    const m = siteStrings(locale, 'markets');
    const coin = siteStrings(locale, 'coin');
    const common = siteStrings(locale, 'common');

    test('a visitor sorts and searches the overview, opens a coin, signs in to follow it and lands back on it followed', async ({
      page,
      account,
      problems,
    }) => {
      test.setTimeout(90_000);
      await page.goto(`${baseUrl()}${prefix}/markets/`);
      await page.getByRole('heading', { level: 1, name: m('title') }).waitFor();
      const label = m('table.label');
      const byRank = await apiRows('size=3');
      expect(await shownNames(page, label, 3)).toEqual(
        byRank.map((row) => expect.stringContaining(row.name) as unknown as string),
      );

      // The biggest rise over 24 h first, as the API sorts it, and the address keeps the sort.
      const change = page.getByRole('columnheader', { name: m('table.change24h'), exact: true });
      await change.getByRole('button').click();
      await expect(change).toHaveAttribute('aria-sort', 'descending');
      await expect(page).toHaveURL(/sort=change24h/);
      const byChange = await apiRows('sort=change24h&order=desc&size=3');
      await expect
        .poll(() => shownNames(page, label, 3))
        .toEqual(byChange.map((row) => expect.stringContaining(row.name) as unknown as string));

      // A search keeps the sort; its matches are the API's.
      await page.getByRole('searchbox', { name: m('search.label') }).fill('ether');
      await expect(page).toHaveURL(/q=ether/);
      await expect(page).toHaveURL(/sort=change24h/);
      const found = await apiRows('keyword=ether&sort=change24h&order=desc&size=100');
      const ethereum = found.find((row) => row.slug === 'ethereum');
      expect(ethereum).toBeDefined();
      await expect(page.getByRole('table', { name: label }).getByRole('rowheader')).toHaveCount(
        found.length,
      );

      // The coin's own page, made by the build.
      await page
        .getByRole('table', { name: label })
        .getByRole('link', { name: new RegExp(`^${ethereum!.name}\\s*${ethereum!.symbol}$`) })
        .click();
      await page.waitForURL(`${baseUrl()}${prefix}/coins/ethereum/`);
      await page
        .getByRole('heading', {
          level: 1,
          name: coin('heading', { name: ethereum!.name, symbol: ethereum!.symbol }),
        })
        .waitFor();
      await page
        .getByRole('article', { name: new RegExp(ethereum!.name) })
        .first()
        .waitFor();

      // Follow asks a visitor to sign in, and brings them back to the coin, followed.
      await page
        .getByRole('button', { name: m('follow.actionLabel', { name: ethereum!.name }) })
        .click();
      const dialog = page.getByRole('dialog', { name: common('login.title') });
      await dialog.waitFor();
      await dialog.getByLabel(common('login.email')).fill(account.email);
      await dialog.getByLabel(common('login.password'), { exact: true }).fill(account.password);
      await dialog.getByRole('button', { name: common('login.submit') }).click();
      await page.waitForURL(`${baseUrl()}${prefix}/coins/ethereum/`);
      await page
        .getByRole('link', { name: m('follow.followingLabel', { name: ethereum!.name }) })
        .waitFor();
      const follows = await callApi<{ coin: { name: string } }[]>(
        '/api/follow/list',
        account.token,
      );
      expect(follows.map((entry) => entry.coin.name)).toEqual([ethereum!.name]);
      expect(problems).toEqual([]);
    });

    test('a phone gets the overview in its own layout, and a coin the build did not make still has its page', async ({
      openContext,
    }) => {
      const { page } = await openContext(phone(390, 844));
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${baseUrl()}${prefix}/markets/`);
      await page.waitForURL(`${baseUrl()}${prefix}/mobile/markets/`);
      await page
        .getByRole('table', { name: m('table.label') })
        .getByRole('rowheader')
        .first()
        .waitFor();
      await expect(sidewaysScroll(page)).resolves.toBe(0);

      // A coin's phone page, drawn in the browser from its address.
      const [first] = await apiRows('size=1');
      await page
        .getByRole('table', { name: m('table.label') })
        .getByRole('link', { name: new RegExp(`^${first!.name}\\s*${first!.symbol}$`) })
        .click();
      await page.waitForURL(`${baseUrl()}${prefix}/mobile/coins/${first!.slug}/`);
      await page
        .getByRole('heading', {
          level: 1,
          name: coin('heading', { name: first!.name, symbol: first!.symbol }),
        })
        .waitFor();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${prefix}/coins/${first!.slug}/$`),
      );

      // An address under coins/ that no page has: the client route asks the API, which does not
      // know it either.
      const res = await page.goto(`${baseUrl()}${prefix}/mobile/coins/not-a-listed-coin/`);
      expect(res?.status()).toBe(200);
      await page.getByText(coin('notFound.text')).waitFor();
      expect(problems).toEqual([]);
    });
  });
}
