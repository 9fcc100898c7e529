// axe (WCAG 2.2 A and AA rules) on every page of the started product, in every language, signed
// out and signed in, with phones on the mobile pages and computers on the others; and on every
// global dialog while it is open. A page is checked once its content has come (no skeletons).
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { getViolations, injectAxe } from 'axe-playwright';
import { createAccount, type Account } from './accounts';
import { baseUrl, DEVICES, launchChromium, openContext, still } from './browser';
import { siteStrings } from './strings';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const DESKTOP = DEVICES.desktop;
const PHONE = DEVICES.android;

const LOCALES = [
  ['en', ''],
  ['zh', '/zh'],
  ['pt-br', '/pt-br'],
] as const;

let browser: Browser;
let account: Account;
let sourceId: number;

beforeAll(async () => {
  browser = await launchChromium();
  account = await createAccount('Axe');
  await fetch(`${baseUrl()}/api/follow/add`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ coinIds: [1, 2] }),
  });
  const list = (await (
    await fetch(`${baseUrl()}/api/monitor/source/list?page=1&size=1&status=5`)
  ).json()) as { data: { records: Array<{ id: number }> } };
  sourceId = list.data.records[0]!.id;
  await fetch(`${baseUrl()}/api/monitor/user/source/add?sourceIds=${sourceId}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
});

afterAll(async () => {
  await browser?.close();
});

const open = (options: BrowserContextOptions, signedIn: boolean) =>
  openContext(browser, options, signedIn ? account.token : undefined);

/** The rule ids and the elements each violation was found on, for a readable failure. */
async function violations(page: Page, context?: string): Promise<string[]> {
  await injectAxe(page as never);
  const found = await getViolations(page as never, context, {
    runOnly: { type: 'tag', values: WCAG },
  });
  return found.map(
    (violation) =>
      `${violation.id}: ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/** Waits until the page has drawn its content: no busy region or skeleton left, nothing moving. */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, {
    timeout: 15_000,
  });
  await still(page);
}

describe.each(LOCALES)('axe in %s', (locale, prefix) => {
  const desktopPages = () => [
    '/',
    '/welcome/',
    '/reporting/',
    '/monitoring/',
    `/monitoring/detail/?id=${sourceId}`,
    '/privacy/',
    '/terms/',
    '/400/',
    '/no-such-page/',
  ];
  const mobilePages = [
    '/mobile/',
    '/mobile/?tab=events',
    '/mobile/privacy/',
    '/mobile/terms/',
    '/mobile/400/',
  ];

  it.each([false, true])(
    'finds nothing on any page (signed in: %s)',
    async (signedIn) => {
      const found: Record<string, string[]> = {};
      for (const [options, paths] of [
        [DESKTOP, desktopPages()],
        [PHONE, mobilePages],
      ] as const) {
        const { context, page } = await open(options, signedIn);
        for (const path of paths) {
          await page.goto(`${baseUrl()}${prefix}${path}`);
          await settled(page);
          const list = await violations(page);
          if (list.length > 0) found[`${path} → ${new URL(page.url()).pathname}`] = list;
        }
        await context.close();
      }
      expect(found).toEqual({});
    },
    120_000,
  );

  it('finds nothing in the open dialogs', async () => {
    const common = siteStrings(locale, 'common');
    const reporting = siteStrings(locale, 'reporting');
    const monitoring = siteStrings(locale, 'monitoring');
    const found: Record<string, string[]> = {};
    const check = async (page: Page, name: string) => {
      await page.getByRole('dialog').first().waitFor();
      await still(page);
      const list = await violations(page, '[role="dialog"]');
      if (list.length > 0) found[name] = list;
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').first().waitFor({ state: 'detached' });
    };

    const out = await open(DESKTOP, false);
    await out.page.goto(`${baseUrl()}${prefix}/?t=login`);
    await check(out.page, 'login');
    await out.context.close();

    const { context, page } = await open(DESKTOP, true);
    await page.goto(`${baseUrl()}${prefix}/reporting/`);
    await settled(page);
    await page
      .getByRole('button', { name: reporting('addCoins') })
      .first()
      .click();
    await check(page, 'add coin');
    await page.goto(`${baseUrl()}${prefix}/monitoring/`);
    await settled(page);
    await page
      .getByRole('button', { name: monitoring('add') })
      .first()
      .click();
    await check(page, 'add monitoring');
    await page
      .getByRole('button', { name: common('profile.menuFor', { nickname: 'Axe' }) })
      .click();
    await page.getByRole('button', { name: common('profile.editNickname') }).click();
    await check(page, 'nickname');
    await context.close();
    expect(found).toEqual({});
  }, 120_000);
});
