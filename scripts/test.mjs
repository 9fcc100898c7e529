// `npm test`: typecheck, lint, every package's unit and story tests and the builds (through
// turbo), then every story in headless Chromium (Storybook test-runner) and the browser tests
// against the started product (Playwright Test). Ends with each step's time and one line counting
// every test run: "summary: N passed, N failed".
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, chromiumPath } from './lib.mjs';
import { TEST_GOOGLE_CLIENT_ID } from '../e2e/fakeOAuth.cjs';

const env = {
  ...process.env,
  // The site is built with a Google client id, so that the browser tests can sign in with Google
  // (against a fake: e2e/fakeOAuth.cjs). Turbo keys the build by GATSBY_*, so this build and the
  // one `npm start` makes without it are cached apart.
  GATSBY_GOOGLE_CLIENT_ID: process.env.GATSBY_GOOGLE_CLIENT_ID || TEST_GOOGLE_CLIENT_ID,
  TURBO_TELEMETRY_DISABLED: '1',
  GATSBY_TELEMETRY_DISABLED: '1',
  STORYBOOK_DISABLE_TELEMETRY: '1',
  FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
};
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

const totals = { passed: 0, failed: 0, skipped: 0 };

/**
 * Adds up the closing lines of Jest ("Tests: 1 failed, 2 skipped, 3 passed, 6 total"), node:test
 * ("ℹ pass 3") and Playwright Test ("  3 passed (1.2m)", "  1 failed", "  2 did not run").
 */
function count(line) {
  const jest = line.match(/Tests:\s+(.*\d+ total)/);
  if (jest) {
    for (const [, n, kind] of jest[1].matchAll(/(\d+) (failed|skipped|passed|todo)/g)) {
      if (kind === 'todo') continue;
      totals[kind] += Number(n);
    }
    return;
  }
  const node = line.match(/ℹ (pass|fail|skipped) (\d+)\s*$/);
  if (node) {
    totals[{ pass: 'passed', fail: 'failed', skipped: 'skipped' }[node[1]]] += Number(node[2]);
    return;
  }
  // Playwright's closing lines, after turbo's "//:test:e2e:" prefix when there is one.
  const playwright = line.match(/(?:^|:) {2,}(\d+) (passed|failed|flaky|skipped|did not run)\b/);
  if (playwright) {
    const kind = { flaky: 'failed', 'did not run': 'skipped' }[playwright[2]] ?? playwright[2];
    totals[kind] += Number(playwright[1]);
  }
}

/** Each step's title and time, for the summary. */
const times = [];

function step(title, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n=== ${title}`);
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const text = rest + chunk.toString();
        const lines = text.split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          count(line);
          (stream === child.stdout ? process.stdout : process.stderr).write(`${line}\n`);
        }
      });
      stream.on('end', () => rest && (count(rest), process.stdout.write(`${rest}\n`)));
    }
    child.on('exit', (code) => {
      const seconds = (Date.now() - started) / 1000;
      times.push({ title, seconds, ok: code === 0 });
      console.log(`=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

const started = Date.now();
let ok = true;
try {
  chromiumPath();
} catch (error) {
  console.error(error.message);
  ok = false;
}

ok &&= await step('typecheck, lint, unit and story tests (jsdom), builds', bin('turbo'), [
  'run',
  'typecheck',
  'typecheck:root',
  'lint',
  'lint:root',
  'test',
  'test:scripts',
  'build',
  // Storybook's test build: the stories without the docs pages and docgen, which no test reads.
  'build-storybook:test',
  '--output-logs=full',
  '--log-order=grouped',
]);
// The stories and the browser tests in steps of their own, one after the other, as each keeps
// the machine's cores busy; turbo replays one whose inputs have not changed since it passed.
ok &&= await step('stories in Chromium (Storybook test-runner, axe)', bin('turbo'), [
  'run',
  'test-storybook',
  '--output-logs=full',
]);
ok &&= await step('browser tests against the started product (Playwright)', bin('turbo'), [
  'run',
  'test:e2e',
  '--output-logs=full',
]);

const minutes = ((Date.now() - started) / 60000).toFixed(1);
if (!ok && totals.failed === 0) totals.failed = 1; // a step failed outside any test (build, lint, typecheck)
console.log('\nsteps:');
for (const { title, seconds, ok: passed } of times) {
  const time = `${(seconds / 60).toFixed(1)} min`.padStart(9);
  console.log(`${time}  ${title}${passed ? '' : ' (FAILED)'}`);
}
console.log(`\nnpm test ${ok ? 'passed' : 'FAILED'} in ${minutes} min`);
console.log(`summary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
