// The add dialogs on a phone, in each language, against the started product: a new user opens
// the add-coin dialog from the phone's coins tab, picks five coins and finds Save on the screen, at
// the bottom of a dialog that fills it (nothing scrolling sideways at 320 px), saves, and the toast
// that says so leaves the top bar's account menu clear; then the same with the add-monitoring
// dialog from the events tab. At 390x844 (en, pt-br) and 320x640 (zh). Screenshots go to /tmp for
// a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { callApi, createAccount, onboardingDone } from './accounts';
import { baseUrl, phone } from './browser';
import { expect, test, type Page } from './fixtures';
import { siteStrings } from './strings';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/coinlens-e2e-phone-dialogs';

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/** Checks that `locator` lies wholly on the screen, and that a tap would reach it. */
async function expectOnScreenAndTappable(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  // Actionable where it is: nothing covers it, without scrolling it into view first.
  await locator.tap({ trial: true });
}

/** How far `dialog` (and the page) scroll sideways: 0 when they fit the screen. */
const sidewaysScroll = (page: Page, dialog: Locator) =>
  Promise.all([
    dialog.evaluate((element) => element.scrollWidth - element.clientWidth),
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ]);

/** Checks that two boxes on the screen do not overlap. */
async function expectApart(one: Locator, other: Locator) {
  const a = (await one.boundingBox())!;
  const b = (await other.boundingBox())!;
  const overlap =
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap, `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(false);
}

/** The journey in `locale` on the phone the test uses; `size` names its screenshots. */
async function journey(
  page: Page,
  signIn: (token: string) => Promise<void>,
  locale: string,
  prefix: string,
  size: string,
) {
  const m = siteStrings(locale, 'mobile');
  const c = siteStrings(locale, 'coins');
  const s = siteStrings(locale, 'monitoring');
  const common = siteStrings(locale, 'common');
  const nickname = `Bea${locale.replace('-', '')}`;
  const { token } = await createAccount(nickname);
  await onboardingDone(token);
  await signIn(token);
  const { records: coins } = await callApi<{ records: Array<{ id: number; name: string }> }>(
    '/api/asset/list?page=1&size=5',
    token,
  );
  const narrow = page.viewportSize()!.width <= 320;

  await page.goto(`${baseUrl()}${prefix}/mobile/`);
  const accountMenu = page
    .getByRole('banner')
    .getByRole('button', { name: common('profile.menuFor', { nickname }) });
  await accountMenu.waitFor();

  // The coins tab's way to add coins: the dialog fills the screen.
  await page.getByRole('button', { name: m('coins.add') }).tap();
  const coinDialog = page.getByRole('dialog', { name: c('title') });
  await coinDialog.waitFor();
  for (const coin of coins) {
    await coinDialog
      .getByRole('button', { name: c('actionLabel.add', { name: coin.name }), exact: true })
      .tap();
  }
  await expect(
    coinDialog.getByRole('list', { name: c('footer.list') }).getByRole('listitem'),
  ).toHaveCount(5);
  const saveCoins = coinDialog.getByRole('button', { name: c('footer.save') });
  await expectOnScreenAndTappable(page, saveCoins);
  await expectOnScreenAndTappable(page, coinDialog.getByRole('button', { name: c('close') }));
  if (narrow) {
    expect(await sidewaysScroll(page, coinDialog)).toEqual([0, 0]);
    const results = coinDialog.getByRole('region', { name: c('results') });
    expect(await results.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  }
  await page.screenshot({ path: join(SHOTS, `add-coins-${locale}-${size}.png`) });
  await saveCoins.tap();
  const coinsAdded = page.getByText(c('messages.AddSuccess'));
  await coinsAdded.waitFor();
  await expect(coinDialog).toHaveCount(0);
  await expectApart(page.locator('li', { has: coinsAdded }), accountMenu);
  await page.screenshot({ path: join(SHOTS, `coins-added-${locale}-${size}.png`) });
  // The account menu still takes a tap while the toast shows.
  await accountMenu.tap({ trial: true });
  const followed = await callApi<Array<{ coinId: number }>>('/api/follow/list', token);
  expect(followed.map((entry) => entry.coinId).sort()).toEqual(coins.map((coin) => coin.id).sort());

  // The events tab's way to add sources.
  await page.getByRole('tab', { name: m('tabs.events') }).tap();
  await page.getByRole('button', { name: m('events.add') }).tap();
  const sourceDialog = page.getByRole('dialog', { name: s('dialog.title') });
  await sourceDialog.waitFor();
  const unpicked = sourceDialog.locator('button[aria-pressed="false"]:not([disabled])');
  // Both groups listed: five sources to pick.
  await expect.poll(() => unpicked.count()).toBeGreaterThanOrEqual(5);
  for (let picked = 0; picked < 5; picked += 1) await unpicked.first().tap();
  const chips = sourceDialog.getByRole('list', { name: s('dialog.footer.list') });
  await expect(chips.getByRole('listitem')).toHaveCount(5);
  const saveSources = sourceDialog.getByRole('button', { name: s('dialog.footer.save') });
  await expectOnScreenAndTappable(page, saveSources);
  await expectOnScreenAndTappable(
    page,
    sourceDialog.getByRole('button', { name: s('dialog.close') }),
  );
  if (narrow) expect(await sidewaysScroll(page, sourceDialog)).toEqual([0, 0]);
  await page.screenshot({ path: join(SHOTS, `add-sources-${locale}-${size}.png`) });
  await saveSources.tap();
  const sourcesAdded = page.getByText(s('messages.AddSuccess'));
  await sourcesAdded.waitFor();
  await expect(sourceDialog).toHaveCount(0);
  await expectApart(page.locator('li', { has: sourcesAdded }), accountMenu);
  await page.screenshot({ path: join(SHOTS, `sources-added-${locale}-${size}.png`) });
}

test.describe('the add dialogs on a phone at 390x844', () => {
  test.use(phone(390, 844));

  test('en: five coins and five sources, Save on screen, the toast clear of the account menu', async ({
    page,
    signIn,
    problems,
  }) => {
    await journey(page, signIn, 'en', '', '390');
    expect(problems).toEqual([]);
  });

  test('pt-br: five coins and five sources, Save on screen, the toast clear of the account menu', async ({
    page,
    signIn,
    problems,
  }) => {
    await journey(page, signIn, 'pt-br', '/pt-br', '390');
    expect(problems).toEqual([]);
  });
});

test.describe('the add dialogs on a phone at 320x640', () => {
  test.use(phone(320, 640));

  test('zh: five coins and five sources, nothing sideways, Save on screen, the toast clear of the account menu', async ({
    page,
    signIn,
    problems,
  }) => {
    await journey(page, signIn, 'zh', '/zh', '320');
    expect(problems).toEqual([]);
  });
});
