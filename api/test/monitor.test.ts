// Monitoring through HTTP against the real server with the bundled demo sources: the lifecycle
// on a clock the test moves, the lists and their filters, search and paging, the user's sources,
// detail, summary and transcript, and the monitoring envelope on every failure.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  ContentLine,
  ListPage,
  MonitorSource,
  MonitorSourceDetail,
  SourceSummary,
  UserMonitorSource,
} from '@coinlens/contract';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.js';
import { sourceLines, sources } from '../src/db/schema.js';
import { Changes } from '../src/changes.js';
import { CoinCatalog } from '../src/market/catalog.js';
import { createSnapshotProvider } from '../src/market/snapshot.js';
import { SourceLifecycle } from '../src/monitor/lifecycle.js';
import { MonitorService } from '../src/monitor/sources.js';
import { importSources } from '../src/monitor/store.js';
import { createExtractiveSummarizer } from '../src/monitor/summarizer.js';
import type { Summarizer } from '../src/monitor/types.js';
import {
  FixedClock,
  monitorCall,
  signedInUser,
  startApiServer,
  T0,
  type ApiTestServer,
} from './helpers/api.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';

let t: ApiTestServer;
let token: string;

before(async () => {
  t = await startApiServer();
  await t.server.app.lifecycle.tick();
  token = await signedInUser(t);
});

after(async () => {
  await t?.close();
});

type Page = ListPage<MonitorSource>;
const sourceList = (query = '') => monitorCall<Page>(t.url, `/api/monitor/source/list${query}`);

/** Every source with this status filter (all pages). */
async function everySource(status = ''): Promise<MonitorSource[]> {
  const all: MonitorSource[] = [];
  for (let page = 1; ; page += 1) {
    const res = await sourceList(`?status=${status}&size=100&page=${page}`);
    assert.equal(res.ok, true, res.msg);
    all.push(...res.data.records);
    if (!res.data.has_next) return all;
  }
}

const now = () => Math.floor(t.clock.now() / 1000);

describe('the demo sources after the first tick', () => {
  it('has events behind, under way and ahead, each status where the clock puts it', async () => {
    const all = await everySource();
    assert.ok(all.length >= 64, `${all.length} sources`);
    const count = (status: number) => all.filter((s) => s.status === status).length;
    assert.ok(count(1) >= 10, 'upcoming');
    assert.ok(count(2) >= 3, 'in progress');
    assert.ok(count(5) >= 30, 'completed');
    assert.ok(count(3) >= 4, 'ended without a transcript yet');
    assert.equal(count(4), 0, 'every transcript summarised in the first tick');
    assert.ok(count(6) >= 4 && count(7) >= 2, 'cancelled and invalid stay');
    for (const source of all) {
      if (source.status === 1) assert.ok(source.time > now(), `${source.id} should have started`);
      if (source.status === 5 || source.status === 2) assert.ok(source.time <= now());
      assert.match(source.logo, /^(https?:\/\/|\/api\/monitor\/logo\/)/);
    }
    // The newest first, which is what "all" is.
    const times = all.map((s) => s.time);
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
  });

  it('filters by status: 3 means every ended source; 1 lists the soonest first', async () => {
    const ended = await everySource('3');
    assert.ok(ended.length > 0);
    assert.deepEqual([...new Set(ended.map((s) => s.status))].sort(), [3, 5]);
    const upcoming = await sourceList('?status=1&size=4');
    assert.equal(upcoming.data.records.length, 4);
    const times = upcoming.data.records.map((s) => s.time);
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
    );
    const all = await everySource();
    const soonest = Math.min(...all.filter((s) => s.status === 1).map((s) => s.time));
    assert.equal(times[0], soonest);
    const completed = await everySource('5');
    assert.ok(completed.every((s) => s.status === 5));
  });

  it('searches title and author case-insensitively, with paging', async () => {
    const all = await everySource();
    const author = all[0]!.author;
    const word = author.split(' ')[0]!.toUpperCase();
    const res = await sourceList(`?searchName=${encodeURIComponent(` ${word} `)}&size=100`);
    assert.ok(res.data.records.some((s) => s.author === author));
    for (const source of res.data.records) {
      assert.ok(`${source.title} ${source.author}`.toLowerCase().includes(word.toLowerCase()));
    }
    const wildcard = await sourceList('?searchName=%25');
    assert.equal(wildcard.data.total, 0, 'a % is searched for literally');
    const page2 = await sourceList('?size=5&page=2');
    assert.deepEqual(
      page2.data.records.map((s) => s.id),
      all.slice(5, 10).map((s) => s.id),
    );
    const far = await sourceList('?page=1000000');
    assert.deepEqual([far.ok, far.data.records.length, far.data.has_next], [true, 0, false]);
  });

  it('answers bad input with the monitoring envelope and the contract code', async () => {
    for (const [query, status, code] of [
      ['?status=9', 400, 400],
      ['?status=abc', 400, 400],
      ['?page=0', 200, 422],
      ['?size=101', 200, 422],
      ['?size=0', 200, 422],
      ['?page=x', 400, 400],
      [`?searchName=${'a'.repeat(101)}`, 200, 422],
    ] as const) {
      const res = await sourceList(query);
      assert.deepEqual([res.status, res.ok, res.code], [status, false, code], query);
      assert.ok(res.msg.length > 5);
    }
    const missing = await monitorCall(t.url, '/api/monitor/source/detail?sourceId=99999999');
    assert.deepEqual([missing.status, missing.ok, missing.code], [200, false, 404]);
    const zh = await monitorCall(t.url, '/api/monitor/source/detail?sourceId=99999999', {
      language: 'pt-br',
    });
    assert.match(zh.msg, /fonte/);
    const malformed = await monitorCall(t.url, '/api/monitor/source/detail?sourceId=abc');
    assert.deepEqual([malformed.status, malformed.ok, malformed.code], [400, false, 400]);
  });
});

describe('GET /api/monitor/source/hot', () => {
  it('lists the completed sources of the last 7 days with the most heat first', async () => {
    const hot = await monitorCall<MonitorSource[]>(t.url, '/api/monitor/source/hot?size=3');
    assert.equal(hot.ok, true, hot.msg);
    assert.equal(hot.data.length, 3);
    const week = now() - 7 * 86_400;
    const candidates = (await everySource('5')).filter((s) => s.time >= week);
    const expected = [...candidates].sort((a, b) => b.heat - a.heat || b.id - a.id).slice(0, 3);
    assert.deepEqual(
      hot.data.map((s) => s.id),
      expected.map((s) => s.id),
    );
    const refused = await monitorCall(t.url, '/api/monitor/source/hot?size=21');
    assert.deepEqual([refused.ok, refused.code], [false, 422]);
  });
});

describe('one source', () => {
  it('has a detail, a summary naming coins, and its transcript in pages', async () => {
    const [completed] = await everySource('5');
    const detail = await monitorCall<MonitorSourceDetail>(
      t.url,
      `/api/monitor/source/detail?sourceId=${completed!.id}`,
    );
    assert.equal(detail.ok, true);
    assert.equal(detail.data.demo, true);
    assert.ok(detail.data.startedAt! <= now() && detail.data.endedAt! <= now());
    assert.ok(['space', 'ama', 'podcast', 'devcall'].includes(detail.data.kind));

    const summary = await monitorCall<SourceSummary>(
      t.url,
      `/api/monitor/source/summary?sourceId=${completed!.id}`,
    );
    assert.equal(summary.ok, true, summary.msg);
    assert.ok(summary.data.summary.length > 20);
    assert.ok(summary.data.keyPoints.length >= 1);
    assert.equal(summary.data.language, detail.data.language);

    // The built-in summarizer picks whole sentences: each key point is in the line it links to.
    const all = await monitorCall<ListPage<ContentLine>>(
      t.url,
      `/api/monitor/source/content?sourceId=${completed!.id}&size=100`,
    );
    const byId = new Map(all.data.records.map((line) => [line.id, line]));
    assert.equal(summary.data.keyPointSources.length, summary.data.keyPoints.length);
    summary.data.keyPoints.forEach((point, index) => {
      const source = summary.data.keyPointSources[index];
      assert.ok(source, `key point ${index} has a line`);
      const line = byId.get(source.lineId);
      assert.ok(line?.text.includes(point), `${point} in line ${source.lineId}`);
      assert.equal(source.offsetSec, line?.offsetSec);
    });

    const first = await monitorCall<ListPage<ContentLine>>(
      t.url,
      `/api/monitor/source/content?sourceId=${completed!.id}&size=5`,
    );
    assert.equal(first.data.records.length, 5);
    assert.ok(first.data.total >= 10);
    const second = await monitorCall<ListPage<ContentLine>>(
      t.url,
      `/api/monitor/source/content?sourceId=${completed!.id}&size=5&page=2`,
    );
    assert.ok(second.data.records[0]!.offsetSec >= first.data.records[4]!.offsetSec);
    assert.notEqual(second.data.records[0]!.id, first.data.records[4]!.id);
  });

  it('shows nothing of an upcoming event, the lines spoken so far of a live one', async () => {
    const [upcoming] = (await sourceList('?status=1&size=1')).data.records;
    const none = await monitorCall<ListPage<ContentLine>>(
      t.url,
      `/api/monitor/source/content?sourceId=${upcoming!.id}`,
    );
    assert.deepEqual([none.ok, none.data.total], [true, 0]);
    const noSummary = await monitorCall(
      t.url,
      `/api/monitor/source/summary?sourceId=${upcoming!.id}`,
    );
    assert.deepEqual([noSummary.ok, noSummary.code], [false, 404]);

    const [live] = (await sourceList('?status=2&size=1')).data.records;
    const lines = await monitorCall<ListPage<ContentLine>>(
      t.url,
      `/api/monitor/source/content?sourceId=${live!.id}&size=100`,
    );
    const elapsed = now() - live!.time;
    assert.ok(lines.data.total >= 1, 'the first lines are in');
    assert.ok(lines.data.records.every((line) => line.offsetSec <= elapsed));
  });
});

describe("the user's sources", () => {
  it('needs a signed-in user', async () => {
    for (const path of [
      '/api/monitor/user/source/list',
      '/api/monitor/user/source/add?sourceIds=1',
      '/api/monitor/user/source/mark?sourceId=1',
      '/api/monitor/user/source/delete?sourceId=1',
    ]) {
      const res = await monitorCall(t.url, path);
      assert.deepEqual([res.status, res.ok, res.code], [401, false, 401], path);
    }
  });

  it('adds 1 to 5, marks read, removes; refuses unknown ids and bad lists', async () => {
    const completed = await everySource('5');
    const [a, b, c] = completed.map((s) => s.id);
    const added = await monitorCall<MonitorSource[]>(
      t.url,
      `/api/monitor/user/source/add?sourceIds=${a},${b},${a}`,
      { token },
    );
    assert.equal(added.ok, true, added.msg);
    assert.deepEqual(
      added.data.map((s) => s.id),
      [a, b],
    );
    for (const [ids, status, code] of [
      ['1,2,3,4,5,6', 200, 422],
      [`${c},99999999`, 200, 404],
      ['a', 400, 400],
      ['', 400, 400],
    ] as const) {
      const res = await monitorCall(t.url, `/api/monitor/user/source/add?sourceIds=${ids}`, {
        token,
      });
      assert.deepEqual([res.status, res.ok, res.code], [status, false, code], ids);
    }

    const listed = await monitorCall<ListPage<UserMonitorSource>>(
      t.url,
      '/api/monitor/user/source/list',
      { token },
    );
    assert.deepEqual(
      listed.data.records.map((s) => [s.id, s.unread]),
      [
        [a, true],
        [b, true],
      ],
      'nothing refused was added; the first of a call first',
    );
    assert.equal(listed.data.size, 30);

    const marked = await monitorCall(t.url, `/api/monitor/user/source/mark?sourceId=${a}`, {
      token,
    });
    assert.deepEqual([marked.ok, marked.data], [true, null]);
    const afterMark = await monitorCall<ListPage<UserMonitorSource>>(
      t.url,
      '/api/monitor/user/source/list',
      { token },
    );
    assert.deepEqual(
      afterMark.data.records.map((s) => s.unread),
      [false, true],
    );
    const notFollowed = await monitorCall(t.url, `/api/monitor/user/source/mark?sourceId=${c}`, {
      token,
    });
    assert.deepEqual([notFollowed.ok, notFollowed.code], [false, 404]);

    const removed = await monitorCall(t.url, `/api/monitor/user/source/delete?sourceId=${a}`, {
      token,
    });
    assert.equal(removed.ok, true);
    const filtered = await monitorCall<ListPage<UserMonitorSource>>(
      t.url,
      '/api/monitor/user/source/list?status=1',
      { token },
    );
    assert.equal(filtered.data.total, 0);
    const rest = await monitorCall<ListPage<UserMonitorSource>>(
      t.url,
      '/api/monitor/user/source/list?status=3',
      { token },
    );
    assert.deepEqual(
      rest.data.records.map((s) => s.id),
      [b],
    );
  });

  it('serves monograms for sources without a logo', async () => {
    const [source] = (await sourceList('?size=1')).data.records;
    const res = await fetch(`${t.url}${source!.logo}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    assert.match(await res.text(), /^<svg/);
  });
});

describe("the user's list as time goes by", () => {
  it('flags a live source unread again when its next line is spoken, and shows it end', async () => {
    const user = await signedInUser(t);
    const [live] = (await sourceList('?status=2&size=1')).data.records;
    const listOf = async () => {
      const res = await monitorCall<ListPage<UserMonitorSource>>(
        t.url,
        '/api/monitor/user/source/list',
        { token: user },
      );
      assert.equal(res.ok, true, res.msg);
      return res.data.records.map((s) => [s.id, s.status, s.unread]);
    };
    await monitorCall(t.url, `/api/monitor/user/source/add?sourceIds=${live!.id}`, {
      token: user,
    });
    await monitorCall(t.url, `/api/monitor/user/source/mark?sourceId=${live!.id}`, {
      token: user,
    });
    assert.deepEqual(await listOf(), [[live!.id, 2, false]]);

    // No write in between: only the clock says that more has been spoken.
    t.clock.advance(10 * 60_000);
    assert.deepEqual(await listOf(), [[live!.id, 2, true]]);

    // Past its end, but not yet moved on: every line is spoken, so nothing changes with time.
    t.clock.advance(24 * 60 * 60_000);
    assert.deepEqual(await listOf(), [[live!.id, 2, true]]);
    await t.server.app.lifecycle.tick();
    const [[, status]] = (await listOf()) as [[number, number, boolean]];
    assert.ok(status >= 3, `the ended source still says ${status}`);
  });
});

// On a database of its own, so that rows can be changed under the service as a migration or a
// transcript edit would leave them.
describe('where the key points of a summary came from', () => {
  const silent = { info() {}, warn() {}, error() {} };
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let service: MonitorService;
  let lifecycle: SourceLifecycle;
  const clock = new FixedClock(T0);
  /** The next summary's line per key point, when a test replaces the built-in summarizer's. */
  let replaceLines: ((lines: (number | null)[]) => (number | null)[]) | null = null;
  const extractive = createExtractiveSummarizer();
  const summarizer: Summarizer = {
    async summarize(input) {
      const result = await extractive.summarize(input);
      return replaceLines
        ? { ...result, keyPointLines: replaceLines(result.keyPointLines) }
        : result;
    },
  };

  const transcript = [
    { speaker: 'Host', text: 'Welcome to the weekly call.', offsetSec: 0 },
    { speaker: 'Guest', text: 'Bitcoin ETF flows were strong this week.', offsetSec: 600 },
    { speaker: 'Guest', text: 'ETH staking yields fell while Solana fees rose.', offsetSec: 4000 },
    { speaker: 'Host', text: 'Thanks everyone, see you next week.', offsetSec: 4200 },
  ];

  before(async () => {
    database = await testDatabase();
    handle = await database.open();
    const provider = createSnapshotProvider({ clock });
    await provider.start();
    const catalog = new CoinCatalog(handle.db, provider);
    await catalog.ready();
    lifecycle = new SourceLifecycle({ db: handle.db, clock, summarizer, catalog, log: silent });
    service = new MonitorService(handle.db, catalog, clock, new Changes(silent), { cache: false });
  });

  after(async () => {
    await handle?.close();
    await database?.cleanup();
  });

  /** A call held two hours ago, as an import gives it, with `lines` as its transcript. */
  const weeklyCall = (externalId: string, lines: typeof transcript) => ({
    externalId,
    kind: 'devcall' as const,
    author: 'Test Host',
    logo: null,
    title: 'A weekly call',
    description: '',
    link: 'https://example.com/call',
    language: 'en' as const,
    time: Math.floor(clock.now() / 1000) - 2 * 3600,
    durationMinutes: 90,
    status: null,
    heat: 0,
    participants: [],
    tags: [],
    repeatEveryDays: null,
    transcript: lines,
  });

  /** A call held two hours ago with `transcript`, summarised; answers its id. */
  async function summarised(externalId: string): Promise<number> {
    await importSources(handle.db, [weeklyCall(externalId, transcript)], {
      demo: false,
      now: new Date(clock.now()),
    });
    await lifecycle.tick();
    const [row] = await handle.db.select().from(sources).where(eq(sources.externalId, externalId));
    assert.equal(row?.status, 5, 'summarised');
    return row.id;
  }

  async function linesOf(sourceId: number) {
    return handle.db
      .select()
      .from(sourceLines)
      .where(eq(sourceLines.sourceId, sourceId))
      .orderBy(sourceLines.seq);
  }

  it('answers the line and its time for each key point, kept by the line number', async () => {
    const id = await summarised('kp-lines');
    const summary = await service.summary(id);
    const lines = await linesOf(id);
    // So short a transcript gives every line as a key point, each from its own line.
    assert.deepEqual(
      summary.keyPoints,
      transcript.map((line) => line.text),
    );
    assert.deepEqual(
      summary.keyPointSources,
      lines.map((line) => ({ lineId: line.id, offsetSec: line.offsetSec })),
    );
    const [row] = await handle.db.select().from(sources).where(eq(sources.id, id));
    assert.deepEqual(row?.keyPointLines, [1, 2, 3, 4]);
  });

  it('answers null for a summary written before the lines were kept', async () => {
    const id = await summarised('kp-old');
    await handle.db.update(sources).set({ keyPointLines: null }).where(eq(sources.id, id));
    assert.deepEqual((await service.summary(id)).keyPointSources, [null, null, null, null]);
  });

  it('answers null for a line that is gone, and for key points past the lines stored', async () => {
    const id = await summarised('kp-gone');
    await handle.db
      .delete(sourceLines)
      .where(sql`${sourceLines.sourceId} = ${id} and ${sourceLines.seq} = 2`);
    const [first, third, fourth] = await linesOf(id);
    assert.deepEqual((await service.summary(id)).keyPointSources, [
      { lineId: first!.id, offsetSec: 0 },
      null,
      { lineId: third!.id, offsetSec: 4000 },
      { lineId: fourth!.id, offsetSec: 4200 },
    ]);
    await handle.db
      .update(sources)
      .set({ keyPointLines: [3] })
      .where(eq(sources.id, id));
    assert.deepEqual((await service.summary(id)).keyPointSources, [
      { lineId: third!.id, offsetSec: 4000 },
      null,
      null,
      null,
    ]);
  });

  it('stores null where the summarizer did not know the line, or named one out of range', async () => {
    replaceLines = (lines) => lines.map((_, index) => (index === 0 ? 99 : null));
    try {
      const id = await summarised('kp-unknown');
      const [row] = await handle.db.select().from(sources).where(eq(sources.id, id));
      assert.deepEqual(row?.keyPointLines, [null, null, null, null]);
      assert.deepEqual((await service.summary(id)).keyPointSources, [null, null, null, null]);
    } finally {
      replaceLines = null;
    }
  });

  it('forgets the lines with the summary when the transcript changes', async () => {
    const id = await summarised('kp-reimport');
    await importSources(handle.db, [weeklyCall('kp-reimport', transcript.slice(1))], {
      demo: false,
      now: new Date(clock.now()),
    });
    const [row] = await handle.db.select().from(sources).where(eq(sources.id, id));
    assert.equal(row?.keyPointLines, null);
    await lifecycle.tick();
    const lines = await linesOf(id);
    assert.deepEqual(
      (await service.summary(id)).keyPointSources,
      lines.map((line) => ({ lineId: line.id, offsetSec: line.offsetSec })),
    );
  });
});
