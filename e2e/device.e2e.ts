// The device redirect's inline script and the security headers in a browser, against the started
// product (npm start serves the site with site/edge/rules.mjs as its SITE_RULES): the script sends
// a phone on where the host did not, under the page's CSP, and that CSP lets the home page run
// exactly its own inline scripts. (The redirects themselves are held by site/edge/rules.test.ts,
// site/edge/handler.test.ts and api/test/site-rules.test.ts.)
import { createHash } from 'node:crypto';
import type { BrowserContextOptions } from '@playwright/test';
import { baseUrl, USER_AGENTS } from './browser';
import { expect, test } from './fixtures';

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

// CSP reports count as page errors: a page that breaks its own policy says so in the console.
test.beforeEach(({ page, problems }) => {
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
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

test.describe('the device redirect', () => {
  // A phone's browser.
  test.use(PHONE);

  test('sends a phone on with the inline script where the host did not redirect it', async ({
    page,
    context,
    problems,
  }) => {
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

test.describe('the security headers', () => {
  test.use(COMPUTER);

  test('lets the home page run exactly its own inline scripts, and it breaks no rule', async ({
    page,
    problems,
  }) => {
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
