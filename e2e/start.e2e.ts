// A page's start in the browser, against the started product: its login button works from the
// first press, on the phone's page and on the computer's, in every locale. A press on a button
// before the page has hydrated is made once it has (site/src/start/earlyClicks.ts). And the home
// page’s call to sign in, a link to /?t=login on the same page, opens the login dialog once the
// page has hydrated too.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { EarlyClicks } from '../site/src/start/earlyClicks';
import { LOCALE_NAMES } from '../site/src/i18n/locales';
import { baseUrl, hydrated, launchChromium, openContext, USER_AGENTS } from './browser';
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

/** Runs `test` with a page in a new context as `device` says, closed afterwards. */
async function withPage(
  device: BrowserContextOptions,
  test: (page: Page) => Promise<void>,
): Promise<void> {
  const { context, page } = await openContext(browser, device);
  try {
    await test(page);
  } finally {
    await context.close();
  }
}

/** Marks the page's document, so that sameDocument tells whether a load replaced it since. */
const markDocument = (page: Page) =>
  page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);

/** Waits for the page's start: Gatsby's app code runs (the hydration follows). */
async function started(page: Page): Promise<void> {
  await page.waitForFunction(
    () => typeof (window as { ___navigate?: unknown }).___navigate === 'function',
  );
}

describe.each(LOCALES)('a page’s start (%s)', (locale, prefix) => {
  const c = siteStrings(locale, 'common');
  const m = siteStrings(locale, 'mobile');

  it.each([
    ['the phone’s page', PHONE, '/mobile/', () => m('intro.signIn')],
    ['the computer’s home page', COMPUTER, '/', () => c('profile.login')],
  ] as const)(
    '%s opens its login dialog from a press while it starts, without an error',
    async (_name, device, path, signIn) => {
      await withPage(device, async (page) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${baseUrl()}${prefix}${path}`);
        await started(page);
        // One press, whenever it comes: before the hydration it is kept for after it.
        await page.getByRole('button', { name: signIn() }).click();
        await page.getByRole('dialog', { name: c('login.title') }).waitFor({ timeout: 10_000 });
        expect(errors).toEqual([]);
      });
    },
  );
});

/**
 * Holds every script the page asks for until the returned function is called: the server's markup
 * is on screen meanwhile, and nothing of it has hydrated. (The page's load event waits for them:
 * go to the page until its DOMContentLoaded instead.)
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The text of the press the page keeps for after its hydration (site/src/start/earlyClicks.ts). */
const keptPress = (page: Page) =>
  page.evaluate(
    () =>
      (window as { __coinlensEarlyClicks?: EarlyClicks }).__coinlensEarlyClicks?.pending
        ?.textContent ?? null,
  );

describe.each(LOCALES)('a press before the page has hydrated (%s)', (locale, prefix) => {
  const c = siteStrings(locale, 'common');
  const m = siteStrings(locale, 'mobile');

  // The computer's header login shows from the first paint too (the page is a visitor's and a
  // signed-in user's: features/auth/SessionPart), so it can be pressed before the hydration.
  it.each([
    ['the phone’s sign-in', PHONE, '/mobile/', (page: Page) => page, () => m('intro.signIn')],
    [
      'the computer’s login',
      COMPUTER,
      '/',
      (page: Page) => page.getByRole('banner'),
      () => c('profile.login'),
    ],
  ] as const)(
    'is made once it has: %s opens the login dialog',
    async (_name, device, path, within, label) => {
      await withPage(device, async (page) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        const release = await holdScripts(page);
        await page.goto(`${baseUrl()}${prefix}${path}`, { waitUntil: 'domcontentloaded' });
        await markDocument(page);
        await within(page).getByRole('button', { name: label() }).click();
        expect(await keptPress(page)).toBe(label());
        release();
        await page.getByRole('dialog', { name: c('login.title') }).waitFor({ timeout: 10_000 });
        expect(await sameDocument(page)).toBe(true);
        expect(await keptPress(page)).toBeNull();
        expect(errors).toEqual([]);
      });
    },
  );

  it('is made once it has: the computer’s language picker opens its list', async () => {
    await withPage(COMPUTER, async (page) => {
      const release = await holdScripts(page);
      await page.goto(`${baseUrl()}${prefix}/`, { waitUntil: 'domcontentloaded' });
      const picker = page.getByRole('button', {
        name: c('language.label', { language: LOCALE_NAMES[locale] }),
      });
      await picker.click();
      expect(await keptPress(page)).toContain(LOCALE_NAMES[locale]);
      release();
      await page.getByRole('link', { name: LOCALE_NAMES.zh }).waitFor({ timeout: 10_000 });
      expect(await picker.getAttribute('aria-expanded')).toBe('true');
    });
  });
});

describe.each(LOCALES)('the home page’s call to sign in (%s)', (locale, prefix) => {
  const c = siteStrings(locale, 'common');
  const h = siteStrings(locale, 'home');

  it('opens the login dialog once the page has hydrated, without leaving the page', async () => {
    await withPage(COMPUTER, async (page) => {
      await page.goto(`${baseUrl()}${prefix}/`);
      // (Before that, the link is the browser's own move to /?t=login: a new load.)
      await hydrated(page);
      await markDocument(page);
      await page.getByRole('link', { name: h('hero.signIn') }).click();
      await page.getByRole('dialog', { name: c('login.title') }).waitFor({ timeout: 10_000 });
      expect(await sameDocument(page)).toBe(true);
      expect(new URL(page.url()).search).toBe('?t=login');
    });
  });
});
