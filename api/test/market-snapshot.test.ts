// The demo market provider: the bundled data set, its seeded price history, the quotes and
// sparklines derived from it, its status, the coin descriptions, and the coin logos.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Clock } from '../src/auth/clock.js';
import { lastAtOrBefore, percentChange, rangeChange } from '../src/market/figures.js';
import { isStablecoin, PriceSeries } from '../src/market/history.js';
import { hasBundledIcon, logoPath, logoSvg, monogramSvg } from '../src/market/logos.js';
import {
  createSnapshotProvider,
  defaultDescriptionsFile,
  parseDescriptions,
  parseSnapshot,
  type SnapshotData,
  type SnapshotProvider,
} from '../src/market/snapshot.js';
import { DAY_SEC, HISTORY_DAYS, HOUR_SEC } from '../src/market/types.js';

const AS_OF_MS = Date.parse('2026-11-01T00:00:00Z');

/** A clock the test moves by hand. */
function manualClock(ms: number): Clock & { set(ms: number): void; advance(ms: number): void } {
  let now = ms;
  return {
    now: () => now,
    set: (to) => {
      now = to;
    },
    advance: (by) => {
      now += by;
    },
  };
}

async function started(clock: Clock): Promise<SnapshotProvider> {
  const provider = createSnapshotProvider({ clock });
  await provider.start();
  return provider;
}

describe('the bundled data set', () => {
  let data: SnapshotData;
  before(async () => {
    data = (await started(manualClock(AS_OF_MS))).data();
  });

  it('has at least 200 coins, unique slugs and ranks 1..N, and says it is demo data', () => {
    assert.equal(data.asOf, '2026-11-01T00:00:00Z');
    assert.match(data.note, /demo/i);
    assert.ok(data.coins.length >= 200, `${data.coins.length} coins`);
    assert.equal(new Set(data.coins.map((c) => c.slug)).size, data.coins.length);
    assert.deepEqual(
      data.coins.map((c) => c.rank),
      data.coins.map((_, i) => i + 1),
    );
    for (const coin of data.coins) {
      assert.equal(coin.symbol, coin.symbol.toUpperCase(), coin.slug);
    }
  });

  it('ranks by market cap and knows the big names and the stablecoins', () => {
    for (let i = 1; i < data.coins.length; i++) {
      assert.ok(data.coins[i - 1]!.marketCap >= data.coins[i]!.marketCap, data.coins[i]!.slug);
    }
    assert.equal(data.coins[0]!.slug, 'bitcoin');
    assert.equal(data.coins[1]!.slug, 'ethereum');
    const slugs = new Set(data.coins.map((c) => c.slug));
    for (const slug of [
      'tether',
      'usd-coin',
      'binancecoin',
      'solana',
      'ripple',
      'dogecoin',
      'dai',
    ]) {
      assert.ok(slugs.has(slug), slug);
    }
    const stable = data.coins.filter((c) => isStablecoin(c.price, c.volatility));
    assert.ok(stable.length >= 5, `${stable.length} stablecoins`);
  });

  it('rejects a broken file with an error naming the coin and the field', () => {
    const good = {
      asOf: '2026-11-01T00:00:00Z',
      note: 'Demo data.',
      coins: [
        {
          rank: 1,
          slug: 'bitcoin',
          name: 'Bitcoin',
          symbol: 'BTC',
          price: 1,
          percentChange24h: 0,
          marketCap: 2,
          volume24h: 1,
          volatility: 0.03,
        },
        {
          rank: 2,
          slug: 'ethereum',
          name: 'Ethereum',
          symbol: 'ETH',
          price: 1,
          percentChange24h: 0,
          marketCap: 1,
          volume24h: 1,
          volatility: 0.04,
        },
      ],
    };
    assert.equal(parseSnapshot(good).coins.length, 2);
    const broken = (change: (copy: typeof good) => void): typeof good => {
      const copy = structuredClone(good);
      change(copy);
      return copy;
    };
    assert.throws(
      () => parseSnapshot(broken((c) => Object.assign(c.coins[1]!, { price: -3 }))),
      /coin 2 \("ethereum"\): "price" must be a positive number/,
    );
    assert.throws(
      () => parseSnapshot(broken((c) => Object.assign(c.coins[1]!, { slug: 'bitcoin' }))),
      /coin 2 \("bitcoin"\): "slug" is used twice/,
    );
    assert.throws(
      () => parseSnapshot(broken((c) => Object.assign(c.coins[0]!, { symbol: 'btc' }))),
      /coin 1 \("bitcoin"\): "symbol" must be upper case/,
    );
    assert.throws(
      () => parseSnapshot(broken((c) => Object.assign(c.coins[1]!, { rank: 3 }))),
      /"ethereum": "rank" 3 leaves a gap/,
    );
    assert.throws(
      () => parseSnapshot(broken((c) => Object.assign(c.coins[0]!, { volatility: '0.03' }))),
      /coin 1 \("bitcoin"\): "volatility" must be/,
    );
    assert.throws(
      () => parseSnapshot(broken((c) => Object.assign(c.coins[0]!, { tracks: 'nothing' }))),
      /coin 1 \("bitcoin"\): "tracks" must name another coin/,
    );
    assert.throws(() => parseSnapshot(broken((c) => (c.asOf = 'yesterday'))), /"asOf"/);
    assert.throws(() => parseSnapshot([]), /JSON object/);
  });

  it('rejects broken descriptions with an error naming the coin and the language', () => {
    const slugs = new Set(['bitcoin', 'ethereum']);
    const good = { en: 'A network.', zh: '一个网络。', 'pt-br': 'Uma rede.' };
    const parse = (coins: unknown, note: unknown = 'what they are') =>
      parseDescriptions({ note, coins }, slugs, 'd.json');
    assert.equal(parse({ bitcoin: good }).get('bitcoin')?.zh, '一个网络。');
    for (const [coins, error] of [
      [{ dogecoin: good }, /d\.json: "dogecoin" is not a coin of the market data set/],
      [{ bitcoin: { ...good, zh: '' } }, /"bitcoin": "zh" must be a non-empty string/],
      [{ bitcoin: { en: 'A', zh: '一' } }, /"bitcoin": "pt-br" must be a non-empty string/],
      [{ bitcoin: { ...good, pt: 'Uma' } }, /"bitcoin": "pt" is not a language/],
      [{ bitcoin: { ...good, en: 'A <b>network</b>.' } }, /"bitcoin": "en" must be plain text/],
      [{ bitcoin: { ...good, en: 'x'.repeat(1001) } }, /"bitcoin": "en" is longer than 1000/],
      [{ bitcoin: 'A network.' }, /"bitcoin" must be an object with en, zh, pt-br/],
      [[], /"coins" must be an object/],
    ] as const) {
      assert.throws(() => parse(coins), error);
    }
    assert.throws(() => parse({}, ''), /"note" must say/);
    assert.throws(
      () => parseDescriptions(null, slugs),
      /coin-descriptions\.json: must be a JSON object/,
    );
  });

  it('start() fails clearly on broken descriptions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinlens-market-'));
    try {
      const descriptions = join(dir, 'coin-descriptions.json');
      writeFileSync(descriptions, '{"note": "x", "coins": {"bitcoin": {"en": "A network."}}}');
      const provider = createSnapshotProvider({ clock: manualClock(AS_OF_MS), descriptions });
      await assert.rejects(provider.start(), /"bitcoin": "zh" must be a non-empty string/);
      writeFileSync(descriptions, '{');
      await assert.rejects(provider.start(), /cannot read the coin descriptions/);
      // The bundled ones are found beside the bundled data set.
      assert.match(defaultDescriptionsFile().pathname, /data\/coin-descriptions\.json$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('start() fails clearly on a broken file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinlens-market-'));
    try {
      const file = join(dir, 'coins.json');
      writeFileSync(
        file,
        '{"asOf": "2026-11-01T00:00:00Z", "note": "demo", "coins": [{"slug": "x"}]}',
      );
      const provider = createSnapshotProvider({ clock: manualClock(AS_OF_MS), file });
      await assert.rejects(provider.start(), /coin 1 \("x"\): "name" must be a non-empty string/);
      writeFileSync(file, '{ not json');
      await assert.rejects(provider.start(), /cannot read the market data set/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the demo provider', () => {
  const clock = manualClock(AS_OF_MS);
  let provider: SnapshotProvider;
  let data: SnapshotData;
  before(async () => {
    provider = await started(clock);
    data = provider.data();
  });
  after(() => provider.stop());

  it('lists the coins by rank with logo paths and says it is demo data', () => {
    assert.equal(provider.source, 'demo');
    const coins = provider.coins();
    assert.equal(coins.length, data.coins.length);
    assert.deepEqual(coins[0], {
      slug: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'BTC',
      rank: 1,
      logo: '/api/asset/logo/btc.svg',
    });
    assert.equal(provider.quote('no-such-coin'), null);
  });

  it('gives the file’s price exactly at asOf', () => {
    clock.set(AS_OF_MS);
    for (const coin of data.coins) {
      const quote = provider.quote(coin.slug)!;
      assert.equal(quote.price, coin.price, coin.slug);
      assert.equal(quote.marketCap, coin.marketCap, coin.slug);
      assert.equal(quote.updatedAt, AS_OF_MS / 1000);
      assert.ok(quote.volume24h >= coin.volume24h * 0.7 && quote.volume24h <= coin.volume24h * 1.3);
    }
  });

  it('is deterministic: two providers agree on every quote and history', async () => {
    const at = AS_OF_MS + 17 * DAY_SEC * 1000 + 1_234_567;
    const a = await started(manualClock(at));
    // The second one warms up in a different order, and later, and must still agree.
    const other = manualClock(AS_OF_MS - 30 * DAY_SEC * 1000);
    const b = await started(other);
    for (const coin of [...data.coins].reverse()) b.quote(coin.slug);
    other.set(at);
    for (const coin of data.coins) {
      assert.deepEqual(a.quote(coin.slug), b.quote(coin.slug), coin.slug);
    }
    const to = at / 1000;
    assert.deepEqual(await a.history('bitcoin', 0, to), await b.history('bitcoin', 0, to));
    assert.deepEqual(
      await a.history('pepe', to - 5 * DAY_SEC, to),
      await b.history('pepe', to - 5 * DAY_SEC, to),
    );
  });

  it('moves smoothly: BTC’s hour-to-hour moves are bounded and prices stay plausible', async () => {
    clock.set(AS_OF_MS + 30 * DAY_SEC * 1000);
    const points = await provider.history('bitcoin', 0, Infinity);
    assert.ok(points.length > 2000);
    for (let i = 1; i < points.length; i++) {
      const move = Math.abs(Math.log(points[i]!.price / points[i - 1]!.price));
      assert.ok(move < 0.05, `hour ${i}: ${move}`);
    }
    for (const point of points) assert.ok(point.price > 40_000 && point.price < 300_000);
    // Between two hours the price is on the straight line between them.
    const hour = Math.floor(AS_OF_MS / 1000 / HOUR_SEC) + 100;
    clock.set((hour * HOUR_SEC + 1800) * 1000);
    const around = await provider.history('bitcoin', (hour - 1) * HOUR_SEC, Infinity);
    const mid = provider.quote('bitcoin')!.price;
    const btc = data.coins[0]!;
    const series = new PriceSeries({
      slug: btc.slug,
      price: btc.price,
      volatility: btc.volatility,
      asOfSec: AS_OF_MS / 1000,
    });
    const [p0, p1] = [around[1]!.price, series.priceAtHour(hour + 1)];
    assert.equal(around[1]!.time, hour * HOUR_SEC);
    assert.ok(Math.abs(mid - (p0 + p1) / 2) < 1e-6 * mid);
  });

  it('keeps stablecoins near $1 over 90 days, and 3 years later too', async () => {
    const stable = data.coins.filter((c) => isStablecoin(c.price, c.volatility));
    for (const atMs of [AS_OF_MS + 20 * DAY_SEC * 1000, AS_OF_MS + 3 * 365 * DAY_SEC * 1000]) {
      const late = await started(manualClock(atMs));
      for (const coin of stable) {
        const points = await late.history(coin.slug, 0, Infinity);
        assert.ok(points.length >= HISTORY_DAYS * 24, coin.slug);
        for (const { price } of points) {
          assert.ok(price > 0.98 && price < 1.02, `${coin.slug}: ${price}`);
        }
      }
    }
  });

  it('stays plausible years after asOf and before it (mean reversion, the origin clamp)', async () => {
    for (const atMs of [AS_OF_MS + 5 * 365 * DAY_SEC * 1000, AS_OF_MS - 2 * 365 * DAY_SEC * 1000]) {
      const other = await started(manualClock(atMs));
      for (const coin of data.coins) {
        const price = other.quote(coin.slug)!.price;
        assert.ok(Number.isFinite(price) && price > 0, coin.slug);
        assert.ok(price / coin.price > 0.02 && price / coin.price < 50, `${coin.slug}: ${price}`);
      }
    }
  });

  it('keeps little memory and still gives an early hour the same price afterwards', () => {
    const spec = { slug: 'ethereum', price: 3880, volatility: 0.04, asOfSec: AS_OF_MS / 1000 };
    const asOfHour = AS_OF_MS / 1000 / HOUR_SEC;
    const early = new PriceSeries(spec).priceAtHour(asOfHour + 240);
    const busy = new PriceSeries(spec);
    const late = busy.priceAtHour(asOfHour + 2 * 365 * 24);
    assert.equal(busy.priceAtHour(asOfHour + 240), early);
    assert.equal(busy.priceAtHour(asOfHour + 2 * 365 * 24), late);
    assert.equal(busy.priceAtHour(asOfHour), 3880);
    // Before the origin the price is the origin's.
    const origin = asOfHour - 400 * 24;
    assert.equal(busy.priceAtHour(origin - 1000), busy.priceAtHour(origin));
  });

  it('wrapped and staked coins move with the coin they track', () => {
    clock.set(AS_OF_MS + 9 * DAY_SEC * 1000 + 4321_000);
    const btc = provider.quote('bitcoin')!.price / 110250;
    const wbtc = data.coins.find((c) => c.slug === 'wrapped-bitcoin')!;
    const ratio = provider.quote('wrapped-bitcoin')!.price / wbtc.price;
    assert.ok(Math.abs(ratio - btc) < 1e-9);
  });

  it('has quotes consistent with the history (24 h change, latest point)', async () => {
    // A whole hour: the history's first and last points are exactly 24 h apart.
    clock.set(AS_OF_MS + 12 * DAY_SEC * 1000 + 7 * HOUR_SEC * 1000);
    let now = clock.now() / 1000;
    for (const slug of ['bitcoin', 'ethereum', 'tether', 'dogecoin']) {
      const quote = provider.quote(slug)!;
      const points = await provider.history(slug, now - DAY_SEC, now);
      assert.equal(points.length, 25);
      assert.equal(points[0]!.time, now - DAY_SEC);
      assert.equal(points.at(-1)!.time, now);
      assert.equal(points.at(-1)!.price, quote.price);
      const change = (points.at(-1)!.price / points[0]!.price - 1) * 100;
      assert.ok(Math.abs(change - quote.percentChange24h) < 1e-9, slug);
      const coin = data.coins.find((c) => c.slug === slug)!;
      assert.ok(Math.abs(quote.marketCap - (coin.marketCap * quote.price) / coin.price) < 1e-3);
    }
    // Between two hours: hourly points, then the tick.
    clock.advance(25 * 60_000 + 7_777);
    now = Math.floor(clock.now() / 10_000) * 10;
    const quote = provider.quote('solana')!;
    assert.equal(quote.updatedAt, now);
    const points = await provider.history('solana', now - DAY_SEC, now + DAY_SEC);
    assert.equal(points.at(-1)!.time, now);
    assert.equal(points.at(-1)!.price, quote.price);
    assert.equal(points.at(-2)!.time, Math.floor(now / HOUR_SEC) * HOUR_SEC);
    // Its 24 h change is the history's by figures.ts, against the last whole hour at or before
    // 24 h ago, exactly: the one definition the report's 24 H chart and header use.
    assert.notEqual(now % HOUR_SEC, 0);
    const twoDays = await provider.history('solana', now - 2 * DAY_SEC, now);
    assert.equal(quote.percentChange24h, rangeChange(twoDays, '24h'));
    for (let i = 1; i < points.length; i++) assert.ok(points[i]!.time > points[i - 1]!.time);
    assert.deepEqual(await provider.history('no-such-coin', 0, now), []);
    assert.deepEqual(await provider.history('solana', now + 10, now + 100), []);
  });

  it('has 1 h and 7 d changes by figures.ts, on the history it serves', async () => {
    // Between two hours, where "the last point at or before" matters.
    clock.set(AS_OF_MS + 20 * DAY_SEC * 1000 + 5 * HOUR_SEC * 1000 + 1_234_000);
    const now = Math.floor(clock.now() / 10_000) * 10;
    for (const slug of ['bitcoin', 'solana', 'tether', 'wrapped-bitcoin']) {
      const quote = provider.quote(slug)!;
      const points = await provider.history(slug, now - 8 * DAY_SEC, now);
      assert.equal(quote.percentChange7d, rangeChange(points, '7d'), slug);
      const hourBefore = lastAtOrBefore(points, now - HOUR_SEC)!;
      assert.equal(hourBefore.time, Math.floor((now - HOUR_SEC) / HOUR_SEC) * HOUR_SEC);
      assert.equal(quote.percentChange1h, percentChange(hourBefore.price, quote.price), slug);
    }
  });

  it('gives a 7-day sparkline every 4 hours from its history, ending with the quote', async () => {
    clock.set(AS_OF_MS + 9 * DAY_SEC * 1000 + 2 * HOUR_SEC * 1000 + 45_000);
    const now = Math.floor(clock.now() / 10_000) * 10;
    const sparkline = provider.sparkline('ethereum')!;
    assert.equal(sparkline.step, 4 * HOUR_SEC);
    assert.equal(sparkline.from, now - 7 * DAY_SEC);
    assert.equal(sparkline.prices.length, 43);
    assert.equal(sparkline.prices.at(-1), provider.quote('ethereum')!.price);
    // Each price is the history's at its time: on the line between the two whole hours around.
    const points = await provider.history('ethereum', now - 8 * DAY_SEC, now);
    const whole = new Map(points.map((point) => [point.time, point.price]));
    sparkline.prices.slice(0, -1).forEach((price, i) => {
      const time = sparkline.from + i * sparkline.step;
      const hour = Math.floor(time / HOUR_SEC) * HOUR_SEC;
      const [a, b] = [whole.get(hour)!, whole.get(hour + HOUR_SEC)!];
      const expected = a + ((b - a) * (time - hour)) / HOUR_SEC;
      assert.ok(Math.abs(price - expected) <= 1e-9 * expected, `${i}: ${price} vs ${expected}`);
    });
    assert.equal(provider.sparkline('no-such-coin'), null);
  });

  it('is never stale: its figures are as of the last 10-second tick', () => {
    clock.set(AS_OF_MS + 4 * DAY_SEC * 1000 + 7_500);
    assert.deepEqual(provider.status(), {
      asOfSec: AS_OF_MS / 1000 + 4 * DAY_SEC,
      refreshSeconds: 10,
      retryAtSec: null,
    });
  });

  it('describes the 20 largest coins in every language, and no other language', async () => {
    for (const coin of data.coins.slice(0, 20)) {
      const texts = await Promise.all(
        (['en', 'zh', 'pt-br'] as const).map((locale) => provider.description(coin.slug, locale)),
      );
      const [en, zh, pt] = texts;
      for (const text of texts) {
        assert.ok(text && text.length >= 40 && text.length <= 600, `${coin.slug}: ${text}`);
        // Facts, not figures or advice.
        assert.doesNotMatch(text, /\$|\d\s?%|\bbuy|invest|comprar|买入|投资/i, coin.slug);
      }
      assert.match(zh!, /[\u4e00-\u9fff]/, coin.slug);
      assert.notEqual(pt, en, coin.slug);
    }
    assert.equal(await provider.description('no-such-coin', 'en'), null);
    const last = data.coins.at(-1)!;
    assert.equal(await provider.description(last.slug, 'zh'), null, 'a coin not described');
  });

  it('gives at most the last 90 days', async () => {
    clock.set(AS_OF_MS + 40 * DAY_SEC * 1000 + 5000);
    const now = Math.floor(clock.now() / 10_000) * 10;
    const points = await provider.history('ethereum', 0, now);
    assert.equal(points[0]!.time, Math.ceil((now - HISTORY_DAYS * DAY_SEC) / HOUR_SEC) * HOUR_SEC);
    assert.ok(points.length <= HISTORY_DAYS * 24 + 2);
    assert.ok(points.length >= HISTORY_DAYS * 24);
  });

  it('changes version every 10 s and keeps quotes constant within one', async () => {
    clock.set(AS_OF_MS + 3 * DAY_SEC * 1000 + 20_000);
    const version = provider.version();
    const quote = provider.quote('bitcoin');
    const history = await provider.history('bitcoin', 0, Infinity);
    clock.advance(9_999);
    assert.equal(provider.version(), version);
    assert.deepEqual(provider.quote('bitcoin'), quote);
    assert.deepEqual(await provider.history('bitcoin', 0, Infinity), history);
    clock.advance(1);
    assert.equal(provider.version(), version + 1);
    const next = provider.quote('bitcoin')!;
    assert.equal(next.updatedAt, quote!.updatedAt + 10);
    assert.notEqual(next.price, quote!.price);
  });

  it('builds all coins’ 90-day histories in well under a second', async () => {
    const at = AS_OF_MS + 60 * DAY_SEC * 1000;
    const fresh = createSnapshotProvider({ clock: manualClock(at) });
    await fresh.start();
    const began = performance.now();
    let points = 0;
    for (const coin of fresh.coins()) {
      points += (await fresh.history(coin.slug, 0, Infinity)).length;
      fresh.quote(coin.slug);
    }
    const took = performance.now() - began;
    assert.ok(points >= fresh.coins().length * HISTORY_DAYS * 24);
    assert.ok(took < 1000, `${took.toFixed(0)} ms`);
  });
});

describe('coin logos', () => {
  it('are paths on the API named by the lower-case symbol', () => {
    assert.equal(logoPath('BTC'), '/api/asset/logo/btc.svg');
    assert.equal(logoPath('1INCH'), '/api/asset/logo/1inch.svg');
    assert.equal(logoPath('USD₮0.e'), '/api/asset/logo/usd0e.svg');
  });

  it('resolve to an SVG for every coin: the package’s where it has one, else a monogram', async () => {
    const provider = await started(manualClock(AS_OF_MS));
    assert.ok(hasBundledIcon('btc') && hasBundledIcon('eth'));
    assert.match(logoSvg('btc'), /#F7931A/i);
    assert.equal(logoSvg('btc'), logoSvg('btc'));
    for (const coin of provider.coins()) {
      const name = coin.logo.replace('/api/asset/logo/', '').replace(/\.svg$/, '');
      const svg = logoSvg(name);
      assert.match(svg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/, coin.slug);
      assert.match(svg, /<\/svg>\s*$/, coin.slug);
    }
  });

  it('monograms are valid, coloured, 32×32 and escape the name', () => {
    assert.equal(hasBundledIcon('zzqx'), false);
    const svg = logoSvg('zzqx');
    assert.equal(svg, monogramSvg('zzqx'));
    assert.match(svg, /viewBox="0 0 32 32"/);
    assert.match(svg, /<circle [^>]*fill="#[0-9a-f]{6}"/);
    assert.match(svg, />ZZQ<\/text>/);
    assert.notEqual(
      monogramSvg('aaa').match(/fill="(#[0-9a-f]{6})"/)![1],
      monogramSvg('bbb').match(/fill="(#[0-9a-f]{6})"/)![1],
    );
    const nasty = logoSvg('<&"');
    assert.match(nasty, />&lt;&amp;&quot;<\/text>/);
    assert.doesNotMatch(nasty.replace(/<\/?(svg|circle|text)\b[^>]*>/g, ''), /[<>"]/);
    assert.match(monogramSvg(''), />\?<\/text>/);
    assert.match(monogramSvg('x'), /font-size="16"/);
  });
});
