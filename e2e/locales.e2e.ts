import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchChromium } from './browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  page = await browser.newPage();
});

afterEach(async () => {
  await page.close();
});

describe('the product on one origin', () => {
  it('answers GET /api/health with code 200 beside the site', async () => {
    const res = await fetch(`${baseUrl()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
  });

  it.each([
    ['/', 'en', 'Coinlens', 'Follow coins, read coin reports'],
    ['/zh/', 'zh-CN', 'Coinlens', '关注币种'],
    ['/pt-br/', 'pt-BR', 'Coinlens', 'Acompanhe moedas'],
    ['/pt-br/reporting/', 'pt-BR', 'Relatórios', 'Relatórios com gráficos'],
    ['/zh/monitoring/detail/', 'zh-CN', '信息源详情', '单个监控信息源'],
  ])('serves %s in its language', async (path, lang, heading, lead) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${baseUrl()}${path}`);
    expect(response?.status()).toBe(200);
    await expect(page.getAttribute('html', 'lang')).resolves.toBe(lang);
    await expect(page.textContent('h1')).resolves.toBe(heading);
    await expect(page.textContent('main')).resolves.toContain(lead);
    // Hydration must not fail or fall back to English.
    await page.waitForLoadState('networkidle');
    await expect(page.textContent('main')).resolves.toContain(lead);
    expect(errors).toEqual([]);
  });

  it('switches language from the header and keeps the page', async () => {
    await page.goto(`${baseUrl()}/reporting/`);
    await page.waitForLoadState('networkidle');
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: '中文' })
      .click();
    await page.waitForURL(`${baseUrl()}/zh/reporting/`);
    // Client-side navigation: the page and its <head> update after the URL does.
    await page.waitForFunction(
      () =>
        document.querySelector('h1')?.textContent === '报告' &&
        document.title === '报告 · Coinlens',
    );
    await expect(page.getAttribute('html', 'lang')).resolves.toBe('zh-CN');
  });

  it('shows the localized not-found page with a way home', async () => {
    const response = await page.goto(`${baseUrl()}/pt-br/no-such-page/`);
    expect(response?.status()).toBe(404);
    await expect(page.textContent('h1')).resolves.toBe('Esta página não foi encontrada');
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await page.waitForURL(`${baseUrl()}/pt-br/`);
    const en = await page.goto(`${baseUrl()}/no-such-page/`);
    expect(en?.status()).toBe(404);
    await expect(page.textContent('h1')).resolves.toBe('This page could not be found');
  });
});
