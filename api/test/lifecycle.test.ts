// The source lifecycle on a clock the test moves, the import of good and bad files (through the
// store and through the `npm run import` command), and summaries that fail and are retried.
// Both engines: the lifecycle's ticks and imports write in transactions, one with raw SQL.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { asc, count, eq } from 'drizzle-orm';
import { runImport } from '../src/cli/import.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { sourceCoins, sourceLines, sources } from '../src/db/schema.js';
import { CoinCatalog } from '../src/market/catalog.js';
import { createSnapshotProvider } from '../src/market/snapshot.js';
import { ImportFormatError, parseImportFile } from '../src/monitor/importFormat.js';
import { SourceLifecycle, summaryRetryDelayMs } from '../src/monitor/lifecycle.js';
import { STATUS } from '../src/monitor/sources.js';
import { importSources } from '../src/monitor/store.js';
import { createExtractiveSummarizer } from '../src/monitor/summarizer.js';
import type { Summarizer } from '../src/monitor/types.js';
import { FixedClock, T0 } from './helpers/api.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const silent = { info() {}, warn() {}, error() {} };

let database: TestDatabase;
let handle: DatabaseHandle;
let clock: FixedClock;
let catalog: CoinCatalog;
/** What the summarizer does next: the real extractive one unless a test breaks it. */
let summarizerFails = false;
const extractive = createExtractiveSummarizer();
const summarizer: Summarizer = {
  async summarize(input) {
    if (summarizerFails) throw new Error('the assistant is down');
    return extractive.summarize(input);
  },
};
let lifecycle: SourceLifecycle;

before(async () => {
  database = await testDatabase();
  handle = await database.open();
  clock = new FixedClock(T0);
  const provider = createSnapshotProvider({ clock });
  await provider.start();
  catalog = new CoinCatalog(handle.db, provider);
  await catalog.ready();
  lifecycle = new SourceLifecycle({ db: handle.db, clock, summarizer, catalog, log: silent });
});

after(async () => {
  await handle?.close();
  await database?.cleanup();
});

beforeEach(async () => {
  await handle.db.delete(sources);
  clock.set(T0);
  summarizerFails = false;
});

const transcript = [
  { speaker: 'Host', text: 'Welcome to the weekly call about Bitcoin and Ethereum.', offsetSec: 0 },
  { speaker: 'Guest', text: 'Bitcoin ETF flows were strong this week.', offsetSec: 600 },
  { speaker: 'Guest', text: 'ETH staking yields fell while Solana fees rose.', offsetSec: 1200 },
  { speaker: 'Host', text: 'Thanks everyone, see you next week.', offsetSec: 1700 },
];

function file(sourcesJson: object[]): string {
  return JSON.stringify({ sources: sourcesJson }, null, 2);
}

const base = {
  externalId: 'test-call',
  kind: 'devcall',
  author: 'Test Host',
  title: 'A weekly call',
  link: 'https://example.com/call',
  durationMinutes: 30,
};

async function importText(text: string) {
  const list = parseImportFile(text, { nowSec: Math.floor(clock.now() / 1000) });
  return importSources(handle.db, list, { demo: false, now: new Date(clock.now()) });
}

async function row(externalId = 'test-call') {
  const [found] = await handle.db.select().from(sources).where(eq(sources.externalId, externalId));
  assert.ok(found, externalId);
  return found;
}

describe('the lifecycle', () => {
  it('moves a source from UnStarted to Completed as its times pass', async () => {
    await importText(file([{ ...base, startsInHours: 1, transcript }]));
    assert.equal((await row()).status, STATUS.unStarted);
    await lifecycle.tick();
    assert.equal((await row()).status, STATUS.unStarted, 'not yet');

    clock.advance(HOUR);
    let report = await lifecycle.tick();
    assert.equal(report.started, 1);
    const live = await row();
    assert.equal(live.status, STATUS.inProgress);
    assert.equal(live.startedAt?.getTime(), T0 + HOUR);

    clock.advance(30 * MINUTE);
    report = await lifecycle.tick();
    assert.deepEqual([report.ended, report.parsing, report.completed], [1, 1, 1]);
    const done = await row();
    assert.equal(done.status, STATUS.completed);
    assert.equal(done.endedAt?.getTime(), T0 + HOUR + 30 * MINUTE);
    assert.equal(done.summaryEngine, 'extractive');
    assert.ok(done.summary && done.summary.length > 10);
    const coins = await handle.db
      .select({ coinId: sourceCoins.coinId })
      .from(sourceCoins)
      .where(eq(sourceCoins.sourceId, done.id))
      .orderBy(asc(sourceCoins.position));
    const symbols = coins.map(({ coinId }) => catalog.get(coinId)?.symbol);
    assert.deepEqual([...symbols].sort(), ['BTC', 'ETH', 'SOL']);
  });

  it('waits in Finished without a transcript, and parses once an import brings it', async () => {
    await importText(file([{ ...base, startsInHours: -2 }]));
    await lifecycle.tick();
    assert.equal((await row()).status, STATUS.finished);
    await importText(file([{ ...base, startsInHours: -2, transcript }]));
    await lifecycle.tick();
    assert.equal((await row()).status, STATUS.completed);
  });

  it('leaves Cancelled and Invalid alone', async () => {
    await importText(
      file([
        { ...base, externalId: 'c', startsInHours: -5, status: 'cancelled', transcript },
        { ...base, externalId: 'i', startsInHours: 1, status: 'invalid' },
      ]),
    );
    clock.advance(DAY);
    await lifecycle.tick();
    assert.equal((await row('c')).status, STATUS.cancelled);
    assert.equal((await row('i')).status, STATUS.invalid);
  });

  it('keeps a failed summary in Parsing and retries it later', async () => {
    await importText(file([{ ...base, startsInHours: -1, transcript }]));
    summarizerFails = true;
    const report = await lifecycle.tick();
    assert.equal(report.failed, 1);
    const waiting = await row();
    assert.equal(waiting.status, STATUS.parsing);
    assert.equal(waiting.summaryFailures, 1);
    assert.equal(waiting.summaryRetryAt?.getTime(), T0 + summaryRetryDelayMs(1));

    summarizerFails = false;
    assert.equal((await lifecycle.tick()).completed, 0, 'not before the retry time');
    clock.advance(summaryRetryDelayMs(1));
    assert.equal((await lifecycle.tick()).completed, 1);
    assert.equal((await row()).summaryFailures, 0);
    assert.deepEqual([summaryRetryDelayMs(2), summaryRetryDelayMs(20)], [2 * MINUTE, HOUR]);
  });

  it('schedules the next event of a weekly series, catching up after a long stop', async () => {
    await importText(file([{ ...base, startsInHours: 1, repeatEveryDays: 7, transcript }]));
    clock.advance(HOUR);
    await lifecycle.tick();
    let all = await handle.db.select().from(sources).orderBy(asc(sources.scheduledAt));
    assert.equal(all.length, 2);
    assert.equal(all[1]!.status, STATUS.unStarted);
    assert.equal(all[1]!.scheduledAt.getTime(), T0 + HOUR + 7 * DAY);

    // Three weeks later: the missed events run their course, and one is ahead again.
    clock.advance(21 * DAY);
    await lifecycle.tick();
    all = await handle.db.select().from(sources).orderBy(asc(sources.scheduledAt));
    assert.equal(all.length, 5);
    assert.deepEqual(
      all.map((s) => s.status),
      [STATUS.completed, STATUS.finished, STATUS.finished, STATUS.inProgress, STATUS.unStarted],
    );
    // Imported (not demo) series do not replay a transcript: each waits for its own.
    const [lines] = await handle.db
      .select({ value: count() })
      .from(sourceLines)
      .where(eq(sourceLines.sourceId, all[1]!.id));
    assert.equal(lines?.value, 0);
    assert.equal(new Set(all.map((s) => s.externalId)).size, 5);
  });
});

describe('imports', () => {
  it('updates by externalId instead of adding copies; a changed transcript is summarised again', async () => {
    const first = await importText(file([{ ...base, startsInHours: -1, transcript }]));
    assert.deepEqual(first, { added: 1, updated: 0, transcripts: 1 });
    await lifecycle.tick();
    assert.equal((await row()).status, STATUS.completed);

    const same = await importText(file([{ ...base, startsInHours: -1, transcript }]));
    assert.deepEqual(same, { added: 0, updated: 1, transcripts: 0 });
    assert.equal((await row()).status, STATUS.completed, 'the same transcript changes nothing');

    const changed = transcript.map((line, i) =>
      i === 1 ? { ...line, text: 'Litecoin too.' } : line,
    );
    await importText(file([{ ...base, startsInHours: -1, title: 'Renamed', transcript: changed }]));
    const again = await row();
    assert.deepEqual(
      [again.status, again.title, again.summary],
      [STATUS.finished, 'Renamed', null],
    );
    await lifecycle.tick();
    assert.equal((await row()).status, STATUS.completed);
  });

  it('refuses a bad file as a whole, saying where and why', async () => {
    await importText(file([{ ...base, startsInHours: 1 }]));
    const bad = file([
      { ...base, externalId: 'new-one', startsInHours: 2 },
      { ...base, externalId: 'broken', startsInHours: 3, link: 'not a url' },
    ]);
    assert.throws(
      () => parseImportFile(bad, { nowSec: 0 }),
      (error: unknown) =>
        error instanceof ImportFormatError && error.line > 1 && /link/.test(error.message),
    );
    const [total] = await handle.db.select({ value: count() }).from(sources);
    assert.equal(total?.value, 1);
  });
});

describe('npm run import', () => {
  let dir: string;
  const output: string[] = [];
  const io = { out: (line: string) => output.push(line), err: (line: string) => output.push(line) };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'coinlens-import-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(() => {
    output.length = 0;
  });

  // PGlite only: the command opens the data directory itself (PostgreSQL is the same code).
  const env = () => ({ ...process.env, INIT_CWD: dir, DATA_DIR: 'data', DATABASE_URL: '' });

  it('imports a good file into the data directory, and again without copies', async () => {
    writeFileSync(
      join(dir, 'good.json'),
      file([{ ...base, time: '2026-12-01T10:00:00Z', transcript }]),
    );
    assert.equal(await runImport(['good.json'], env(), io), 0, output.join('\n'));
    assert.match(output.join('\n'), /imported 1 sources \(1 added, 0 updated/);
    output.length = 0;
    assert.equal(await runImport(['good.json'], env(), io), 0);
    assert.match(output.join('\n'), /0 added, 1 updated/);
  });

  it('refuses a bad file with the line and reason, writing nothing', async () => {
    writeFileSync(join(dir, 'bad.json'), '{\n  "sources": [\n    { "externalId": "x" }\n  ]\n}\n');
    assert.equal(await runImport(['bad.json'], env(), io), 1);
    assert.match(output.join('\n'), /line 3, column \d+: sources\[0\]/);
    assert.match(output.join('\n'), /Nothing was imported/);
    output.length = 0;
    assert.equal(await runImport(['--dry-run', 'good.json'], env(), io), 0);
    assert.match(output.join('\n'), /valid, 1 sources/);
    assert.equal(await runImport([], env(), io), 2);
    assert.equal(await runImport(['missing.json'], env(), io), 1);
  });
});
