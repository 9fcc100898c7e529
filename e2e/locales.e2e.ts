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
    ['/', 'en', 'Understand your coins and what moves them', 'Coinlens puts coin reports'],
    ['/zh/', 'zh-CN', '看懂你关注的币种，以及推动它们的消息', '带价格图表的币种报告'],
    ['/pt-br/', 'pt-BR', 'Entenda suas moedas e o que as movimenta', 'relatórios de moedas'],
    ['/pt-br/terms/', 'pt-BR', 'Termos de uso', 'Coinlens'],
    ['/zh/privacy/', 'zh-CN', '隐私政策', 'i18n_redirected'],
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
    await expect(page.textContent('h1')).resolves.toBe(heading);
    await expect(page.textContent('main')).resolves.toContain(lead);
    expect(errors).toEqual([]);
  });
});
