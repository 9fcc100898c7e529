// The market overview and the coin pages through HTTP against the real server (bundled demo
// data): the market list's search, sort orders, paging and refusals, its caches, the sparklines of
// a page of coins in one request, one coin with its description in each language, and the market
// status every answer carries. The sort rule itself is checked on its own, on rows made here.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  MARKET_SORTS,
  type Coin,
  type CoinReport,
  type ListPage,
  type MarketCoinAnswer,
  type MarketPage,
  type MarketRow,
  type MarketSort,
  type MarketStatus,
  type Sparklines,
  type SortOrder,
} from '@coinlens/contract';
import { defaultOrder, MARKET_COLUMNS, MarketOverview, sortRows } from '../src/market/overview.js';
import { createSnapshotProvider } from '../src/market/snapshot.js';
import type { MarketProvider } from '../src/market/types.js';
import { call } from './helpers/auth.js';
import { FixedClock, startApiServer, T0, type ApiTestServer } from './helpers/api.js';

/** The demo provider, counting the calls that build rows and sparklines. */
function countingProvider(clock: FixedClock) {
  const inner = createSnapshotProvider({ clock });
  const calls = { quote: 0, sparkline: 0 };
  const provider: MarketProvider = {
    source: inner.source,
    start: () => inner.start(),
    stop: () => inner.stop(),
    coins: () => inner.coins(),
    quote(slug) {
      calls.quote += 1;
      return inner.quote(slug);
    },
    history: (slug, from, to) => inner.history(slug, from, to),
    version: () => inner.version(),
    sparkline(slug) {
      calls.sparkline += 1;
      return inner.sparkline(slug);
    },
    status: () => inner.status(),
    description: (slug, locale) => inner.description(slug, locale),
  };
  return { provider, calls };
}

const clock = new FixedClock(T0);
const counting = countingProvider(clock);
let t: ApiTestServer;

before(async () => {
  t = await startApiServer({ clock, market: counting.provider, demoSources: false });
});

after(async () => {
  await t?.close();
});

beforeEach(() => {
  // Each test on figures of its own 10-second tick, so that no cache of another test serves it.
  clock.advance(10_000);
});

const list = (query = '', language?: string) =>
  call<MarketPage>(t.url, `/api/market/list${query}`, language ? { language } : {});

/** The demo status at the clock's tick. */
const demoStatus = (): MarketStatus => ({
  source: 'demo',
  asOf: Math.floor(clock.now() / 10_000) * 10,
  refreshSeconds: 10,
  stale: false,
  retryAt: null,
});

describe('sorting the market list', () => {
  /** Rows made for the rule: ranks 1 to 5, with ties and unknown changes. */
  const row = (rank: number, fields: Partial<MarketRow>): MarketRow => ({
    id: 100 + rank,
    slug: `coin-${rank}`,
    name: `Coin ${rank}`,
    symbol: `C${rank}`,
    logo: '/api/asset/logo/c.svg',
    rank,
    price: 1,
    percentChange1h: 0,
    percentChange24h: 0,
    percentChange7d: 0,
    marketCap: 1,
    volume24h: 1,
    updatedAt: 0,
    ...fields,
  });
  const ROWS = [
    row(4, { name: 'bravo', price: 2, percentChange1h: null, percentChange7d: -3, marketCap: 5 }),
    row(2, { name: 'Alpha', price: 3, percentChange1h: 1, percentChange7d: null, volume24h: 9 }),
    row(5, { name: 'alpha', price: 2, percentChange1h: -1, percentChange24h: 4, marketCap: 5 }),
    row(1, { name: 'Coin 10', price: 1, percentChange1h: null, percentChange24h: -2 }),
    row(3, { name: 'Coin 9', price: 3, percentChange1h: 1, percentChange7d: 8, volume24h: 9 }),
  ];
  // The expected ranks, in order: ties by rank; nulls last both ways; names A to Z by letter
  // then number, case aside ("Alpha" and "alpha" tie).
  const CASES: Array<[MarketSort, SortOrder, number[]]> = [
    ['rank', 'asc', [1, 2, 3, 4, 5]],
    ['rank', 'desc', [5, 4, 3, 2, 1]],
    ['name', 'asc', [2, 5, 4, 3, 1]],
    ['name', 'desc', [1, 3, 4, 2, 5]],
    ['price', 'asc', [1, 4, 5, 2, 3]],
    ['price', 'desc', [2, 3, 4, 5, 1]],
    ['change1h', 'asc', [5, 2, 3, 1, 4]],
    ['change1h', 'desc', [2, 3, 5, 1, 4]],
    ['change24h', 'asc', [1, 2, 3, 4, 5]],
    ['change24h', 'desc', [5, 2, 3, 4, 1]],
    ['change7d', 'asc', [4, 1, 5, 3, 2]],
    ['change7d', 'desc', [3, 1, 5, 4, 2]],
    ['marketCap', 'asc', [1, 2, 3, 4, 5]],
    ['marketCap', 'desc', [4, 5, 1, 2, 3]],
    ['volume24h', 'asc', [1, 4, 5, 2, 3]],
    ['volume24h', 'desc', [2, 3, 1, 4, 5]],
  ];
  for (const [sort, order, ranks] of CASES) {
    it(`sorts by ${sort} ${order}`, () => {
      assert.deepEqual(
        sortRows(ROWS, sort, order).map((r) => r.rank),
        ranks,
      );
    });
  }

  it('covers every column, and defaults to asc for rank and name, desc for the rest', () => {
    assert.deepEqual([...new Set(CASES.map(([sort]) => sort))], [...MARKET_SORTS]);
    assert.deepEqual(
      MARKET_SORTS.map((sort) => defaultOrder(sort)),
      ['asc', 'asc', 'desc', 'desc', 'desc', 'desc', 'desc', 'desc'],
    );
  });
});

describe('GET /api/market/list', () => {
  it('pages through every coin by rank with its changes, saying where the figures are from', async () => {
    const res = await list();
    assert.deepEqual([res.status, res.code], [200, 200]);
    const { records, page, size, total, has_next, market } = res.data;
    assert.deepEqual([page, size, records.length, has_next], [1, 50, 50, true]);
    assert.deepEqual(market, demoStatus());
    const assets = await call<ListPage<Coin>>(t.url, '/api/asset/list?size=1');
    assert.equal(total, assets.data.total);
    assert.deepEqual(
      records.map((row) => row.rank),
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    const [bitcoin] = records;
    const asset = assets.data.records[0]!;
    assert.deepEqual(
      {
        id: bitcoin!.id,
        slug: bitcoin!.slug,
        logo: bitcoin!.logo,
        price: bitcoin!.price,
        change: bitcoin!.percentChange24h,
      },
      {
        id: asset.id,
        slug: 'bitcoin',
        logo: asset.logo,
        price: asset.quotes.price,
        change: asset.quotes.percentChange24h,
      },
    );
    assert.ok(records.every((row) => row.percentChange1h !== null && row.percentChange7d !== null));

    const second = await list('?page=2&size=20');
    assert.deepEqual(
      second.data.records.map((row) => row.rank),
      Array.from({ length: 20 }, (_, i) => i + 21),
    );
    const last = await list(`?page=${Math.ceil(total / 100)}&size=100`);
    assert.equal(last.data.has_next, false);
    assert.equal(last.data.records.at(-1)!.rank, total);
    const beyond = await list('?page=1000&size=100');
    assert.deepEqual([beyond.data.records, beyond.data.total], [[], total]);
  });

  for (const sort of MARKET_SORTS) {
    it(`sorts every page by ${sort}, in its default order or the one asked`, async () => {
      for (const order of [undefined, 'asc', 'desc'] as const) {
        const query = `?sort=${sort}&size=100${order ? `&order=${order}` : ''}`;
        const rows = [
          ...(await list(query)).data.records,
          ...(await list(`${query}&page=2`)).data.records,
        ];
        assert.equal(rows.length, 200, query);
        assert.deepEqual(
          rows.map((row) => row.id),
          sortRows(rows, sort, order ?? defaultOrder(sort)).map((row) => row.id),
          query,
        );
        const values = rows.map(MARKET_COLUMNS[sort]);
        assert.notDeepEqual(values, [...values].reverse(), `${query}: the order is visible`);
      }
    });
  }

  it('searches as the asset list does, then sorts the matches', async () => {
    const assets = await call<ListPage<Coin>>(t.url, '/api/asset/list?keyword=bit&size=100');
    const res = await list('?keyword=%20BiT&sort=price&order=asc&size=100');
    assert.equal(res.data.total, assets.data.total);
    assert.ok(res.data.total >= 3);
    assert.deepEqual(
      res.data.records.map((row) => row.id).sort(),
      assets.data.records.map((coin) => coin.id).sort(),
    );
    const prices = res.data.records.map((row) => row.price);
    assert.deepEqual(
      prices,
      [...prices].sort((a, b) => a - b),
    );
    const none = await list('?keyword=zzzzqqq');
    assert.deepEqual([none.data.records, none.data.total, none.data.has_next], [[], 0, false]);
  });

  it('refuses a page, size or keyword out of range with 422, an unknown sort or order with 400', async () => {
    for (const query of ['?page=0', '?size=0', '?size=101', `?keyword=${'a'.repeat(101)}`]) {
      const res = await list(query);
      assert.deepEqual([res.status, res.code], [200, 422], query);
    }
    const zh = await list('?size=101', 'zh');
    assert.match(zh.msg, /每页/);
    for (const query of ['?sort=symbol', '?order=up', '?sort=', '?page=abc']) {
      const res = await list(query);
      assert.deepEqual([res.status, res.code], [400, 400], query);
    }
  });

  it('builds the rows and each order once per provider version, and answers repeats from text', async () => {
    const before = counting.calls.quote;
    const first = await list('?sort=change7d&size=10');
    const built = counting.calls.quote - before;
    assert.equal(built, first.data.total, 'one quote per coin to build the rows');
    // The same question, another page, another order, another language: no row built again.
    await list('?sort=change7d&size=10');
    await list('?sort=change7d&size=10&page=3');
    await list('?sort=marketCap&order=asc');
    await list('?sort=change7d&size=10', 'pt-br');
    assert.equal(counting.calls.quote - before, built);

    // Each order is sorted once: the same array until the version changes.
    const overview = new MarketOverview(t.server.app.catalog, clock);
    const sorted = overview.sorted('price', 'desc');
    assert.equal(overview.sorted('price', 'desc'), sorted);
    assert.notEqual(overview.sorted('price', 'asc'), sorted);

    clock.advance(10_000);
    const next = await list('?sort=change7d&size=10');
    // The route's rows once per version, and this overview's own once.
    assert.equal(counting.calls.quote - before, 3 * built, 'a new version');
    assert.equal(next.data.market.asOf, first.data.market.asOf + 10);
    assert.notDeepEqual(next.data.records, first.data.records);
    assert.notEqual(overview.sorted('price', 'desc'), sorted);
  });

  it('sends its kept answer, as the asset list does, in the encoding the client takes', async () => {
    for (const path of ['/api/market/list?size=50', '/api/asset/list?size=50']) {
      const plain = await fetch(`${t.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
      const brotli = await fetch(`${t.url}${path}`, { headers: { 'accept-encoding': 'br' } });
      assert.equal(plain.headers.get('content-encoding'), null, path);
      assert.equal(brotli.headers.get('content-encoding'), 'br', path);
      assert.equal(brotli.headers.get('vary'), 'Accept-Encoding', path);
      assert.equal(await brotli.text(), await plain.text(), path);
    }
  });
});

describe('GET /api/market/sparklines', () => {
  it('answers a page of coins in one request, in the order asked, each id once', async () => {
    const page = (await list('?size=20')).data;
    const ids = page.records.map((row) => row.id).reverse();
    const res = await call<Sparklines>(
      t.url,
      `/api/market/sparklines?coinIds=${ids.join(',')},%20${ids[0]}`,
    );
    assert.equal(res.code, 200, res.msg);
    assert.deepEqual(res.data.market, demoStatus());
    assert.deepEqual(
      res.data.series.map((series) => series.coinId),
      ids,
    );
    const nowSec = demoStatus().asOf;
    for (const series of res.data.series) {
      const row = page.records.find((r) => r.id === series.coinId)!;
      assert.deepEqual(
        [series.from, series.step, series.prices.length],
        [nowSec - 7 * 86_400, 14_400, 43],
      );
      assert.equal(series.prices.at(-1), row.price);
    }
    // Kept per provider version: asked again, nothing is computed.
    const before = counting.calls.sparkline;
    await call(t.url, `/api/market/sparklines?coinIds=${ids.slice(0, 5).join(',')}`);
    assert.equal(counting.calls.sparkline, before);
    clock.advance(10_000);
    await call(t.url, `/api/market/sparklines?coinIds=${ids.slice(0, 5).join(',')}`);
    assert.equal(counting.calls.sparkline, before + 5);
  });

  it('refuses malformed lists, too many ids and unknown coins', async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const [query, status, code, msg] of [
      ['?coinIds=a,b', 400, 400, /whole numbers separated by commas/],
      ['?coinIds=1,,2', 400, 400, /commas/],
      ['', 400, 400, /malformed/],
      [`?coinIds=${many}`, 200, 422, /sparklines of 1 to 100 coins/],
      ['?coinIds=1,99999999', 200, 404, /no coin/],
    ] as const) {
      const res = await call(t.url, `/api/market/sparklines${query}`);
      assert.deepEqual([res.status, res.code], [status, code], query);
      assert.match(res.msg, msg, query);
    }
    const pt = await call(t.url, `/api/market/sparklines?coinIds=${many}`, { language: 'pt-br' });
    assert.match(pt.msg, /minigráficos/);
  });
});

describe('GET /api/market/coin', () => {
  it("answers the coin's row and its description in the request's language", async () => {
    const coin = (language: string, slug = 'bitcoin') =>
      call<MarketCoinAnswer>(t.url, `/api/market/coin?slug=${slug}`, { language });
    const [en, zh, pt] = await Promise.all([coin('en'), coin('zh'), coin('pt-br')]);
    assert.equal(en.code, 200, en.msg);
    const row = (await list('?size=1')).data.records[0];
    assert.deepEqual(en.data.coin, row);
    assert.deepEqual(en.data.market, demoStatus());
    assert.match(en.data.description ?? '', /^Bitcoin is the first cryptocurrency/);
    assert.match(zh.data.description ?? '', /^比特币是第一种加密货币/);
    assert.match(pt.data.description ?? '', /^O Bitcoin é a primeira criptomoeda/);
    // A coin the demo data does not describe: null, in English as in Chinese.
    const small = (await list('?sort=rank&order=desc&size=1')).data.records[0]!;
    for (const language of ['en', 'zh']) {
      const res = await coin(language, small.slug);
      assert.deepEqual([res.code, res.data.coin.id, res.data.description], [200, small.id, null]);
    }
  });

  it('answers 404 for an unknown or malformed slug, 400 without one', async () => {
    for (const slug of ['not-a-coin', '', 'BITCOIN', '..%2Fbitcoin', 'a'.repeat(300)]) {
      const res = await call(t.url, `/api/market/coin?slug=${slug}`);
      assert.deepEqual([res.status, res.code], [200, 404], slug);
    }
    const none = await call(t.url, '/api/market/coin');
    assert.deepEqual([none.status, none.code], [400, 400]);
  });
});

describe('the market status of the coin report', () => {
  it('is the one the market answers carry', async () => {
    const [btc] = (await list('?size=1')).data.records;
    const report = await call<CoinReport>(t.url, `/api/analysis/coin?coinId=${btc!.id}`);
    assert.equal(report.code, 200, report.msg);
    assert.deepEqual(report.data.market, demoStatus());
    assert.equal(report.data.source, 'demo');
  });
});
