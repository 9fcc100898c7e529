// The browser tests' environment (environment.cjs): a failed test's report says what its open
// pages showed, with a screenshot, and a page that does not answer does not hold the report up.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { reportFailure, SHOTS } = require('./environment.cjs') as {
  reportFailure: (event: unknown, browsers: Set<Browser> | undefined) => Promise<void>;
  SHOTS: string;
};

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const failure = (name: string) => ({
  name: 'test_fn_failure',
  test: { name, errors: [] as Array<{ stack?: string }> },
});

it('records each browser it launches, until it closes', async () => {
  const open = (globalThis as { __coinlensBrowsers?: Set<Browser> }).__coinlensBrowsers;
  expect(open?.has(browser)).toBe(true);
  const other = await launchChromium();
  expect(open?.has(other)).toBe(true);
  await other.close();
  expect(open?.has(other)).toBe(false);
});

it('adds what each open page showed to a failed test', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent('<main><h1>Reports</h1><button>Unfollow Solana</button></main>');
  const event = failure('a test / that failed');
  const shot = join(SHOTS, 'a-test-that-failed-1.png');
  rmSync(shot, { force: true });

  await reportFailure(event, new Set([browser]));

  expect(event.test.errors).toHaveLength(1);
  const report = event.test.errors[0]?.stack ?? '';
  expect(report).toMatch(/^What the open pages showed when the test failed:/);
  expect(report).toContain('page about:blank');
  expect(report).toContain('- heading "Reports" [level=1]');
  expect(report).toContain('- button "Unfollow Solana"');
  expect(report).toContain(`screenshot ${shot}`);
  expect(existsSync(shot)).toBe(true);
  await context.close();
});

it('says when a page cannot describe itself, and goes on', async () => {
  const context = await browser.newContext();
  const hung = await context.newPage();
  await hung.setContent('<p>busy</p>');
  // The page's only thread never returns: neither the tree nor a screenshot can be taken.
  void hung
    .evaluate(() => {
      for (;;);
    })
    .catch(() => {});
  const event = failure('hung');

  const started = Date.now();
  await reportFailure(event, new Set([browser]));

  expect(Date.now() - started).toBeLessThan(15_000);
  const report = event.test.errors[0]?.stack ?? '';
  expect(report).toContain('(no accessibility tree: no answer in 5000 ms)');
  expect(report).toContain('(no screenshot:');
  await context.close();
}, 30_000);

it('leaves a passing test, another event, or no open page alone', async () => {
  const passing = { name: 'test_fn_success', test: { name: 'ok', errors: [] } };
  await reportFailure(passing, new Set([browser]));
  expect(passing.test.errors).toEqual([]);
  const nothingOpen = failure('nothing open');
  await reportFailure(nothingOpen, new Set([browser]));
  await reportFailure(nothingOpen, undefined);
  expect(nothingOpen.test.errors).toEqual([]);
});
