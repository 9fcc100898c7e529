// The coin report (`GET /api/analysis/coin`) as a pure function: its indicators against an
// independent computation from the textbook formulas, the signals of constructed price paths, the
// series shapes, short histories, the wording in each locale and the JSON it makes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  Coin,
  CoinReport,
  Locale,
  MonitorSource,
  PricePoint,
  ReportIndicators,
} from '@coinlens/contract';
import { buildReport } from '../src/market/report.js';
import { formatChange, formatUsd } from '../src/market/reportText.js';

const HOUR = 3600;
const DAY = 86_400;
/** 13:00 UTC: not on a 4-hour boundary, so the '30d' series must add the latest point itself. */
const NOW = Date.UTC(2025, 5, 15, 13) / 1000;
const LOCALES: readonly Locale[] = ['en', 'zh', 'pt-br'];

const COIN: Coin = {
  id: 1,
  name: 'Bitcoin',
  symbol: 'BTC',
  logo: '/api/asset/logo/btc.svg',
  rank: 1,
  quotes: { price: 0, percentChange24h: 1.5, marketCap: 1e12, volume24h: 3e10, updatedAt: NOW },
};

/**
 * One point per hour on the hour for `days` days, ending at `now`: `days * 24 + 1` points, the
 * price given as a function of the days since the first point.
 */
function hourly(days: number, priceOfDay: (day: number) => number, now = NOW): PricePoint[] {
  const points: PricePoint[] = [];
  for (let hoursBack = days * 24; hoursBack >= 0; hoursBack -= 1) {
    const time = now - hoursBack * HOUR;
    points.push({ time, price: priceOfDay((time - (now - days * DAY)) / DAY) });
  }
  return points;
}

/** A deterministic sine-plus-trend path: a slow rise with a 17-day and a 3.3-day swing. */
const wave = (day: number) =>
  100 *
  Math.exp(0.002 * day) *
  (1 + 0.08 * Math.sin((2 * Math.PI * day) / 17) + 0.03 * Math.sin((2 * Math.PI * day) / 3.3));

function report(
  history: PricePoint[],
  locale: Locale = 'en',
  extra: { sources?: MonitorSource[]; coin?: Coin } = {},
): CoinReport {
  return buildReport({
    coin: extra.coin ?? COIN,
    history,
    nowSec: NOW,
    locale,
    market: { source: 'demo', asOf: NOW, refreshSeconds: 10, stale: false, retryAt: null },
    sources: extra.sources ?? [],
  });
}

// ---------------------------------------------------------------------------------------------
// The textbook, written out independently of trading-signals

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Daily closes of an hourly history on the hour: the price at each 00:00 UTC, then the latest. */
function textbookCloses(points: readonly PricePoint[]): number[] {
  const latest = points.at(-1)!;
  const closes = points
    .filter((point) => point.time % DAY === 0 && point.time < latest.time)
    .map((point) => point.price);
  return [...closes, latest.price];
}

function sma(values: readonly number[], period: number): number | null {
  return values.length < period ? null : mean(values.slice(-period));
}

/**
 * EMA_t = a * price_t + (1 - a) * EMA_(t-1) with a = 2 / (period + 1). trading-signals seeds it
 * with the first price itself (EMA_1 = price_1, not the SMA of the first `period` prices) and
 * reports it from the `period`-th price on; the same convention here, one value per input.
 */
function emaSeries(values: readonly number[], period: number): number[] {
  const a = 2 / (period + 1);
  const series: number[] = [];
  for (const value of values) {
    const previous = series.at(-1);
    series.push(previous === undefined ? value : a * value + (1 - a) * previous);
  }
  return series;
}

function ema(values: readonly number[], period: number): number | null {
  return values.length < period ? null : emaSeries(values, period).at(-1)!;
}

/**
 * Wilder's RSI: the first average gain and loss are the simple means of the first 14 changes, then
 * avg = (13 * avg + change) / 14; RSI = 100 - 100 / (1 + avgGain / avgLoss), 100 without losses.
 * (trading-signals' RSI smooths with WSMA, Wilder's average, by default.)
 */
function rsi(values: readonly number[], period = 14): number | null {
  if (values.length < period + 1) return null;
  const changes = values.slice(1).map((value, index) => value - values[index]!);
  const gains = changes.map((change) => Math.max(change, 0));
  const losses = changes.map((change) => Math.max(-change, 0));
  let gain = mean(gains.slice(0, period));
  let loss = mean(losses.slice(0, period));
  for (let index = period; index < changes.length; index += 1) {
    gain = (gain * (period - 1) + gains[index]!) / period;
    loss = (loss * (period - 1) + losses[index]!) / period;
  }
  return loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
}

/**
 * MACD = EMA12 - EMA26, from the 26th close on; its signal line is an EMA 9 of the MACD values
 * (seeded with the first of them) and settles after 9 of them, so the report needs 34 closes.
 */
function macd(values: readonly number[]): ReportIndicators['macd'] {
  if (values.length < 26 + 9 - 1) return null;
  const fast = emaSeries(values, 12);
  const slow = emaSeries(values, 26);
  const line = values.map((_, index) => fast[index]! - slow[index]!).slice(25);
  const signal = emaSeries(line, 9).at(-1)!;
  const last = line.at(-1)!;
  return { macd: last, signal, histogram: last - signal };
}

/** Sample standard deviation of the last 30 daily log returns, x sqrt(365) x 100. */
function volatility(values: readonly number[]): number | null {
  if (values.length < 31) return null;
  const window = values.slice(-31);
  const returns = window.slice(1).map((value, index) => Math.log(value / window[index]!));
  const average = mean(returns);
  const variance = returns.reduce((sum, r) => sum + (r - average) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * Math.sqrt(365) * 100;
}

function textbook(points: readonly PricePoint[]): ReportIndicators {
  const closes = textbookCloses(points);
  const latest = points.at(-1)!.price;
  const priceAt = (time: number) => points.filter((point) => point.time <= time).at(-1)?.price;
  const change = (time: number) => {
    const before = priceAt(time);
    return before === undefined ? null : (latest / before - 1) * 100;
  };
  // The 30 D chart's prices: from the 30-day mark (or the first point), every 4 UTC hours after
  // it, and the latest price.
  const monthStart = Math.max(NOW - 30 * DAY, points[0]!.time);
  const month = points
    .filter(
      (point) =>
        point.time === monthStart ||
        point.time === NOW ||
        (point.time > monthStart && point.time % (4 * HOUR) === 0),
    )
    .map((point) => point.price);
  return {
    rsi14: rsi(closes),
    macd: macd(closes),
    sma20: sma(closes, 20),
    sma50: sma(closes, 50),
    ema12: ema(closes, 12),
    ema26: ema(closes, 26),
    volatility30d: volatility(closes),
    high30d: Math.max(...month),
    low30d: Math.min(...month),
    change7d: change(NOW - 7 * DAY),
    change30d: change(NOW - 30 * DAY),
  };
}

function assertClose(actual: number | null, expected: number | null, label: string): void {
  if (expected === null || actual === null) {
    assert.equal(actual, expected, label);
    return;
  }
  assert.ok(
    Math.abs(actual - expected) <= 1e-9 * Math.abs(expected),
    `${label}: ${actual} differs from ${expected}`,
  );
}

function assertIndicators(actual: ReportIndicators, expected: ReportIndicators): void {
  for (const key of Object.keys(expected) as (keyof ReportIndicators)[]) {
    if (key === 'macd') continue;
    assertClose(actual[key] as number | null, expected[key] as number | null, key);
  }
  if (expected.macd === null || actual.macd === null) {
    assert.equal(actual.macd, expected.macd, 'macd');
  } else {
    assertClose(actual.macd.macd, expected.macd.macd, 'macd.macd');
    assertClose(actual.macd.signal, expected.macd.signal, 'macd.signal');
    assertClose(actual.macd.histogram, expected.macd.histogram, 'macd.histogram');
  }
}

/** Every number in `value` is finite and nothing is lost in a JSON round trip. */
function assertJsonClean(value: unknown): void {
  const walk = (node: unknown, path: string): void => {
    if (typeof node === 'number') assert.ok(Number.isFinite(node), `${path} is ${node}`);
    else if (node === undefined) assert.fail(`${path} is undefined`);
    else if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${path}[${index}]`));
    else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) walk(item, `${path}.${key}`);
    }
  };
  walk(value, 'report');
  assert.deepStrictEqual(JSON.parse(JSON.stringify(value)), value);
}

// ---------------------------------------------------------------------------------------------

describe('report indicators', () => {
  it('match the textbook formulas on a 90-day sine-plus-trend history', () => {
    const history = hourly(90, wave);
    const expected = textbook(history);
    // The fixture is long enough for every indicator.
    for (const value of Object.values(expected)) assert.notEqual(value, null);
    assertIndicators(report(history).indicators, expected);
  });

  for (const days of [50, 40, 33, 30, 20, 14, 10, 3, 0]) {
    it(`match the textbook, nulls included, on ${days === 0 ? 'a 1-point' : `a ${days}-day`} history`, () => {
      const history = hourly(days, wave);
      assertIndicators(report(history).indicators, textbook(history));
    });
  }

  it('leave SMA50 and the MACD null on a 10-day history, without throwing', () => {
    const { indicators } = report(hourly(10, wave));
    assert.equal(indicators.sma50, null);
    assert.equal(indicators.macd, null);
    assert.equal(indicators.ema26, null);
    assert.equal(indicators.volatility30d, null);
    assert.equal(indicators.change30d, null);
    assert.notEqual(indicators.change7d, null);
  });

  it('work on a 1-point history', () => {
    const point = { time: NOW, price: 42 };
    const result = report([point]);
    const { high30d, low30d, ...rest } = result.indicators;
    assert.equal(high30d, 42);
    assert.equal(low30d, 42);
    for (const [key, value] of Object.entries(rest)) assert.equal(value, null, key);
    assert.deepEqual(result.series, { '24h': [point], '7d': [point], '30d': [point] });
    assert.deepEqual(result.signals, []);
    assert.ok(result.summary.includes('$42.00'));
    assertJsonClean(result);
  });

  it('fall back on the quote when the history is empty', () => {
    const coin = { ...COIN, quotes: { ...COIN.quotes, price: 0.5 } };
    const result = report([], 'en', { coin });
    assert.deepEqual(result.series['24h'], [{ time: NOW, price: 0.5 }]);
    assert.ok(result.summary.includes('$0.5000'));
    assertJsonClean(result);
  });

  it('read an unmoving price as RSI 50, not overbought', () => {
    const result = report(hourly(90, () => 1));
    assert.equal(result.indicators.rsi14, 50);
    assert.equal(result.indicators.volatility30d, 0);
    assert.deepEqual(result.signals, []);
    assertJsonClean(result);
  });
});

describe('report signals', () => {
  const ids = (history: PricePoint[]) => report(history).signals.map((signal) => signal.id);
  const rise = (day: number) => 100 * 1.01 ** day;
  const fall = (day: number) => 100 * 0.99 ** day;
  /** Rises 1 % a day, then falls 2 % a day for the last `days` days. */
  const riseThenFall = (days: number) => (day: number) =>
    day < 90 - days ? rise(day) : rise(90 - days) * 0.98 ** (day - (90 - days));
  /** Falls 1 % a day, then rises 2 % a day for the last `days` days. */
  const fallThenRise = (days: number) => (day: number) =>
    day < 90 - days ? fall(day) : fall(90 - days) * 1.02 ** (day - (90 - days));
  /** A slow rise, a 12-day slide of 3 % a day, then a rebound of 3 % a day for `days` days. */
  const vShape = (days: number) => (day: number) => {
    const top = 90 - days - 12;
    const peak = 100 * 1.005 ** top;
    if (day < top) return 100 * 1.005 ** day;
    if (day < 90 - days) return peak * 0.97 ** (day - top);
    return peak * 0.97 ** 12 * 1.03 ** (day - (90 - days));
  };

  it('a steady rise: overbought, a breakout up, above SMA50', () => {
    assert.deepEqual(ids(hourly(90, rise)), ['overbought', 'breakoutUp', 'aboveSma50']);
  });

  it('a steady fall: oversold, a breakdown, below SMA50', () => {
    assert.deepEqual(ids(hourly(90, fall)), ['oversold', 'breakoutDown', 'belowSma50']);
  });

  it('a rise turning into a fall 2 days ago: a MACD bearish cross, still overbought', () => {
    assert.deepEqual(ids(hourly(90, riseThenFall(2))), [
      'overbought',
      'macdBearishCross',
      'aboveSma50',
    ]);
  });

  it('a rise turning into a fall 20 days ago: a death cross, which replaces the trend signal', () => {
    assert.deepEqual(ids(hourly(90, riseThenFall(20))), ['oversold', 'deathCross', 'breakoutDown']);
  });

  it('a fall turning into a rise 20 days ago: a golden cross', () => {
    assert.deepEqual(ids(hourly(90, fallThenRise(20))), [
      'overbought',
      'goldenCross',
      'breakoutUp',
    ]);
  });

  it('a rebound after a slide: a MACD bullish cross', () => {
    assert.deepEqual(ids(hourly(90, vShape(5))), ['macdBullishCross', 'belowSma50']);
  });

  it('no cross signal once the cross is older than its window', () => {
    // The MACD crossed down about 2 days into the fall: 4 days on, it is no longer news.
    assert.deepEqual(ids(hourly(90, riseThenFall(4))), ['aboveSma50']);
  });

  it('carry their tone, a title and an explanation with the numbers, in every locale', () => {
    const history = hourly(90, rise);
    const latest = history.at(-1)!.price;
    const texts = LOCALES.map((locale) => {
      const { signals } = report(history, locale);
      assert.deepEqual(
        signals.map((signal) => signal.tone),
        ['bearish', 'bullish', 'bullish'],
      );
      for (const signal of signals) {
        assert.ok(signal.title.length > 0 && signal.explanation.length > 20, signal.id);
      }
      const breakout = signals.find((signal) => signal.id === 'breakoutUp')!;
      assert.ok(breakout.explanation.includes(formatUsd(latest, locale)), breakout.explanation);
      return signals.map((signal) => signal.explanation).join('\n');
    });
    assert.equal(new Set(texts).size, LOCALES.length);
  });
});

describe('report series', () => {
  const history = hourly(90, wave);
  const latest = history.at(-1)!;
  const { series } = report(history);

  it('24h and 7d are hourly and end with the latest price', () => {
    assert.equal(series['24h'].length, 25);
    assert.equal(series['7d'].length, 7 * 24 + 1);
    for (const points of [series['24h'], series['7d']]) {
      assert.deepEqual(points.at(-1), latest);
      points
        .slice(1)
        .forEach((point, index) => assert.equal(point.time - points[index]!.time, HOUR));
    }
    assert.equal(series['24h'][0]!.time, NOW - DAY);
  });

  it('30d starts 30 days back, then is every 4 hours on UTC boundaries, then the latest price', () => {
    const points = series['30d'];
    assert.deepEqual(points.at(-1), latest);
    assert.equal(points[0]!.time, NOW - 30 * DAY);
    const onBoundary = points.slice(1, -1);
    assert.ok(onBoundary.length >= 30 * 6 - 1);
    for (const point of onBoundary) assert.equal(point.time % (4 * HOUR), 0, `${point.time}`);
    onBoundary.slice(1).forEach((point, index) => {
      assert.equal(point.time - onBoundary[index]!.time, 4 * HOUR);
    });
  });

  it('30d thins a history whose points come a few seconds after the hour', () => {
    const late = history.map((point) => ({ ...point, time: point.time + 7 }));
    const points = report(late).series['30d'];
    assert.deepEqual(points.at(-1), late.at(-1));
    for (const point of points.slice(1, -1)) assert.equal((point.time - 7) % (4 * HOUR), 0);
  });
});

describe('report figures', () => {
  /** The change over a series as its chart's caption gives it: its last price against its first. */
  const captionChange = (points: readonly PricePoint[]) =>
    (points.at(-1)!.price / points[0]!.price - 1) * 100;

  for (const [label, history] of [
    ['hourly points on the hour', hourly(90, wave)],
    // A demo history as of a tick between two hours: the hours, then the latest price.
    [
      'hourly points and a latest price between two hours',
      [...hourly(90, wave), { time: NOW + 40 * 60, price: wave(90.03) }],
    ],
    ['a history shorter than 30 days', hourly(12, wave)],
  ] as const) {
    it(`agree with the chart of each range on ${label}`, () => {
      const result = report([...history]);
      const { series, indicators, coin } = result;
      const latest = history.at(-1)!;
      assert.equal(coin.quotes.price, latest.price);
      assert.equal(coin.quotes.updatedAt, latest.time);
      assert.equal(coin.quotes.percentChange24h, captionChange(series['24h']));
      assert.equal(indicators.change7d, captionChange(series['7d']));
      if (indicators.change30d !== null) {
        assert.equal(indicators.change30d, captionChange(series['30d']));
      }
      const monthPrices = series['30d'].map((point) => point.price);
      assert.equal(indicators.high30d, Math.max(...monthPrices));
      assert.equal(indicators.low30d, Math.min(...monthPrices));
      for (const range of ['24h', '7d', '30d'] as const) {
        assert.deepEqual(series[range].at(-1), latest, range);
      }
    });
  }

  it('measure a breakout against the 30 D chart, whose high is then the latest price', () => {
    const { signals, series, indicators } = report(hourly(90, (day) => 100 * 1.01 ** day));
    const breakout = signals.find((signal) => signal.id === 'breakoutUp')!;
    const before = series['30d'].slice(0, -1).map((point) => point.price);
    assert.ok(
      breakout.explanation.includes(formatUsd(Math.max(...before), 'en')),
      breakout.explanation,
    );
    assert.equal(indicators.high30d, series['30d'].at(-1)!.price);
  });

  it('measure each range from the last point at or before its start', () => {
    // The latest price at 13:40, the hours before it on the hour.
    const latestTime = NOW + 40 * 60;
    const history = [...hourly(90, wave), { time: latestTime, price: wave(90.03) }];
    const { series } = report(history);
    // 13:40 a day (7, 30 days) before falls between two hours: 13:00 opens the range.
    assert.equal(series['24h'][0]!.time, NOW - DAY);
    assert.equal(series['7d'][0]!.time, NOW - 7 * DAY);
    assert.equal(series['30d'][0]!.time, NOW - 30 * DAY);
    assert.equal(series['24h'].length, 26);
    assert.equal(series['24h'].at(-1)!.time, latestTime);
  });

  it("leave the 30-day change out on a shorter history, and keep the quote's 24 h change without a day", () => {
    const short = report(hourly(12, wave));
    assert.equal(short.indicators.change30d, null);
    const hours = report(hourly(0.5, wave));
    assert.equal(hours.indicators.change7d, null);
    assert.equal(hours.coin.quotes.percentChange24h, COIN.quotes.percentChange24h);
  });
});

describe('report summary and wording', () => {
  it('says the price in every locale, differently in each', () => {
    const history = hourly(90, wave);
    const price = history.at(-1)!.price;
    const summaries = LOCALES.map((locale) => {
      const { summary, language } = report(history, locale);
      assert.equal(language, locale);
      assert.ok(summary.length > 0);
      assert.ok(summary.includes(formatUsd(price, locale)), `${locale}: ${summary}`);
      const { percentChange24h } = report(history, locale).coin.quotes;
      assert.ok(summary.includes(formatChange(percentChange24h, locale)), summary);
      const sentences = summary.match(locale === 'zh' ? /。/g : /[.](?=\s|$)/g) ?? [];
      assert.ok(sentences.length >= 2 && sentences.length <= 4, `${locale}: ${summary}`);
      return summary;
    });
    assert.equal(new Set(summaries).size, LOCALES.length);
    assert.match(summaries[1]!, /[\u4e00-\u9fff]/);
  });

  it('keeps 2 sentences or more on a 1-point history', () => {
    for (const locale of LOCALES) {
      const { summary } = report([{ time: NOW, price: 0.00012345 }], locale);
      const sentences = summary.match(locale === 'zh' ? /。/g : /[.](?=\s|$)/g) ?? [];
      assert.ok(sentences.length >= 2 && sentences.length <= 4, `${locale}: ${summary}`);
      assert.ok(summary.includes(formatUsd(0.00012345, locale)));
    }
  });

  it('formats prices by the product rule', () => {
    assert.equal(formatUsd(65432.1, 'en'), '$65,432.10');
    assert.equal(formatUsd(1, 'en'), '$1.00');
    assert.equal(formatUsd(0.5, 'en'), '$0.5000');
    assert.equal(formatUsd(0.00012345, 'en'), '$0.0001235');
    assert.equal(formatUsd(0.99996, 'en'), '$1.00');
    assert.equal(formatUsd(65432.1, 'zh'), '$65,432.10');
    assert.equal(formatUsd(65432.1, 'pt-br').replace(/\u00a0/g, ' '), '$ 65.432,10');
    assert.equal(formatUsd(0.00012345, 'pt-br').replace(/\u00a0/g, ' '), '$ 0,0001235');
  });

  it('formats changes with 2 decimals and a sign', () => {
    assert.equal(formatChange(2.3456, 'en'), '+2.35%');
    assert.equal(formatChange(-0.4, 'zh'), '-0.40%');
    assert.equal(formatChange(-0.004, 'en'), '0.00%');
    assert.equal(formatChange(1234.5, 'pt-br'), '+1.234,50%');
  });
});

describe('report envelope', () => {
  it('passes the coin, the source and at most 5 sources through', () => {
    const sources: MonitorSource[] = Array.from({ length: 7 }, (_, index) => ({
      id: index + 1,
      logo: '',
      author: 'host',
      title: `Space ${index + 1}`,
      status: 5,
      time: NOW - index * DAY,
      heat: 10,
      link: 'https://example.com',
    }));
    const result = report(hourly(30, wave), 'pt-br', { sources });
    assert.deepEqual(result.sources, sources.slice(0, 5));
    const { id, name, symbol, logo, rank } = result.coin;
    assert.deepEqual(
      { id, name, symbol, logo, rank },
      { id: 1, name: 'Bitcoin', symbol: 'BTC', logo: COIN.logo, rank: 1 },
    );
    assert.equal(result.source, 'demo');
    assert.equal(result.generatedAt, NOW);
  });

  it('is JSON-clean for every path, including broken points', () => {
    const broken = hourly(90, wave).map((point, index) =>
      index % 97 === 0 ? { ...point, price: [Number.NaN, 0, -1, Infinity][index % 4]! } : point,
    );
    const histories = [
      hourly(90, wave),
      hourly(90, (day) => 100 * 1.01 ** day),
      hourly(90, (day) => 1e-9 * 0.99 ** day),
      hourly(90, () => 65432.1),
      hourly(10, wave),
      broken,
      [{ time: NOW, price: 1 }],
      [],
    ];
    for (const history of histories) {
      for (const locale of LOCALES) assertJsonClean(report(history, locale));
    }
  });
});
