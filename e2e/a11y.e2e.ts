// axe (WCAG 2.2 A and AA rules) on every page of the started product, in every language, signed
// out and signed in, with phones on the mobile pages and computers on the others; signed out
// without the signed-in areas, which send a visitor to the home page's login (`/?t=login`,
// site/src/start/signedOutRedirect.ts), and signed in without the legal and error pages. The dialogs are axe-checked in their stories
// (.storybook/test-runner.ts). A page is checked once its content has come (no skeletons).
import { getViolations, injectAxe } from 'axe-playwright';
import { createAccount, type Account } from './accounts';
import { baseUrl, DEVICES, still } from './browser';
import { expect, test, type Page } from './fixtures';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const DESKTOP = DEVICES.desktop;
const PHONE = DEVICES.android;

const LOCALES = [
  ['en', ''],
  ['zh', '/zh'],
  ['pt-br', '/pt-br'],
] as const;

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

/** Waits until the page has drawn its content: no busy region or skeleton left, nothing moving. */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, {
    timeout: 15_000,
  });
  await still(page);
}

for (const [locale, prefix] of LOCALES) {
  test.describe(`axe in ${locale}`, () => {
    // Signed out, the signed-in areas would only show the home page's login again. Signed in,
    // the legal and error pages differ from their signed-out selves only in the header's account
    // menu, which the signed-in pages check: they are checked signed out.
    const desktopPages = (signedIn: boolean) =>
      signedIn
        ? ['/', '/welcome/', '/reporting/', '/monitoring/', `/monitoring/detail/?id=${sourceId}`]
        : ['/', '/privacy/', '/terms/', '/400/', '/no-such-page/'];
    const mobilePages = (signedIn: boolean) =>
      signedIn
        ? ['/mobile/', '/mobile/?tab=events']
        : ['/mobile/', '/mobile/?tab=events', '/mobile/privacy/', '/mobile/terms/', '/mobile/400/'];

    for (const signedIn of [false, true]) {
      test(`finds nothing on any page (signed in: ${signedIn})`, async ({ openContext }) => {
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
          for (const path of paths) {
            await page.goto(`${baseUrl()}${prefix}${path}`);
            await settled(page);
            const list = await violations(page);
            if (list.length > 0) found[`${path} → ${new URL(page.url()).pathname}`] = list;
          }
          await context.close();
        }
        expect(found).toEqual({});
      });
    }
  });
}
