// Layout shifts, of which the site allows none.
// - A page's first paint, over a slow network: the HTML arrives a piece at a time, and the browser
//   would paint each piece as it came. What it painted then moved when the rest arrived (the home
//   page's heading went down as the example beside it grew). Every page holds its first paint
//   until its markup is all there (site/src/start/wholeFirstPaint.tsx).
// - A signed-in user's areas, from the first paint until their data has come: the static HTML is
//   the area in its loading state (only a visitor holding a token sees it), the header does not
//   change when the nickname comes, the loading cards are as long as the reports, and a chart's
//   price axis is drawn once.
import { callApi, createAccount } from './accounts';
import { baseUrl, DEVICES, hydrated, still } from './browser';
import { expect, test, type Page } from './fixtures';
import { siteStrings } from './strings';

const mobile = siteStrings('en', 'mobile');

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

/**
 * The layout shifts of `page`'s first visit to `path` over the slow network, from the navigation
 * until the page is parsed and painted (the scripts, which come later, are not waited for), and
 * the address the page ended on.
 */
async function shiftsWhileLoading(
  page: Page,
  path: string,
): Promise<{ shifts: Shift[]; url: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
  await recordShifts(page);
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'domcontentloaded', timeout: 30_000 });
  // Two frames after the parse: the page as painted once its markup is all there.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return { shifts: await shiftsSoFar(page), url: new URL(page.url()).pathname };
}

/** Records the page's layout shifts from its first paint (`shiftsSoFar` reads them). */
async function recordShifts(page: Page): Promise<void> {
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
}

/**
 * Records which of the page's two kinds of parts (the visitor's, the signed-in user's) the parsed
 * page shows, before any of the site's scripts has run (`firstScreen` reads it): true when every
 * part of that kind shows, false when none does, null when the page has none.
 */
async function recordFirstScreen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const shown = (part: string) => {
        const elements = [...document.querySelectorAll(`[data-until-session="${part}"]`)];
        if (elements.length === 0) return null;
        const showing = elements.filter((element) => getComputedStyle(element).display !== 'none');
        if (showing.length === 0) return false;
        return showing.length === elements.length ? true : 'some';
      };
      (window as { __firstScreen?: unknown }).__firstScreen = {
        visitor: shown('visitor'),
        member: shown('member'),
      };
    });
  });
}

function firstScreen(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as { __firstScreen?: unknown }).__firstScreen);
}

function shiftsSoFar(page: Page): Promise<Shift[]> {
  return page.evaluate(() => (window as { __shifts?: Shift[] }).__shifts ?? []);
}

test.describe('the first paint over a slow network', () => {
  // Portuguese sets in the same Latin fonts as English: its page is / again for what moves while
  // the HTML comes in. Chinese sets in the system's CJK fonts, whose metrics differ.
  for (const [path, device, endsOn] of [
    ['/', 'desktop', '/'],
    ['/zh/', 'desktop', '/zh/'],
    ['/mobile/', 'iPhone', '/mobile/'],
  ] as const) {
    test.describe(() => {
      test.use(DEVICES[device]);

      test(`shows ${path} (${device}) whole: nothing moves while its HTML comes in`, async ({
        page,
      }) => {
        const { shifts, url } = await shiftsWhileLoading(page, path);
        expect(url).toBe(endsOn);
        expect(shifts).toEqual([]);
      });
    });
  }
});

test.describe("a signed-in user's areas, until their data has come", () => {
  let token: string;
  let sourceId: number;

  test.beforeAll(async () => {
    ({ token } = await createAccount('Paula Paint'));
    // Three coins whose reports have the usual shape the loading card stands in for (two signals,
    // five sources): a report with a third signal is taller by that signal, which is no fault of
    // the placeholder's. The demo market's reports follow its prices, so which coins those are
    // changes with the hour: at some hours only a few of the whole list have it.
    const usual: number[] = [];
    for (let page = 1; usual.length < 3; page += 1) {
      const coins = await callApi<{ records: Array<{ id: number }>; has_next: boolean }>(
        `/api/asset/list?page=${page}&size=100`,
        token,
      );
      for (const coin of coins.records) {
        const report = await callApi<{ signals: unknown[]; sources: unknown[] }>(
          `/api/analysis/coin?coinId=${coin.id}`,
          token,
        );
        if (report.signals.length === 2 && report.sources.length === 5) usual.push(coin.id);
        if (usual.length === 3) break;
      }
      if (!coins.has_next) break;
    }
    expect(usual).toHaveLength(3);
    await callApi('/api/follow/add', token, { coinIds: usual });
    const sources = await callApi<{ records: Array<{ id: number }> }>(
      '/api/monitor/source/list?page=1&size=2',
      token,
    );
    sourceId = sources.records[0]!.id;
    await callApi(
      `/api/monitor/user/source/add?sourceIds=${sources.records.map((source) => source.id).join(',')}`,
      token,
    );
  });

  /** Lighthouse's desktop screen: what `npm run bench` measures the areas on. */
  const LIGHTHOUSE_DESKTOP = { ...DEVICES.desktop, viewport: { width: 1350, height: 940 } };

  test.describe(() => {
    test.use(LIGHTHOUSE_DESKTOP);

    for (const [path, reports] of [
      ['/reporting/', 3],
      ['/zh/reporting/', 3],
      ['/pt-br/monitoring/', 0],
      ['/monitoring/detail/', 0],
      ['/zh/welcome/', 0],
    ] as const) {
      test(`loads ${path} without moving anything`, async ({ page, signIn }) => {
        await signIn(token);
        await recordShifts(page);
        const address = path.endsWith('/detail/') ? `${path}?id=${sourceId}` : path;
        await page.goto(`${baseUrl()}${address}`, { waitUntil: 'load', timeout: 30_000 });
        expect(new URL(page.url()).pathname).toBe(path);
        await hydrated(page);
        // The reports on screen drawn, with their charts: the last things that could move the
        // page. The cards below the fold wait for the reader (pending); then, as a reader scrolls
        // down a turn of the wheel at a time, each loads before it shows (a wheel is not an input
        // that excuses a shift).
        const drawn = (count: number) =>
          page.waitForFunction(
            (least) =>
              document.querySelectorAll(
                'article[data-status="ready"] [data-part="chart"] [data-state="ready"] canvas',
              ).length >= least,
            count,
            { timeout: 20_000 },
          );
        if (reports > 0) {
          await drawn(1);
          await page.waitForLoadState('networkidle');
          await still(page);
          // Three cards are taller than a screen and a half: the last one waits.
          const last = page.locator('article').last();
          await expect(last.getAttribute('data-status')).resolves.toBe('pending');
          const heightOf = async () => (await last.boundingBox())!.height;
          const pendingHeight = await heightOf();
          expect(await shiftsSoFar(page)).toEqual([]);
          await page.mouse.move(600, 400);
          const atBottom = () =>
            page.evaluate(
              () =>
                window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
            );
          for (let turn = 0; turn < 30 && !(await atBottom()); turn += 1) {
            await page.mouse.wheel(0, 400);
            await page.waitForLoadState('networkidle');
            await still(page);
          }
          await drawn(reports);
          // Its placeholders stand in for a usual report (the indicators' rows as they will be, the
          // summary's lines, two signals, five sources): the card hardly changes size when its
          // report comes, even where that is off screen, as it is for a reader who jumps to the
          // end.
          const readyHeight = await heightOf();
          expect(Math.abs(readyHeight - pendingHeight)).toBeLessThanOrEqual(readyHeight * 0.05);
        }
        await page.waitForLoadState('networkidle');
        await still(page);
        expect(await shiftsSoFar(page)).toEqual([]);
      });
    }
  });

  // The pages a visitor and a signed-in user both see (the home pages, the mobile page, the mobile
  // legal pages): their static HTML holds both versions of what differs (the header's login or
  // account menu and areas, the home page's calls, the mobile page's first screen), and the head
  // script's mark picks them before the first paint.
  for (const [path, device] of [
    ['/mobile/', 'android'],
    ['/zh/mobile/', 'android'],
    ['/', 'desktop'],
    ['/zh/', 'desktop'],
    ['/pt-br/', 'desktop'],
    ['/mobile/privacy/', 'android'],
  ] as const) {
    test.describe(() => {
      test.use(device === 'desktop' ? LIGHTHOUSE_DESKTOP : DEVICES[device]);

      test(`loads ${path} (${device}), signed in, as the signed-in page from the first paint, without moving anything`, async ({
        page,
        signIn,
      }) => {
        await signIn(token);
        await recordShifts(page);
        await recordFirstScreen(page);
        await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load', timeout: 30_000 });
        expect(new URL(page.url()).pathname).toBe(path);
        await expect(firstScreen(page)).resolves.toEqual({ visitor: false, member: true });
        await hydrated(page);
        // The account menu with the user's nickname: the session is known.
        await page
          .getByRole('button', { name: /Paula Paint/ })
          .first()
          .waitFor({ timeout: 20_000 });
        if (path.endsWith('mobile/')) {
          // The followed coins and their prices: the last things that could move the page.
          await page.getByRole('tablist').waitFor();
          await page.locator('main li').nth(2).waitFor({ timeout: 20_000 });
        }
        await page.waitForLoadState('networkidle');
        await still(page);
        expect(await shiftsSoFar(page)).toEqual([]);
        await expect(page.locator('[data-until-session]').count()).resolves.toBe(0);
      });
    });
  }

  test.describe(() => {
    test.use(DEVICES.android);

    test('shows a visitor’s phone the visitor’s page from the first paint', async ({ page }) => {
      await recordFirstScreen(page);
      await page.goto(`${baseUrl()}/mobile/`, { waitUntil: 'load' });
      await expect(firstScreen(page)).resolves.toEqual({ visitor: true, member: false });
      await hydrated(page);
      await expect(
        page.getByRole('button', { name: mobile('intro.signIn') }).isVisible(),
      ).resolves.toBe(true);
      await expect(page.locator('[role="tablist"]').count()).resolves.toBe(0);
      await expect(page.locator('[data-until-session]').count()).resolves.toBe(0);
    });
  });
});
