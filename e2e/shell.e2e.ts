// The site shell in a browser: the header (the areas, the profile menu on hover), the language
// switch, the signed-out guard's redirect from the page's head, the not-found pages. What every
// page has in every locale is checked with axe on the same visit (a11y.e2e.ts).
import { createAccount } from './accounts';
import { baseUrl, hydrated } from './browser';
import { expect, test } from './fixtures';

// An error the page logs counts as one it throws.
test.use({ consoleErrors: true });

test.describe('the signed-out guard', () => {
  test('sends them from the page’s head, before any of the area’s scripts or data load', async ({
    page,
    problems,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${baseUrl()}/zh/monitoring/`);
    // To the login, and back to the area once signed in.
    await page.waitForURL(`${baseUrl()}/zh/?t=login&next=%2Fzh%2Fmonitoring%2F`);
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
});

test.describe('the header', () => {
  test('shows the markets to everyone and the areas only to a signed-in user, marks the current one, and nothing on /welcome', async ({
    page,
    signIn,
  }) => {
    await page.goto(`${baseUrl()}/`);
    await page.waitForLoadState('networkidle');
    const visitorNav = page.getByRole('navigation', { name: 'Main' });
    await expect(visitorNav.getByRole('link').allInnerTexts()).resolves.toEqual(['Markets']);
    await expect(page.getByRole('button', { name: 'Log in' }).isVisible()).resolves.toBe(true);

    await signIn((await createAccount('Ada')).token);
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

  test('opens the profile menu on hover and closes it when the pointer leaves', async ({
    page,
    signIn,
  }) => {
    await signIn((await createAccount('Ada')).token);
    await page.goto(`${baseUrl()}/reporting/`);
    const trigger = page.getByRole('button', { name: 'Account menu for Ada' });
    await trigger.hover();
    await page.getByRole('button', { name: 'Edit nickname' }).waitFor();
    await page.mouse.move(5, 700);
    await page.getByRole('button', { name: 'Edit nickname' }).waitFor({ state: 'hidden' });
  });

  test('switches the language with a notice, remembers it and keeps the page', async ({
    page,
    context,
    problems,
  }) => {
    await page.goto(`${baseUrl()}/400/?from=test`);
    await hydrated(page);
    // The new page is held until the notice has been seen: it shows for 200 ms only, which a
    // loaded machine can pass between two of the test's looks. The page itself watches for it:
    // a locator waits for a navigation under way to finish, and this one waits for the notice.
    let noticeSeen: () => void = () => undefined;
    const seen = new Promise<void>((resolve) => (noticeSeen = resolve));
    await page.exposeFunction('languageNoticeShown', () => noticeSeen());
    await page.evaluate((text) => {
      const shown = () => document.body.innerText.includes(text);
      const tell = () =>
        (window as unknown as { languageNoticeShown: () => void }).languageNoticeShown();
      if (shown()) return tell();
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        tell();
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    }, 'Switching language…');
    await page.route('**/zh/400/**', async (route) => {
      await seen;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Language: English' }).hover();
    await page.getByRole('link', { name: '中文' }).click({ noWaitAfter: true });
    await seen;
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

test.describe('the error pages', () => {
  const NOT_FOUND = [
    ['', 'This page could not be found', 'Go back to home'],
    ['/zh', '找不到此页面', '返回首页'],
    ['/pt-br', 'Esta página não foi encontrada', 'Voltar para o início'],
  ] as const;
  for (const [prefix, heading, back] of NOT_FOUND) {
    test(`shows the not-found page at ${prefix}/does-not-exist in its language, keeping the address`, async ({
      page,
    }) => {
      const address = `${baseUrl()}${prefix}/does-not-exist`;
      const response = await page.goto(address);
      expect(response?.status()).toBe(404);
      // Checked once the page's scripts have run: Gatsby's start-up moves to the address of the
      // page it was sent (/zh/404.html) unless the typed one is a route of the site.
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      expect(page.url()).toBe(address);
      await page.getByRole('link', { name: back }).click();
      await page.waitForURL(`${baseUrl()}${prefix}/`);
    });
  }

  test('answers a detail page without a valid id with the not-found page', async ({
    page,
    signIn,
  }) => {
    await signIn((await createAccount('Ada')).token);
    await page.goto(`${baseUrl()}/monitoring/detail/?id=abc`);
    await page.getByRole('heading', { name: 'This page could not be found' }).waitFor();
    await expect(page.getByTestId('status-code').textContent()).resolves.toBe('404');
  });
});
