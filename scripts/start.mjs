// `npm start`: builds whatever is missing or out of date (turbo's cache makes an unchanged build
// instant), then runs the API server, which also serves the built site on the same origin.
// PORT (8000) and DATA_DIR (.data) change where; Ctrl-C stops everything cleanly.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT, run } from './lib.mjs';

if (!existsSync(join(ROOT, 'node_modules', '.bin', 'turbo'))) {
  console.error('Dependencies are not installed: run `npm install` first.');
  process.exit(1);
}

const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  GATSBY_TELEMETRY_DISABLED: '1',
};

if (process.env.SKIP_BUILD !== '1') {
  await run(
    join(ROOT, 'node_modules', '.bin', 'turbo'),
    ['run', 'build', '--output-logs=errors-only'],
    { env },
  ).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}

const server = spawn(process.execPath, [join(ROOT, 'api', 'dist', 'src', 'main.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...env,
    PORT: process.env.PORT || '8000',
    DATA_DIR: resolve(ROOT, process.env.DATA_DIR || '.data'),
    SITE_DIR: join(ROOT, 'site', 'public'),
    // The site's device redirect and security headers, the same module its edge handler uses.
    SITE_RULES: join(ROOT, 'site', 'edge', 'rules.mjs'),
  },
});

// Ctrl-C reaches the whole process group; the server shuts down on its own and we follow it.
// A SIGTERM sent to this script alone is passed on.
const forward = (signal) => () => server.kill(signal);
process.on('SIGINT', () => {});
process.on('SIGTERM', forward('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
