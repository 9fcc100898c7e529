// The browser tests' environment: Node's, and when a test fails, what its open pages showed at
// that moment (address, the accessibility tree a screen reader reads, a screenshot in /tmp), added
// to the failure's report. A failure on a CI machine can then be understood from its log alone.
const { mkdirSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

// The environment Jest's own `testEnvironment: 'node'` resolves to (another version is hoisted).
const { TestEnvironment } = require(
  require.resolve('jest-environment-node', { paths: [require.resolve('jest-config')] }),
);

/** Where the screenshots of failed tests go. */
const SHOTS = process.env.E2E_FAILURE_SHOTS ?? join(tmpdir(), 'coinlens-e2e-failures');
/** The most of one page's accessibility tree that goes into a report, in characters. */
const TREE_LIMIT = 6000;
/** How long one page may take to describe itself (a hung page must not hang the report). */
const PAGE_TIMEOUT_MS = 5000;

/** A file name from a test's name. */
function fileName(name) {
  return name.replace(/[^\w.-]+/g, '-').slice(0, 80);
}

function withTimeout(promise, ms) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** One page's part of the report. */
async function describePage(page, shot) {
  const lines = [`page ${page.url()}`];
  try {
    const tree = await withTimeout(page.locator('body').ariaSnapshot(), PAGE_TIMEOUT_MS);
    lines.push(
      tree.length > TREE_LIMIT
        ? `${tree.slice(0, TREE_LIMIT)}\n… (${tree.length} characters)`
        : tree,
    );
  } catch (error) {
    lines.push(`(no accessibility tree: ${error.message.split('\n')[0]})`);
  }
  try {
    mkdirSync(SHOTS, { recursive: true });
    await withTimeout(page.screenshot({ path: shot }), PAGE_TIMEOUT_MS);
    lines.push(`screenshot ${shot}`);
  } catch (error) {
    lines.push(`(no screenshot: ${error.message.split('\n')[0]})`);
  }
  return lines.join('\n');
}

/** The report on every page the test's browsers still have open. */
async function describeBrowsers(browsers, testName) {
  const parts = [];
  for (const browser of browsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        if (page.isClosed()) continue;
        const shot = join(SHOTS, `${fileName(testName)}-${parts.length + 1}.png`);
        parts.push(await describePage(page, shot));
      }
    }
  }
  return parts;
}

/**
 * Adds the report on `browsers`' open pages to a failed test's errors (`event` is jest-circus's
 * `test_fn_failure`). Does nothing for other events or when no page is open.
 */
async function reportFailure(event, browsers) {
  if (event.name !== 'test_fn_failure' || !browsers || browsers.size === 0) return;
  const parts = await describeBrowsers(browsers, event.test.name);
  if (parts.length === 0) return;
  const report = new Error();
  report.stack = `What the open pages showed when the test failed:\n\n${parts.join('\n\n')}`;
  event.test.errors.push(report);
}

class BrowserTestEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    // browser.ts's launchChromium records each browser it starts in the tests' global.
    await reportFailure(event, this.global.__coinlensBrowsers);
  }
}

module.exports = BrowserTestEnvironment;
module.exports.reportFailure = reportFailure;
module.exports.SHOTS = SHOTS;
