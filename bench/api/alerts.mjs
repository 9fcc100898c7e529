// Alerts: what one evaluation of BENCH_ALERTS (default 10,000) alerts costs, on the embedded
// PGlite and, when BENCH_DATABASE_URL names a PostgreSQL server (an admin connection string, as
// TEST_DATABASE_URL is), on PostgreSQL. The alerts belong to users of 20 each (the per-user
// limit), on the bundled demo coins, with lines near the figures so that some fire at every tick;
// a movable clock steps the demo market one refresh (10 s) per tick. Not a test: the figures
// depend on the machine.
// Run `npm run build -w api`, then `npm run bench:alerts -w api` (`npm run bench` runs it too).
import { cpus, loadavg } from 'node:os';
import { dist, onEachEngine, percentile, requireBuiltApi } from './common.mjs';

const ALERTS = Number(process.env.BENCH_ALERTS || 10_000);
const TICKS = Number(process.env.BENCH_TICKS || 10);
const PER_USER = 20;

requireBuiltApi();
const { users, alerts } = await import(dist('db/schema.js'));
const { createSnapshotProvider, TICK_MS } = await import(dist('market/snapshot.js'));
const { CoinCatalog } = await import(dist('market/catalog.js'));
const { ReportService } = await import(dist('market/reports.js'));
const { AlertEvaluator } = await import(dist('alerts/evaluate.js'));

/** A deterministic stream of numbers in [0, 1), so that runs compare. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The alerts' kinds, as often as a user might make them. */
const KINDS = [
  ...Array(8).fill('priceAbove'),
  ...Array(8).fill('priceBelow'),
  'move24h',
  'move24h',
  'rsiOverbought',
  'sma50CrossUp',
];

async function measure(engine, database) {
  const { db } = database;
  let now = Math.ceil(Date.now() / TICK_MS) * TICK_MS;
  const clock = { now: () => now };
  const provider = createSnapshotProvider({ clock });
  await provider.start();
  const catalog = new CoinCatalog(db, provider);
  await catalog.ready();
  const reports = new ReportService(catalog, clock, async () => []);
  const evaluator = new AlertEvaluator(db, catalog, reports, clock);

  const coins = catalog.all();
  const next = random(45);
  const userIds = [];
  for (let i = 0; i * PER_USER < ALERTS; i += 1) {
    const [user] = await db
      .insert(users)
      .values({ account: `bench.alerts${i}@example.com`, nickname: `Bench ${i}` })
      .returning({ id: users.id });
    userIds.push(user.id);
  }
  const rows = [];
  for (let i = 0; i < ALERTS; i += 1) {
    const coin = coins[Math.floor(next() * coins.length)];
    const coinId = coin.id;
    const price = provider.quote(coin.slug).price;
    const kind = KINDS[Math.floor(next() * KINDS.length)];
    // Lines within 0.3 % of the price: the demo's moves cross some of them at every tick.
    const line =
      kind === 'priceAbove'
        ? price * (1 + next() * 0.003)
        : kind === 'priceBelow'
          ? price * (1 - next() * 0.003)
          : kind === 'move24h'
            ? 1 + next() * 9
            : null;
    rows.push({
      userId: userIds[Math.floor(i / PER_USER)],
      kind,
      coinId,
      line,
      cooldownMinutes: 0,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  }
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(alerts).values(rows.slice(i, i + 1000));

  const ticks = [];
  for (let tick = 0; tick <= TICKS; tick += 1) {
    const started = performance.now();
    const fired = await evaluator.evaluate();
    ticks.push({ ms: performance.now() - started, fired: fired.length });
    now += TICK_MS;
  }
  await provider.stop();
  const [first, ...steady] = ticks;
  const times = steady.map((tick) => tick.ms);
  const fired = steady.map((tick) => tick.fired);
  return {
    engine,
    first: first.ms,
    median: percentile(times, 50),
    max: Math.max(...times),
    fired: percentile(fired, 50),
    firedMax: Math.max(...fired),
  };
}

const loadBefore = loadavg()[0];
const results = await onEachEngine(process.env.BENCH_DATABASE_URL, 'alerts', measure);

const ms = (value) => `${value.toFixed(0)} ms`;
// `--json`: the figures alone, for npm run bench (bench/bench.mjs) to put in its table.
if (process.argv.includes('--json')) console.log(JSON.stringify({ alerts: ALERTS, results }));
else
  console.log(`
${ALERTS} alerts (${PER_USER} per user), ${TICKS} ticks of the demo market after the first; node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)} at the start
`);
for (const result of process.argv.includes('--json') ? [] : results) {
  console.log(
    `${result.engine.padEnd(11)} first tick ${ms(result.first)} (every alert finds its side)   a tick: median ${ms(result.median)}, max ${ms(result.max)}   fired a tick: median ${result.fired}, max ${result.firedMax}`,
  );
}
