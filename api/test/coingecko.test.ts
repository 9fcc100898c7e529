// The CoinGecko market provider against a fake CoinGecko on 127.0.0.1 (helpers/fakeCoingecko.ts):
// refreshes, every way a refresh fails, Retry-After, sparklines, the status it reports, price
// histories and descriptions and their caches, the call budget, and the settings read from the
// environment.
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import {
  coinGeckoSettingsFromEnv,
  createCoinGeckoProvider,
  MarketUnavailableError,
  nextRefreshDelay,
  parseRetryAfter,
  resampleSparkline,
  type CoinGeckoOptions,
  type CoinGeckoProvider,
  type MarketLogger,
} from '../src/market/coingecko.js';
import { DAY_SEC } from '../src/market/types.js';
import {
  fixture,
  startFakeCoinGecko,
  type FakeCoinGecko,
  type FakeMode,
} from './helpers/fakeCoingecko.js';

interface FixtureCoin {
  id: string;
  symbol: string;
  name: string;
  image: string;
  current_price: number;
  market_cap: number;
  market_cap_rank: number | null;
  total_volume: number;
  price_change_percentage_24h: number | null;
  price_change_percentage_1h_in_currency: number | null;
  price_change_percentage_7d_in_currency: number | null;
  sparkline_in_7d: { price: number[] };
  last_updated: string;
}

const MARKETS = fixture<FixtureCoin[]>('markets.json');
const CHART = fixture<{ prices: Array<[number, number]> }>('market_chart_bitcoin.json');
const BITCOIN = MARKETS.find((coin) => coin.id === 'bitcoin') as FixtureCoin;

/** A few minutes after the fixtures were "recorded". */
const RECORDED_AT = Date.parse('2024-06-01T12:05:00Z');
/** Calls that get an answer; generous, so that a loaded machine does not fail them. */
const TIMEOUT_MS = 3_000;
/** Calls to a hanging fake: short, so that the suite stays fast, yet long enough for the calls
 * that do get an answer on a busy machine. */
const HANG_TIMEOUT_MS = 1_000;
const FAR = 4_000_000_000;

/** Real time shifted to RECORDED_AT, moved forward by the tests; or stopped. */
class TestClock {
  private offset = RECORDED_AT - Date.now();
  private frozen: number | null = null;
  now(): number {
    return this.frozen ?? Date.now() + this.offset;
  }
  advance(ms: number): void {
    if (this.frozen === null) this.offset += ms;
    else this.frozen += ms;
  }
  /** Time stands still (but for advance()): waits measured in real time are then exact. */
  freeze(): void {
    this.frozen = this.now();
  }
}

interface LogEntry {
  level: 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg: string | undefined;
}

function recorder(): { log: MarketLogger; entries: LogEntry[]; warnings: () => LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: LogEntry['level']) =>
    (obj: object, msg?: string): void => {
      entries.push({ level, obj: obj as Record<string, unknown>, msg });
    };
  return {
    log: { info: at('info'), warn: at('warn'), error: at('error') },
    entries,
    warnings: () => entries.filter((entry) => entry.level === 'warn'),
  };
}

let fake: FakeCoinGecko;
const running: CoinGeckoProvider[] = [];

interface Made {
  provider: CoinGeckoProvider;
  clock: TestClock;
  warnings: () => LogEntry[];
}

/** A provider on the fake, its timer too slow to fire during a test. */
function make(
  options: Partial<Omit<CoinGeckoOptions, 'clock'>> & { clock?: TestClock } = {},
): Made {
  const clock = options.clock ?? new TestClock();
  const { log, warnings } = recorder();
  const provider = createCoinGeckoProvider({
    baseUrl: fake.baseUrl,
    log,
    timeoutMs: TIMEOUT_MS,
    refreshIntervalMs: 3_600_000,
    ...options,
    clock,
  });
  running.push(provider);
  return { provider, clock, warnings };
}

async function started(options: Parameters<typeof make>[0] = {}): Promise<Made> {
  const made = make(options);
  await made.provider.start();
  assert.equal(
    made.provider.coins().length,
    MARKETS.length,
    `the first refresh worked (${JSON.stringify(made.warnings())})`,
  );
  return made;
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

before(async () => {
  fake = await startFakeCoinGecko();
});

beforeEach(() => {
  fake.reset();
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((provider) => provider.stop()));
});

after(async () => {
  await fake.close();
});

describe('CoinGecko markets refresh', () => {
  it('fills coins and quotes from /coins/markets, ordered by rank, without a key header', async () => {
    const { provider } = await started();
    const [request] = fake.requestsTo('/coins/markets');
    assert.ok(request);
    assert.equal(request.path, '/api/v3/coins/markets');
    assert.deepEqual(Object.fromEntries(request.query), {
      vs_currency: 'usd',
      order: 'market_cap_desc',
      per_page: '250',
      page: '1',
      sparkline: 'true',
      price_change_percentage: '1h,24h,7d',
    });
    assert.equal(request.headers['x-cg-demo-api-key'], undefined);
    assert.equal(request.headers['x-cg-pro-api-key'], undefined);

    const coins = provider.coins();
    // binancecoin (4) comes before solana (5) though CoinGecko listed it after; the unranked
    // bridged ether comes last.
    assert.deepEqual(
      coins.map((coin) => [coin.slug, coin.rank]),
      [
        ['bitcoin', 1],
        ['ethereum', 2],
        ['tether', 3],
        ['binancecoin', 4],
        ['solana', 5],
        ['usd-coin', 6],
        ['ripple', 7],
        ['dogecoin', 8],
        ['cardano', 9],
        ['bridged-wrapped-ether-starkgate', 10],
      ],
    );
    assert.deepEqual(coins[0], {
      slug: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'BTC',
      rank: 1,
      logo: BITCOIN.image,
    });
    assert.deepEqual(provider.quote('bitcoin'), {
      price: 67512.34,
      percentChange24h: 1.21766,
      percentChange1h: BITCOIN.price_change_percentage_1h_in_currency,
      percentChange7d: BITCOIN.price_change_percentage_7d_in_currency,
      marketCap: 1330387146512,
      volume24h: 21468792311,
      updatedAt: seconds('2024-06-01T11:59:45.123Z'),
    });
    // CoinGecko's null 24 h change (a coin too new) reads as 0; its 1 h and 7 d stay unknown.
    const young = provider.quote('bridged-wrapped-ether-starkgate');
    assert.equal(young?.percentChange24h, 0);
    assert.deepEqual([young?.percentChange1h, young?.percentChange7d], [null, null]);
    assert.equal(provider.quote('not-a-coin'), null);
    assert.equal(provider.source, 'coingecko');
    assert.equal(provider.version(), 1);
  });

  it('sends a key as x-cg-demo-api-key to the public host', async () => {
    await started({ apiKey: 'CG-demo-key' });
    const [request] = fake.requestsTo('/coins/markets');
    assert.equal(request?.headers['x-cg-demo-api-key'], 'CG-demo-key');
    assert.equal(request?.headers['x-cg-pro-api-key'], undefined);
  });

  it('sends a key as x-cg-pro-api-key to a pro-api. host', async () => {
    const seen: string[] = [];
    await started({
      apiKey: 'CG-pro-key',
      baseUrl: `http://pro-api.coingecko.test:${fake.port}/api/v3`,
      // pro-api.coingecko.test is the fake: the URL is pointed at 127.0.0.1 on the way out.
      fetch: (input, init) => {
        const url = new URL(String(input));
        seen.push(url.hostname);
        url.hostname = '127.0.0.1';
        return fetch(url, init);
      },
    });
    assert.deepEqual(seen, ['pro-api.coingecko.test']);
    const [request] = fake.requestsTo('/coins/markets');
    assert.equal(request?.headers['x-cg-pro-api-key'], 'CG-pro-key');
    assert.equal(request?.headers['x-cg-demo-api-key'], undefined);
  });

  it('changes version() only when a refresh changed something', async () => {
    const { provider } = await started();
    assert.equal(await provider.refresh(), true);
    assert.equal(provider.version(), 1, 'the same data');
    fake.marketsBody = MARKETS.map((coin) =>
      coin.id === 'bitcoin'
        ? { ...coin, current_price: 68000, last_updated: '2024-06-01T12:04:45.000Z' }
        : coin,
    );
    assert.equal(await provider.refresh(), true);
    assert.equal(provider.version(), 2);
    assert.equal(provider.quote('bitcoin')?.price, 68000);
    assert.equal(provider.quote('bitcoin')?.updatedAt, seconds('2024-06-01T12:04:45.000Z'));
  });

  it('skips malformed coins and keeps the good ones of a page', async () => {
    const { provider } = make();
    const good = MARKETS.slice(0, 3);
    fake.marketsBody = [
      { ...good[2], market_cap_rank: 3 },
      null,
      'bitcoin',
      { ...BITCOIN, id: 'no-price', current_price: null },
      { ...BITCOIN, id: 'string-price', current_price: '67000' },
      { ...BITCOIN, id: 'no-image', image: 'missing.png' },
      { ...BITCOIN, id: 'bad-date', last_updated: 'yesterday' },
      { ...BITCOIN, id: 'bad-rank', market_cap_rank: 'first' },
      { ...BITCOIN, id: 'bad-volume', total_volume: '1e9' },
      { ...BITCOIN, id: 'a/b' },
      { ...BITCOIN, name: 42 },
      good[0],
      { ...good[0], name: 'Bitcoin again' },
      good[1],
    ];
    await provider.start();
    assert.deepEqual(
      provider.coins().map((coin) => coin.slug),
      ['bitcoin', 'ethereum', 'tether'],
    );
    assert.equal(provider.coins()[0]?.name, 'Bitcoin', 'the first of a repeated id');
  });

  const failures: Array<{ mode: FakeMode; kind: string; reason: RegExp }> = [
    { mode: 'hang', kind: 'timeout', reason: /no answer within 1000 ms/ },
    { mode: 'error', kind: 'http', reason: /HTTP 500/ },
    { mode: 'malformed', kind: 'malformed', reason: /not JSON/ },
    { mode: 'wrong-shape', kind: 'shape', reason: /not answer an array/ },
    { mode: 'rate-limit', kind: 'rate-limited', reason: /HTTP 429/ },
  ];
  for (const { mode, kind, reason } of failures) {
    it(`keeps the last coins and quotes when CoinGecko fails: ${mode}`, async () => {
      const { provider, warnings } = await started({ timeoutMs: HANG_TIMEOUT_MS });
      const coins = provider.coins();
      const quotes = coins.map((coin) => provider.quote(coin.slug));
      fake.mode = mode;
      const before = Date.now();
      assert.equal(await provider.refresh(), false);
      assert.ok(Date.now() - before < 4_000, 'a hanging CoinGecko is cut off by the timeout');
      assert.equal(fake.requestsTo('/coins/markets').length, 2);
      assert.deepEqual(provider.coins(), coins);
      assert.deepEqual(
        coins.map((coin) => provider.quote(coin.slug)),
        quotes,
      );
      assert.equal(provider.quote('bitcoin')?.updatedAt, seconds(BITCOIN.last_updated));
      assert.equal(provider.version(), 1);
      const [warning] = warnings();
      assert.ok(warning, 'a warning is logged');
      assert.equal(warning.obj.kind, kind);
      assert.match(String(warning.obj.reason), reason);
    });
  }

  it('makes no call after a 429 until its Retry-After has passed', async () => {
    const { provider, clock } = await started();
    fake.mode = 'rate-limit';
    fake.retryAfter = '30';
    assert.equal(await provider.refresh(), false);
    assert.equal(fake.requests.length, 2);
    fake.mode = 'ok';

    assert.equal(await provider.refresh(), false);
    await assert.rejects(provider.history('bitcoin', 0, FAR), MarketUnavailableError);
    clock.advance(29_000);
    assert.equal(await provider.refresh(), false);
    await assert.rejects(provider.history('bitcoin', 0, FAR), /Retry-After/);
    assert.equal(fake.requests.length, 2, 'no call while CoinGecko asked to wait');
    assert.equal(provider.coins().length, MARKETS.length);

    clock.advance(1_500);
    assert.equal(await provider.refresh(), true);
    assert.equal((await provider.history('bitcoin', 0, FAR)).length > 0, true);
    assert.equal(fake.requests.length, 4);
  });

  it('waits a minute after a 429 without Retry-After', async () => {
    const { provider, clock } = await started();
    fake.mode = 'rate-limit';
    fake.retryAfter = null;
    assert.equal(await provider.refresh(), false);
    fake.mode = 'ok';
    clock.advance(59_000);
    assert.equal(await provider.refresh(), false);
    assert.equal(fake.requests.length, 2);
    clock.advance(1_500);
    assert.equal(await provider.refresh(), true);
  });

  it('starts while CoinGecko is down and fills in at a later refresh', async () => {
    const { provider, warnings } = make();
    await fake.down();
    try {
      await provider.start();
    } finally {
      await fake.up();
    }
    assert.deepEqual(provider.coins(), []);
    assert.equal(provider.quote('bitcoin'), null);
    assert.deepEqual(await provider.history('bitcoin', 0, FAR), [], 'an unknown coin for now');
    assert.equal(provider.version(), 0);
    assert.equal(warnings()[0]?.obj.kind, 'network');
    assert.equal(fake.requests.length, 0);

    assert.equal(await provider.refresh(), true);
    assert.equal(provider.coins().length, MARKETS.length);
    assert.equal(provider.version(), 1);
  });

  it('asks again once on a new connection when one is dropped, and backs off when that fails', async () => {
    const { provider, warnings } = await started();
    const calls = fake.requests.length;
    fake.dropNext = 1;
    assert.equal(await provider.refresh(), true, JSON.stringify(warnings()));
    assert.equal(fake.requests.length, calls + 2);
    assert.deepEqual(warnings(), []);

    fake.dropNext = 2;
    assert.equal(await provider.refresh(), false);
    assert.equal(fake.requests.length, calls + 4, 'once more, not again and again');
    assert.equal(warnings().length, 1);
    assert.equal(warnings()[0]?.obj.kind, 'network');
    assert.ok(provider.status().retryAtSec !== null, 'backing off');
  });

  it('stops the markets refresh too after a 429 on a history call', async () => {
    const { provider, clock } = await started();
    fake.mode = 'rate-limit';
    fake.retryAfter = '10';
    await assert.rejects(provider.history('bitcoin', 0, FAR), /HTTP 429/);
    fake.mode = 'ok';
    assert.equal(await provider.refresh(), false);
    assert.equal(fake.requests.length, 2);
    clock.advance(10_500);
    assert.equal(await provider.refresh(), true);
    assert.equal(fake.requests.length, 3);
  });

  it('refreshes on its timer, backing off after failures', async () => {
    const { provider } = make({ refreshIntervalMs: 40 });
    await provider.start();
    await until(() => fake.requestsTo('/coins/markets').length >= 3, 2_000);

    fake.reset();
    fake.mode = 'error';
    await until(() => fake.requests.length >= 4, 3_000);
    // After 1, 2, 3 failures in a row: 80, 160, 320 ms (timers may fire a millisecond early).
    const gaps = fake.requests
      .slice(1, 4)
      .map((request, i) => request.at - (fake.requests[i] as { at: number }).at);
    assert.ok((gaps[0] as number) >= 75, `gaps ${gaps.join(', ')}`);
    assert.ok((gaps[1] as number) >= 155, `gaps ${gaps.join(', ')}`);
    assert.ok((gaps[2] as number) >= 315, `gaps ${gaps.join(', ')}`);
  });

  it('refreshes when Retry-After has passed', async () => {
    fake.mode = 'rate-limit';
    fake.retryAfter = '1';
    const { provider } = make({ refreshIntervalMs: 600_000 });
    await provider.start();
    fake.mode = 'ok';
    await until(() => provider.coins().length > 0, 2_500);
    assert.equal(fake.requests.length, 2);
    assert.ok((fake.requests[1]?.at as number) - (fake.requests[0]?.at as number) >= 995);
  });

  it('stop() ends a refresh in flight and the timer', async () => {
    fake.mode = 'hang';
    const { provider } = make({ timeoutMs: 5_000, refreshIntervalMs: 20 });
    const starting = provider.start();
    await until(() => fake.requests.length === 1, 1_000);
    const before = Date.now();
    await provider.stop();
    await starting;
    assert.ok(Date.now() - before < 1_000);
    fake.mode = 'ok';
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(fake.requests.length, 1, 'no refresh after stop()');
  });
});

describe('CoinGecko sparklines', () => {
  it('thins the hourly sparkline of /coins/markets to every 4 hours, ending with the price', async () => {
    const { provider } = await started();
    const end = seconds(BITCOIN.last_updated);
    const hourly = BITCOIN.sparkline_in_7d.price;
    assert.equal(hourly.length, 168);
    const sparkline = provider.sparkline('bitcoin');
    assert.ok(sparkline);
    assert.equal(sparkline.step, 4 * 3600);
    assert.equal(sparkline.from, end - 7 * DAY_SEC);
    assert.equal(sparkline.prices.length, 43);
    // The hourly prices 168, 164 ... 4 hours before the quote, then the quote itself.
    assert.deepEqual(
      sparkline.prices.slice(0, -1),
      hourly.filter((_, i) => i % 4 === 0),
    );
    assert.equal(sparkline.prices.at(-1), BITCOIN.current_price);
    // A coin listed two days ago: 48 hourly prices reach back 48 hours.
    const young = provider.sparkline('bridged-wrapped-ether-starkgate');
    assert.equal(young?.prices.length, 13);
    assert.equal(young?.from, seconds(MARKETS[8]!.last_updated) - 48 * 3600);
    assert.equal(provider.sparkline('not-a-coin'), null);
    assert.equal(fake.requests.length, 1, 'no call but the markets refresh');
  });

  it('gives an empty series for a missing or malformed sparkline', () => {
    for (const hourly of [undefined, null, [], [1, 'two', 3], [1, -2], { price: [1] }]) {
      assert.deepEqual(resampleSparkline(hourly, 1_000_000, 5), {
        from: 1_000_000,
        step: 4 * 3600,
        prices: [],
      });
    }
    assert.deepEqual(resampleSparkline([1, 2, 3], 1_000_000, 5).prices, [5], 'under 4 hours');
    assert.deepEqual(resampleSparkline([1, 2, 3, 4, 5, 6, 7, 8], 1_000_000, 9), {
      from: 1_000_000 - 8 * 3600,
      step: 4 * 3600,
      prices: [1, 5, 9],
    });
  });
});

describe('CoinGecko status', () => {
  it('says when it last got good figures and, while backing off, when it asks again', async () => {
    const { provider, clock } = await started({ refreshIntervalMs: 60_000 });
    const startedAt = Math.floor(clock.now() / 1000);
    assert.deepEqual(provider.status(), {
      asOfSec: startedAt,
      refreshSeconds: 60,
      retryAtSec: null,
    });
    clock.advance(5_000);
    fake.mode = 'rate-limit';
    fake.retryAfter = '90';
    assert.equal(await provider.refresh(), false);
    const refusedAt = clock.now();
    assert.deepEqual(provider.status(), {
      asOfSec: startedAt,
      refreshSeconds: 60,
      retryAtSec: Math.ceil((refusedAt + 90_000) / 1000),
    });
    // Once Retry-After has passed, a failed refresh backs off: 4 intervals after two failures.
    clock.advance(91_000);
    fake.mode = 'error';
    assert.equal(await provider.refresh(), false);
    assert.equal(provider.status().retryAtSec, Math.ceil((clock.now() + 240_000) / 1000));
    fake.mode = 'ok';
    assert.equal(await provider.refresh(), true);
    assert.deepEqual(provider.status(), {
      asOfSec: Math.floor(clock.now() / 1000),
      refreshSeconds: 60,
      retryAtSec: null,
    });
  });

  it('has no good figures to date them by before its first good refresh', async () => {
    fake.mode = 'error';
    const { provider } = make();
    await provider.start();
    assert.equal(provider.status().asOfSec, 0);
    assert.notEqual(provider.status().retryAtSec, null);
  });
});

describe('CoinGecko descriptions', () => {
  it("reads each language's description from /coins/{id} as plain text, null where it has none", async () => {
    const { provider } = await started();
    const en = await provider.description('bitcoin', 'en');
    const [request] = fake.requestsTo('/coins/bitcoin');
    assert.deepEqual(Object.fromEntries(request?.query ?? []), {
      localization: 'true',
      tickers: 'false',
      market_data: 'false',
      community_data: 'false',
      developer_data: 'false',
      sparkline: 'false',
    });
    assert.equal(
      en,
      'Bitcoin is the first successful internet money based on peer-to-peer technology; no central bank or authority is involved.\n\nIt was created by Satoshi Nakamoto in 2009 & runs on proof of work.',
    );
    assert.equal(
      await provider.description('bitcoin', 'zh'),
      '比特币是第一个基于点对点技术的成功的互联网货币，没有中央银行或机构参与。\n它由中本聪于2009年创建。',
    );
    assert.equal(await provider.description('bitcoin', 'pt-br'), null, 'CoinGecko has no pt text');
    // CoinGecko's "zh" that is its English text is no Chinese description.
    assert.equal(await provider.description('ethereum', 'zh'), null);
    assert.match(
      (await provider.description('ethereum', 'pt-br')) ?? '',
      /^Ethereum é uma plataforma/,
    );
    assert.equal(fake.requestsTo('/coins/bitcoin').length, 1, 'one call for every language');
    assert.equal(await provider.description('not-a-coin', 'en'), null);
    assert.equal(fake.requests.length, 3, 'the markets refresh and one call per coin');
  });

  it('keeps descriptions for a day and gives null, never an error, when the call fails', async () => {
    const { provider, clock, warnings } = await started();
    // The fake has no /coins/solana: CoinGecko's 404.
    assert.equal(await provider.description('solana', 'en'), null);
    fake.mode = 'error';
    assert.equal(await provider.description('bitcoin', 'en'), null);
    fake.mode = 'ok';
    const first = await provider.description('bitcoin', 'en');
    assert.ok(first);
    clock.advance(23 * 3600_000);
    fake.mode = 'error';
    assert.equal(await provider.description('bitcoin', 'en'), first, 'kept for a day');
    assert.equal(fake.requestsTo('/coins/bitcoin').length, 2);
    clock.advance(2 * 3600_000);
    assert.equal(await provider.description('bitcoin', 'en'), first, 'the last good one stays');
    assert.equal(fake.requestsTo('/coins/bitcoin').length, 3);
    assert.deepEqual(
      warnings().map((warning) => warning.obj.kind),
      ['http', 'http', 'http'],
    );
  });

  it('makes no description call while a Retry-After runs', async () => {
    const { provider } = await started();
    fake.mode = 'rate-limit';
    assert.equal(await provider.refresh(), false);
    fake.mode = 'ok';
    assert.equal(await provider.description('bitcoin', 'en'), null);
    assert.equal(fake.requests.length, 2);
  });
});

describe('CoinGecko price history', () => {
  it('reads /coins/{id}/market_chart: seconds, oldest first, ending with the latest quote', async () => {
    const { provider } = await started();
    const points = await provider.history('bitcoin', 0, FAR);
    const [request] = fake.requestsTo('/market_chart');
    assert.equal(request?.path, '/api/v3/coins/bitcoin/market_chart');
    assert.deepEqual(Object.fromEntries(request?.query ?? []), { vs_currency: 'usd', days: '90' });

    // The fixture's first point is exactly 90 days before its end, 5 minutes before "now": out.
    const expected = CHART.prices
      .slice(1)
      .map(([ms, price]) => ({ time: Math.floor(ms / 1000), price }));
    assert.deepEqual(points.slice(0, -1), expected);
    assert.deepEqual(points[points.length - 1], {
      time: seconds(BITCOIN.last_updated),
      price: BITCOIN.current_price,
    });
    for (let i = 1; i < points.length; i++) {
      assert.ok((points[i] as { time: number }).time > (points[i - 1] as { time: number }).time);
    }
  });

  it('keeps to [fromSec, toSec]', async () => {
    const { provider } = await started();
    const from = seconds('2024-05-01T00:00:00Z');
    const to = seconds('2024-05-02T00:00:00Z');
    const points = await provider.history('bitcoin', from, to);
    assert.equal(points.length, 24);
    assert.ok(points.every((point) => point.time >= from && point.time <= to));
    assert.notEqual(points[points.length - 1]?.price, BITCOIN.current_price);
  });

  it('goes back at most 90 days', async () => {
    const { provider, clock } = await started();
    clock.advance(DAY_SEC * 1000);
    const cutoffBefore = Math.floor(clock.now() / 1000) - 90 * DAY_SEC;
    const points = await provider.history('bitcoin', 0, FAR);
    const cutoffAfter = Math.floor(clock.now() / 1000) - 90 * DAY_SEC;
    const first = points[0];
    assert.ok(first && first.time >= cutoffBefore);
    const index = CHART.prices.findIndex(([ms]) => Math.floor(ms / 1000) === first.time);
    assert.ok(index > 20, 'about a day of the fixture is older than 90 days');
    assert.ok(Math.floor((CHART.prices[index - 1] as [number, number])[0] / 1000) < cutoffAfter);
  });

  it('caches a history for historyTtlMs', async () => {
    const { provider, clock } = await started();
    const first = await provider.history('bitcoin', 0, FAR);
    clock.advance(59 * 60_000);
    const second = await provider.history('bitcoin', 0, FAR);
    assert.equal(fake.requestsTo('/market_chart').length, 1);
    // The same points, less the oldest hour that left the 90 days.
    assert.deepEqual(second, first.slice(first.length - second.length));
    assert.equal(second.length, first.length - 1);
    clock.advance(2 * 60_000);
    await provider.history('bitcoin', 0, FAR);
    assert.equal(fake.requestsTo('/market_chart').length, 2);
  });

  it('serves the stale history when its refresh fails', async () => {
    const { provider, clock, warnings } = await started({ timeoutMs: HANG_TIMEOUT_MS });
    const first = await provider.history('bitcoin', 0, FAR);
    clock.advance(61 * 60_000);
    for (const mode of ['error', 'hang', 'malformed', 'wrong-shape'] as const) {
      fake.mode = mode;
      const points = await provider.history('bitcoin', 0, FAR);
      // Same data, seen from a clock an hour later: the oldest hour falls out of the 90 days.
      assert.deepEqual(points, first.slice(first.length - points.length));
      assert.ok(points.length >= first.length - 2);
    }
    assert.equal(fake.requestsTo('/market_chart').length, 5);
    assert.deepEqual(
      warnings().map((warning) => warning.obj.kind),
      ['http', 'timeout', 'malformed', 'shape'],
    );
  });

  it('rejects with MarketUnavailableError when no history was ever fetched', async () => {
    const { provider } = await started();
    fake.mode = 'error';
    await assert.rejects(provider.history('bitcoin', 0, FAR), (error: unknown) => {
      assert.ok(error instanceof MarketUnavailableError);
      assert.match(error.message, /bitcoin.*HTTP 500/);
      return true;
    });
    fake.mode = 'ok';
    // The fake has no chart for ethereum: CoinGecko's 404.
    await assert.rejects(provider.history('ethereum', 0, FAR), /HTTP 404/);
  });

  it('shares one request among concurrent calls for a coin', async () => {
    const { provider } = await started();
    const answers = await Promise.all([
      provider.history('bitcoin', 0, FAR),
      provider.history('bitcoin', seconds('2024-05-01T00:00:00Z'), FAR),
      provider.history('bitcoin', 0, FAR),
    ]);
    assert.equal(fake.requestsTo('/market_chart').length, 1);
    assert.deepEqual(answers[0], answers[2]);
    assert.ok((answers[1]?.length as number) < (answers[0]?.length as number));
  });

  it('gives [] for an unknown slug without a call', async () => {
    const { provider } = await started();
    assert.deepEqual(await provider.history('not-a-coin', 0, FAR), []);
    assert.equal(fake.requests.length, 1);
  });
});

describe('CoinGecko call budget', () => {
  it('lets at most callsPerMinute calls reach CoinGecko in a minute', async () => {
    const { provider, clock, warnings } = await started({ callsPerMinute: 3, historyTtlMs: 0 });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await provider.history('bitcoin', 0, FAR));
    assert.equal(fake.requests.length, 3, 'the markets refresh and two histories');
    for (const answer of answers) assert.deepEqual(answer, answers[0], 'the rest served stale');
    assert.equal(warnings().filter((warning) => warning.obj.kind === 'budget').length, 4);
    await assert.rejects(provider.history('ethereum', 0, FAR), MarketUnavailableError);
    assert.equal(fake.requests.length, 3);

    clock.advance(60_500);
    await provider.history('bitcoin', 0, FAR);
    assert.equal(fake.requests.length, 4);
  });

  it('makes a history call wait for a slot less than 2 s away', async () => {
    const clock = new TestClock();
    clock.freeze();
    const { provider } = await started({ callsPerMinute: 2, historyTtlMs: 0, clock });
    await provider.history('bitcoin', 0, FAR);
    clock.advance(59_700);
    const before = Date.now();
    await provider.history('bitcoin', 0, FAR);
    const waited = Date.now() - before;
    assert.equal(fake.requestsTo('/market_chart').length, 2);
    assert.ok(waited >= 290, `waited ${waited} ms`);
  });

  it('makes the markets refresh wait for its slot', async () => {
    const clock = new TestClock();
    clock.freeze();
    const { provider } = await started({ callsPerMinute: 1, clock });
    clock.advance(59_700);
    const before = Date.now();
    assert.equal(await provider.refresh(), true);
    const waited = Date.now() - before;
    assert.equal(fake.requests.length, 2);
    assert.ok(waited >= 290, `waited ${waited} ms`);
  });
});

describe('CoinGecko helpers', () => {
  it('backs off by doubling up to 10 minutes, or as long as Retry-After says', () => {
    assert.equal(nextRefreshDelay(60_000, 0), 60_000);
    assert.equal(nextRefreshDelay(60_000, 1), 120_000);
    assert.equal(nextRefreshDelay(60_000, 3), 480_000);
    assert.equal(nextRefreshDelay(60_000, 4), 600_000);
    assert.equal(nextRefreshDelay(60_000, 50), 600_000);
    assert.equal(nextRefreshDelay(3_600_000, 2), 3_600_000, 'never more often than the interval');
    // Retry-After decides, with a little slack for early timers.
    assert.equal(nextRefreshDelay(60_000, 2, 30_000), 30_050);
    assert.equal(nextRefreshDelay(60_000, 0, 1_000_000), 1_000_050);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2024-06-01T12:00:00Z');
    assert.equal(parseRetryAfter('30', now), 30_000);
    assert.equal(parseRetryAfter(' 0 ', now), 0);
    assert.equal(parseRetryAfter('Sat, 01 Jun 2024 12:00:45 GMT', now), 45_000);
    assert.equal(parseRetryAfter('Sat, 01 Jun 2024 11:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter('999999', now), 3_600_000, 'believed up to an hour');
    assert.equal(parseRetryAfter('soon', now), null);
    assert.equal(parseRetryAfter('-5', now), null);
    assert.equal(parseRetryAfter('2024', now), 2_024_000);
    assert.equal(parseRetryAfter('2024-06-01T12:01:00Z', now), null);
    assert.equal(parseRetryAfter(null, now), null);
  });

  it('refuses bad options', () => {
    const clock = new TestClock();
    assert.throws(() => createCoinGeckoProvider({ clock, coinsLimit: 251 }), /coinsLimit/);
    assert.throws(() => createCoinGeckoProvider({ clock, callsPerMinute: 0 }), /callsPerMinute/);
    assert.throws(() => createCoinGeckoProvider({ clock, timeoutMs: 1.5 }), /timeoutMs/);
    assert.throws(
      () => createCoinGeckoProvider({ clock, baseUrl: 'api.coingecko.com/api/v3' }),
      /baseUrl must be an absolute http\(s\) URL/,
    );
  });
});

describe('coinGeckoSettingsFromEnv', () => {
  it('defaults to the snapshot provider and the public API', () => {
    assert.deepEqual(coinGeckoSettingsFromEnv({}), {
      provider: 'snapshot',
      apiKey: null,
      baseUrl: 'https://api.coingecko.com/api/v3',
      refreshIntervalMs: 60_000,
    });
    assert.equal(coinGeckoSettingsFromEnv({ MARKET_PROVIDER: '' }).provider, 'snapshot');
  });

  it('reads MARKET_PROVIDER and COINGECKO_*', () => {
    assert.deepEqual(
      coinGeckoSettingsFromEnv({
        MARKET_PROVIDER: 'coingecko',
        COINGECKO_API_KEY: 'CG-abc123',
        COINGECKO_BASE_URL: 'https://pro-api.coingecko.com/api/v3/',
        COINGECKO_REFRESH_SECONDS: '10',
      }),
      {
        provider: 'coingecko',
        apiKey: 'CG-abc123',
        baseUrl: 'https://pro-api.coingecko.com/api/v3',
        refreshIntervalMs: 10_000,
      },
    );
    assert.equal(
      coinGeckoSettingsFromEnv({ COINGECKO_BASE_URL: 'http://127.0.0.1:9000/api/v3' }).baseUrl,
      'http://127.0.0.1:9000/api/v3',
    );
  });

  it('refuses bad values', () => {
    for (const value of ['coinmarketcap', 'CoinGecko', 'demo', 'snapshot,coingecko']) {
      assert.throws(
        () => coinGeckoSettingsFromEnv({ MARKET_PROVIDER: value }),
        /MARKET_PROVIDER must be "snapshot" or "coingecko"/,
      );
    }
    for (const value of [
      'api.coingecko.com/api/v3',
      '/api/v3',
      'ftp://api.coingecko.com/api/v3',
      'https://api.coingecko.com/api/v3?x_cg_demo_api_key=1',
      'https://user:pass@api.coingecko.com/api/v3',
      'not a url',
    ]) {
      assert.throws(
        () => coinGeckoSettingsFromEnv({ COINGECKO_BASE_URL: value }),
        /COINGECKO_BASE_URL must be an absolute http\(s\) URL/,
      );
    }
    for (const value of ['9', '0', '-60', '10.5', '1e3', 'sixty', '86401']) {
      assert.throws(
        () => coinGeckoSettingsFromEnv({ COINGECKO_REFRESH_SECONDS: value }),
        /COINGECKO_REFRESH_SECONDS must be a whole number/,
      );
    }
    assert.throws(
      () => coinGeckoSettingsFromEnv({ COINGECKO_API_KEY: 'two words' }),
      /COINGECKO_API_KEY/,
    );
  });
});
