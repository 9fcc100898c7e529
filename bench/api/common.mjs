// What the benchmarks share: the built API (its modules, users written straight into its
// database, its server started), a free port, autocannon with the envelope checked, and the
// table of results.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

/** The API's package directory. */
export const apiDir = fileURLToPath(new URL('../../api/', import.meta.url));

/** The URL of a module of the built API (`npm run build -w api`), to import. */
export const dist = (path) => new URL(`../../api/dist/src/${path}`, import.meta.url).href;

/** Ends the bench with the way out when the API is not built. */
export function requireBuiltApi() {
  if (!existsSync(join(apiDir, 'dist/src/main.js'))) {
    console.error('dist/src/main.js is missing: run `npm run build -w api` first.');
    process.exit(1);
  }
}

/**
 * `count` users (bench<i>@example.com) written straight into an open database, each with a
 * token: signing up through the API would meet its per-address limits.
 */
export async function seedUsers(db, count) {
  const { users } = await import(dist('db/schema.js'));
  const { TokenService } = await import(dist('auth/tokens.js'));
  const { systemClock } = await import(dist('auth/clock.js'));
  const { Changes } = await import(dist('changes.js'));
  const issuer = new TokenService(db, systemClock, new Changes(console), { cache: false });
  const tokens = [];
  for (let i = 0; i < count; i += 1) {
    const [user] = await db
      .insert(users)
      .values({ account: `bench${i}@example.com`, nickname: `Bench ${i}` })
      .returning({ id: users.id });
    tokens.push((await issuer.issue(db, user.id)).value);
  }
  return tokens;
}

/**
 * The built server on a free port of 127.0.0.1 with `env` over this process's (DATA_DIR at
 * least), once `/api/health` answers 200: its process and its origin.
 */
export async function startBuiltApi(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_API_NODE_ARGS: node options for the server alone, e.g. `--cpu-prof --cpu-prof-dir=DIR`
  // to see where its time goes under the bench's load (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(apiDir, 'dist/src/main.js')], {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SITE_DIR: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let started = performance.now(); ;) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > 60_000) {
      child.kill('SIGTERM');
      throw new Error('no 200 from /api/health in 60 s');
    }
    await sleep(50);
  }
  return { child, base };
}

/** The value below which `p` percent of `values` fall (nearest rank). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Stops a server of startBuiltApi and waits for its exit. */
export async function stopBuiltApi(child) {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export const DURATION = Number(process.env.BENCH_DURATION || 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);

/** A port nobody listens on right now. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** autocannon for DURATION seconds; a body whose envelope code is not 200 counts as a mismatch. */
export function load(title, options) {
  return autocannon({
    title,
    connections: CONNECTIONS,
    duration: DURATION,
    verifyBody: (body) => {
      try {
        return JSON.parse(body).code === 200;
      } catch {
        return false;
      }
    },
    ...options,
  });
}

/** Prints the load, the machine and one line per autocannon result. */
export function printResults(rows, loadBefore) {
  const table = [
    ['route', 'req/s (mean)', 'p50 ms', 'p99 ms', 'requests', 'errors', 'non-2xx', 'code≠200'],
    ...rows.map((r) => [
      r.title,
      r.requests.average.toFixed(1),
      String(r.latency.p50),
      String(r.latency.p99),
      String(r.requests.total),
      String(r.errors + r.timeouts),
      String(r.non2xx),
      String(r.mismatches),
    ]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const line = (row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s each, on 127.0.0.1; node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)} at the start\n`,
  );
  console.log(line(table[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table.slice(1)) console.log(line(row));
}

/** A process's resident memory (VmRSS) and its peak so far (VmHWM), in MB; Linux only. */
export function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024;
    return { rss: mb('VmRSS'), peak: mb('VmHWM') };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/**
 * Runs `measure` on a fresh PostgreSQL database made on the server `admin` names (an admin
 * connection string, BENCH_DATABASE_URL) and drops it after, whatever happened.
 */
export async function onFreshPostgres(admin, prefix, measure) {
  const name = `coinlens_bench_${prefix}_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  try {
    return await measure(url.href);
  } finally {
    await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await client.end();
  }
}

/**
 * Runs `measure(engine, database)` on the built API's database opened fresh on each engine: the
 * embedded PGlite, then PostgreSQL when `admin` (BENCH_DATABASE_URL) names a server. Each is
 * closed and thrown away after, whatever happened. The results, in that order.
 */
export async function onEachEngine(admin, prefix, measure) {
  const { openDatabase } = await import(dist('db/client.js'));
  const onFresh = async (engine, options) => {
    const dataDir = mkdtempSync(join(tmpdir(), `coinlens-bench-${prefix}-`));
    const database = await openDatabase(dataDir, options);
    try {
      return await measure(engine, database);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  const results = [await onFresh('PGlite', undefined)];
  if (admin) {
    results.push(
      await onFreshPostgres(admin, prefix, (databaseUrl) => onFresh('PostgreSQL', { databaseUrl })),
    );
  }
  return results;
}
