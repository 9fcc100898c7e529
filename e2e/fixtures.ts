// What the browser tests share (Playwright Test fixtures), so that no test file sets it up again:
//
// - `page` and `context`: Playwright's own, in Debian's Chromium (playwright.config.ts), at
//   1280x800 unless a file says otherwise with `test.use`;
// - `problems`: the errors the page threw (a test ends with `expect(problems).toEqual([])`), and
//   with `test.use({ consoleErrors: true })` the errors it logged too;
// - `signIn(token)`: the context keeps `token` as the site keeps it after a login, once per tab,
//   so that a sign-out later in the test sticks;
// - `openContext(options, token?)`: one more context of the test's own (a computer's and a
//   phone's in one test), signed in with `token` when given, closed after the test;
// - `account`: a new account on the product the run started (global-setup.ts, on a data directory
//   of the run's own), made through its API the way the site makes one;
// - and, for every test that fails, what each page still open showed (its address and the
//   accessibility tree a screen reader reads) in the run's log, beside Playwright's trace and
//   screenshots in test-results/: a failure on a CI machine can be understood from its log alone.
import {
  test as base,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { createAccount, type Account } from './accounts';

/** The most of one page's accessibility tree that goes into the log, in characters. */
const TREE_LIMIT = 6000;
/** How long one page may take to describe itself (a hung page must not hold the report up). */
const DESCRIBE_TIMEOUT_MS = 5000;

/** What the open pages of `contexts` show: each one's address and accessibility tree. */
export async function describePages(contexts: readonly BrowserContext[]): Promise<string[]> {
  const parts: string[] = [];
  for (const page of contexts.flatMap((context) => context.pages())) {
    if (page.isClosed()) continue;
    let tree: string;
    try {
      tree = await page.locator('body').ariaSnapshot({ timeout: DESCRIBE_TIMEOUT_MS });
      if (tree.length > TREE_LIMIT) {
        tree = `${tree.slice(0, TREE_LIMIT)}\n… (${tree.length} characters)`;
      }
    } catch (error) {
      tree = `(no accessibility tree: ${(error as Error).message.split('\n')[0]})`;
    }
    parts.push(`page ${page.url()}\n${tree}`);
  }
  return parts;
}

export interface Fixtures {
  consoleErrors: boolean;
  problems: string[];
  signIn: (token: string) => Promise<void>;
  openContext: (
    options: BrowserContextOptions,
    token?: string,
  ) => Promise<{ context: BrowserContext; page: Page }>;
  account: Account;
  pagesOnFailure: void;
}

export const test = base.extend<Fixtures>({
  consoleErrors: [false, { option: true }],
  problems: async ({ page, consoleErrors }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    if (consoleErrors) {
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
    }
    await use(problems);
  },
  signIn: async ({ context }, use) => {
    await use(async (token) => {
      await context.addInitScript((value) => {
        if (window.sessionStorage.getItem('e2e-signed-in')) return;
        window.sessionStorage.setItem('e2e-signed-in', '1');
        window.localStorage.setItem('token', value);
      }, token);
    });
  },
  openContext: async ({ browser }, use) => {
    const opened: BrowserContext[] = [];
    try {
      await use(async (options, token) => {
        const context = await browser.newContext(options);
        opened.push(context);
        if (token) {
          await context.addInitScript(
            (value) => window.localStorage.setItem('token', value),
            token,
          );
        }
        return { context, page: await context.newPage() };
      });
    } finally {
      await Promise.all(opened.map((context) => context.close()));
    }
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it
  account: async ({}, use) => {
    await use(await createAccount());
  },
  // After the test, before its contexts close (it takes the fixtures that close them, so that its
  // end comes first); the browser's contexts are the test's, as a worker runs one test at a time.
  pagesOnFailure: [
    async ({ context: _context, openContext: _openContext, browser }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const parts = await describePages(browser.contexts());
      if (parts.length === 0) return;
      console.log(
        `What the open pages showed when "${testInfo.title}" failed:\n\n${parts.join('\n\n')}`,
      );
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
export type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
  Route,
  WebSocket,
  WebSocketRoute,
} from '@playwright/test';
