// `npm test`: typecheck, lint, every package's unit and story tests and the builds (through
// turbo), then every story in headless Chromium (Storybook test-runner) and the browser tests
// against the started product. Ends with one line counting every test run:
// "summary: N passed, N failed".
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

/** Adds up the closing lines of Jest ("Tests: 1 failed, 2 skipped, 3 passed, 6 total") and node:test ("ℹ pass 3"). */
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
  if (node)
    totals[{ pass: 'passed', fail: 'failed', skipped: 'skipped' }[node[1]]] += Number(node[2]);
}

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
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
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
  'build-storybook',
  '--output-logs=full',
  '--log-order=grouped',
]);
ok &&= await step('stories in Chromium (Storybook test-runner, axe)', process.execPath, [
  join(ROOT, 'scripts', 'test-storybook.mjs'),
]);
ok &&= await step('browser tests against the started product (Playwright)', bin('jest'), [
  '--config',
  join(ROOT, 'e2e', 'jest.config.cjs'),
]);

const minutes = ((Date.now() - started) / 60000).toFixed(1);
if (!ok && totals.failed === 0) totals.failed = 1; // a step failed outside any test (build, lint, typecheck)
console.log(`\nnpm test ${ok ? 'passed' : 'FAILED'} in ${minutes} min`);
console.log(`summary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
