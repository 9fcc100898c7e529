// Coins through HTTP against the real server (bundled demo data, PGlite or PostgreSQL): the
// asset list and its search and paging, follows and their limits, prices, the coin report, and
// the logos.
// Both engines: follows and their cap are written in a transaction, which runs at once with
// others only on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Coin, CoinPrice, CoinReport, FollowEntry, ListPage } from '@coinlens/contract';
import { call } from './helpers/auth.js';
import { signedInUser, startApiServer, type ApiTestServer } from './helpers/api.js';

let t: ApiTestServer;

before(async () => {
  t = await startApiServer({ demoSources: false });
});

after(async () => {
  await t?.close();
});

const list = (query = '') => call<ListPage<Coin>>(t.url, `/api/asset/list${query}`);

/** The id of the coin with this symbol (by an exact search). */
async function idOf(symbol: string): Promise<number> {
  const res = await list(`?keyword=${symbol}&size=1`);
  assert.equal(res.data.records[0]?.symbol, symbol);
  return res.data.records[0]!.id;
}

describe('GET /api/asset/list', () => {
  it('pages through every coin by rank, with quotes', async () => {
    const first = await list();
    assert.equal(first.status, 200);
    assert.equal(first.code, 200);
    const { records, page, size, total, has_next } = first.data;
    assert.deepEqual([page, size, records.length, has_next], [1, 20, 20, true]);
    assert.ok(total >= 200, `only ${total} coins`);
    assert.deepEqual(
      records.map((coin) => coin.rank),
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const [bitcoin] = records;
    assert.equal(bitcoin!.symbol, 'BTC');
    assert.ok(bitcoin!.quotes.price > 1000);
    assert.equal(bitcoin!.quotes.updatedAt, Math.floor(t.clock.now() / 10_000) * 10);
    assert.match(bitcoin!.logo, /^\/api\/asset\/logo\/btc\.svg$/);

    const last = await list(`?page=${Math.ceil(total / 100)}&size=100`);
    assert.equal(last.data.has_next, false);
    assert.equal(last.data.records.at(-1)!.rank, total);
  });

  it('finds by name or symbol, case-insensitive: exact, then prefixes, then the rest', async () => {
    const eth = await list('?keyword=eTh');
    assert.equal(eth.data.records[0]!.symbol, 'ETH', 'the exact symbol first');
    for (const coin of eth.data.records) {
      assert.ok(`${coin.name} ${coin.symbol}`.toLowerCase().includes('eth'), coin.name);
    }
    const bit = await list('?keyword=bit&size=100');
    const names = bit.data.records.map((coin) => coin.name.toLowerCase());
    const firstInner = names.findIndex(
      (name) => !name.split(/[\s\-_.()]+/).some((w) => w.startsWith('bit')),
    );
    const lastPrefix = names.reduce((last, name, i) => (name.startsWith('bit') ? i : last), -1);
    assert.equal(names[0], 'bitcoin');
    if (firstInner !== -1) assert.ok(lastPrefix < firstInner, names.join(', '));
    const byName = await list('?keyword=%20Bitcoin%20Cash%20');
    assert.equal(byName.data.records[0]!.symbol, 'BCH');
    const none = await list('?keyword=zzzzqqq');
    assert.deepEqual([none.data.records, none.data.total, none.data.has_next], [[], 0, false]);
  });

  it('refuses page 0, size 0, size over 100 and long keywords with 422; wrong types with 400', async () => {
    for (const query of [
      '?page=0',
      '?size=0',
      '?size=101',
      '?page=1000001',
      `?keyword=${'a'.repeat(101)}`,
    ]) {
      const res = await list(query);
      assert.deepEqual([res.status, res.code], [200, 422], query);
      assert.ok(res.msg.length > 10, res.msg);
    }
    for (const query of ['?page=abc', '?size=1.5', '?page=']) {
      const res = await list(query);
      assert.deepEqual([res.status, res.code], [400, 400], query);
    }
    const huge = await list('?page=1000000&size=100');
    assert.deepEqual([huge.code, huge.data.records.length, huge.data.has_next], [200, 0, false]);
    assert.ok(huge.data.total >= 200);
    const zh = await call(t.url, '/api/asset/list?size=0', { language: 'zh' });
    assert.match(zh.msg, /每页/);
  });
});

describe('follows', () => {
  it('needs a signed-in user', async () => {
    for (const [path, body] of [
      ['/api/follow/list', undefined],
      ['/api/follow/add', { coinIds: [1] }],
      ['/api/follow/delete', { coinId: 1 }],
    ] as const) {
      const res = await call(t.url, path, { body });
      assert.deepEqual([res.status, res.code], [401, 401], path);
    }
  });

  it('adds 1 to 5 at a time, ignores duplicates and coins already followed, lists newest first', async () => {
    const me = await signedInUser(t);
    const [btc, eth, sol] = [await idOf('BTC'), await idOf('ETH'), await idOf('SOL')];
    const added = await call<FollowEntry[]>(t.url, '/api/follow/add', {
      token: me,
      body: { coinIds: [btc, eth, btc] },
    });
    assert.equal(added.code, 200, added.msg);
    assert.deepEqual(
      added.data.map((entry) => entry.coinId),
      [btc, eth],
    );
    t.clock.advance(1000);
    const again = await call<FollowEntry[]>(t.url, '/api/follow/add', {
      token: me,
      body: { coinIds: [eth, sol] },
    });
    assert.deepEqual(
      again.data.map((entry) => entry.coinId),
      [sol, btc, eth],
      'the new one first; eth keeps its place',
    );
    const listed = await call<FollowEntry[]>(t.url, '/api/follow/list', { token: me });
    assert.deepEqual(listed.data, again.data);
    assert.equal(listed.data[0]!.coin.symbol, 'SOL');
    assert.ok(listed.data[0]!.coin.quotes.price > 0);

    for (const coinIds of [[], [1, 2, 3, 4, 5, 6], [1, 1, 1, 1, 1, 1]]) {
      const res = await call(t.url, '/api/follow/add', { token: me, body: { coinIds } });
      assert.deepEqual([res.status, res.code], [200, 422], JSON.stringify(coinIds));
    }
    const unknown = await call(t.url, '/api/follow/add', {
      token: me,
      body: { coinIds: [await idOf('ADA'), 99_999_999] },
    });
    assert.deepEqual([unknown.status, unknown.code], [200, 404]);
    for (const body of [{ coinIds: ['1'] }, { coinIds: 1 }, { coinIds: [1.5] }, {}]) {
      const res = await call(t.url, '/api/follow/add', { token: me, body });
      assert.deepEqual([res.status, res.code], [400, 400], JSON.stringify(body));
    }
    const after = await call<FollowEntry[]>(t.url, '/api/follow/list', { token: me });
    assert.equal(after.data.length, 3, 'nothing refused was added');

    const removed = await call<FollowEntry[]>(t.url, '/api/follow/delete', {
      token: me,
      body: { coinId: btc },
    });
    assert.deepEqual(
      removed.data.map((entry) => entry.coinId),
      [sol, eth],
    );
    const notFollowed = await call(t.url, '/api/follow/delete', {
      token: me,
      body: { coinId: btc },
    });
    assert.equal(notFollowed.code, 200);
    const unknownDelete = await call(t.url, '/api/follow/delete', {
      token: me,
      body: { coinId: 99_999_999 },
    });
    assert.deepEqual([unknownDelete.status, unknownDelete.code], [200, 404]);
  });

  it('stops at 50 coins with a clear 422, even when adds race', async () => {
    const me = await signedInUser(t);
    const all = (await list('?size=100')).data.records.map((coin) => coin.id);
    // 48 first, then two adds of 2 at once: only one of them fits.
    for (let i = 0; i < 48; i += 4) {
      const res = await call(t.url, '/api/follow/add', {
        token: me,
        body: { coinIds: all.slice(i, i + 4) },
      });
      assert.equal(res.code, 200, res.msg);
    }
    const [a, b] = await Promise.all([
      call(t.url, '/api/follow/add', { token: me, body: { coinIds: all.slice(48, 50) } }),
      call(t.url, '/api/follow/add', { token: me, body: { coinIds: all.slice(50, 52) } }),
    ]);
    assert.deepEqual([a.code, b.code].sort(), [200, 422]);
    const refused = a.code === 422 ? a : b;
    assert.match(refused.msg, /50/);
    const listed = await call<FollowEntry[]>(t.url, '/api/follow/list', { token: me });
    assert.equal(listed.data.length, 50);
    // Following one already followed is still fine at the cap.
    const same = await call(t.url, '/api/follow/add', { token: me, body: { coinIds: [all[0]] } });
    assert.equal(same.code, 200);
  });

  it("keeps each user's follows apart", async () => {
    const other = await signedInUser(t);
    const res = await call<FollowEntry[]>(t.url, '/api/follow/list', { token: other });
    assert.deepEqual(res.data, []);
  });
});

describe('GET /api/coin/price', () => {
  it('answers each distinct coin once, in the order asked, labelled demo', async () => {
    const [btc, eth] = [await idOf('BTC'), await idOf('ETH')];
    const res = await call<CoinPrice[]>(t.url, `/api/coin/price?coinIds=${eth},%20${btc},${eth}`);
    assert.equal(res.code, 200, res.msg);
    assert.deepEqual(
      res.data.map((p) => [p.coinId, p.source]),
      [
        [eth, 'demo'],
        [btc, 'demo'],
      ],
    );
    const coin = (await list('?keyword=BTC&size=1')).data.records[0]!;
    assert.equal(res.data[1]!.price, coin.quotes.price);
    assert.equal(res.data[1]!.percentChange24h, coin.quotes.percentChange24h);
  });

  it('refuses bad lists', async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const [query, status, code] of [
      ['?coinIds=a,b', 400, 400],
      ['?coinIds=1,,2', 400, 400],
      ['?coinIds=', 400, 400],
      ['?coinIds=-1', 400, 400],
      ['', 400, 400],
      [`?coinIds=${many}`, 200, 422],
      ['?coinIds=1,99999999', 200, 404],
    ] as const) {
      const res = await call(t.url, `/api/coin/price${query}`);
      assert.deepEqual([res.status, res.code], [status, code], query);
    }
  });
});

/** The mean of the last `n` numbers. */
const meanOfLast = (values: number[], n: number) =>
  values.slice(-n).reduce((sum, value) => sum + value, 0) / n;

describe('GET /api/analysis/coin', () => {
  it("reports on a coin from its history, in the request's language", async () => {
    const btc = await idOf('BTC');
    const res = await call<CoinReport>(t.url, `/api/analysis/coin?coinId=${btc}`);
    assert.equal(res.code, 200, res.msg);
    const report = res.data;
    assert.equal(report.source, 'demo');
    assert.equal(report.coin.id, btc);
    assert.equal(report.generatedAt, Math.floor(t.clock.now() / 1000));
    assert.equal(report.language, 'en');
    assert.ok(report.series['24h'].length >= 24 && report.series['24h'].length <= 25);
    assert.ok(report.series['7d'].length >= 168);
    const latest = report.coin.quotes.price;
    for (const series of Object.values(report.series)) assert.equal(series.at(-1)!.price, latest);

    // SMA 20 from the 30-day series' midnight points (every 4 hours includes 00:00 UTC), which
    // are the daily closes, and the latest price as the last close: computed here on its own.
    const closes = report.series['30d'].filter((p) => p.time % 86_400 === 0).map((p) => p.price);
    closes.push(latest);
    const sma20 = meanOfLast(closes, 20);
    assert.ok(
      Math.abs(report.indicators.sma20! - sma20) / sma20 < 1e-9,
      `${report.indicators.sma20} vs ${sma20}`,
    );
    const prices30d = report.series['30d'].map((p) => p.price);
    assert.ok(report.indicators.high30d! >= Math.max(...prices30d));
    assert.ok(report.indicators.low30d! <= Math.min(...prices30d));
    assert.ok(report.indicators.rsi14! > 0 && report.indicators.rsi14! < 100);
    assert.ok(report.signals.length >= 1);
    assert.ok(report.summary.length > 40);

    const zh = await call<CoinReport>(t.url, `/api/analysis/coin?coinId=${btc}`, {
      language: 'zh',
    });
    assert.equal(zh.data.language, 'zh');
    assert.match(zh.data.summary, /[\u4e00-\u9fff]/);
    assert.notEqual(zh.data.summary, report.summary);
    assert.deepEqual(zh.data.indicators, report.indicators);
  });

  it('moves with the clock', async () => {
    const btc = await idOf('BTC');
    const before = await call<CoinReport>(t.url, `/api/analysis/coin?coinId=${btc}`);
    t.clock.advance(3 * 3600_000);
    const later = await call<CoinReport>(t.url, `/api/analysis/coin?coinId=${btc}`);
    assert.notEqual(later.data.coin.quotes.price, before.data.coin.quotes.price);
    assert.equal(later.data.generatedAt - before.data.generatedAt, 3 * 3600);
  });

  it('answers 404 for an unknown coin and 400 for a malformed id', async () => {
    const unknown = await call(t.url, '/api/analysis/coin?coinId=99999999');
    assert.deepEqual([unknown.status, unknown.code], [200, 404]);
    for (const query of ['?coinId=abc', '', '?coinId=1.5']) {
      const res = await call(t.url, `/api/analysis/coin${query}`);
      assert.deepEqual([res.status, res.code], [400, 400], query);
    }
  });
});

describe('GET /api/asset/hot', () => {
  it('lists the biggest 24 h movers among the 100 largest coins, biggest first', async () => {
    const hot = await call<Coin[]>(t.url, '/api/asset/hot?size=5');
    assert.equal(hot.code, 200, hot.msg);
    assert.equal(hot.data.length, 5);
    const moves = hot.data.map((coin) => Math.abs(coin.quotes.percentChange24h));
    assert.deepEqual(
      moves,
      [...moves].sort((a, b) => b - a),
    );
    // Checked against the whole list: nothing in the top 100 moved more than the fifth.
    const top = [...(await list('?size=100')).data.records];
    const bigger = top.filter((coin) => Math.abs(coin.quotes.percentChange24h) > moves[4]!);
    assert.deepEqual(
      bigger.map((coin) => coin.id).sort(),
      hot.data
        .filter((coin) => Math.abs(coin.quotes.percentChange24h) > moves[4]!)
        .map((coin) => coin.id)
        .sort(),
    );
    assert.ok(hot.data.every((coin) => coin.rank <= 100));
    assert.equal((await call<Coin[]>(t.url, '/api/asset/hot')).data.length, 5);
    for (const query of ['?size=0', '?size=21']) {
      assert.equal((await call(t.url, `/api/asset/hot${query}`)).code, 422, query);
    }
    assert.equal((await call(t.url, '/api/asset/hot?size=x')).code, 400);
  });
});

describe('coin logos', () => {
  it('serves the bundled icon or a monogram as a cacheable SVG', async () => {
    const res = await fetch(`${t.url}/api/asset/logo/btc.svg`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    assert.match(res.headers.get('cache-control') ?? '', /max-age=86400/);
    assert.match(await res.text(), /^<svg/);
    const missing = await fetch(`${t.url}/api/asset/logo/..%2Fpackage.json`);
    assert.equal(missing.status, 404);
    // Other API answers are never cached.
    const listed = await fetch(`${t.url}/api/asset/list`);
    assert.equal(listed.headers.get('cache-control'), 'no-store');
  });
});
