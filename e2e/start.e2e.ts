// A page's start in the browser, against the started product: its long tasks' known causes stay
// away. The browser's string collator is never started (its start was a task of 60-70 ms at 4x
// CPU slowdown; Chakra ordered media queries with it: site/src/app/collator): not while the page
// starts and hydrates, nor when the login dialog opens, on the phone's page and on the computer's,
// in every locale. And the home page’s call to sign in, a link to /?t=login on the same page, opens
// the login dialog once the page has hydrated too.
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { baseUrl, launchChromium, USER_AGENTS } from './browser';
import { siteStrings } from './strings';

const PHONE: BrowserContextOptions = {
  userAgent: USER_AGENTS.android,
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
};
const COMPUTER: BrowserContextOptions = {
  userAgent: USER_AGENTS.desktop,
  viewport: { width: 1280, height: 800 },
};

/** Each locale with its path prefix. */
const LOCALES = [
  ['en', ''],
  ['zh', '/zh'],
  ['pt-br', '/pt-br'],
] as const;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Counts each use of the collator, from before the page's first script. */
function countCollatorUses(): void {
  const uses = { count: 0 };
  Object.defineProperty(window, '__collatorUses', { value: uses });
  const counted = <T extends object>(target: T): T =>
    new Proxy(target, {
      apply: (fn, self, args) => {
        uses.count += 1;
        return Reflect.apply(fn as () => unknown, self, args);
      },
      construct: (fn, args) => {
        uses.count += 1;
        return Reflect.construct(fn as new () => object, args);
      },
    });
  String.prototype.localeCompare = counted(String.prototype.localeCompare);
  Intl.Collator = counted(Intl.Collator);
}

const collatorUses = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __collatorUses: { count: number } }).__collatorUses.count,
  );

/** Waits for the page's start: its styling engine made (the hydration follows). */
async function started(page: Page): Promise<void> {
  await page.waitForFunction(
    () => performance.getEntriesByName('coinlens:styling-engine-4').length > 0,
  );
}

/**
 * Presses `button` until `dialog` shows: a press before the page has hydrated is lost (the part
 * that holds the button has no handler yet), and nothing on the page tells when it has. A press
 * that the opening dialog covers is skipped; the dialog not showing is the failure.
 */
async function pressUntilShown(button: Locator, dialog: Locator): Promise<void> {
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    if (await dialog.isVisible()) return;
    await button.click({ timeout: 5000 }).catch(() => undefined);
    try {
      await dialog.waitFor({ timeout: 3000 });
      return;
    } catch {
      // Pressed before the hydration: again.
    }
  }
  await dialog.waitFor({ timeout: 1000 });
}

describe.each(LOCALES)('a page’s start (%s)', (locale, prefix) => {
  const c = siteStrings(locale, 'common');
  const m = siteStrings(locale, 'mobile');

  it.each([
    ['the phone’s page', PHONE, '/mobile/', () => m('intro.signIn')],
    ['the computer’s home page', COMPUTER, '/', () => c('profile.login')],
  ] as const)(
    '%s never starts the collator, nor does its login dialog',
    async (_name, device, path, signIn) => {
      const context = await browser.newContext(device);
      try {
        const page = await context.newPage();
        await page.addInitScript(countCollatorUses);
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${baseUrl()}${prefix}${path}`);
        await started(page);
        await pressUntilShown(
          page.getByRole('button', { name: signIn() }),
          page.getByRole('dialog', { name: c('login.title') }),
        );
        expect(await collatorUses(page)).toBe(0);
        // The counting works: the page's own use would have been seen.
        await page.evaluate(() => 'a'.localeCompare('b'));
        expect(await collatorUses(page)).toBe(1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe.each(LOCALES)('the home page’s call to sign in (%s)', (locale, prefix) => {
  const c = siteStrings(locale, 'common');
  const h = siteStrings(locale, 'home');

  it('opens the login dialog once the page has started, without leaving the page', async () => {
    const context = await browser.newContext(COMPUTER);
    try {
      const page = await context.newPage();
      const sameDocument = () =>
        page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);
      // A press before the page has hydrated is the browser's own move to /?t=login (a new
      // load, which opens the dialog too): that one is tried again.
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await page.goto(`${baseUrl()}${prefix}/`);
        await started(page);
        await page.evaluate(() => Object.assign(window, { sameDocument: true }));
        await page.getByRole('link', { name: h('hero.signIn') }).click();
        await page.getByRole('dialog', { name: c('login.title') }).waitFor({ timeout: 10_000 });
        if (await sameDocument()) break;
      }
      expect(await sameDocument()).toBe(true);
      expect(new URL(page.url()).search).toBe('?t=login');
    } finally {
      await context.close();
    }
  });
});
