// A page's first paint, over a slow network: the HTML arrives a piece at a time, and the browser
// would paint each piece as it came. What it painted then moved when the rest arrived (the home
// page's heading went down as the example beside it grew): layout shifts, which issue #13 allows
// none of. Every page holds its first paint until its markup is all there
// (site/src/app/wholeFirstPaint.tsx).
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { baseUrl, DEVICES, launchChromium, openContext } from './browser';

/** A poor mobile link (160 kbit/s down): a page's 10-15 KB of compressed HTML takes most of a second. */
const SLOW_NETWORK = {
  offline: false,
  latency: 40,
  downloadThroughput: 20 * 1024,
  uploadThroughput: 20 * 1024,
};

interface Shift {
  at: number;
  value: number;
  moved: string[];
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The layout shifts of a first visit to `path` over the slow network, from the navigation until
 * the page is parsed and painted (the scripts, which come later, are not waited for), and the
 * address the page ended on.
 */
async function shiftsWhileLoading(
  path: string,
  device: BrowserContextOptions,
): Promise<{ shifts: Shift[]; url: string }> {
  const { context, page } = await openContext(browser, device);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
    await page.addInitScript(() => {
      const shifts: Shift[] = [];
      (window as { __shifts?: Shift[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; sources: Array<{ node?: Node | null }> }
        >) {
          shifts.push({
            at: Math.round(entry.startTime),
            value: entry.value,
            moved: entry.sources.map((source) =>
              source.node instanceof Element
                ? `${source.node.tagName.toLowerCase()}.${source.node.className}`
                : String(source.node?.nodeName),
            ),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${baseUrl()}${path}`, { waitUntil: 'domcontentloaded', timeout: 30_000 });
    // Two frames after the parse: the page as painted once its markup is all there.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const shifts = await page.evaluate(() => (window as { __shifts?: Shift[] }).__shifts ?? []);
    return { shifts, url: new URL(page.url()).pathname };
  } finally {
    await context.close();
  }
}

describe('the first paint over a slow network', () => {
  it.each([
    ['/', 'desktop', '/'],
    ['/zh/', 'desktop', '/zh/'],
    ['/pt-br/', 'desktop', '/pt-br/'],
    ['/mobile/', 'iPhone', '/mobile/'],
  ] as const)(
    'shows %s (%s) whole: nothing moves while its HTML comes in',
    async (path, device, endsOn) => {
      const { shifts, url } = await shiftsWhileLoading(path, DEVICES[device]);
      expect(url).toBe(endsOn);
      expect(shifts).toEqual([]);
    },
  );
});
