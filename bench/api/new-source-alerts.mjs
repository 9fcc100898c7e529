// Alerts on every new source: what an evaluation of BENCH_ALERTS (default 1,000) such alerts
// costs when BENCH_SOURCES (default 200) sources of BENCH_LINES (default 300) transcript lines
// arrive at once, on the embedded PGlite and, when BENCH_DATABASE_URL names a PostgreSQL server
// (an admin connection string, as TEST_DATABASE_URL is), on PostgreSQL. Each alert has a keyword
// of its own; a tenth of them are said by some of the sources. The first evaluation reads every
// source for every keyword; the next two (10 s and 2 minutes later) find the same sources within
// the minute of overlap before each alert's last read, and take what they said from memory. Not
// a test: the figures depend on the machine.
// Run `npm run build -w api`, then `npm run bench:new-source-alerts -w api`.
import { cpus, loadavg } from 'node:os';
import { dist, onEachEngine, requireBuiltApi } from './common.mjs';

const ALERTS = Number(process.env.BENCH_ALERTS || 1000);
const SOURCES = Number(process.env.BENCH_SOURCES || 200);
const LINES = Number(process.env.BENCH_LINES || 300);
const PER_USER = 20;
const MINUTE = 60_000;

requireBuiltApi();
const { users, alerts } = await import(dist('db/schema.js'));
const { importSources } = await import(dist('monitor/store.js'));
const { AlertEvaluator } = await import(dist('alerts/evaluate.js'));

const WORDS = [
  'bitcoin',
  'ether',
  'solana',
  'liquidity',
  'bridge',
  'mainnet',
  'validator',
  'oracle',
  'stablecoin',
  'treasury',
  'governance',
  'rollup',
  'sequencer',
  'custody',
];

/** Each alert's keyword: a word and a number, said by a source for one alert in ten. */
const keywordOf = (i) => `${WORDS[i % WORDS.length]} ${i}`;

function sourcesArriving(nowSeconds) {
  return Array.from({ length: SOURCES }, (_, s) => ({
    externalId: `bench-new-source-${s}`,
    kind: 'podcast',
    author: 'Bench',
    logo: null,
    title: `Episode ${s}`,
    description: '',
    link: `https://example.com/episodes/${s}`,
    language: 'en',
    time: nowSeconds - 3600,
    durationMinutes: 30,
    status: null,
    heat: 0,
    participants: [],
    tags: [],
    repeatEveryDays: null,
    transcript: Array.from({ length: LINES }, (_, k) => ({
      speaker: 'Host',
      // One line of every source names one alert's keyword, for a tenth of the alerts in all.
      text:
        k === 0
          ? `Today: ${keywordOf((s * 10) % ALERTS)} and more.`
          : `Line ${k} on ${WORDS[(s + k) % WORDS.length]} and ${WORDS[(s * 7 + k) % WORDS.length]} as funds rotate this week.`,
      offsetSec: k * 10,
    })),
  }));
}

async function measure(engine, database) {
  const { db } = database;
  let now = Date.now();
  const evaluator = new AlertEvaluator(db, null, null, { now: () => now });
  const userIds = [];
  for (let i = 0; i * PER_USER < ALERTS; i += 1) {
    const [user] = await db
      .insert(users)
      .values({ account: `bench.new-sources${i}@example.com`, nickname: `Bench ${i}` })
      .returning({ id: users.id });
    userIds.push(user.id);
  }
  const made = new Date(now - MINUTE);
  const rows = Array.from({ length: ALERTS }, (_, i) => ({
    userId: userIds[Math.floor(i / PER_USER)],
    kind: 'newSourceKeyword',
    keyword: keywordOf(i),
    cooldownMinutes: 0,
    armed: true,
    listensFrom: made,
    createdAt: made,
    updatedAt: made,
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(alerts).values(rows.slice(i, i + 1000));
  await importSources(db, sourcesArriving(Math.floor(now / 1000)), {
    demo: false,
    now: new Date(now),
  });

  const timed = async () => {
    const started = performance.now();
    const fired = await evaluator.evaluateNewSources();
    return { ms: performance.now() - started, fired: fired.length };
  };
  const first = await timed();
  now += 10_000;
  const overlap = await timed();
  now += 2 * MINUTE;
  const quiet = await timed();
  return { engine, first, overlap, quiet };
}

const loadBefore = loadavg()[0];
const results = await onEachEngine(process.env.BENCH_DATABASE_URL, 'new_sources', measure);

const ms = (value) => `${value.toFixed(0)} ms`;
console.log(`
${ALERTS} alerts on every new source (${PER_USER} per user), ${SOURCES} sources of ${LINES} lines arriving at once; node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)} at the start
`);
for (const { engine, first, overlap, quiet } of results) {
  console.log(
    `${engine.padEnd(11)} first evaluation ${ms(first.ms)} (fired ${first.fired})   10 s later ${ms(overlap.ms)} (fired ${overlap.fired})   2 min later ${ms(quiet.ms)} (fired ${quiet.fired})`,
  );
}
