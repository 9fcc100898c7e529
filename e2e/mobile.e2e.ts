// The mobile variant in a browser that says it is a phone (its viewport, touch and user agent),
// against the started product: the device redirect sends it to /mobile/ and keeps it there while
// it signs in with the login dialog, follows a coin, reads its watchlist and its sources' next
// events and asks the assistant; a new phone user who registers lands on the assistant; a request
// the API refuses as bad ends on the mobile bad-request page; and every mobile page has no
// sideways scroll at 320 px and only 44 px touch targets. Screenshots at 375x812 and 320x640 go to
// /tmp for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { codeFromOutbox, createAccount, onboardingDone, uniqueEmail } from './accounts';
import { baseUrl, phone, sidewaysScroll, smallTargets, USER_AGENTS } from './browser';
import { expect, test, type Page } from './fixtures';
import { siteStrings } from './strings';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/coinlens-e2e-mobile';

const { android: ANDROID } = USER_AGENTS;

const IPHONE_X = phone(375, 812);
const SMALL_ANDROID = phone(320, 640, ANDROID);

const LOCALES = [
  ['en', ''],
  ['zh', '/zh'],
  ['pt-br', '/pt-br'],
] as const;

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/**
 * Counts the page's console errors and refused requests among its `problems`, beside the errors
 * it throws (which the `problems` fixture already has).
 */
function watch(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
}

async function api<T>(path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: T };
  if (envelope.code !== 200) throw new Error(`${path} answered ${envelope.code}`);
  return envelope.data;
}

/** A coin's price as `GET /api/coin/price` serves it. */
interface Quote {
  price: number;
  percentChange24h: number;
}

interface Source {
  id: number;
  title: string;
  status: number;
  time: number;
}

/** A monitoring call: its envelope is `{ ok, msg, data }`. */
async function monitorApi<T>(path: string, token: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const envelope = (await response.json()) as { ok: boolean; msg: string; data: T };
  if (!envelope.ok) throw new Error(`${path} answered ${envelope.msg}`);
  return envelope.data;
}

/** Follows two live and two upcoming sources; answers them in the order the phone lists them. */
async function monitorSomeSources(token: string): Promise<Source[]> {
  const list = (status: number) =>
    monitorApi<{ records: Source[] }>(
      `/api/monitor/source/list?page=1&size=2&status=${status}`,
      token,
    ).then((page) => page.records);
  const live = await list(2);
  const upcoming = await list(1);
  const picked = [...live, ...upcoming];
  await monitorApi(
    `/api/monitor/user/source/add?sourceIds=${picked.map((source) => source.id).join(',')}`,
    token,
  );
  const byTime = (a: Source, b: Source) => a.time - b.time || a.id - b.id;
  return [...live.sort(byTime), ...upcoming.sort(byTime)];
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

test.describe('the mobile page on a phone', () => {
  test.use(IPHONE_X);
  test.beforeEach(({ page, problems }) => watch(page, problems));

  test('sends the phone there, signs in, follows a coin, shows its prices and events, and chats', async ({
    page,
    problems,
  }) => {
    test.setTimeout(120_000);
    const m = siteStrings('en', 'mobile');
    const c = siteStrings('en', 'common');
    const a = siteStrings('en', 'assistant');
    const account = await createAccount('Mia');
    const sources = await monitorSomeSources(account.token);
    await onboardingDone(account.token);

    // The redirect: the home page and a signed-in area send the phone to the mobile page.
    await page.goto(`${baseUrl()}/monitoring/`);
    expect(page.url()).toBe(`${baseUrl()}/mobile/`);
    await page.goto(`${baseUrl()}/`);
    expect(page.url()).toBe(`${baseUrl()}/mobile/`);
    await page.getByRole('heading', { level: 1, name: m('intro.title') }).waitFor();
    await shoot(page, 'signed-out-375');

    // Signing in: the same dialog as on a computer, fitted to the phone.
    await page.getByRole('button', { name: m('intro.signIn') }).click();
    const login = page.getByRole('dialog', { name: c('login.title') });
    await login.waitFor();
    const box = await login.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await login.getByLabel(c('login.email')).fill(account.email);
    await login.getByLabel(c('login.password'), { exact: true }).fill(account.password);
    await shoot(page, 'login-375');
    expect(await smallTargets(page, '[role="dialog"]')).toEqual([]);
    await login.getByRole('button', { name: c('login.submit') }).click();

    // Still on the mobile page, now signed in, with no coins yet.
    await page
      .getByRole('heading', { level: 1, name: m('greeting', { nickname: 'Mia' }) })
      .waitFor();
    expect(page.url()).toBe(`${baseUrl()}/mobile/`);
    await page.getByText(m('coins.empty')).waitFor();

    // Every quote of Ethereum the page is served: the demo market moves, and the page refreshes
    // its prices, so the row shows the latest of these, not one asked for apart.
    const served: Quote[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/api/coin/price?')) return;
      void response
        .json()
        .then((envelope: { data?: Array<Quote & { coinId: number }> }) => {
          for (const quote of envelope.data ?? []) if (quote.coinId === 2) served.push(quote);
        })
        .catch(() => {});
    });

    // Following a coin from the phone: the add-coin dialog, its search and its save.
    await page.getByRole('button', { name: m('coins.add') }).click();
    const addCoin = page.getByRole('dialog', { name: 'Add cryptocurrency' });
    await addCoin.waitFor();
    const dialogBox = await addCoin.boundingBox();
    expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(375);
    await addCoin.getByRole('button', { name: 'Add Ethereum', exact: true }).click();
    await shoot(page, 'add-coin-375');
    expect(await smallTargets(page, '[role="dialog"]')).toEqual([]);
    await addCoin.getByRole('button', { name: 'Save' }).click();
    await addCoin.waitFor({ state: 'detached' });

    // The watchlist: the coin with the price the API served, its change with a sign and arrow.
    const row = page.getByRole('listitem').filter({ hasText: 'Ethereum' });
    await row.waitFor();
    const digits = (text: string) => text.replace(/[^\d]/g, '');
    let price: Quote | undefined;
    for (const until = Date.now() + 30_000; !price; await page.waitForTimeout(200)) {
      const shown = digits(await row.innerText());
      price = [...served].reverse().find((quote) => shown.includes(digits(quote.price.toFixed(2))));
      if (!price && Date.now() > until) {
        throw new Error(
          `the row shows ${shown}, no price the page was served: ${JSON.stringify(served)}`,
        );
      }
    }
    // Up or down is told by a sign (and an arrow), not by colour alone.
    const change = price.percentChange24h;
    const sign = change > 0 ? '\\+' : change < 0 ? '[-−]' : '';
    await expect(row.innerText()).resolves.toMatch(
      new RegExp(`${sign}${Math.abs(change).toFixed(2).replace('.', '\\.')}%`),
    );
    await page.getByText(/^As of \d/).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await shoot(page, 'coins-375');

    // The next events: live first, then the upcoming ones, soonest first, in the tab for them.
    await page.getByRole('tab', { name: m('tabs.events') }).click();
    expect(page.url()).toBe(`${baseUrl()}/mobile/?tab=events`);
    const events = page
      .getByRole('region', { name: m('events.title') })
      .getByRole('list')
      .getByRole('listitem');
    await events.first().waitFor();
    const titles = await events.evaluateAll((rows) =>
      rows.map((row) => row.querySelector('p')?.textContent ?? ''),
    );
    expect(titles).toEqual(sources.map((source) => source.title));
    // Each row opens the source's view here; the event's own page opens in a new tab beside it.
    await expect(events.first().getByRole('link').first().getAttribute('href')).resolves.toBe(
      `/mobile/monitoring/detail/?id=${sources[0]!.id}`,
    );
    await events.locator('a[target="_blank"][rel~="noopener"]').first().waitFor();
    await page.getByText(m('events.live')).first().waitFor();
    await shoot(page, 'events-375');

    // Adding a source from the phone: the add-monitoring dialog fits it, and the source starting
    // last joins the end of the list.
    const t = siteStrings('en', 'monitoring');
    await page.getByRole('button', { name: m('events.add') }).click();
    const addSource = page.getByRole('dialog', { name: t('dialog.title') });
    await addSource.waitFor();
    const upcoming = addSource.getByRole('region', { name: t('dialog.upcoming') });
    await upcoming.locator('button[aria-pressed]:not([disabled])').first().waitFor();
    const card = upcoming.locator('button[aria-pressed]:not([disabled])').last();
    const title = (await card.locator('[title]').first().getAttribute('title'))!;
    await card.click();
    await shoot(page, 'add-source-375');
    expect(
      await page.evaluate(() => {
        const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
        const box = dialog.getBoundingClientRect();
        const overflowing = [...dialog.querySelectorAll<HTMLElement>('*')].filter((element) => {
          const inner = element.getBoundingClientRect();
          return inner.width > 0 && (inner.left < box.left - 1 || inner.right > box.right + 1);
        });
        return { right: box.right <= window.innerWidth, overflowing: overflowing.length };
      }),
    ).toEqual({ right: true, overflowing: 0 });
    expect(await smallTargets(page, '[role="dialog"]')).toEqual([]);
    await addSource.getByRole('button', { name: t('dialog.footer.save') }).click();
    await addSource.waitFor({ state: 'detached' });
    await events.filter({ hasText: title }).waitFor();

    // The assistant: a question gets a streamed answer with the coin's price.
    await page.getByRole('tab', { name: m('tabs.chat') }).click();
    const log = page.getByRole('log', { name: a('logLabel') });
    await log.waitFor();
    const input = page.getByRole('textbox', { name: a('input.label') });
    await expect(input.isEnabled()).resolves.toBe(true);
    // The answer quotes the price of its moment (the demo market moves every 10 s): the quotes
    // served just before the question and just after the answer bound it.
    const quoteNow = () =>
      page.evaluate(async () => {
        const response = await fetch('/api/coin/price?coinIds=2', {
          headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
        });
        const envelope = (await response.json()) as { data: Quote[] };
        return envelope.data[0]!;
      });
    const quotes = [await quoteNow()];
    await input.fill('How is Ethereum doing?');
    await input.press('Enter');
    await log.getByText('How is Ethereum doing?').waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('article[data-source="assistant"]')?.getAttribute('data-status') ===
        'success',
    );
    const answer = await log.locator('article[data-source="assistant"]').last().innerText();
    quotes.push(await quoteNow());
    const quoted = quotes.map((quote) => digits(quote.price.toFixed(2)));
    expect(quoted.find((figure) => digits(answer).includes(figure)) ?? { answer, quoted }).toEqual(
      expect.stringMatching(/^\d+$/),
    );
    expect(await sidewaysScroll(page)).toBe(0);
    await shoot(page, 'chat-375');

    // Back goes to the events, forward to the chat again, with the conversation kept.
    await page.goBack();
    await page.getByRole('tab', { name: m('tabs.events'), selected: true }).waitFor();
    await page.goForward();
    await page.getByRole('tab', { name: m('tabs.chat'), selected: true }).waitFor();
    await log.getByText('How is Ethereum doing?').waitFor();

    // Logging out keeps the phone on the mobile page.
    await page.getByRole('button', { name: c('profile.menuFor', { nickname: 'Mia' }) }).click();
    await page.getByRole('button', { name: c('profile.logout') }).click();
    await page.waitForURL(`${baseUrl()}/mobile/`);
    await page.getByRole('heading', { level: 1, name: m('intro.title') }).waitFor();
    expect(problems).toEqual([]);
  });

  test('sends a phone user who registers to the assistant, in their language', async ({
    page,
    problems,
  }) => {
    test.setTimeout(60_000);
    const c = siteStrings('pt-br', 'common');
    const o = siteStrings('pt-br', 'onboarding');
    const m = siteStrings('pt-br', 'mobile');
    const address = uniqueEmail('phone');
    await page.goto(`${baseUrl()}/pt-br/mobile/?t=login`);
    const login = page.getByRole('dialog');
    await login.waitFor();
    await login.getByRole('tab', { name: c('login.registerTab') }).click();
    await login.getByLabel(c('login.email')).fill(address);
    await login.getByLabel(c('login.password'), { exact: true }).fill('correct-horse-9');
    await login.getByRole('button', { name: c('login.next') }).click();
    await page.getByRole('dialog', { name: c('login.verifyTitle') }).waitFor();
    await page.keyboard.type(codeFromOutbox(address, 4));
    await page.waitForURL(`${baseUrl()}/pt-br/mobile/?tab=chat`);
    await page.getByRole('tab', { name: m('tabs.chat'), selected: true }).waitFor();
    // The onboarding's robot greets the new user in the chat.
    await page.getByText(o('script.greeting')).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await shoot(page, 'registered-chat-pt-br-375');
    // Its first task, done on the phone, ends with where the report is on a phone: the coins tab.
    await page
      .getByRole('region', { name: o('tasks.coin.name') })
      .getByRole('button', { name: o('tasks.coin.start') })
      .click();
    const k = siteStrings('pt-br', 'coins');
    const coinDialog = page.getByRole('dialog', { name: k('title') });
    await expect(coinDialog).toHaveAccessibleDescription(k('description_phone', { limit: 5 }));
    await coinDialog
      .getByRole('button', { name: k('actionLabel.add', { name: 'Bitcoin' }), exact: true })
      .click();
    await coinDialog.getByRole('button', { name: k('footer.save') }).click();
    await coinDialog.waitFor({ state: 'hidden' });
    await page.getByText(o('script.coinTaskFinish_phone')).waitFor();
    await expect(page.getByText(o('script.coinTaskFinish'), { exact: true })).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});

test.describe('a bad request on a phone', () => {
  test.use(IPHONE_X);
  test.beforeEach(({ page, problems }) => watch(page, problems));

  test('en: ends on the mobile bad-request page, which leads back to the mobile page', async ({
    page,
    context,
    problems,
  }) => {
    test.setTimeout(60_000);
    const c = siteStrings('en', 'common');
    const m = siteStrings('en', 'mobile');
    const account = await createAccount('Ana');
    await context.addInitScript(
      (value) => window.localStorage.setItem('token', value),
      account.token,
    );
    // The follow list's request is refused as bad (a bug in the page, as the API sees it).
    await page.route('**/api/follow/list**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 400, msg: 'Bad request', data: null }),
      }),
    );
    await page.goto(`${baseUrl()}/mobile/`);
    await page.waitForURL(`${baseUrl()}/mobile/400/`);
    await page.getByRole('heading', { level: 1, name: c('badRequest.text') }).waitFor();
    await expect(page.getByTestId('status-code').textContent()).resolves.toBe('400');
    await shoot(page, 'bad-request-en-375');
    await page.unroute('**/api/follow/list**');
    await page.getByRole('link', { name: c('notFound.back') }).click();
    await page.waitForURL(`${baseUrl()}/mobile/`);
    await page
      .getByRole('heading', { level: 1, name: m('greeting', { nickname: 'Ana' }) })
      .waitFor();
    // No other problem than the refused request and the browser's note of it.
    const refused = (problem: string) =>
      /^400 .*\/api\/follow\/list/.test(problem) ||
      problem.endsWith('the server responded with a status of 400 (Bad Request)');
    expect(problems.filter((problem) => !refused(problem))).toEqual([]);
  });
});

test.describe('every mobile page fits a phone', () => {
  for (const [locale, prefix] of LOCALES) {
    test(`${locale}: no sideways scroll at 320 px and touch targets of at least 44 px`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const m = siteStrings(locale, 'mobile');
      const account = await createAccount('Kai');
      await api('/api/follow/add', account.token, { coinIds: [1, 2] });
      const sourceId = (await monitorSomeSources(account.token))[0]!.id;
      for (const signedIn of [false, true]) {
        // A phone of its own for each pass, the second one signed in.
        const context = await browser.newContext(SMALL_ANDROID);
        try {
          const page = await context.newPage();
          const problems: string[] = [];
          page.on('pageerror', (error) => problems.push(error.message));
          watch(page, problems);
          if (signedIn) {
            await context.addInitScript(
              (value) => window.localStorage.setItem('token', value),
              account.token,
            );
          }
          const paths = ['/mobile/', '/mobile/privacy/', '/mobile/terms/', '/mobile/400/'];
          // A source's view is a signed-in user's (the coin's report has its own check, in
          // phone-report.e2e.ts, which knows its chart).
          if (signedIn) paths.push(`/mobile/monitoring/detail/?id=${sourceId}`);
          for (const path of paths) {
            await page.goto(`${baseUrl()}${prefix}${path}`);
            expect(page.url()).toBe(`${baseUrl()}${prefix}${path}`);
            await page.locator('h1').first().waitFor();
            if (signedIn && path === '/mobile/') {
              await page.getByRole('listitem').filter({ hasText: 'Bitcoin' }).waitFor();
            }
            await page.waitForLoadState('networkidle');
            expect({ path, scroll: await sidewaysScroll(page) }).toEqual({ path, scroll: 0 });
            expect({ path, small: await smallTargets(page) }).toEqual({ path, small: [] });
          }
          if (signedIn) {
            for (const tab of ['events', 'chat'] as const) {
              await page.goto(`${baseUrl()}${prefix}/mobile/?tab=${tab}`);
              await page.getByRole('tab', { name: m(`tabs.${tab}`), selected: true }).waitFor();
              await page.waitForLoadState('networkidle');
              expect({ tab, scroll: await sidewaysScroll(page) }).toEqual({ tab, scroll: 0 });
              expect({ tab, small: await smallTargets(page) }).toEqual({ tab, small: [] });
            }
          } else {
            await shoot(page, `signed-out-${locale}-320`);
          }
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      }
    });
  }
});
