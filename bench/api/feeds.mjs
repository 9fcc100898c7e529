// Feed ingestion: how fast the feed reader (api/src/feeds/poller.ts, the real FeedPoller over
// the real database) turns a feed's items into monitored sources, and what reading a 50 MB feed
// costs in memory. A local server serves feeds generated from a seed (bench-lib.mjs): an RSS feed
// of 200 articles of a few KB (a full read: the poller reads at most 200 items of a feed), and a
// podcast of 20 episodes, each with a WebVTT transcript (the most one read fetches). Each round
// reads a feed the database has not seen, so every item is written; the rounds alternate between
// the two, after a round of each that is not counted (the JIT, the database's caches). On PGlite
// and, when BENCH_DATABASE_URL names a PostgreSQL server (an admin connection string), on a fresh
// database of it too.
//
// The 50 MB feed (BENCH_FEED_MB) is read by a child process of its own (`--big`), so that its
// memory is the read's alone: the peak RSS is the kernel's high-water mark (VmHWM, reset just
// before the read), the peak heap the larger of V8's heap before each collection during the read
// and samples every 10 ms. The parse runs in one synchronous stretch in which no timer fires:
// sampling alone would miss its peak. Not a test: the figures depend on the machine.
// Run `npm run build -w api`, then `node bench/api/feeds.mjs` (`npm run bench` runs it too).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GCProfiler } from 'node:v8';
import { dist, onFreshPostgres, requireBuiltApi } from './common.mjs';
import { medianAndRange, rssFeed, rssFeedChunks, vttTranscript } from '../bench-lib.mjs';

const ROUNDS = Number(process.env.BENCH_FEED_ROUNDS || 5);
const ARTICLES = { items: 200, bodyChars: 3000 };
const PODCAST = { items: 20, bodyChars: 1000, cues: 360 };
const BIG_BYTES = Number(process.env.BENCH_FEED_MB || 50) * 1e6;
/** The big feed's items: about 5 KB each, so 50 MB holds some 10,000, as a long-running podcast's. */
const BIG_BODY_CHARS = 4000;
/** The poller's limit for the big feed, above it: the default (5 MiB) refuses it. */
const BIG_MAX_BYTES = 2 * BIG_BYTES;
const SAMPLE_MS = 10;

requireBuiltApi();
const { openDatabase } = await import(dist('db/client.js'));
const { FeedPoller, MAX_ITEMS_PER_READ } = await import(dist('feeds/poller.js'));
const { FetchGuard } = await import(dist('net/guard.js'));
const { systemClock } = await import(dist('auth/clock.js'));

const mb = (bytes) => bytes / 1024 / 1024;

/**
 * A FeedPoller over `db` that may reach the bench's server on 127.0.0.1 (the guard refuses
 * private addresses otherwise), and a list of what it logged as going wrong.
 */
function pollerOver(db, options = {}) {
  const warnings = [];
  const guard = new FetchGuard({ allowPrivate: false, allowAddresses: ['127.0.0.1'] });
  const note = (fields, message) => warnings.push(`${message} ${JSON.stringify(fields)}`);
  const log = { info() {}, warn: note, error: note };
  return { poller: new FeedPoller({ db, guard, clock: systemClock, log, ...options }), warnings };
}

/** Makes `url` the only feed, due now, and reads it: the report and the time the read took. */
async function readFeed({ poller, warnings }, url, expected) {
  await poller.sync([url]);
  const started = performance.now();
  const [report] = await poller.run();
  const ms = performance.now() - started;
  if (report?.outcome !== 'read' || report.added !== expected || warnings.length > 0) {
    throw new Error(
      `${url}: ${report ? `${report.outcome}, ${report.added} of ${expected} added, ${report.error ?? 'no error'}` : 'not read'}${warnings.length ? `; ${warnings.join('; ')}` : ''}`,
    );
  }
  return { report, ms };
}

// `--big URL [DATABASE_URL]`: the child that reads the big feed and prints its figures.
if (process.argv[2] === '--big') {
  const [url, databaseUrl] = process.argv.slice(3);
  const dataDir = mkdtempSync(join(tmpdir(), 'coinlens-bench-feeds-big-'));
  const database = await openDatabase(dataDir, { databaseUrl });
  try {
    const reader = pollerOver(database.db, { maxBytes: BIG_MAX_BYTES, timeoutMs: 600_000 });
    await reader.poller.sync([url]);
    globalThis.gc();
    const before = process.memoryUsage();
    const kernelPeak = resetPeakRss();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const sample = () => {
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    };
    const profiler = new GCProfiler();
    profiler.start();
    const timer = setInterval(sample, SAMPLE_MS);
    const { report, ms } = await readFeed(reader, url, MAX_ITEMS_PER_READ);
    clearInterval(timer);
    sample();
    for (const collection of profiler.stop().statistics) {
      peakHeap = Math.max(peakHeap, collection.beforeGC.heapStatistics.usedHeapSize);
    }
    console.log(
      JSON.stringify({
        ms,
        added: report.added,
        rssBeforeMb: mb(before.rss),
        peakRssMb: kernelPeak ? kernelPeak() : mb(peakRss),
        peakRssFrom: kernelPeak ? 'VmHWM' : 'samples',
        heapBeforeMb: mb(before.heapUsed),
        peakHeapMb: mb(peakHeap),
      }),
    );
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

/**
 * Resets the kernel's record of this process's peak RSS (Linux: `5` to /proc/self/clear_refs)
 * and answers a function that reads it, in MB; null where that cannot be done.
 */
function resetPeakRss() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    const read = () =>
      Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
    read();
    return read;
  } catch {
    return null;
  }
}

// The feeds, made once: every round serves the same text at an address of its own.
const articlesXml = rssFeed(ARTICLES);
const transcripts = Array.from({ length: PODCAST.items }, (_, index) =>
  vttTranscript(index, PODCAST.cues),
);
const podcastXml = (base, round) =>
  rssFeed({ ...PODCAST, transcript: (index) => `${base}/podcast/${round}/${index}.vtt` });
// Made before it is read, so that the read's time is not the making's: the parent holds it, the
// child reads it.
const bigChunks = [...rssFeedChunks({ bytes: BIG_BYTES, bodyChars: BIG_BODY_CHARS })].map((chunk) =>
  Buffer.from(chunk),
);
const big = {
  bytes: bigChunks.reduce((sum, chunk) => sum + chunk.length, 0),
  // The head and the tail are a chunk each.
  items: bigChunks.length - 2,
};

const rssType = { 'content-type': 'application/rss+xml; charset=utf-8' };
const server = createServer((request, response) => {
  const path = request.url ?? '/';
  let match;
  if (/^\/articles\/\w+\.xml$/.test(path)) response.writeHead(200, rssType).end(articlesXml);
  else if ((match = /^\/podcast\/(\w+)\.xml$/.exec(path))) {
    response.writeHead(200, rssType).end(podcastXml(origin, match[1]));
  } else if ((match = /^\/podcast\/\w+\/(\d+)\.vtt$/.exec(path))) {
    response.writeHead(200, { 'content-type': 'text/vtt' }).end(transcripts[Number(match[1])]);
  } else if (path === '/big.xml') void serveBig(response);
  else response.writeHead(404).end();
});

/** The big feed, in its pieces, with the socket's back-pressure. */
async function serveBig(response) {
  response.writeHead(200, { ...rssType, 'content-length': big.bytes });
  for (const chunk of bigChunks) {
    if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
  }
  response.end();
}

await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const execFileAsync = promisify(execFile);

/** One engine's figures: the rounds' items/s of each feed, and the big feed's read. */
async function measure(engine, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'coinlens-bench-feeds-'));
  const database = await openDatabase(dataDir, { databaseUrl });
  const articles = [];
  const podcast = [];
  try {
    const reader = pollerOver(database.db);
    for (let round = 0; round <= ROUNDS; round += 1) {
      // The warm-up first, then the feeds take turns at going first.
      const order = round % 2 === 0 ? ['articles', 'podcast'] : ['podcast', 'articles'];
      for (const feed of order) {
        const items = feed === 'articles' ? ARTICLES.items : PODCAST.items;
        const { ms } = await readFeed(reader, `${origin}/${feed}/${engine}${round}.xml`, items);
        if (round > 0) (feed === 'articles' ? articles : podcast).push(items / (ms / 1000));
      }
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      '--expose-gc',
      fileURLToPath(import.meta.url),
      '--big',
      `${origin}/big.xml`,
      ...(databaseUrl ? [databaseUrl] : []),
    ],
    { maxBuffer: 1024 * 1024, timeout: 15 * 60_000 },
  );
  const read = JSON.parse(stdout.trim().split('\n').at(-1));
  return { engine, articles: { rates: articles }, podcast: { rates: podcast }, big: read };
}

const loadBefore = loadavg()[0];
const results = [];
try {
  results.push(await measure('PGlite', null));
  const admin = process.env.BENCH_DATABASE_URL;
  if (admin) {
    results.push(await onFreshPostgres(admin, 'feeds', (url) => measure('PostgreSQL', url)));
  }
} finally {
  server.closeAllConnections();
  server.close();
}

const figures = {
  articles: {
    items: ARTICLES.items,
    itemKb: Buffer.byteLength(articlesXml) / ARTICLES.items / 1024,
  },
  podcast: { items: PODCAST.items, cues: PODCAST.cues },
  big: { ...big, written: MAX_ITEMS_PER_READ },
  results,
};
// `--json`: the figures alone, for npm run bench (bench/bench.mjs) to put in its table.
if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
else {
  console.log(`
${ROUNDS} rounds of each feed after a warm-up; node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)} at the start
`);
  for (const { engine, articles, podcast, big: read } of results) {
    const mbText = (value) => `${Math.round(value)} MB`;
    console.log(`${engine}
  RSS, ${ARTICLES.items} articles of ${figures.articles.itemKb.toFixed(1)} KB   ${medianAndRange(articles.rates, 'items/s')} (median, range; rounds: ${articles.rates.map((rate) => rate.toFixed(1)).join(', ')})
  podcast, ${PODCAST.items} episodes with transcripts   ${medianAndRange(podcast.rates, 'items/s')} (median, range; rounds: ${podcast.rates.map((rate) => rate.toFixed(1)).join(', ')})
  ${(figures.big.bytes / 1e6).toFixed(1)} MB RSS of ${figures.big.items} items   ${(read.ms / 1000).toFixed(1)} s, ${read.added} written; RSS ${mbText(read.rssBeforeMb)} before, peak ${mbText(read.peakRssMb)} (${read.peakRssFrom}); heap ${mbText(read.heapBeforeMb)} before, peak ${mbText(read.peakHeapMb)}`);
  }
}
