// Hooks of the Storybook test-runner (headless /usr/bin/chromium): every story's play function
// runs, then axe checks the rendered story and its screenshot is compared with the committed
// baseline of the package the story belongs to: design-system/__screenshots__ or
// site/__screenshots__ (`npm run test-storybook -- -u` updates them; add `--includeTags site` to
// touch only the site's).
import { getStoryContext, waitForPageReady, type TestRunnerConfig } from '@storybook/test-runner';
import { checkA11y, configureAxe, injectAxe } from 'axe-playwright';
import { toMatchImageSnapshot } from 'jest-image-snapshot';
import path from 'node:path';

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

// Motion and the blinking caret would make two screenshots of one state differ.
const FREEZE_CSS = `*, *::before, *::after {
  transition: none !important; animation: none !important; caret-color: transparent !important;
}`;

const config: TestRunnerConfig = {
  setup() {
    expect.extend({ toMatchImageSnapshot });
  },
  async preVisit(page) {
    await injectAxe(page);
  },
  async postVisit(page, context) {
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
  },
};

export default config;
