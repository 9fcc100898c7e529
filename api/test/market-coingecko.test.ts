// The market routes on the CoinGecko provider (a fake CoinGecko on 127.0.0.1, a clock the test
// moves), through the app: while CoinGecko refuses with 429 and Retry-After, the market list keeps
// answering the last good rows, says they are stale once two refresh intervals have passed and
// when the server asks again, and makes no call before then; after recovery the figures are new.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MarketCoinAnswer, MarketPage, Sparklines } from '@coinlens/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { createCoinGeckoProvider, type CoinGeckoProvider } from '../src/market/coingecko.js';
import { FixedClock } from './helpers/api.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';
import { fixture, startFakeCoinGecko, type FakeCoinGecko } from './helpers/fakeCoingecko.js';

interface FixtureCoin {
  id: string;
  current_price: number;
  last_updated: string;
}

const MARKETS = fixture<FixtureCoin[]>('markets.json');
/** A few minutes after the fixtures were "recorded". */
const START = Date.parse('2024-06-01T12:05:00Z');
const REFRESH_MS = 60_000;

let fake: FakeCoinGecko;
let fresh: TestDatabase;
let database: DatabaseHandle;
let app: FastifyInstance;
let provider: CoinGeckoProvider;
const clock = new FixedClock(START);
/** The provider's warnings: why a refresh failed, for the assertions' messages. */
const warnings: string[] = [];

before(async () => {
  fake = await startFakeCoinGecko();
  fresh = await testDatabase();
  database = await fresh.open();
  provider = createCoinGeckoProvider({
    baseUrl: fake.baseUrl,
    clock,
    refreshIntervalMs: REFRESH_MS,
    log: {
      info: () => {},
      warn: (obj, msg) => warnings.push(`${msg ?? ''} ${JSON.stringify(obj)}`),
      error: (obj, msg) => warnings.push(`${msg ?? ''} ${JSON.stringify(obj)}`),
    },
    // The fake answers at once: only a hung test would reach this. A short one fails a busy
    // machine's call as a timeout, which backs off by the interval instead of by Retry-After.
    timeoutMs: 30_000,
  });
  app = await buildApp({ database, logLevel: false, clock, market: provider });
});

after(async () => {
  await app?.close();
  await database?.close();
  await fresh?.cleanup();
  await fake?.close();
});

async function get<T>(url: string, language = 'en'): Promise<{ code: number; data: T }> {
  const res = await app.inject({ method: 'GET', url, headers: { language } });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ code: number; data: T }>();
}

const seconds = (ms: number) => Math.floor(ms / 1000);

describe('the market routes while CoinGecko refuses, and after', () => {
  it('keep the last good rows, say they are stale and when the server asks again, then recover', async () => {
    const first = await get<MarketPage>('/api/market/list?size=100');
    assert.equal(first.code, 200);
    const rows = first.data.records;
    assert.equal(rows.length, MARKETS.length);
    assert.deepEqual(first.data.market, {
      source: 'coingecko',
      asOf: seconds(START),
      refreshSeconds: 60,
      stale: false,
      retryAt: null,
    });
    const bitcoin = rows.find((row) => row.slug === 'bitcoin')!;
    assert.equal(bitcoin.price, MARKETS[0]!.current_price);

    // 30 s later CoinGecko refuses for 5 minutes.
    clock.advance(30_000);
    fake.mode = 'rate-limit';
    fake.retryAfter = '300';
    assert.equal(await provider.refresh(), false);
    assert.match(warnings.join('\n'), /"kind":"rate-limited"/, warnings.join('\n'));
    const refusedAt = clock.now();
    const retryAt = seconds(refusedAt) + 300;
    const calls = fake.requests.length;

    const refused = await get<MarketPage>('/api/market/list?size=100');
    assert.deepEqual(refused.data.records, rows, 'the last good rows');
    assert.deepEqual(refused.data.market, {
      source: 'coingecko',
      asOf: seconds(START),
      refreshSeconds: 60,
      stale: false,
      retryAt,
    });

    // Two intervals after the last good figures: stale, still the same rows, and no call at all,
    // whatever is asked (a refresh, a coin's description) before Retry-After has passed.
    fake.mode = 'ok';
    fake.marketsBody = MARKETS.map((coin) =>
      coin.id === 'bitcoin'
        ? { ...coin, current_price: 70_000, last_updated: '2024-06-01T12:10:00.000Z' }
        : coin,
    );
    clock.advance(2 * REFRESH_MS);
    const stale = await get<MarketPage>('/api/market/list?size=100');
    assert.deepEqual(stale.data.records, rows);
    assert.deepEqual(stale.data.market, {
      source: 'coingecko',
      asOf: seconds(START),
      refreshSeconds: 60,
      stale: true,
      retryAt,
    });
    const zh = await get<MarketPage>('/api/market/list?size=100', 'zh');
    assert.equal(zh.data.market.stale, true, 'every language');
    assert.equal(await provider.refresh(), false);
    const coin = await get<MarketCoinAnswer>('/api/market/coin?slug=bitcoin');
    assert.deepEqual([coin.data.coin, coin.data.description], [bitcoin, null]);
    assert.equal(coin.data.market.stale, true);
    const sparklines = await get<Sparklines>(`/api/market/sparklines?coinIds=${bitcoin.id}`);
    assert.equal(sparklines.data.market.stale, true);
    assert.equal(sparklines.data.series[0]!.prices.at(-1), bitcoin.price);
    assert.equal(fake.requests.length, calls, 'no call before Retry-After has passed');

    // Retry-After has passed: the next refresh asks, and the figures are new and fresh.
    clock.set(refusedAt + 301_000);
    assert.equal(await provider.refresh(), true);
    assert.equal(fake.requests.length, calls + 1);
    const recovered = await get<MarketPage>('/api/market/list?size=100');
    assert.deepEqual(recovered.data.market, {
      source: 'coingecko',
      asOf: seconds(clock.now()),
      refreshSeconds: 60,
      stale: false,
      retryAt: null,
    });
    const price = recovered.data.records.find((row) => row.slug === 'bitcoin')!.price;
    assert.equal(price, 70_000);
    const description = await get<MarketCoinAnswer>('/api/market/coin?slug=bitcoin');
    assert.match(description.data.description ?? '', /^Bitcoin is the first successful/);
  });
});
