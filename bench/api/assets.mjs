// Asset-list and market-list throughput of the built server (bundled demo data, embedded PGlite)
// beside a bare Fastify route in the same run: autocannon against GET /bare, GET /api/asset/list
// (the first page), a search and a later page, GET /api/market/list (the market overview's first
// page of 50, and sorted by the 24 h change), then the market list against the asset list, both
// 20 coins a page, in alternating rounds, so that both go through the same busy and quiet moments
// of the machine. Not a test: the figures depend on the machine. Run
// `npm run build -w api`, then `npm run bench:assets -w api`. BENCH_DURATION (seconds, default
// 10), BENCH_CONNECTIONS (default 50) and BENCH_ROUNDS (alternating rounds, default 10) change
// the load.
import { fork, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { DURATION, freePort, load as loadWith, printResults } from './common.mjs';

const apiDir = fileURLToPath(new URL('../../api/', import.meta.url));
const main = join(apiDir, 'dist/src/main.js');
if (!existsSync(main)) {
  console.error(`${main} is missing: run \`npm run build -w api\` first.`);
  process.exit(1);
}

async function waitFor(url, child) {
  let stopped = false;
  child.once('exit', () => (stopped = true));
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    if (stopped) throw new Error(`the process for ${url} exited before answering`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  throw new Error(`no 200 from ${url} within 60 s`);
}

const load = (title, url) => loadWith(title, { url });
const ROUNDS = Number(process.env.BENCH_ROUNDS || 10);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const dataDir = mkdtempSync(join(tmpdir(), 'coinlens-bench-'));
const [apiPort, barePort] = [await freePort(), await freePort()];
const api = `http://127.0.0.1:${apiPort}`;
const bare = `http://127.0.0.1:${barePort}`;
const loadBefore = loadavg()[0];

const apiChild = spawn(process.execPath, [main], {
  cwd: apiDir,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SITE_DIR: '',
    MARKET_PROVIDER: 'snapshot',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const bareChild = fork(fileURLToPath(new URL('bare-server.mjs', import.meta.url)), {
  env: { ...process.env, PORT: String(barePort) },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});

const rows = [];
/** Per round: [asset list, market list] requests/s. */
const rounds = [];
try {
  await waitFor(`${api}/api/health`, apiChild);
  await waitFor(`${bare}/bare`, bareChild);
  // Warm both up (JIT, the provider's histories) before measuring.
  for (const url of [
    `${bare}/bare`,
    `${api}/api/asset/list`,
    `${api}/api/asset/list?keyword=bit`,
    `${api}/api/market/list`,
    `${api}/api/market/list?sort=change24h`,
  ]) {
    for (let i = 0; i < 200; i += 1) await fetch(url).then((res) => res.arrayBuffer());
  }
  rows.push(await load('GET /bare (bare Fastify)', `${bare}/bare`));
  rows.push(await load('GET /api/asset/list', `${api}/api/asset/list`));
  rows.push(await load('GET /api/asset/list?keyword=bit', `${api}/api/asset/list?keyword=bit`));
  rows.push(
    await load('GET /api/asset/list?page=5&size=40', `${api}/api/asset/list?page=5&size=40`),
  );
  rows.push(await load('GET /api/market/list', `${api}/api/market/list`));
  rows.push(
    await load('GET /api/market/list?sort=change24h', `${api}/api/market/list?sort=change24h`),
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    // Which goes first alternates too.
    const pair = [
      ['asset', `${api}/api/asset/list`],
      // The asset list's page size, so that both answers carry the same coins.
      ['market', `${api}/api/market/list?size=20`],
    ];
    if (round % 2 === 1) pair.reverse();
    const measured = {};
    for (const [name, url] of pair) {
      measured[name] = (await load(`round ${round + 1}: ${name}`, url)).requests.average;
    }
    rounds.push([measured.asset, measured.market]);
  }
} finally {
  apiChild.kill('SIGTERM');
  bareChild.kill('SIGTERM');
  await Promise.all(
    [apiChild, bareChild].map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode !== null ? resolve() : child.once('exit', resolve),
        ),
    ),
  );
  rmSync(dataDir, { recursive: true, force: true });
}

printResults(rows, loadBefore);
const [yardstick, first] = rows;
console.log(
  `\nthe first page of the asset list runs at ${((100 * first.requests.average) / yardstick.requests.average).toFixed(0)} % of the bare route`,
);
if (rounds.length > 0) {
  console.log(`\n${rounds.length} alternating rounds of ${DURATION} s, requests/s (mean):`);
  rounds.forEach(([asset, market], i) =>
    console.log(
      `  round ${String(i + 1).padStart(2)}: asset list ${asset.toFixed(0)}, market list ${market.toFixed(0)} (${((100 * market) / asset).toFixed(0)} %)`,
    ),
  );
  const ratios = rounds.map(([asset, market]) => market / asset);
  console.log(
    `median: asset list ${median(rounds.map((r) => r[0])).toFixed(0)}, market list ${median(rounds.map((r) => r[1])).toFixed(0)}; the market list runs at ${(100 * median(ratios)).toFixed(0)} % of the asset list (median of the rounds' ratios, ${(100 * Math.min(...ratios)).toFixed(0)} to ${(100 * Math.max(...ratios)).toFixed(0)} %)`,
  );
}
