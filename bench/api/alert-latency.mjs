// From a price change to the in-app alert: BENCH_USERS (default 1,000) users, each with a tab
// (a socket) connected to the built server (bundled demo data; embedded PGlite, and PostgreSQL
// with pg-boss when BENCH_DATABASE_URL names a server, an admin connection string), each with an
// alert per round whose line the demo market crosses at a tick this bench foresees (the demo's
// prices are a function of the time). The time of an alert is from that tick's instant, when the
// figure changes, to the notice's arrival in the tab; median, p99 and the largest over every
// user and BENCH_ROUNDS (default 3) rounds, in which the alerts of all users fire at once. Not a
// test: the figures depend on the machine.
// Run `npm run build -w api`, then `npm run bench:alert-latency -w api` (`npm run bench` runs it too).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';
import {
  dist,
  memory,
  onFreshPostgres,
  percentile,
  requireBuiltApi,
  seedUsers,
  startBuiltApi,
  stopBuiltApi,
} from './common.mjs';
import { GOALS } from '../bench-lib.mjs';

const USERS = Number(process.env.BENCH_USERS || 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
/**
 * The first round's tick, in ticks from now: making the alerts through the API takes a few ticks
 * (about 15 ms each on PGlite), and each must be armed by an evaluation before its tick.
 */
const LEAD_TICKS = 3 + Math.ceil((USERS * ROUNDS * 15) / 10_000);
/** The goal: p99 under a second. */
const GOAL_MS = GOALS.alertP99Ms;

requireBuiltApi();
const { openDatabase } = await import(dist('db/client.js'));
const { createSnapshotProvider, TICK_MS } = await import(dist('market/snapshot.js'));
const { CoinCatalog } = await import(dist('market/catalog.js'));

// The demo market as the server will see it, at any tick.
let at = 0;
const market = createSnapshotProvider({ clock: { now: () => at } });
await market.start();
const priceAt = (slug, tick) => {
  at = tick * TICK_MS;
  return market.quote(slug).price;
};

/**
 * The coins whose price crosses a line at `target` and stays on one side of it from `from` until
 * then, each with that line: above the earlier prices and below the target's, or the other way.
 */
function crossings(from, target) {
  const found = [];
  for (const coin of market.coins()) {
    const before = [];
    for (let tick = from; tick < target; tick += 1) before.push(priceAt(coin.slug, tick));
    const after = priceAt(coin.slug, target);
    const high = Math.max(...before);
    const low = Math.min(...before);
    if (after > high)
      found.push({ slug: coin.slug, kind: 'priceAbove', value: (high + after) / 2 });
    else if (after < low)
      found.push({ slug: coin.slug, kind: 'priceBelow', value: (low + after) / 2 });
  }
  return found;
}

async function call(base, path, token, body) {
  const response = await fetch(`${base}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = await response.json();
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel(items, width, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * One engine's rounds: the latencies, the alerts heard per round and the server's memory. With
 * `databaseUrl` (a fresh database), PostgreSQL and pg-boss; else PGlite in a fresh directory.
 */
async function measure(databaseUrl) {
  // Users and their tokens, written straight into the database (signing up through the API
  // would meet its per-address limits), with the coins; the server then starts on it.
  const dataDir = mkdtempSync(join(tmpdir(), 'coinlens-bench-alert-latency-'));
  let tokens;
  /** The coins' ids, as the server will find them (it syncs the same list into the same rows). */
  const coinIds = new Map();
  {
    const database = await openDatabase(dataDir, { databaseUrl });
    const catalog = new CoinCatalog(database.db, market);
    await catalog.ready();
    for (const coin of catalog.all()) coinIds.set(coin.slug, coin.id);
    tokens = await seedUsers(database.db, USERS);
    await database.close();
  }

  const { child, base } = await startBuiltApi({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    DEMO_SOURCES: 'false',
  });

  const latencies = [];
  const rounds = [];
  let rssIdle;
  let rssAfter;
  const sockets = [];
  try {
    rssIdle = memory(child.pid).rss;

    // A tab per user, each noting when each alert of its user arrives.
    const arrivals = new Map();
    await inParallel(tokens, 50, async (token) => {
      const socket = io(base, { transports: ['websocket'], auth: { token }, reconnection: false });
      await new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      socket.on('alert', (notice) => {
        const now = Date.now();
        for (const event of notice.events)
          arrivals.set(event.id, { at: now, firedAt: event.firedAt });
      });
      sockets.push(socket);
    });

    // The rounds: ticks far enough ahead for every alert to be made and armed before its tick.
    const now = Math.floor(Date.now() / TICK_MS);
    const plans = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const target = now + LEAD_TICKS + 2 * round;
      const lines = crossings(now, target).filter((line) => coinIds.has(line.slug));
      if (lines.length === 0) throw new Error(`no coin crosses a line at tick ${target}`);
      plans.push({ target, lines });
    }
    const made = performance.now();
    await inParallel(
      tokens.flatMap((token, user) =>
        plans.map((plan) => ({ token, line: plan.lines[user % plan.lines.length] })),
      ),
      20,
      ({ token, line }) =>
        call(base, '/api/alert/add', token, {
          kind: line.kind,
          coinId: coinIds.get(line.slug),
          value: line.value,
          cooldownMinutes: 0,
        }),
    );
    if (Date.now() >= (now + LEAD_TICKS - 1) * TICK_MS) {
      const took = (performance.now() - made).toFixed(0);
      throw new Error(`making ${USERS * ROUNDS} alerts took ${took} ms: too long`);
    }

    const last = plans.at(-1).target;
    await sleep((last + 1) * TICK_MS + 5000 - Date.now());
    const events = [...arrivals.values()];
    for (const plan of plans) {
      const changedAt = plan.target * TICK_MS;
      const mine = events
        .filter((event) => event.firedAt === changedAt / 1000)
        .map((event) => event.at - changedAt);
      latencies.push(...mine);
      rounds.push({ coins: plan.lines.length, heard: mine.length });
    }
    rssAfter = memory(child.pid).rss;
  } finally {
    for (const socket of sockets) socket.disconnect();
    await stopBuiltApi(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { latencies, rounds, rssIdle, rssAfter };
}

const loadBefore = loadavg()[0];
const results = [['PGlite', await measure(null)]];
const admin = process.env.BENCH_DATABASE_URL;
if (admin) {
  results.push(['PostgreSQL', await onFreshPostgres(admin, 'latency', measure)]);
}
await market.stop();

const ms = (value) => `${value.toFixed(0)} ms`;
const json = process.argv.includes('--json');
// `--json`: the figures alone, for npm run bench (bench/bench.mjs) to put in its table.
if (json) {
  console.log(
    JSON.stringify({
      users: USERS,
      results: results.map(([engine, { latencies, rounds }]) => ({
        engine,
        medianMs: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        heard: rounds.reduce((sum, round) => sum + round.heard, 0),
        expected: USERS * rounds.length,
      })),
    }),
  );
} else
  console.log(`
${USERS} users with a tab open, ${ROUNDS} rounds in which every user's alert fires at the same tick; node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)} at the start
`);
for (const [engine, { latencies, rounds, rssIdle, rssAfter }] of results) {
  if (rounds.some((round) => round.heard !== USERS)) process.exitCode = 1;
  if (json) continue;
  const p99 = percentile(latencies, 99);
  console.log(`${engine}
  alerts heard per round   ${rounds.map((round) => `${round.heard} of ${USERS} (${round.coins} coins)`).join(', ')}
  price change to alert    median ${ms(percentile(latencies, 50))}   p99 ${ms(p99)}   max ${ms(Math.max(...latencies))}   (goal: p99 under ${ms(GOAL_MS)}: ${p99 < GOAL_MS ? 'met' : 'missed'})
  server RSS idle ${rssIdle.toFixed(1)} MB, after ${rssAfter.toFixed(1)} MB`);
}
