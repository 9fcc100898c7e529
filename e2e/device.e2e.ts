// The device redirect and the security headers in a browser, against the started product (npm
// start serves the site with site/edge/rules.mjs as its SITE_RULES).
import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { baseUrl, launchChromium, USER_AGENTS } from './browser';

const { iPhone: IPHONE, desktop: DESKTOP } = USER_AGENTS;

const PHONE: BrowserContextOptions = {
  userAgent: IPHONE,
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};
const COMPUTER: BrowserContextOptions = {
  userAgent: DESKTOP,
  viewport: { width: 1280, height: 800 },
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** CSP reports and page errors; a page that breaks its own policy says so in the console. */
let problems: string[];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function open(options: BrowserContextOptions): Promise<void> {
  context = await browser.newContext(options);
  page = await context.newPage();
  problems = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
}

afterEach(async () => {
  await context?.close();
});

/** The CSP hash source of each inline script of an HTML document, as the browser computes it. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
  )) {
    if (/(^|\s)src(\s*=|\s|\/|$)/i.test(attributes)) continue;
    const digest = createHash('sha256').update(text.replace(/\r\n?/g, '\n')).digest('base64');
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

describe('the device redirect', () => {
  it('sends a phone from the home page to the mobile page', async () => {
    await open(PHONE);
    const response = await page.goto(`${baseUrl()}/`);
    expect(page.url()).toBe(`${baseUrl()}/mobile/`);
    expect(response?.status()).toBe(200);
    // The server redirected, before any page code ran.
    const redirect = await response?.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(302);
    expect(redirect?.headers()['vary']).toMatch(/user-agent/i);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  it('keeps the language when it sends a phone to the mobile page', async () => {
    await open(PHONE);
    await page.goto(`${baseUrl()}/zh/reporting/`);
    expect(page.url()).toBe(`${baseUrl()}/zh/mobile/`);
    await expect(page.getAttribute('html', 'lang')).resolves.toBe('zh-CN');
  });

  it('sends a desktop from a mobile page to the full site of its language', async () => {
    await open(COMPUTER);
    const response = await page.goto(`${baseUrl()}/pt-br/mobile/`);
    expect(page.url()).toBe(`${baseUrl()}/pt-br/`);
    expect(response?.status()).toBe(200);
    await expect(page.getAttribute('html', 'lang')).resolves.toBe('pt-BR');
  });

  it('sends a phone on with the inline script where the host did not redirect it', async () => {
    await open(PHONE);
    // A host without edge rules: the home page answers the phone as it would a desktop.
    await context.route(`${baseUrl()}/`, async (route) => {
      const response = await route.fetch({
        headers: { ...route.request().headers(), 'user-agent': DESKTOP },
      });
      await route.fulfill({ response });
    });
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL(`${baseUrl()}/mobile/`);
    await page.locator('h1').first().waitFor();
    // The script ran under the page's CSP: its hash is in the policy.
    expect(problems).toEqual([]);
  });
});

describe('the security headers', () => {
  it('lets the home page run exactly its own inline scripts, and it breaks no rule', async () => {
    await open(COMPUTER);
    const response = await page.goto(`${baseUrl()}/`);
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    const policy = headers['content-security-policy'] ?? '';
    const scriptSrc =
      policy
        .split(';')
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith('script-src'))
        ?.split(/\s+/)
        .slice(1) ?? [];
    const hashes = inlineScriptHashes((await response?.text()) ?? '');
    // At least the device redirect script is inline.
    expect(hashes.length).toBeGreaterThan(0);
    expect([...scriptSrc].sort()).toEqual(["'self'", ...hashes].sort());
    expect(policy).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['vary']).toMatch(/user-agent/i);
    await page.waitForLoadState('networkidle');
    await page.locator('h1').first().waitFor();
    expect(problems).toEqual([]);
  });
});
