// The site shell in a browser: every route in every locale, the header, the language switch, the
// signed-out guard, the error pages.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount } from './accounts';
import { baseUrl, hydrated, launchChromium } from './browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
});

afterEach(async () => {
  await context.close();
});

/** Signs a real, new account in: its token is kept as the site keeps it after a login. */
async function signIn(nickname = 'Ada') {
  const { token } = await createAccount(nickname);
  // Once per tab: a sign-out later in the test must stick.
  await context.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e-signed-in')) return;
    window.sessionStorage.setItem('e2e-signed-in', '1');
    window.localStorage.setItem('token', value);
  }, token);
}

const LOCALES = [
  ['', 'en'],
  ['/zh', 'zh-CN'],
  ['/pt-br', 'pt-BR'],
] as const;
const PUBLIC_ROUTES = [
  '/',
  '/welcome/',
  '/privacy/',
  '/terms/',
  '/mobile/',
  '/mobile/privacy/',
  '/mobile/terms/',
  '/400/',
];
const SIGNED_IN_ROUTES = ['/reporting/', '/monitoring/', '/monitoring/detail/?id=1'];

describe('every route in every locale', () => {
  it.each(
    LOCALES.flatMap(([prefix, lang]) => PUBLIC_ROUTES.map((route) => [`${prefix}${route}`, lang])),
  )('%s renders in %s with a title, an h1 and no error', async (path, lang) => {
    // A desktop visitor of a mobile path is sent away when the redirect is on; read where we land.
    const response = await page.goto(`${baseUrl()}${path}`);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    await expect(page.getAttribute('html', 'lang')).resolves.toBe(lang);
    await expect(page.title()).resolves.toMatch(/Coinlens/);
    expect(await page.locator('h1').count()).toBeGreaterThan(0);
    expect(await page.locator('link[rel=canonical]').count()).toBe(1);
    expect(await page.locator('link[rel=alternate][hreflang]').count()).toBe(4);
    expect(problems).toEqual([]);
  });

  it.each(
    LOCALES.flatMap(([prefix, lang]) =>
      SIGNED_IN_ROUTES.map((route) => [`${prefix}${route}`, lang]),
    ),
  )('%s renders for a signed-in user in %s', async (path, lang) => {
    await signIn();
    await page.goto(`${baseUrl()}${path}`);
    await expect(page.getAttribute('html', 'lang')).resolves.toBe(lang);
    await page.locator('main h1').waitFor();
    await page.waitForLoadState('networkidle');
    expect(page.url()).toBe(`${baseUrl()}${path}`);
    expect(problems).toEqual([]);
  });
});

describe('the signed-out guard', () => {
  it.each([
    ['/reporting/', '/?t=login'],
    ['/zh/monitoring/', '/zh/?t=login'],
    ['/pt-br/monitoring/detail/?id=4', '/pt-br/?t=login'],
  ])('sends a signed-out visitor of %s to %s', async (path, target) => {
    await page.goto(`${baseUrl()}${path}`);
    await page.waitForURL(`${baseUrl()}${target}`);
  });

  it('sends them from the page’s head, before any of the area’s scripts or data load', async () => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${baseUrl()}/zh/monitoring/`);
    await page.waitForURL(`${baseUrl()}/zh/?t=login`);
    await page.getByRole('dialog').waitFor();
    const left = requests.indexOf('/zh/');
    expect(requests[0]).toBe('/zh/monitoring/');
    expect(left).toBeGreaterThan(0);
    // Between the area's document and the home page's: no script, style or page data. (The
    // fonts every page preloads may have started; the home page uses them as they are.)
    expect(
      requests.slice(1, left).filter((path) => !/^\/static\/[\w-]+\.woff2$/.test(path)),
    ).toEqual([]);
    expect(requests).not.toContain('/page-data/zh/monitoring/page-data.json');
    expect(problems).toEqual([]);
  });

  it('leaves a visitor with a token to the page, which asks the API about it', async () => {
    // A token the API does not know: the page starts, and the API client sends them on.
    await page.goto(`${baseUrl()}/`);
    await page.evaluate(() => window.localStorage.setItem('token', 'tok_unknown'));
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${baseUrl()}/pt-br/reporting/`);
    await page.waitForURL(`${baseUrl()}/pt-br/?t=login`);
    expect(requests).toContain('/page-data/pt-br/reporting/page-data.json');
  });
});

describe('the header', () => {
  it('shows the areas only to a signed-in user, marks the current one, and not on /welcome', async () => {
    await page.goto(`${baseUrl()}/`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Log in' }).isVisible()).resolves.toBe(true);

    await signIn();
    await page.goto(`${baseUrl()}/monitoring/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    await expect(
      nav.getByRole('link', { name: 'Monitoring' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await expect(
      nav.getByRole('link', { name: 'Reporting' }).getAttribute('aria-current'),
    ).resolves.toBeNull();
    await nav.getByRole('link', { name: 'Reporting' }).click();
    await page.waitForURL(`${baseUrl()}/reporting/`);

    await page.goto(`${baseUrl()}/welcome/`);
    await page.getByRole('button', { name: 'Account menu for Ada' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
  });

  it('opens the profile menu on hover and from the keyboard; edits the nickname; logs out', async () => {
    await signIn();
    await page.goto(`${baseUrl()}/reporting/`);
    const trigger = page.getByRole('button', { name: 'Account menu for Ada' });
    await trigger.hover();
    await page.getByRole('button', { name: 'Edit nickname' }).waitFor();
    await page.mouse.move(5, 700);
    await page.getByRole('button', { name: 'Edit nickname' }).waitFor({ state: 'hidden' });

    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    // The first item takes the focus once the list has opened.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Edit nickname');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit nickname' });
    await dialog.waitFor();
    const input = dialog.getByLabel('Nickname');
    await expect(input.inputValue()).resolves.toBe('Ada');
    await input.fill('Ad');
    await expect(dialog.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await input.fill('Ada L');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Nickname saved').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Account menu for Ada L' }).waitFor();

    await page.getByRole('button', { name: 'Account menu for Ada L' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await expect(page.evaluate(() => window.localStorage.getItem('token'))).resolves.toBeNull();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
  });

  it('switches the language with a notice, remembers it and keeps the page', async () => {
    await page.goto(`${baseUrl()}/400/?from=test`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Language: English' }).hover();
    await page.getByRole('link', { name: '中文' }).click();
    await page.getByText('Switching language…').waitFor();
    await page.waitForURL(`${baseUrl()}/zh/400/?from=test`);
    // Set once the new page is shown (site/src/i18n/htmlLang.ts).
    await page.locator('html[lang="zh-CN"]').waitFor({ state: 'attached' });
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('zh');
    // 365 days, give or take the test's own run time.
    expect(Math.round(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(365);
    await page.getByRole('button', { name: '语言：中文' }).waitFor();
    expect(problems).toEqual([]);
  });
});

describe('the error pages', () => {
  it('shows the localized not-found page with a way home', async () => {
    const response = await page.goto(`${baseUrl()}/pt-br/no-such-page/`);
    expect(response?.status()).toBe(404);
    await expect(page.textContent('h1')).resolves.toBe('Esta página não foi encontrada');
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await page.waitForURL(`${baseUrl()}/pt-br/`);
    const en = await page.goto(`${baseUrl()}/no-such-page/`);
    expect(en?.status()).toBe(404);
    await expect(page.textContent('h1')).resolves.toBe('This page could not be found');
    await expect(page.getByRole('link', { name: 'Go back to home' }).isVisible()).resolves.toBe(
      true,
    );
  });

  it('answers a detail page without a valid id with the not-found page', async () => {
    await signIn();
    await page.goto(`${baseUrl()}/monitoring/detail/?id=abc`);
    await page.getByRole('heading', { name: 'This page could not be found' }).waitFor();
    await expect(page.getByTestId('status-code').textContent()).resolves.toBe('404');
  });

  it('explains a bad request at /400', async () => {
    await page.goto(`${baseUrl()}/zh/400/`);
    await expect(page.getByTestId('status-code').textContent()).resolves.toBe('400');
  });
});
