// A page's start in the browser, against the started product, in English: a press on a button
// before the page has hydrated is made once it has (site/src/start/earlyClicks.ts), the login on
// the phone's page and on the computer's, and the computer's language picker. And in every locale,
// the home page’s call to sign in, a link to /?t=login on the same page, opens the login dialog
// once the page has hydrated.
import type { BrowserContextOptions } from '@playwright/test';
import type { EarlyClicks } from '../site/src/start/earlyClicks';
import { LOCALE_NAMES } from '../site/src/i18n/locales';
import { baseUrl, hydrated, USER_AGENTS } from './browser';
import { expect, test, type Page } from './fixtures';
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

// A computer's browser, unless a test below gives the phone's.
test.use(COMPUTER);

/** Marks the page's document, so that sameDocument tells whether a load replaced it since. */
const markDocument = (page: Page) =>
  page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);

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

test.describe('a press before the page has hydrated (en)', () => {
  const c = siteStrings('en', 'common');
  const m = siteStrings('en', 'mobile');

  // The computer's header login shows from the first paint too (the page is a visitor's and a
  // signed-in user's: shell/SessionPart), so it can be pressed before the hydration.
  for (const [name, device, path, within, label] of [
    ['the phone’s sign-in', PHONE, '/mobile/', (page: Page) => page, () => m('intro.signIn')],
    [
      'the computer’s login',
      COMPUTER,
      '/',
      (page: Page) => page.getByRole('banner'),
      () => c('profile.login'),
    ],
  ] as const) {
    test.describe(() => {
      test.use(device);

      test(`is made once it has: ${name} opens the login dialog`, async ({ page, problems }) => {
        const release = await holdScripts(page);
        await page.goto(`${baseUrl()}${path}`, { waitUntil: 'domcontentloaded' });
        await markDocument(page);
        await within(page).getByRole('button', { name: label() }).click();
        expect(await keptPress(page)).toBe(label());
        release();
        await page.getByRole('dialog', { name: c('login.title') }).waitFor({ timeout: 10_000 });
        expect(await sameDocument(page)).toBe(true);
        expect(await keptPress(page)).toBeNull();
        expect(problems).toEqual([]);
      });
    });
  }

  test('is made once it has: the computer’s language picker opens its list', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(`${baseUrl()}/`, { waitUntil: 'domcontentloaded' });
    const picker = page.getByRole('button', {
      name: c('language.label', { language: LOCALE_NAMES.en }),
    });
    await picker.click();
    expect(await keptPress(page)).toContain(LOCALE_NAMES.en);
    release();
    await page.getByRole('link', { name: LOCALE_NAMES.zh }).waitFor({ timeout: 10_000 });
    expect(await picker.getAttribute('aria-expanded')).toBe('true');
  });
});

for (const [locale, prefix] of LOCALES) {
  test.describe(`the home page’s call to sign in (${locale})`, () => {
    const c = siteStrings(locale, 'common');
    const h = siteStrings(locale, 'home');

    test('opens the login dialog once the page has hydrated, without leaving the page', async ({
      page,
    }) => {
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
}
