// Every page of the started product, in every language, signed out and signed in, with phones on
// the mobile pages and computers on the others: on one visit each, what every page has (its
// status, its language, a title, an h1, its address kept, no error thrown; the public pages'
// canonical and alternate links too), and axe (WCAG 2.2 A and AA rules). Signed out without the
// signed-in areas, which send a visitor to the home page's login (`/?t=login`,
// site/src/start/signedOutRedirect.ts), and signed in without the legal and error pages. The
// dialogs are axe-checked in their stories (.storybook/test-runner.ts). A page is checked once its
// content has come (no skeletons).
import { getViolations, injectAxe } from 'axe-playwright';
import { createAccount, type Account } from './accounts';
import { baseUrl, DEVICES, still } from './browser';
import { expect, test, type Page } from './fixtures';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const DESKTOP = DEVICES.desktop;
const PHONE = DEVICES.android;

const LOCALES = [
  ['en', '', 'en'],
  ['zh', '/zh', 'zh-CN'],
  ['pt-br', '/pt-br', 'pt-BR'],
] as const;

/** The pages a search engine may show: each names its canonical address and its 4 alternates. */
const PUBLIC_PAGES = new Set([
  '/',
  '/markets/',
  '/coins/bitcoin/',
  '/privacy/',
  '/terms/',
  '/400/',
]);

let account: Account;
let sourceId: number;

test.beforeAll(async () => {
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

/** The rule ids and the elements each violation was found on, for a readable failure. */
async function violations(page: Page): Promise<string[]> {
  await injectAxe(page as never);
  const found = await getViolations(page as never, undefined, {
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

/**
 * What is wrong with the page at `path` that every page must have: its status (404 for an address
 * with no page), its language, a title, its address kept, and for a public page its canonical link
 * and its 4 alternates.
 */
async function basics(
  page: Page,
  path: string,
  status: number | undefined,
  lang: string,
  prefix: string,
): Promise<string[]> {
  const wrong: string[] = [];
  const notFound = path === '/no-such-page/';
  if (status !== (notFound ? 404 : 200)) wrong.push(`status ${status}`);
  const htmlLang = await page.getAttribute('html', 'lang');
  if (htmlLang !== lang) wrong.push(`lang ${htmlLang}`);
  if (!/Coinlens/.test(await page.title())) wrong.push(`title ${await page.title()}`);
  if (page.url() !== `${baseUrl()}${prefix}${path}`) wrong.push(`address ${page.url()}`);
  if (PUBLIC_PAGES.has(path)) {
    const canonical = await page.locator('link[rel=canonical]').count();
    const alternates = await page.locator('link[rel=alternate][hreflang]').count();
    if (canonical !== 1 || alternates !== 4) {
      wrong.push(`${canonical} canonical, ${alternates} alternates`);
    }
  }
  return wrong;
}

/** Waits until the page has drawn its content: no busy region or skeleton left, nothing moving. */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, {
    timeout: 15_000,
  });
  await still(page);
}

for (const [locale, prefix, lang] of LOCALES) {
  test.describe(`every page in ${locale}`, () => {
    // Signed out, the signed-in areas would only show the home page's login again. Signed in,
    // the legal and error pages differ from their signed-out selves only in the header's account
    // menu, which the signed-in pages check: they are checked signed out.
    const desktopPages = (signedIn: boolean) =>
      signedIn
        ? [
            '/',
            '/welcome/',
            '/reporting/',
            '/monitoring/',
            `/monitoring/detail/?id=${sourceId}`,
            '/markets/',
          ]
        : ['/', '/markets/', '/coins/bitcoin/', '/privacy/', '/terms/', '/400/', '/no-such-page/'];
    const mobilePages = (signedIn: boolean) =>
      signedIn
        ? ['/mobile/', '/mobile/?tab=events', '/mobile/coins/bitcoin/']
        : [
            '/mobile/',
            '/mobile/?tab=events',
            '/mobile/markets/',
            '/mobile/coins/bitcoin/',
            '/mobile/privacy/',
            '/mobile/terms/',
            '/mobile/400/',
          ];

    for (const signedIn of [false, true]) {
      test(`has what every page has, and axe finds nothing (signed in: ${signedIn})`, async ({
        openContext,
      }) => {
        test.setTimeout(120_000);
        const found: Record<string, string[]> = {};
        for (const [options, paths] of [
          [DESKTOP, desktopPages(signedIn)],
          [PHONE, mobilePages(signedIn)],
        ] as const) {
          const { context, page } = await openContext(
            options,
            signedIn ? account.token : undefined,
          );
          const thrown: string[] = [];
          let current = '';
          page.on('pageerror', (error) => thrown.push(error.message));
          page.on('console', (message) => {
            if (message.type() !== 'error') return;
            // The not-found page's own 404 is the one load allowed to fail.
            if (current === '/no-such-page/' && /status of 404/.test(message.text())) return;
            thrown.push(`console: ${message.text()}`);
          });
          for (const path of paths) {
            current = path;
            const response = await page.goto(`${baseUrl()}${prefix}${path}`);
            await settled(page);
            const list = [
              ...(await basics(page, path, response?.status(), lang, prefix)),
              ...(await violations(page)),
              ...thrown.splice(0).map((message) => `threw: ${message}`),
            ];
            if (list.length > 0) found[`${path} → ${new URL(page.url()).pathname}`] = list;
          }
          await context.close();
        }
        expect(found).toEqual({});
      });
    }
  });
}
