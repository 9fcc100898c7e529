// Hooks of the Storybook test-runner (headless /usr/bin/chromium): every story's play function
// runs, then axe checks the rendered story and its screenshot is compared with the committed
// baseline of the package the story belongs to: design-system/__screenshots__ or
// site/__screenshots__ (`npm run test-storybook -- -u` updates them; add `--includeTags site` to
// touch only the site's). A story with `parameters.screenshot.size` (the mobile pages' stories:
// a phone's 375 x 812 or 320 x 640) renders and is shot in a viewport of that size; the others
// keep the page's own. One with `parameters.screenshot.touch` renders on a touch screen (Chromium's
// touch emulation: `(pointer: coarse)` and `(hover: none)` match), the others on a mouse's.
import { getStoryContext, waitForPageReady, type TestRunnerConfig } from '@storybook/test-runner';
import { checkA11y, configureAxe, injectAxe } from 'axe-playwright';
import { toMatchImageSnapshot } from 'jest-image-snapshot';
import path from 'node:path';
import type { CDPSession } from 'playwright';

/** The baselines of a story: beside the package whose story file it is. */
function screenshotsDir(fileName: unknown): string {
  const site = typeof fileName === 'string' && /^(\.\/)?site\//.test(fileName);
  return path.join(process.cwd(), site ? 'site' : 'design-system', '__screenshots__');
}

/** `parameters.screenshot.mask`: parts that change every second, covered by a plain box. */
interface ScreenshotMask {
  role: 'button';
  /** A regular expression for the accessible name. */
  name: string;
}

/** `parameters.screenshot.size`: the viewport the story renders in, in CSS pixels. */
interface ViewportSize {
  width: number;
  height: number;
}

/** What the story page's window has of Storybook's preview. */
interface PreviewGlobals {
  __STORYBOOK_PREVIEW__?: { ready(): Promise<void> };
}

type Page = Parameters<NonNullable<TestRunnerConfig['preVisit']>>[0];

/** The viewport each page opened with, which a story without a size of its own gets back. */
const openingSizes = new WeakMap<Page, ViewportSize | null>();

/** The DevTools session of each page whose touch emulation is on (closing it turns it off). */
const touchSessions = new WeakMap<Page, CDPSession>();

/** Turns Chromium's touch emulation of the page on or off. */
async function emulateTouch(page: Page, on: boolean): Promise<void> {
  const session = touchSessions.get(page);
  if (Boolean(session) === on) return;
  if (session) {
    touchSessions.delete(page);
    await session.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    await session.detach();
    return;
  }
  const opened = await page.context().newCDPSession(page);
  await opened.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  touchSessions.set(page, opened);
}

/** Sets the page's viewport to `size`, or back to the one it opened with. */
async function fitViewport(page: Page, size: ViewportSize | undefined): Promise<void> {
  if (!openingSizes.has(page)) openingSizes.set(page, page.viewportSize());
  const wanted = size ?? openingSizes.get(page);
  const current = page.viewportSize();
  if (!wanted || (current?.width === wanted.width && current.height === wanted.height)) return;
  await page.setViewportSize(wanted);
}

// Motion and the blinking caret would make two screenshots of one state differ.
const FREEZE_CSS = `*, *::before, *::after {
  transition: none !important; animation: none !important; caret-color: transparent !important;
}`;

const config: TestRunnerConfig = {
  setup() {
    expect.extend({ toMatchImageSnapshot });
  },
  async preVisit(page, context) {
    // Before the story renders, so that it lays out at its size from the start (and a story
    // after a failed one, whose postVisit may not have put the size back, gets its own). The
    // story's parameters are there once the preview has loaded its index.
    await page.evaluate(() => (globalThis as PreviewGlobals).__STORYBOOK_PREVIEW__?.ready());
    const storyContext = await getStoryContext(page, context);
    await fitViewport(page, storyContext.parameters?.screenshot?.size);
    await emulateTouch(page, Boolean(storyContext.parameters?.screenshot?.touch));
    await injectAxe(page);
    // The page's own loading ends before a story starts. Playwright's `networkidle`, which
    // waitForPageReady awaits before each screenshot, comes once a page; a story whose mocked API
    // holds a request (a real request through msw's service worker, ended only by the client's
    // time-out) would keep the first story of a page from ever reaching it.
    await page.waitForLoadState('networkidle');
  },
  async postVisit(page, context) {
    try {
      // A story whose render or play function failed is reported with that error: checked, its
      // half-played page would fail the screenshot too, and that error would replace the cause.
      if (!context.hasFailure) await checkStory(page, context);
    } finally {
      await fitViewport(page, undefined);
      await emulateTouch(page, false);
    }
  },
};

/** The axe check and the screenshot comparison of the story just rendered. */
async function checkStory(page: Page, context: Parameters<typeof getStoryContext>[1]) {
  const storyContext = await getStoryContext(page, context);
  // Overlays (modals, toasts, the loading bar) render outside the story root, in a portal or
  // fixed to the viewport: those stories ask for the whole viewport to be checked and shot.
  const viewport = Boolean(storyContext.parameters?.screenshot?.viewport);
  if (!storyContext.parameters?.a11y?.disable) {
    // The a11y addon checks each story too, with the same axe, which runs one check at a
    // time: a story that renders again starts another of its checks in the background.
    await page.waitForFunction(() => !(window as { axe?: { _running?: boolean } }).axe?._running);
    await configureAxe(page, { rules: storyContext.parameters?.a11y?.config?.rules });
    await checkA11y(page, viewport ? 'body' : '#storybook-root', {
      verbose: false,
      detailedReport: true,
      detailedReportOptions: { html: true },
      axeOptions: storyContext.parameters?.a11y?.options,
    });
  }
  if (storyContext.parameters?.screenshot?.disable) return;
  await page.addStyleTag({ content: FREEZE_CSS });
  await waitForPageReady(page);
  await page.evaluate(() => document.fonts.ready);
  // Every picture on the page has loaded (or failed, and its fallback shows): a lazy logo that the
  // browser has not started yet, or one still decoding, is a blank square in one screenshot and a
  // picture in the next. A lazy picture is loaded now (when it starts depends on the machine).
  await page.evaluate(() => {
    for (const image of document.images) image.loading = 'eager';
    return Promise.all(
      Array.from(document.images, async (image) => {
        if (!image.complete) {
          await new Promise((settled) => {
            image.addEventListener('load', settled, { once: true });
            image.addEventListener('error', settled, { once: true });
            setTimeout(settled, 5_000);
          });
        }
        await image.decode().catch(() => undefined);
      }),
    );
  });
  const masks: ScreenshotMask[] = storyContext.parameters?.screenshot?.mask ?? [];
  const options = {
    animations: 'disabled' as const,
    mask: masks.map(({ role, name }) => page.getByRole(role, { name: new RegExp(name) })),
    maskColor: '#3f4654',
  };
  const image = viewport
    ? await page.screenshot(options)
    : await page.locator('#storybook-root').screenshot(options);
  expect(image).toMatchImageSnapshot({
    customSnapshotsDir: screenshotsDir(storyContext.parameters?.fileName),
    customSnapshotIdentifier: context.id,
    customDiffDir: path.join(process.cwd(), 'test-results', 'screenshot-diffs'),
    // Anti-aliasing may move a handful of pixels; a visible change moves far more.
    failureThreshold: 0.002,
    failureThresholdType: 'percent',
  });
}

export default config;
