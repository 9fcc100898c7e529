// A signed-in area's first data is asked for by the page's head script, while the page's scripts
// load (site/src/start/earlyRequests.ts), and the API client takes those answers instead of asking
// again (site/src/data/early.ts). On the built site, through the product's server and its CSP:
// the requests start before the app's scripts, none is sent twice, and the page shows its data.
import type { Browser } from 'playwright-core';
import { accountFollowing } from './accounts';
import { baseUrl, DEVICES, hydrated, launchChromium, openContext } from './browser';

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchChromium();
  token = await accountFollowing('Erin Early', { coins: 3, sources: 1 });
});

afterAll(async () => {
  await browser?.close();
});

it.each(['/reporting/', '/zh/reporting/', '/pt-br/reporting/'])(
  'asks %s for its first data once, from its head, before the app starts',
  async (path) => {
    const { context, page } = await openContext(browser, DEVICES.desktop, token);
    try {
      const sent: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === baseUrl()) sent.push(`${request.method()} ${url.pathname}${url.search}`);
      });
      await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load', timeout: 30_000 });
      await hydrated(page);
      // The first card's report has come and shows (its summary is the page's largest text).
      await page
        .locator('article[data-status="ready"] [data-part="summary"] p')
        .first()
        .waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');

      const api = sent.filter((line) => line.startsWith('GET /api/') && !line.includes('/logo/'));
      // Each once: the client took the head script's answers (a second would be the client's own).
      expect(api.filter((line, index) => api.indexOf(line) !== index)).toEqual([]);
      const firstScript = sent.findIndex((line) => /^GET \/app-[\w]+\.js$/.test(line));
      expect(firstScript).toBeGreaterThan(0);
      const early = sent.slice(0, firstScript);
      expect(early).toEqual(expect.arrayContaining(['GET /api/user', 'GET /api/follow/list']));
      expect(api).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^GET \/api\/analysis\/coin\?coinId=\d+$/),
          expect.stringMatching(/^GET \/api\/coin\/price\?coinIds=\d+%2C\d+%2C\d+$/),
        ]),
      );
      // The head script's list is empty: the client took every request it started.
      const left = await page.evaluate(
        () => (window as { __coinlensEarly?: { requests: unknown[] } }).__coinlensEarly?.requests,
      );
      expect(left).toEqual([]);
    } finally {
      await context.close();
    }
  },
);
