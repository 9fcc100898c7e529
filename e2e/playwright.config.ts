// The browser tests (Playwright Test) against the started product: `npm start`'s product, started
// once for the run by global-setup.ts, driven in Debian's Chromium (never a downloaded browser).
// Files run in parallel on the machine's workers, the tests of one file in order; the timing tests
// run last and alone, so that no other test's load is in their figures (two at a time, a page's
// font came late on a busy machine and its text moved; a failed journey leaves them out: fix it
// first, or run them with --no-deps).
import { defineConfig } from '@playwright/test';
import { cpus } from 'node:os';

/** Workers: one per core, at least two (most of a browser test's time is spent waiting). */
const WORKERS = Number(process.env.E2E_WORKERS) || Math.max(2, cpus().length);
/** Files whose figures are timings (paints, budgets): run after the journeys. */
const TIMING = ['paint.e2e.ts', 'budgets.e2e.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  // An assertion waits up to 15 s, not Playwright's 5: on a machine busy with two workers a page's
  // first load (a lazy chunk, then the API) took longer than 5 s. A passing assertion is no slower.
  expect: { timeout: 15_000 },
  workers: WORKERS,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // What a failure needs to be understood: the trace (network, console, a snapshot per step)
    // and a screenshot of each page; Playwright adds the page's accessibility tree to the error.
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'journeys', testIgnore: TIMING },
    {
      name: 'timings',
      testMatch: TIMING,
      dependencies: ['journeys'],
      workers: 1,
    },
  ],
});
