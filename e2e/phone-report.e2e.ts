// A coin's report on a phone, in each language, against the started product: a user who follows
// ten coins scrolls the coins list, taps a coin, reads its report (price, chart, summary) and goes
// back to the list at the same scroll position; unfollows from the report, confirms, and the coin
// is gone from the list. A shared link to a report opens on the phone (and the desktop's address
// of it sends the phone there), with a way back that stays in the site; a signed-out phone is
// asked to sign in on the mobile page. At 390x844 (en, pt-br) and 320x640 (zh, and en resized).
// Screenshots go to /tmp for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { callApi, createAccount, onboardingDone } from './accounts';
import { baseUrl, phone, sidewaysScroll, smallTargets } from './browser';
import { expect, test, type Page } from './fixtures';
import { escapeRegExp, siteStrings } from './strings';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/coinlens-e2e-phone-report';

const PHONE = phone(390, 844);
const SMALL_PHONE = phone(320, 640);

/** How many coins the user follows: more than either screen holds, so the list scrolls. */
const FOLLOWED = 10;

interface Coin {
  id: number;
  name: string;
}

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/** A new account that follows the asset list's first ten coins; its token and those coins. */
async function followerOfTen(nickname: string): Promise<{ token: string; coins: Coin[] }> {
  const { token } = await createAccount(nickname);
  await onboardingDone(token);
  const { records } = await callApi<{ records: Coin[] }>(
    `/api/asset/list?page=1&size=${FOLLOWED}`,
    token,
  );
  // Five a call, as the API takes them.
  await callApi('/api/follow/add', token, { coinIds: records.slice(0, 5).map((coin) => coin.id) });
  await callApi('/api/follow/add', token, { coinIds: records.slice(5).map((coin) => coin.id) });
  return { token, coins: records };
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The coins list's row of `coin`: a link to its report. */
const rowOf = (page: Page, coin: Coin) =>
  page.getByRole('link', { name: new RegExp(`^${escapeRegExp(coin.name)}\\b`) });

/** Checks the report of `coin` in `locale`: its heading, price, chart and summary on screen. */
async function expectReport(page: Page, locale: string, coin: Coin) {
  const m = siteStrings(locale, 'mobile');
  const r = siteStrings(locale, 'reporting');
  await page
    .getByRole('heading', { level: 1, name: m('report.title', { name: coin.name }) })
    .waitFor();
  const card = page.getByRole('article', { name: new RegExp(`^${escapeRegExp(coin.name)}`) });
  await expect(card).toHaveAttribute('data-status', 'ready');
  // The price, with its digits, in the card's header.
  await expect(card.locator('header')).toContainText(/\d[\d.,\s]*\d/);
  await expect(card.locator('canvas').first()).toBeVisible();
  await expect(card.getByRole('radio', { name: r('card.ranges.7d') })).toBeVisible();
  const summary = card.getByRole('region', { name: r('card.summary') });
  await summary.scrollIntoViewIfNeeded();
  await expect(summary).toContainText(coin.name);
  await expect(summary).toBeInViewport();
  expect(await sidewaysScroll(page)).toBe(0);
  expect(await smallTargets(page, 'main')).toEqual([]);
}

/**
 * The journey in `locale`: the list scrolled to a coin near its end, the coin's report, back to the
 * same place (by the view's own control, or the browser's back); then unfollowing from the report.
 */
async function journey(
  page: Page,
  signIn: (token: string) => Promise<void>,
  locale: string,
  prefix: string,
  { back, size }: { back: 'control' | 'browser'; size: string },
) {
  const m = siteStrings(locale, 'mobile');
  const r = siteStrings(locale, 'reporting');
  const { token, coins } = await followerOfTen(`Rui${locale.replace('-', '')}`);
  await signIn(token);
  // The list is newest first: its ninth row, below the fold on either phone.
  const listed = await callApi<Array<{ coinId: number }>>('/api/follow/list', token);
  const coin = coins.find((entry) => entry.id === listed[8]!.coinId)!;

  await page.goto(`${baseUrl()}${prefix}/mobile/`);
  const row = rowOf(page, coin);
  await row.waitFor();
  // Every row is one link to its coin's report, in the page's language.
  await expect(page.locator('main a[href*="/mobile/reporting/"]')).toHaveCount(FOLLOWED);
  await expect(row).toHaveAttribute('href', `${prefix}/mobile/reporting/?coin=${coin.id}`);
  // The list is longer than the screen: scroll it so that the coin's row is in the middle of it
  // (clear of the tab bar at the foot of the screen).
  await row.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const scrolled = await scrollY(page);
  expect(scrolled).toBeGreaterThan(0);
  await page.screenshot({ path: join(SHOTS, `coins-${locale}-${size}.png`) });

  await row.tap();
  await page.waitForURL(`${baseUrl()}${prefix}/mobile/reporting/?coin=${coin.id}`);
  await expectReport(page, locale, coin);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `report-${locale}-${size}.png`) });

  // Back: the list as it was left, at the same scroll position, the coin's row still on screen.
  if (back === 'control') await page.getByRole('link', { name: m('report.back') }).tap();
  else await page.goBack();
  await page.waitForURL(`${baseUrl()}${prefix}/mobile/`);
  await expect(row).toBeInViewport();
  await expect.poll(() => scrollY(page)).toBe(scrolled);

  // Unfollowing from the report: the desktop's question, then the list without the coin.
  await row.tap();
  await page.waitForURL(`${baseUrl()}${prefix}/mobile/reporting/?coin=${coin.id}`);
  await page.getByRole('button', { name: r('card.unfollowNamed', { name: coin.name }) }).tap();
  const dialog = page.getByRole('dialog', { name: r('unfollow.title', { name: coin.name }) });
  await dialog.waitFor();
  await page.screenshot({ path: join(SHOTS, `unfollow-${locale}-${size}.png`) });
  await dialog.getByRole('button', { name: r('unfollow.confirm') }).tap();
  await page.waitForURL(`${baseUrl()}${prefix}/mobile/`);
  await rowOf(
    page,
    coins.find((entry) => entry.id === listed[0]!.coinId)!,
  ).waitFor();
  await expect(rowOf(page, coin)).toHaveCount(0);
  await expect(page.locator('main a[href*="/mobile/reporting/"]')).toHaveCount(FOLLOWED - 1);
  const left = await callApi<Array<{ coinId: number }>>('/api/follow/list', token);
  expect(left.map((entry) => entry.coinId)).not.toContain(coin.id);
  return { token, coins };
}

test.describe('a coin’s report on a phone at 390x844', () => {
  test.use(PHONE);

  test('en: from the coins list to a report and back to the same place, unfollowing, a shared link', async ({
    page,
    signIn,
    problems,
  }) => {
    test.setTimeout(90_000);
    const m = siteStrings('en', 'mobile');
    const { coins } = await journey(page, signIn, 'en', '', { back: 'control', size: '390' });

    // A shared link, opened from outside the site: the report, with the way back to the list.
    const shared = coins[2]!;
    await page.goto(`${baseUrl()}/mobile/reporting/?coin=${shared.id}`);
    await expectReport(page, 'en', shared);
    // The desktop's address of a report sends a phone to the phone's.
    await page.goto(`${baseUrl()}/reporting/?coin=${shared.id}`);
    await page.waitForURL(`${baseUrl()}/mobile/reporting/?coin=${shared.id}`);
    await expectReport(page, 'en', shared);

    // The narrowest phone: the report still fits, every control a finger's size.
    await page.setViewportSize({ width: 320, height: 640 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await smallTargets(page, 'main')).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'report-shared-en-320.png') });
    // Nothing of the site is behind this page: its way back leads to the list, not away.
    await page.getByRole('link', { name: m('report.back') }).tap();
    await page.waitForURL(`${baseUrl()}/mobile/`);
    await rowOf(page, shared).waitFor();
    expect(problems).toEqual([]);
  });

  test('pt-br: from the coins list to a report and back, unfollowing; signed out, the login', async ({
    page,
    signIn,
    openContext,
    problems,
  }) => {
    test.setTimeout(90_000);
    const { coins } = await journey(page, signIn, 'pt-br', '/pt-br', {
      back: 'control',
      size: '390',
    });

    // A phone signed out of a shared link is asked to sign in on the mobile page, and signing in
    // brings it back to the report it was sent.
    const c = siteStrings('pt-br', 'common');
    const m = siteStrings('pt-br', 'mobile');
    const shared = coins[0]!;
    const friend = await createAccount('Bia');
    await onboardingDone(friend.token);
    await callApi('/api/follow/add', friend.token, { coinIds: [shared.id] });
    const visitor = await openContext(PHONE);
    const address = `/pt-br/mobile/reporting/?coin=${shared.id}`;
    await visitor.page.goto(`${baseUrl()}${address}`);
    await visitor.page.waitForURL(
      `${baseUrl()}/pt-br/mobile/?t=login&next=${encodeURIComponent(address)}`,
    );
    const login = visitor.page.getByRole('dialog', { name: c('login.title') });
    await login.getByLabel(c('login.email')).fill(friend.email);
    await login.getByLabel(c('login.password'), { exact: true }).fill(friend.password);
    await login.getByRole('button', { name: c('login.submit') }).click();
    await visitor.page.waitForURL(`${baseUrl()}${address}`);
    await visitor.page
      .getByRole('heading', { level: 1, name: m('report.title', { name: shared.name }) })
      .waitFor();
    expect(problems).toEqual([]);
  });
});

test.describe('a coin’s report on a phone at 320x640', () => {
  test.use(SMALL_PHONE);

  test('zh: from the coins list to a report and back with the browser, unfollowing; a bad address', async ({
    page,
    signIn,
    problems,
  }) => {
    test.setTimeout(90_000);
    await journey(page, signIn, 'zh', '/zh', { back: 'browser', size: '320' });

    // An address whose coin is no id: a page not found, leading to the phone's home.
    const c = siteStrings('zh', 'common');
    await page.goto(`${baseUrl()}/zh/mobile/reporting/?coin=abc`);
    await page.getByRole('heading', { level: 1, name: c('notFound.text') }).waitFor();
    await expect(page.getByRole('link', { name: c('notFound.back') })).toHaveAttribute(
      'href',
      '/zh/mobile/',
    );
    // Without a coin at all, the coins list takes the view's place.
    await page.goto(`${baseUrl()}/zh/mobile/reporting/`);
    await page.waitForURL(`${baseUrl()}/zh/mobile/`);
    expect(problems).toEqual([]);
  });
});
