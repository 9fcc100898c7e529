// Resilience in a browser against the real product: each signed-in page, reached with the browser
// offline or the API really stopped, is never blank, keeps its data or shows an error whose Retry
// works, recovers once the fault is gone and throws nothing; prices that cannot be refreshed stay
// with their "as of" time; the realtime socket dropping mid-reply shows "Reconnecting…" and the
// reply still completes; a chunk of the site's code that cannot load leaves the page and the draft
// as they were (or comes once the browser is back online, or reloads the page once after a
// deploy); and the picks of the add dialogs are kept past a save the API failed. (The pages'
// loading and error states under a slow or failing API, and the chat giving up on a reply and
// retrying it, are held by the pages' and the chat's unit tests and stories.) One product of the
// file's own (startOwnServer), so that it can be stopped, with a scripted model behind its
// assistant, so that a reply can be held mid-stream: the file's tests share it, its user and their
// source, and a test that stops it starts it again on the same port and data, where its open pages
// look.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContextOptions, Locator, WebSocketRoute } from '@playwright/test';
import { callApi, createAccount, type Account } from './accounts';
import { hydrated, USER_AGENTS } from './browser';
import { expect, test, type Browser, type BrowserContext, type Page, type Route } from './fixtures';
import { startOwnServer, type OwnServer } from './server';
import { siteStrings } from './strings';

/** The coin prices on the reports are fetched again this often (reporting/reports.ts). */
const PRICE_REFRESH_MS = 30_000;

const common = siteStrings('en', 'common');
const reporting = siteStrings('en', 'reporting');
const monitoring = siteStrings('en', 'monitoring');
const assistant = siteStrings('en', 'assistant');
const coins = siteStrings('en', 'coins');
const home = siteStrings('en', 'home');
const mobile = siteStrings('en', 'mobile');

// ---- a model that answers as the test says --------------------------------------------------

/** One streamed answer the test writes sentence by sentence. */
interface Stream {
  write(text: string): void;
  end(): void;
}

/**
 * An OpenAI-compatible endpoint. By default it answers at once; `hold()` makes the next request
 * hand its stream to the test instead.
 */
async function startScriptedModel() {
  let waiting: ((stream: Stream) => void) | null = null;
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      open.add(response);
      response.on('close', () => open.delete(response));
      const chunk = (content: string, finish: string | null) => ({
        id: 'chatcmpl-e2e',
        object: 'chat.completion.chunk',
        created: Math.floor(Date.now() / 1000),
        model: 'e2e-script',
        choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: finish }],
      });
      const stream: Stream = {
        write: (text) => response.write(`data: ${JSON.stringify(chunk(text, null))}\n\n`),
        end: () => {
          response.write(`data: ${JSON.stringify(chunk('', 'stop'))}\n\n`);
          response.end('data: [DONE]\n\n');
        },
      };
      const take = waiting;
      waiting = null;
      if (take) take(stream);
      else {
        stream.write('All good here. ');
        stream.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    /** The stream of the next request, once it comes. */
    hold: () => new Promise<Stream>((resolve) => (waiting = resolve)),
    close() {
      for (const response of open) response.destroy();
      server.close();
    },
  };
}

// ---- the product, the user, the browser -----------------------------------------------------

let model: Awaited<ReturnType<typeof startScriptedModel>>;
let own: OwnServer;
let env: Record<string, string>;
let user: Account;
let userId: number;
/** A completed source the user monitors: its detail page has a summary and a transcript. */
let source: { id: number; title: string };

test.beforeAll(async () => {
  test.setTimeout(90_000);
  model = await startScriptedModel();
  env = { ASSISTANT_BASE_URL: model.url, ASSISTANT_MODEL: 'e2e-script', ASSISTANT_API_KEY: 'e2e' };
  own = await startOwnServer(env);
  user = await createAccount('Resa', own);
  userId = (await callApi<{ id: number }>('/api/user', user.token, undefined, own.url)).id;
  await callApi('/api/follow/add', user.token, { coinIds: [1] }, own.url);
  const completed = await callApi<{ records: Array<{ id: number; title: string }> }>(
    '/api/monitor/source/list?page=1&size=1&status=5',
    user.token,
    undefined,
    own.url,
  );
  source = completed.records[0]!;
  await callApi(
    `/api/monitor/user/source/add?sourceIds=${source.id}`,
    user.token,
    undefined,
    own.url,
  );
});

test.afterAll(async () => {
  await own?.stop('SIGKILL');
  model?.close();
});

/** The tabs the test signed in (signInTab), and the contexts it opened itself (openTab). */
const signedIn = new Set<Page>();
const ownContexts = new Set<BrowserContext>();

// A test that fails ends its worker: the next one starts the product again (beforeAll), so a test
// that stopped the API and failed before restarting it leaves nothing behind.
test.afterEach(async () => {
  // A route still fetching for the page would fail once its context is gone.
  for (const page of signedIn) await page.unrouteAll({ behavior: 'ignoreErrors' });
  signedIn.clear();
  for (const context of ownContexts) await context.close();
  ownContexts.clear();
});

/** Stops the API as if its machine went away. */
async function stopApi(): Promise<void> {
  await own.stop('SIGKILL', { keepData: true });
}

/** Starts it again where it was, on the same data (the user, the token, the follows). */
async function restart(): Promise<void> {
  own = await startOwnServer(env, { port: own.port, dataDir: own.dataDir });
}

/** A computer's tab, and a phone's. */
const DESKTOP = { viewport: { width: 1280, height: 900 } } satisfies BrowserContextOptions;
const PHONE = {
  userAgent: USER_AGENTS.iPhone,
  viewport: { width: 390, height: 844 },
  isMobile: true,
} satisfies BrowserContextOptions;

test.use(DESKTOP);

/**
 * Signs the tab in as the user, the onboarding behind them, from its next load on; its console
 * errors go to `problems` too (after what the page throws, as the `problems` fixture has it).
 */
async function signInTab(page: Page, problems: string[]): Promise<void> {
  signedIn.add(page);
  await page.context().addInitScript(
    ({ token, key, progress }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem(key, progress);
    },
    {
      token: user.token,
      key: `coinlens:onboarding:${userId}`,
      progress: JSON.stringify({
        version: 1,
        id: 24,
        finished: true,
        tasks: { 1: 'done', 2: 'done' },
      }),
    },
  );
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
}

/** A browser tab of its own, and what went wrong in it. */
interface Tab {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/**
 * A signed-in tab in a context of its own (a phone's with `phone`), for a test that has several
 * open at once; closed after the test.
 */
async function openTab(browser: Browser, { phone = false } = {}): Promise<Tab> {
  const context = await browser.newContext(phone ? PHONE : DESKTOP);
  ownContexts.add(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await signInTab(page, problems);
  return { context, page, problems };
}

/**
 * What went wrong in the page's own code: what it threw, and the unhandled rejections and uncaught
 * errors it logged to the console.
 */
function thrown(problems: string[]): string[] {
  return problems.filter(
    (problem) => !problem.startsWith('console: ') || /Unhandled|Uncaught/i.test(problem),
  );
}

/** The page is not blank: its main landmark shows text (once the page has hydrated). */
async function expectNotBlank(page: Page): Promise<void> {
  await page.getByRole('main').waitFor();
  await page.waitForFunction(() => document.querySelector('main')?.innerText.trim());
}

// ---- every page offline or with the API stopped ---------------------------------------------

interface PageCase {
  name: string;
  path: () => string;
  phone?: boolean;
  /** Shows once the page's data is on screen. */
  ready: (page: Page) => Locator;
  /** The page's error state (it holds the Retry button), when its data cannot be had. */
  error?: (page: Page) => Locator;
  /** Retry's accessible name. */
  retry?: string;
}

const PAGES: PageCase[] = [
  {
    // The home page is the same for everyone but the greeting: nothing to retry, all to read.
    name: 'home',
    path: () => '/',
    ready: (p) => p.getByRole('heading', { level: 1, name: home('hero.title') }),
  },
  {
    name: 'welcome',
    path: () => '/welcome/',
    // The conversation is loaded (this user's is empty): the log neither loads nor failed.
    ready: (p) =>
      p
        .getByRole('log', { name: assistant('logLabel') })
        .filter({ hasNot: p.getByRole('status') })
        .filter({ hasNot: p.getByRole('alert') }),
    error: (p) => p.getByRole('alert').filter({ hasText: assistant('history.error') }),
    retry: assistant('history.retry'),
  },
  {
    name: 'reporting',
    path: () => '/reporting/',
    ready: (p) => p.getByRole('heading', { level: 2, name: /Bitcoin/ }),
    error: (p) => p.getByRole('alert').filter({ hasText: reporting('listError.title') }),
    retry: reporting('listError.retry'),
  },
  {
    name: 'monitoring',
    path: () => '/monitoring/',
    ready: (p) =>
      p
        .getByRole('list', { name: monitoring('list.label') })
        .getByText(source.title, { exact: true }),
    error: (p) => p.getByRole('alert').filter({ hasText: monitoring('listError.title') }),
    retry: monitoring('listError.retry'),
  },
  {
    name: 'monitoring detail',
    path: () => `/monitoring/detail/?id=${source.id}`,
    ready: (p) => p.getByRole('heading', { level: 1, name: source.title }),
    error: (p) => p.getByRole('alert').filter({ hasText: monitoring('detail.error') }),
    retry: monitoring('detail.retry'),
  },
  {
    name: 'mobile',
    path: () => '/mobile/',
    phone: true,
    ready: (p) =>
      p.getByRole('region', { name: mobile('coins.title') }).getByText('Bitcoin', { exact: true }),
    error: (p) => p.getByRole('alert').filter({ hasText: mobile('coins.error') }),
    retry: mobile('coins.retry'),
  },
];

/** A fault that the API's answers carry (page.route on the request's address). */
const ANSWER_FAULTS = {
  '500': (route: Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 500, msg: 'Internal Server Error', data: null }),
    }),
};

/**
 * Runs `check` on every page at once, each in a tab of its own (the phone's on a phone), and
 * fails with every page that failed, by name.
 */
async function everyPage(
  browser: Browser,
  check: (pageCase: PageCase, tab: Tab) => Promise<void>,
): Promise<void> {
  await eachOpened(
    PAGES.map((pageCase) => [pageCase, null] as const),
    async (pageCase) => check(pageCase, await openTab(browser, { phone: pageCase.phone })),
  );
}

/** Runs `check` on each page's tab at once; fails with every page that failed, by name. */
async function eachOpened<T>(
  opened: ReadonlyArray<readonly [PageCase, T]>,
  check: (pageCase: PageCase, tab: T) => Promise<void>,
): Promise<void> {
  const outcomes = await Promise.allSettled(
    opened.map(async ([pageCase, tab]) => {
      try {
        await check(pageCase, tab);
      } catch (error) {
        throw new Error(`${pageCase.name}: ${error instanceof Error ? error.message : error}`);
      }
    }),
  );
  const failed = outcomes.flatMap((outcome) =>
    outcome.status === 'rejected'
      ? [(outcome.reason as Error).message.replace(/\s+/g, ' ').slice(0, 800)]
      : [],
  );
  expect(failed).toEqual([]);
}

const urlOf = (pageCase: PageCase) => `${own.url}${pageCase.path()}`;

/** The page's data, or its error (with Retry) when it must fetch again and cannot. */
const dataOrError = (pageCase: PageCase, p: Page) => {
  const failed = pageCase.error?.(p);
  return failed ? pageCase.ready(p).or(failed) : pageCase.ready(p);
};

/**
 * Once the fault is gone the page recovers: by itself (a fetch on reconnecting, a retry of its
 * own), or, as a reader would, through the Retry of whatever error it still shows (a page may
 * show a second one: the welcome page's chat history after the user's details came back).
 */
async function recovers(pageCase: PageCase, p: Page): Promise<void> {
  const ready = pageCase.ready(p);
  const failed = pageCase.error?.(p);
  const deadline = Date.now() + 15_000;
  while (!(await ready.isVisible())) {
    if (Date.now() > deadline) throw new Error(`${pageCase.name} did not recover`);
    if (failed && pageCase.retry && (await failed.isVisible())) {
      // It may go by itself meanwhile; then there is nothing to click.
      await failed
        .getByRole('button', { name: pageCase.retry })
        .click({ timeout: 2_000 })
        .catch(() => undefined);
    }
    await ready.waitFor({ timeout: 1_000 }).catch(() => undefined);
  }
}

/**
 * Opens `pageCase` in Gatsby's router (no page load: the site's code stays in the tab), once the
 * page has hydrated: before that a link is a plain page load, so a user's move within the site
 * never comes while the page is still hydrating.
 */
async function navigateTo(p: Page, path: string): Promise<void> {
  type Router = { ___navigate?: (path: string) => void };
  await hydrated(p);
  await p.waitForFunction(() => typeof (window as unknown as Router).___navigate === 'function');
  await p.evaluate((to) => (window as unknown as Required<Router>).___navigate(to), path);
}

test.describe('every page', () => {
  for (const fault of ['offline', 'stopped'] as const) {
    test(`keeps its data or shows an error with a working Retry when ${fault}, and recovers`, async ({
      browser,
    }) => {
      // Six tabs at once, and for `stopped` a restart of the API: 43 s on a quiet machine, over
      // 60 s on a loaded CI one.
      test.setTimeout(150_000);
      // The user has the page open and goes to the privacy page and back while the network is
      // gone or the API stopped: the site's code is in the tab, the API is not reachable.
      const opened: Array<[PageCase, Tab]> = [];
      await everyPage(browser, async (pageCase, tab) => {
        await tab.page.goto(urlOf(pageCase));
        await pageCase.ready(tab.page).waitFor();
        await navigateTo(tab.page, pageCase.phone ? '/mobile/privacy/' : '/privacy/');
        await tab.page.waitForURL(/\/privacy\/$/);
        opened.push([pageCase, tab]);
      });
      if (fault === 'stopped') await stopApi();
      await eachOpened(opened, async (pageCase, tab) => {
        if (fault === 'offline') await tab.context.setOffline(true);
        await navigateTo(tab.page, pageCase.path());
        await tab.page.waitForURL(urlOf(pageCase));
        await expectNotBlank(tab.page);
        await dataOrError(pageCase, tab.page).first().waitFor({ timeout: 15_000 });
      });
      if (fault === 'stopped') await restart();
      await eachOpened(opened, async (pageCase, tab) => {
        if (fault === 'offline') await tab.context.setOffline(false);
        await recovers(pageCase, tab.page);
        expect(thrown(tab.problems)).toEqual([]);
      });
    });
  }
});

// ---- stale data keeps its time --------------------------------------------------------------

test.describe('prices that cannot be refreshed', () => {
  for (const [name, phone] of [
    ['reporting', false],
    ['mobile', true],
  ] as const) {
    test.describe(() => {
      test.use(phone ? PHONE : DESKTOP);
      test(`stay on the ${name} page with their "as of" time`, async ({ page, problems }) => {
        await signInTab(page, problems);
        // The page's clock: the 30 s until the next refresh pass in an instant.
        await page.clock.install();
        await page.goto(`${own.url}/${name}/`);
        const card = phone
          ? page.getByRole('region', { name: mobile('coins.title') })
          : page.getByRole('article', { name: /Bitcoin/ });
        await card.getByText('Bitcoin', { exact: true }).first().waitFor();
        // The report too, on the reports (a request still out when the clock jumps would time out).
        if (!phone) await page.locator('article[data-status="ready"]').waitFor();
        const asOf = card.getByText(/^As of /);
        await asOf.waitFor();
        const before = { asOf: await asOf.innerText(), text: await card.innerText() };
        // The price of the card, as it shows: "$", digits and separators.
        const price = before.text.match(/\$[\d,.]+/)?.[0];
        expect(price).toBeDefined();

        await page.route('**/api/coin/price**', ANSWER_FAULTS['500']);
        const refreshed = page.waitForResponse((response) =>
          response.url().includes('/api/coin/price'),
        );
        await page.clock.runFor(PRICE_REFRESH_MS);
        expect((await refreshed).status()).toBe(500);
        if (phone) await card.getByRole('status').getByText(mobile('coins.pricesError')).waitFor();
        await expect(asOf.innerText()).resolves.toBe(before.asOf);
        await expect(card.getByText(price!).count()).resolves.toBeGreaterThan(0);
        // No error in place of the data (the card's own, or the list's); what alert there is says.
        await expect(card.getByRole('alert').count()).resolves.toBe(0);
        const alerts = await page.getByRole('alert').allInnerTexts();
        expect(alerts.filter((text) => text.trim() !== '')).toEqual([]);
        await expectNotBlank(page);
        expect(thrown(problems)).toEqual([]);
      });
    });
  }
});

// ---- the chat: the socket dropping mid-reply ------------------------------------------------

/**
 * Routes the page's realtime socket through the test, which can cut it: the open connection
 * closes, and a new one hangs (the server's words are held back) until the test mends it.
 */
async function cuttableSocket(page: Page): Promise<{ cut(): Promise<void>; mend(): void }> {
  let cut = false;
  const links = new Set<{
    client: WebSocketRoute;
    server: WebSocketRoute;
    held: Array<string | Buffer>;
  }>();
  await page.routeWebSocket(/\/socket\.io\//, (client) => {
    const server = client.connectToServer();
    const link = { client, server, held: [] as Array<string | Buffer> };
    links.add(link);
    client.onMessage((message) => server.send(message));
    server.onMessage((message) => (cut ? link.held.push(message) : client.send(message)));
    client.onClose(() => {
      links.delete(link);
      void server.close().catch(() => undefined);
    });
    server.onClose(() => {
      links.delete(link);
      void client.close().catch(() => undefined);
    });
  });
  return {
    async cut() {
      cut = true;
      for (const link of [...links]) {
        links.delete(link);
        await link.client.close({ code: 4000, reason: 'cut' }).catch(() => undefined);
        await link.server.close({ code: 4000, reason: 'cut' }).catch(() => undefined);
      }
    },
    mend() {
      cut = false;
      for (const link of links)
        for (const message of link.held.splice(0)) link.client.send(message);
    },
  };
}

async function openChat(page: Page): Promise<{ log: Locator; box: Locator }> {
  await page.goto(`${own.url}/welcome/`);
  const log = page.getByRole('log', { name: assistant('logLabel') });
  await log.waitFor();
  const box = page.getByRole('textbox', { name: assistant('input.label') });
  await expect(box.isEnabled()).resolves.toBe(true);
  // The history has loaded (a test before may have left messages in it).
  await page.waitForFunction(() => !document.querySelector('[role="log"][aria-busy="true"]'));
  return { log, box };
}

const reconnecting = (page: Page) =>
  page.getByRole('status').getByText(common('realtime.reconnecting'));

test.describe('the chat when the socket drops mid-reply', () => {
  test('says "Reconnecting…", and the reply completes with every part once it is back', async ({
    page,
    problems,
  }) => {
    await signInTab(page, problems);
    const socket = await cuttableSocket(page);
    const { log, box } = await openChat(page);
    const held = model.hold();
    await box.fill('How is Bitcoin doing?');
    await box.press('Enter');
    const stream = await held;
    const parts = [
      'Bitcoin opened the day flat. ',
      'Buyers stepped in around noon. ',
      'Sellers took some of it back. ',
      'It closes the day a little higher.',
    ];
    // The API passes a sentence on once the next one comes: the first shows.
    stream.write(parts[0]!);
    stream.write(parts[1]!);
    const answer = log.locator('article[data-source="assistant"]').last();
    await answer.getByText('opened the day flat').waitFor();
    await expect(answer.getAttribute('data-status')).resolves.toBe('concat');

    await socket.cut();
    await reconnecting(page).waitFor();
    // While the page is away, the API sends the second sentence to no one.
    stream.write(parts[2]!);
    await expect(answer.getAttribute('data-status')).resolves.toBe('concat');
    socket.mend();
    await reconnecting(page).waitFor({ state: 'detached', timeout: 15_000 });
    stream.write(parts[3]!);
    stream.end();

    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('article[data-source="assistant"]')]
          .at(-1)
          ?.getAttribute('data-status') === 'success',
    );
    // Every sentence, the one sent while the page was away too (read back from the history).
    for (const part of parts) await answer.getByText(part.trim()).waitFor({ timeout: 5_000 });
    await expect(box.isEnabled()).resolves.toBe(true);
    expect(thrown(problems)).toEqual([]);
  });
});

/**
 * Holds the first script whose code holds `marker` on its way, as if the network went while it
 * came; every other script passes. Its `held` resolves, once it is asked for, with its request,
 * for the test to abort.
 */
async function holdChunk(page: Page, marker: string): Promise<{ held: Promise<Route> }> {
  let release: (route: Route) => void = () => undefined;
  const held = new Promise<Route>((resolve) => (release = resolve));
  let holding = true;
  await page.route('**/*.js', async (route) => {
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort('connectionrefused');
    const body = await response.text();
    if (holding && body.includes(marker)) {
      holding = false;
      release(route);
    } else await route.fulfill({ response, body });
  });
  return { held };
}

/** Counts the page's loads from now on (a reload is a second). */
function countNavigations(page: Page): () => number {
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  return () => navigations;
}

test.describe('a chunk the server cannot send', () => {
  // socket.io-client's chunk is awaited by the realtime connection; the onboarding's script (its
  // machine, known by the key of its saved progress) by nothing (its failure is an unhandled
  // rejection, which Gatsby's own listener used to answer with a reload).
  for (const [chunkName, marker] of [
    ['socket.io-client', 'engine.io'],
    ['the onboarding’s script', 'coinlens:onboarding:'],
  ] as const) {
    test(`keeps the page and the draft when ${chunkName} cannot load while the server is down`, async ({
      page,
      problems,
    }) => {
      // The API stopped and started again, and a reconnection: on a busy machine, over a minute.
      test.setTimeout(120_000);
      await signInTab(page, problems);
      // The chunk is held on its way, as if the server went down while sending it.
      const { held: heldChunk } = await holdChunk(page, marker);
      const navigations = countNavigations(page);
      const { box } = await openChat(page);
      const draft = 'What moved Solana this morning?';
      await box.fill(draft);
      const chunk = await heldChunk;
      await stopApi();
      await chunk.abort('connectionrefused');

      // No reload onto the browser's error page: the same page, the draft, and "Reconnecting…".
      await reconnecting(page).waitFor();
      await expect(box.inputValue()).resolves.toBe(draft);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await restart();
      // The API's start and the client's back-off: over 30 s on a loaded CI machine.
      await reconnecting(page).waitFor({ state: 'detached', timeout: 60_000 });
      await expect(box.inputValue()).resolves.toBe(draft);
      expect(navigations()).toBe(1);
      expect(thrown(problems)).toEqual([]);
    });
  }

  for (const [name, marker] of [
    // The chat's conversation store (useChatStore), which the page loads by itself.
    ['welcome', 'socket:chat'],
    // The signed-in phone page's part (a lazy component), by its watchlist's words: its tabs
    // are in the page's first load too (the placeholder's still copy).
    ['mobile', 'coins.pricesError'],
  ] as const) {
    const pageCase = PAGES.find((candidate) => candidate.name === name)!;
    test.describe(() => {
      test.use(pageCase.phone ? PHONE : DESKTOP);
      test(`waits for the ${name} page’s code while offline, says why, and shows the page once online`, async ({
        context,
        page,
        problems,
      }) => {
        await signInTab(page, problems);
        const { held: heldChunk } = await holdChunk(page, marker);
        const navigations = countNavigations(page);
        await page.goto(urlOf(pageCase));
        const chunk = await heldChunk;
        await context.setOffline(true);
        await chunk.abort('internetdisconnected');
        await page.unrouteAll({ behavior: 'ignoreErrors' });

        // The page stays, with its placeholder, and a toast says why: past a retry, still offline.
        const notice = page.getByText(common('messages.networkError'));
        await notice.waitFor();
        await expectNotBlank(page);
        await page.waitForTimeout(3_000);
        await expect(notice.isVisible()).resolves.toBe(true);
        await expect(pageCase.ready(page).count()).resolves.toBe(0);

        // Back online, the code comes by itself: the page shows, the toast goes, no reload.
        await context.setOffline(false);
        await pageCase.ready(page).waitFor({ timeout: 15_000 });
        await notice.waitFor({ state: 'detached' });
        expect(navigations()).toBe(1);
        expect(thrown(problems)).toEqual([]);
      });
    });
  }

  test('reloads the page once when the chunk is gone after a deploy (the server answers)', async ({
    page,
    problems,
  }) => {
    await signInTab(page, problems);
    let gone = 0;
    let goneUrl: string | null = null;
    let newBuild = false;
    await page.route('**/*.js', async (route) => {
      // The old build's chunk stays gone, to a HEAD too, until the page is the new build's.
      if (!newBuild && route.request().url() === goneUrl) {
        return route.fulfill({ status: 404, body: 'Not found' });
      }
      const response = await route.fetch();
      const body = await response.text();
      // The old build's socket.io-client chunk: the new build's page has its own.
      if (body.includes('engine.io') && gone === 0) {
        gone += 1;
        goneUrl = route.request().url();
        return route.fulfill({ status: 404, body: 'Not found' });
      }
      return route.fulfill({ response, body });
    });
    let navigations = 0;
    let reloaded: () => void = () => undefined;
    const reload = new Promise<void>((resolve) => (reloaded = resolve));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && ++navigations === 2) {
        newBuild = true;
        reloaded();
      }
    });
    await page.goto(`${own.url}/reporting/`);
    await reload;
    await page.getByRole('heading', { level: 2, name: /Bitcoin/ }).waitFor();
    expect(gone).toBe(1);
    expect(thrown(problems)).toEqual([]);
  });
});

test.describe('nothing typed is lost', () => {
  test('keeps the coins picked in the add-coin dialog for its next opening after a failed save (500)', async ({
    page,
    problems,
  }) => {
    await signInTab(page, problems);
    await page.goto(`${own.url}/reporting/`);
    await page.getByRole('heading', { level: 2, name: /Bitcoin/ }).waitFor();
    await page
      .getByRole('button', { name: reporting('addCoins') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: coins('title') });
    await dialog.getByRole('searchbox', { name: coins('search.label') }).fill('sol');
    await dialog
      .getByRole('button', { name: coins('actionLabel.add', { name: 'Solana' }) })
      .click();
    const picked = dialog.getByRole('button', {
      name: coins('footer.remove', { name: 'Solana' }),
    });
    await picked.waitFor();

    await page.route('**/api/follow/add', ANSWER_FAULTS['500']);
    await dialog.getByRole('button', { name: coins('footer.save') }).click();
    await page.getByText('Internal Server Error').first().waitFor();
    // The dialog closes after the attempt, even a failed one; opened again, it has the pick.
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('button', { name: reporting('addCoins') })
      .first()
      .click();
    await picked.waitFor();

    await page.unroute('**/api/follow/add');
    await dialog.getByRole('button', { name: coins('footer.save') }).click();
    await page.getByText(coins('messages.AddSuccess')).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 2, name: /Solana/ }).waitFor();
    // The next run of this test picks Solana again.
    const follows = await callApi<Array<{ coinId: number; coin: { name: string } }>>(
      '/api/follow/list',
      user.token,
      undefined,
      own.url,
    );
    const solana = follows.find((entry) => entry.coin.name === 'Solana')!;
    await callApi('/api/follow/delete', user.token, { coinId: solana.coinId }, own.url);
    expect(thrown(problems)).toEqual([]);
  });

  test('keeps the sources picked in the add-monitoring dialog for its next opening after a failed save (500)', async ({
    page,
    problems,
  }) => {
    await signInTab(page, problems);
    await page.goto(`${own.url}/monitoring/`);
    await page.getByRole('list', { name: monitoring('list.label') }).waitFor();
    await page
      .getByRole('button', { name: monitoring('add') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: monitoring('dialog.title') });
    const upcoming = dialog.getByRole('region', { name: monitoring('dialog.upcoming') });
    const card = upcoming.locator('button[aria-pressed="false"]').first();
    await card.waitFor();
    const title = (await card.innerText()).split('\n')[0]!;
    await card.click();
    const chips = dialog.getByRole('list', { name: monitoring('dialog.footer.list') });
    await chips.getByRole('listitem').first().waitFor();
    const chipsBefore = await chips.innerText();

    await page.route('**/api/monitor/user/source/add**', ANSWER_FAULTS['500']);
    await dialog.getByRole('button', { name: monitoring('dialog.footer.save') }).click();
    await page.getByText('Internal Server Error').first().waitFor();
    // The dialog closes after the attempt, even a failed one; opened again, it has the pick.
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('button', { name: monitoring('add') })
      .first()
      .click();
    await chips.getByRole('listitem').first().waitFor();
    await expect(chips.innerText()).resolves.toBe(chipsBefore);

    await page.unroute('**/api/monitor/user/source/add**');
    await dialog.getByRole('button', { name: monitoring('dialog.footer.save') }).click();
    await page.getByText(monitoring('messages.AddSuccess')).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('list', { name: monitoring('list.label') })
      .getByText(title)
      .first()
      .waitFor();
    expect(thrown(problems)).toEqual([]);
  });
});
