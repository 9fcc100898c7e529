// Serves the static Storybook build and runs every story (play function + axe) in headless
// Chromium through the Storybook test-runner.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, chromiumPath, freePort, run, waitForHttp } from './lib.mjs';

const staticDir = join(ROOT, 'storybook-static');
if (!existsSync(join(staticDir, 'index.json'))) {
  console.error('storybook-static/ is missing: run `npm run build-storybook` first.');
  process.exit(1);
}
chromiumPath();

const port = await freePort();
const server = spawn(
  process.execPath,
  [
    join(ROOT, 'node_modules/http-server/bin/http-server'),
    staticDir,
    '-p',
    String(port),
    '-a',
    '127.0.0.1',
    '-s',
    '-c-1',
  ],
  { cwd: ROOT, stdio: 'ignore' },
);
let exited = false;
server.on('exit', () => (exited = true));
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

try {
  await waitForHttp(`http://127.0.0.1:${port}/index.json`, 30_000, () => !exited);
  await run(
    process.execPath,
    [
      join(ROOT, 'node_modules/@storybook/test-runner/dist/test-storybook.js'),
      '--url',
      `http://127.0.0.1:${port}`,
      '--maxWorkers=2',
      ...process.argv.slice(2),
    ],
    { env: { ...process.env, TEST_RUNNER: '1' } },
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  stop();
}
