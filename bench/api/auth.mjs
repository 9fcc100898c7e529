// Sign-in throughput of the built server: cold start, memory, and autocannon against
// POST /api/auth/login/dologin (right password) and GET /api/user (bearer token). Not a test:
// the figures depend on the machine. Run `npm run build -w api`, then `npm run bench -w api`.
// BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 50) change the load.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort, load, memory, printResults } from './common.mjs';

const ACCOUNT = 'bench@example.com';
const PASSWORD = 'a bench mark password';

const apiDir = fileURLToPath(new URL('../../api/', import.meta.url));
const main = join(apiDir, 'dist/src/main.js');
if (!existsSync(main)) {
  console.error(`${main} is missing: run \`npm run build -w api\` first.`);
  process.exit(1);
}
const { OUTBOX_FILE } = await import(
  new URL('../../api/dist/src/mail/index.js', import.meta.url).href
);

async function post(base, path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** Registers ACCOUNT with the code the server writes to the outbox; answers its token. */
async function register(base, dataDir) {
  const sent = await post(base, '/api/auth/base/sendMessage', { account: ACCOUNT, type: 4 });
  if (sent.code !== 200) throw new Error(`sendMessage answered ${sent.code} ${sent.msg}`);
  const mail = readFileSync(join(dataDir, OUTBOX_FILE), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line))
    .findLast((line) => line.to === ACCOUNT && line.type === 4);
  const res = await post(base, '/api/auth/login/register', {
    account: ACCOUNT,
    passwd: PASSWORD,
    captcha: mail.code,
  });
  if (res.code !== 200) throw new Error(`register answered ${res.code} ${res.msg}`);
  return res.data.tokenInfo.tokenValue;
}

const dataDir = mkdtempSync(join(tmpdir(), 'coinlens-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const loadBefore = loadavg()[0];
const started = performance.now();
const child = spawn(process.execPath, [main], {
  cwd: apiDir,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The embedded PGlite in the fresh directory, and mail to its outbox.
    DATABASE_URL: '',
    SMTP_URL: '',
    SITE_DIR: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((resolve) =>
  child.once('exit', (code, signal) => resolve({ code, signal })),
);

async function waitForHealth() {
  let stopped = false;
  exited.then(() => (stopped = true));
  while (performance.now() - started < 60_000) {
    if (stopped) throw new Error('the server exited before answering /api/health');
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await sleep(10);
  }
  throw new Error('no 200 from /api/health within 60 s');
}

/**
 * Waits until the server has worked off what the last run left queued (autocannon stops sending,
 * but up to CONNECTIONS requests are still in the server), so the next run starts on an idle server.
 */
async function settle() {
  const until = performance.now() + 30_000;
  while (performance.now() < until) {
    const asked = performance.now();
    await fetch(`${base}/api/health`);
    if (performance.now() - asked < 50) return;
    await sleep(100);
  }
}

const rows = [];
const figures = {};
try {
  figures.startMs = await waitForHealth();
  figures.afterStart = memory(child.pid);
  const token = await register(base, dataDir);

  const login = await load('POST /api/auth/login/dologin', {
    url: `${base}/api/auth/login/dologin`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: ACCOUNT, passwd: PASSWORD }),
  });
  figures.afterLogin = memory(child.pid);
  await settle();
  const user = await load('GET /api/user', {
    url: `${base}/api/user`,
    headers: { authorization: `Bearer ${token}` },
  });
  figures.afterUser = memory(child.pid);
  rows.push(login, user);
} finally {
  const stopping = performance.now();
  child.kill('SIGTERM');
  const { code, signal } = await exited;
  figures.stopMs = performance.now() - stopping;
  figures.exit = signal ?? code;
  rmSync(dataDir, { recursive: true, force: true });
}

printResults(rows, loadBefore);
const mb = (value) => `${value.toFixed(1)} MB`;

console.log(`
cold start (spawn to first 200 from /api/health)  ${figures.startMs.toFixed(0)} ms
RSS after start                                   ${mb(figures.afterStart.rss)}
RSS after the sign-in run                         ${mb(figures.afterLogin.rss)}
RSS after the /api/user run                       ${mb(figures.afterUser.rss)}
peak RSS (VmHWM)                                  ${mb(figures.afterUser.peak)}
stopped by SIGTERM in                             ${figures.stopMs.toFixed(0)} ms (exit ${figures.exit})

Sign-in runs scrypt (N = 2^15, memory-hard, about 100 ms of CPU a hash) on every request by
design, so its throughput is bounded by cores / 0.1 s (${cpus().length} cores: about ${cpus().length * 10} a second);
/api/user only looks up a hashed token.`);
