// Alerts through HTTP against the real server: made, changed, paused and deleted with every
// refusal, the limit of 20, and their evaluation (src/alerts/evaluate.ts) on a market whose price
// the test steers: one firing per crossing with the figure, provider and as-of time that fired
// it, none on a stale figure, one when two evaluations race, and the source alerts on the demo
// sources' events. The rules themselves are checked on tables in alert-rules.test.ts.
// Both engines: the limit is held in a transaction and a firing is a compare-and-set of the
// alert's state, which only PostgreSQL runs truly at once with another.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  ALERT_SOCKET_EVENT,
  MAX_ALERTS,
  SERVER_MESSAGES,
  type Alert,
  type AlertEventPage,
  type AlertList,
  type AlertNotice,
  type ListPage,
  type MonitorSource,
} from '@coinlens/contract';
import { call } from './helpers/auth.js';
import { ChatSockets, connected } from './helpers/chat.js';
import { steeredMarket } from './helpers/market.js';
import {
  FixedClock,
  monitorCall,
  signedInUser,
  startApiServer,
  T0,
  type ApiTestServer,
} from './helpers/api.js';

const clock = new FixedClock(T0);
const market = steeredMarket(clock);
let t: ApiTestServer;
let bitcoinId: number;

before(async () => {
  t = await startApiServer({ clock, market: market.provider, demoSources: true });
  const found = await call<ListPage<{ id: number }>>(t.url, '/api/asset/list?keyword=BTC&size=1');
  bitcoinId = found.data.records[0]!.id;
});

after(async () => {
  await t?.close();
});

const add = (token: string, body: Record<string, unknown>, language?: string) =>
  call<Alert>(t.url, '/api/alert/add', { token, body, ...(language ? { language } : {}) });
const listOf = (token: string) => call<AlertList>(t.url, '/api/alert/list', { token });
const eventsOf = (token: string, query = '') =>
  call<AlertEventPage>(t.url, `/api/alert/events${query}`, { token });
const evaluate = () => t.server.app.alertEvaluator.evaluate();

describe('making alerts', () => {
  it('makes, lists, changes, pauses and deletes an alert, only for its user', async () => {
    const token = await signedInUser(t);
    const made = await add(token, { kind: 'priceAbove', coinId: bitcoinId, value: 150_000 });
    assert.equal(made.code, 200, made.msg);
    assert.deepEqual(
      {
        kind: made.data.kind,
        value: made.data.value,
        cooldownMinutes: made.data.cooldownMinutes,
        paused: made.data.paused,
        state: made.data.state,
        subject: [made.data.subject?.kind, made.data.subject?.id, made.data.subject?.symbol],
      },
      {
        kind: 'priceAbove',
        value: 150_000,
        cooldownMinutes: 60,
        paused: false,
        state: 'waiting',
        subject: ['coin', bitcoinId, 'BTC'],
      },
    );
    const second = await add(token, {
      kind: 'rsiOverbought',
      coinId: bitcoinId,
      cooldownMinutes: 0,
    });
    assert.equal(second.code, 200, second.msg);
    const listed = await listOf(token);
    assert.deepEqual(
      listed.data.records.map((alert) => alert.id),
      [second.data.id, made.data.id],
    );
    assert.equal(listed.data.limit, MAX_ALERTS);

    const changed = await call<Alert>(t.url, '/api/alert/modify', {
      token,
      body: { id: made.data.id, value: 140_000, paused: true, cooldownMinutes: 15 },
    });
    assert.equal(changed.code, 200, changed.msg);
    assert.deepEqual(
      [changed.data.value, changed.data.paused, changed.data.cooldownMinutes],
      [140_000, true, 15],
    );

    const stranger = await signedInUser(t);
    for (const [path, body] of [
      ['/api/alert/modify', { id: made.data.id, paused: false }],
      ['/api/alert/delete', { id: made.data.id }],
    ] as const) {
      const refused = await call(t.url, path, { token: stranger, body });
      assert.equal(refused.code, 404, path);
      assert.equal(refused.msg, SERVER_MESSAGES.alertNotFound.en);
    }
    assert.deepEqual((await listOf(stranger)).data.records, []);

    const deleted = await call(t.url, '/api/alert/delete', { token, body: { id: made.data.id } });
    assert.equal(deleted.code, 200);
    assert.deepEqual(
      (await listOf(token)).data.records.map((alert) => alert.id),
      [second.data.id],
    );
    assert.equal(
      (await call(t.url, '/api/alert/delete', { token, body: { id: made.data.id } })).code,
      404,
    );
  });

  it('refuses each bad alert with its reason, in the user’s language', async () => {
    const token = await signedInUser(t);
    const cases: [Record<string, unknown>, number, keyof typeof SERVER_MESSAGES][] = [
      [{ kind: 'priceAbove', value: 1 }, 422, 'alertSubject'],
      [{ kind: 'priceAbove', coinId: bitcoinId, sourceId: 1, value: 1 }, 422, 'alertSubject'],
      [{ kind: 'sourceLive', coinId: bitcoinId }, 422, 'alertSubject'],
      [{ kind: 'priceAbove', coinId: bitcoinId }, 422, 'alertPrice'],
      [{ kind: 'priceBelow', coinId: bitcoinId, value: 0 }, 422, 'alertPrice'],
      [{ kind: 'priceBelow', coinId: bitcoinId, value: -5 }, 422, 'alertPrice'],
      [{ kind: 'move24h', coinId: bitcoinId, value: 1001 }, 422, 'alertMove'],
      [{ kind: 'move24h', coinId: bitcoinId, value: 0 }, 422, 'alertMove'],
      [{ kind: 'rsiOversold', coinId: bitcoinId, value: 30 }, 422, 'alertNoValue'],
      [{ kind: 'priceAbove', coinId: bitcoinId, value: 5, keyword: 'eth' }, 422, 'alertNoValue'],
      [
        { kind: 'priceAbove', coinId: bitcoinId, value: 5, cooldownMinutes: -1 },
        422,
        'alertCooldown',
      ],
      [
        { kind: 'priceAbove', coinId: bitcoinId, value: 5, cooldownMinutes: 10_081 },
        422,
        'alertCooldown',
      ],
      [{ kind: 'priceAbove', coinId: 999_999, value: 5 }, 404, 'coinNotFound'],
      [{ kind: 'sourceKeyword', sourceId: 999_999, keyword: 'eth' }, 404, 'sourceNotFound'],
    ];
    for (const [body, code, key] of cases) {
      for (const language of ['en', 'zh', 'pt-br'] as const) {
        const refused = await add(token, body, language);
        assert.equal(refused.code, code, JSON.stringify(body));
        assert.equal(refused.msg, SERVER_MESSAGES[key][language], JSON.stringify(body));
      }
    }
    const unknownKind = await add(token, { kind: 'priceSideways', coinId: bitcoinId });
    assert.equal(unknownKind.status, 400);
    assert.deepEqual((await listOf(token)).data.records, [], 'nothing was made');
  });

  it('refuses a 21st alert, and lets one of two made at once past the 19th', async () => {
    const token = await signedInUser(t);
    for (let i = 1; i < MAX_ALERTS; i += 1) {
      const made = await add(token, { kind: 'priceAbove', coinId: bitcoinId, value: 100_000 + i });
      assert.equal(made.code, 200, made.msg);
    }
    const both = await Promise.all([
      add(token, { kind: 'priceBelow', coinId: bitcoinId, value: 10 }),
      add(token, { kind: 'priceBelow', coinId: bitcoinId, value: 20 }),
    ]);
    assert.deepEqual(both.map((answer) => answer.code).sort(), [200, 422]);
    assert.equal(both.find((answer) => answer.code === 422)!.msg, SERVER_MESSAGES.alertLimit.en);
    assert.equal((await listOf(token)).data.records.length, MAX_ALERTS);
  });
});

describe('evaluating alerts', () => {
  let token: string;

  beforeEach(async () => {
    token = await signedInUser(t);
    market.setStale(false);
    market.setPrice('bitcoin', 60_000);
  });

  it('fires once per crossing, with the figure, its provider and its time, and re-arms past the margin', async () => {
    const made = await add(token, {
      kind: 'priceAbove',
      coinId: bitcoinId,
      value: 61_000,
      cooldownMinutes: 0,
    });
    await evaluate();
    assert.equal((await listOf(token)).data.records[0]!.state, 'armed');

    market.setPrice('bitcoin', 61_250);
    const fired = await evaluate();
    assert.deepEqual(
      fired.filter((one) => one.alertId === made.data.id).map((one) => one.kind),
      ['priceAbove'],
    );
    // Still past the line, and just under it (within 0.5 %): nothing more.
    market.setPrice('bitcoin', 62_000);
    await evaluate();
    market.setPrice('bitcoin', 60_900);
    await evaluate();
    market.setPrice('bitcoin', 61_100);
    await evaluate();

    const events = await eventsOf(token);
    assert.equal(events.code, 200, events.msg);
    assert.equal(events.data.total, 1);
    assert.equal(events.data.unread, 1);
    const [event] = events.data.records;
    const status = t.server.app.catalog.provider.status();
    assert.deepEqual(
      {
        alertId: event!.alertId,
        kind: event!.kind,
        line: event!.line,
        figure: event!.figure,
        source: event!.source,
        asOf: event!.asOf,
        firedAt: event!.firedAt,
        read: event!.read,
        subject: event!.subject.name,
      },
      {
        alertId: made.data.id,
        kind: 'priceAbove',
        line: 61_000,
        figure: 61_250,
        source: 'demo',
        asOf: status.asOfSec,
        firedAt: Math.floor(clock.now() / 1000),
        read: false,
        subject: 'Bitcoin',
      },
    );
    assert.equal((await listOf(token)).data.records[0]!.state, 'spent');

    // Back 0.5 % under the line re-arms it; the next crossing fires again.
    market.setPrice('bitcoin', 60_600);
    await evaluate();
    market.setPrice('bitcoin', 61_000);
    await evaluate();
    assert.equal((await eventsOf(token)).data.total, 2);
  });

  it('fires nothing on a stale figure, and the crossing once the figures are fresh', async () => {
    await add(token, { kind: 'priceBelow', coinId: bitcoinId, value: 59_000 });
    await evaluate();
    market.setStale(true);
    market.setPrice('bitcoin', 58_000);
    assert.deepEqual(await evaluate(), []);
    assert.equal((await eventsOf(token)).data.total, 0);
    market.setStale(false);
    await evaluate();
    assert.equal((await eventsOf(token)).data.total, 1);
  });

  it('writes one firing when two evaluations of the same crossing run at once', async () => {
    const made = await add(token, { kind: 'priceAbove', coinId: bitcoinId, value: 60_500 });
    await evaluate();
    market.setPrice('bitcoin', 61_000);
    const both = (await Promise.all([evaluate(), evaluate()])).flat();
    assert.equal(both.filter((one) => one.alertId === made.data.id).length, 1);
    assert.equal((await eventsOf(token)).data.total, 1);
  });

  it('does not fire a paused alert, nor one made past its line', async () => {
    const paused = await add(token, { kind: 'priceBelow', coinId: bitcoinId, value: 59_500 });
    await call(t.url, '/api/alert/modify', { token, body: { id: paused.data.id, paused: true } });
    await add(token, { kind: 'priceAbove', coinId: bitcoinId, value: 50_000 });
    await evaluate();
    market.setPrice('bitcoin', 59_000);
    await evaluate();
    assert.equal((await eventsOf(token)).data.total, 0);
  });

  it('marks fired alerts read, those named or all, and keeps the history of a deleted alert', async () => {
    const made = await add(token, {
      kind: 'priceAbove',
      coinId: bitcoinId,
      value: 60_100,
      cooldownMinutes: 0,
    });
    await evaluate();
    for (const price of [60_200, 59_700, 60_300]) {
      market.setPrice('bitcoin', price);
      await evaluate();
    }
    const before = await eventsOf(token);
    assert.deepEqual([before.data.total, before.data.unread], [2, 2]);
    const newest = before.data.records[0]!.id;
    const read = await call<{ unread: number }>(t.url, '/api/alert/read', {
      token,
      body: { ids: [newest] },
    });
    assert.equal(read.data.unread, 1);
    assert.deepEqual(
      (await eventsOf(token, '?unread=true')).data.records.map((event) => event.read),
      [false],
    );
    const other = await signedInUser(t);
    assert.equal(
      (await call<{ unread: number }>(t.url, '/api/alert/read', { token: other, body: {} })).data
        .unread,
      0,
    );
    assert.equal((await eventsOf(token)).data.unread, 1, 'another user marks none of these');
    assert.equal((await call(t.url, '/api/alert/read', { token, body: { ids: [] } })).code, 422);
    await call(t.url, '/api/alert/read', { token, body: {} });
    await call(t.url, '/api/alert/delete', { token, body: { id: made.data.id } });
    const after = await eventsOf(token);
    assert.deepEqual(
      after.data.records.map((event) => [event.alertId, event.read]),
      [
        [null, true],
        [null, true],
      ],
    );
  });
});

describe('alerts on sources', () => {
  it('fires when a keyword is said, a source goes live and its summary is out, once each', async () => {
    const token = await signedInUser(t);
    // The demo's sources, moved to where they are at the clock.
    await t.server.app.lifecycle.tick();
    const sourcesIn = async (status: number) =>
      (
        await monitorCall<ListPage<MonitorSource>>(
          t.url,
          `/api/monitor/source/list?status=${status}&page=1&size=50`,
          { token },
        )
      ).data.records;
    const [upcoming] = await sourcesIn(1);
    const [live] = await sourcesIn(2);
    assert.ok(upcoming && live, 'the demo has an upcoming and a live source');

    const refused = await add(token, { kind: 'sourceLive', sourceId: live.id });
    assert.equal(refused.msg, SERVER_MESSAGES.alertSourceStarted.en);
    const goesLive = await add(token, { kind: 'sourceLive', sourceId: upcoming.id });
    assert.equal(goesLive.code, 200, goesLive.msg);
    assert.equal(goesLive.data.state, 'armed');
    assert.equal(goesLive.data.subject?.name, upcoming.title);

    const content = await monitorCall<ListPage<{ text: string }>>(
      t.url,
      `/api/monitor/source/content?sourceId=${live.id}&page=1&size=5`,
      { token },
    );
    const word = content.data.records[0]!.text.split(/\s+/).find((w) => w.length >= 5)!;
    const keyword = await add(token, {
      kind: 'sourceKeyword',
      sourceId: live.id,
      keyword: `  ${word.toUpperCase()} `,
    });
    assert.equal(keyword.code, 200, keyword.msg);
    assert.equal(keyword.data.keyword, word.toUpperCase());
    const never = await add(token, {
      kind: 'sourceKeyword',
      sourceId: live.id,
      keyword: 'zqxjv never said',
    });
    assert.equal(never.code, 200);

    await evaluate();
    const fired = (await eventsOf(token)).data.records;
    assert.deepEqual(
      fired.map((event) => [event.kind, event.subject.id, event.keyword]),
      [['sourceKeyword', live.id, word.toUpperCase()]],
    );
    const summarised = await add(token, { kind: 'sourceSummary', sourceId: live.id });
    assert.equal(summarised.code, 200, summarised.msg);

    // Hours later the upcoming source has started, and the live one ended and was summarised.
    clock.set(Math.max(clock.now(), upcoming.time * 1000) + 6 * 3_600_000);
    for (let i = 0; i < 3; i += 1) await t.server.app.lifecycle.tick();
    await evaluate();
    // Evaluated again: every alert is spent, nothing more.
    await evaluate();
    const all = (await eventsOf(token)).data.records;
    assert.deepEqual(all.map((event) => [event.kind, event.subject.id]).sort(), [
      ['sourceKeyword', live.id],
      ['sourceLive', upcoming.id],
      ['sourceSummary', live.id],
    ]);
    assert.ok(all.every((event) => event.figure === null && event.source === null));

    // A new keyword is listened for, though the old one was said.
    const other = content.data.records
      .flatMap((line) => line.text.split(/\s+/))
      .find((w) => w.length >= 5 && w.toLowerCase() !== word.toLowerCase())!;
    const relistening = await call<Alert>(t.url, '/api/alert/modify', {
      token,
      body: { id: keyword.data.id, keyword: other },
    });
    assert.equal(relistening.code, 200, relistening.msg);
    assert.equal(relistening.data.state, 'armed');
    await evaluate();
    const latest = (await eventsOf(token)).data.records[0]!;
    assert.deepEqual([latest.kind, latest.keyword], ['sourceKeyword', other]);
  });
});

describe('the alerts job', () => {
  it('evaluates the alerts on its own every period, and tells the user’s tabs at once', async () => {
    const ownClock = new FixedClock(T0);
    const ownMarket = steeredMarket(ownClock);
    ownMarket.setPrice('bitcoin', 60_000);
    const own = await startApiServer({
      clock: ownClock,
      market: ownMarket.provider,
      demoSources: false,
      alertIntervalMs: 50,
    });
    try {
      const token = await signedInUser(own);
      const coins = await call<ListPage<{ id: number }>>(own.url, '/api/asset/list?keyword=BTC');
      await call(own.url, '/api/alert/add', {
        token,
        body: { kind: 'priceAbove', coinId: coins.data.records[0]!.id, value: 60_500 },
      });
      const eventsOfOwn = () => call<AlertEventPage>(own.url, '/api/alert/events', { token });
      const until = async (done: () => Promise<boolean>) => {
        for (let i = 0; i < 100 && !(await done()); i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      await until(
        async () =>
          (await call<AlertList>(own.url, '/api/alert/list', { token })).data.records[0]?.state ===
          'armed',
      );
      // Two tabs of the user hear it the moment it fires; another user's does not.
      const strangerToken = await signedInUser(own);
      const sockets = new ChatSockets(() => own.url);
      const tabs = [sockets.open(token), sockets.open(token)];
      const stranger = sockets.open(strangerToken);
      await Promise.all([...tabs, stranger].map(connected));
      let strangerHeard = false;
      stranger.on(ALERT_SOCKET_EVENT, () => (strangerHeard = true));
      const heard = tabs.map(
        (tab) => new Promise<AlertNotice>((resolve) => tab.once(ALERT_SOCKET_EVENT, resolve)),
      );
      try {
        ownMarket.setPrice('bitcoin', 61_000);
        const notices = await Promise.all(heard);
        for (const notice of notices) {
          assert.equal(notice.unread, 1);
          assert.deepEqual(
            notice.events.map((event) => [event.kind, event.figure, event.read]),
            [['priceAbove', 61_000, false]],
          );
        }
        assert.deepEqual(notices[0]!.events, (await eventsOfOwn()).data.records);
        assert.equal(strangerHeard, false);
      } finally {
        sockets.closeAll();
      }
    } finally {
      await own.close();
    }
  });
});
