import { NO_INDICATORS, type PricePoint, type ReportIndicators } from '@coinlens/contract';
import i18next from 'i18next';
import type { Locale } from '../../i18n/locales';
import type * as FormatModule from './format';
import { loadStrings } from '../../testing/renderWithLocale';
import {
  chartSummary,
  chartTone,
  formatAsOf,
  formatIndicators,
  INDICATOR_COUNT,
  INDICATOR_PLACEHOLDERS,
  rsiExplanation,
  seriesStats,
  type FormatContext,
} from './format';

/** The `reporting` strings of `language`, as the page reads them. */
function context(language: Locale): FormatContext {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { [language]: { reporting: loadStrings(language, 'reporting') } },
    lng: language,
    lowerCaseLng: true,
    fallbackLng: false,
    defaultNS: 'reporting',
    interpolation: { escapeValue: false },
    returnNull: false,
    initImmediate: false,
  });
  return { t: i18n.getFixedT(language, 'reporting'), language };
}

const en = context('en');
const zh = context('zh');
const ptBr = context('pt-br');
const contexts = { en, zh, 'pt-br': ptBr } as const;

const indicators: ReportIndicators = {
  rsi14: 72.345,
  macd: { macd: 1234.5, signal: 1000.25, histogram: 234.25 },
  sma20: 60000,
  sma50: 66000,
  ema12: 63000,
  ema26: 0.00012345,
  volatility30d: 45.678,
  high30d: 70000,
  low30d: 50000,
  change7d: 5.123,
  change30d: -12.5,
};

const byId = (items: ReturnType<typeof formatIndicators>) =>
  Object.fromEntries(items.map((item) => [item.id, item]));

describe('formatIndicators', () => {
  it('lists every indicator of a report, in the order the card shows them', () => {
    expect(formatIndicators(indicators, 63000, en).map((item) => item.id)).toEqual([
      'rsi14',
      'macd',
      'macdSignal',
      'macdHistogram',
      'sma20',
      'sma50',
      'ema12',
      'ema26',
      'volatility30d',
      'high30d',
      'low30d',
      'change7d',
      'change30d',
    ]);
  });

  it('has an explanation line where its loading card’s placeholder rows have one', () => {
    // A history long enough for every figure: the shape the loading card stands in for.
    expect(
      formatIndicators(indicators, 63000, en).map((item) => ({
        explanation: item.explanation !== undefined,
      })),
    ).toEqual(INDICATOR_PLACEHOLDERS);
  });

  it('lists INDICATOR_COUNT of them whatever the history allows', () => {
    const none = Object.fromEntries(Object.keys(indicators).map((key) => [key, null]));
    expect(formatIndicators(indicators, 63000, en)).toHaveLength(INDICATOR_COUNT);
    expect(formatIndicators(none as unknown as typeof indicators, null, en)).toHaveLength(
      INDICATOR_COUNT,
    );
  });

  it.each([
    [
      'en',
      {
        rsi14: ['RSI (14)', '72.35', 'Above 70: overbought.'],
        macd: ['MACD (12, 26)', '$1,234.50'],
        macdHistogram: ['MACD histogram', '$234.25', 'Positive:'],
        sma20: ['SMA 20', '$60,000.00', 'The price is 5.00% above this average.'],
        sma50: ['SMA 50', '$66,000.00', 'The price is 4.55% below this average.'],
        ema12: ['EMA 12', '$63,000.00', 'The price is at this average.'],
        ema26: ['EMA 26', '$0.0001235'],
        volatility30d: ['Volatility (30 days)', '45.68%'],
        high30d: ['30-day high', '$70,000.00', 'The price is 10.00% below it.'],
        low30d: ['30-day low', '$50,000.00', 'The price is 26.00% above it.'],
        change7d: ['7-day change', '+5.12%'],
        change30d: ['30-day change', '-12.50%'],
      },
    ],
    [
      'zh',
      {
        rsi14: ['RSI (14)', '72.35', '高于 70：超买。'],
        macd: ['MACD (12, 26)', '$1,234.50'],
        sma20: ['SMA 20', '$60,000.00', '当前价格高于该均线 5.00%。'],
        volatility30d: ['波动率（30 天）', '45.68%'],
        high30d: ['30 天最高价', '$70,000.00', '当前价格比它低 10.00%。'],
        change30d: ['30 天涨跌幅', '-12.50%'],
      },
    ],
    [
      'pt-br',
      {
        rsi14: ['RSI (14)', '72,35', 'Acima de 70: sobrecompra.'],
        macd: ['MACD (12, 26)', '$\u00a01.234,50'],
        sma50: ['MMS 50', '$\u00a066.000,00', 'O preço está 4,55% abaixo desta média.'],
        ema26: ['MME 26', '$\u00a00,0001235'],
        volatility30d: ['Volatilidade (30 dias)', '45,68%'],
        change7d: ['Variação em 7 dias', '+5,12%'],
      },
    ],
  ] as const)('formats the numbers and explains them in %s', (language, expected) => {
    const items = byId(formatIndicators(indicators, 63000, contexts[language]));
    for (const [id, [label, value, explanation]] of Object.entries(expected) as Array<
      [string, readonly string[]]
    >) {
      expect([id, items[id]?.label, items[id]?.value]).toEqual([id, label, value]);
      if (explanation) expect(items[id]?.explanation).toContain(explanation);
    }
  });

  it('says when the history is too short instead of showing a number', () => {
    for (const [ctx, text] of [
      [en, 'Not enough history'],
      [zh, '历史数据不足'],
      [ptBr, 'Histórico insuficiente'],
    ] as const) {
      const items = formatIndicators(NO_INDICATORS, 63000, ctx);
      expect(items.every((item) => item.value === text)).toBe(true);
      expect(items.every((item) => item.explanation === undefined)).toBe(true);
    }
  });

  it('leaves the price comparisons out when the price is not known', () => {
    const items = byId(formatIndicators(indicators, null, en));
    expect(items.sma20?.explanation).toBeUndefined();
    expect(items.high30d?.explanation).toBeUndefined();
    expect(items.rsi14?.explanation).toBeDefined();
  });
});

describe('rsiExplanation', () => {
  it.each([
    [85, 'overbought'],
    [70, 'buyers'],
    [50, 'buyers'],
    [49.99, 'sellers'],
    [30, 'sellers'],
    [12, 'oversold'],
  ])('reads an RSI of %d as %s', (rsi, word) => {
    expect(rsiExplanation(rsi, en.t)).toContain(word);
  });
});

const hourly = (prices: number[]): PricePoint[] =>
  prices.map((price, index) => ({ time: 1_700_000_000 + index * 3600, price }));

describe('the chart summary', () => {
  const rising = hourly([60000, 58000, 65000, 64231.5]);
  const falling = hourly([0.5, 0.61, 0.42, 0.45]);

  it('finds the first and last price, the high, the low and the change', () => {
    expect(seriesStats(rising)).toEqual({
      first: 60000,
      last: 64231.5,
      high: 65000,
      low: 58000,
      change: expect.closeTo(7.0525, 4),
    });
    expect(seriesStats([])).toBeNull();
  });

  it.each([
    [
      'en',
      '7d',
      rising,
      'Over the last 7 days, the price rose from $60,000.00 to $64,231.50 (up 7.05%). It moved between a low of $58,000.00 and a high of $65,000.00.',
    ],
    [
      'en',
      '24h',
      falling,
      'Over the last 24 hours, the price fell from $0.5000 to $0.4500 (down 10.00%). It moved between a low of $0.4200 and a high of $0.6100.',
    ],
    [
      'zh',
      '7d',
      rising,
      '过去 7 天，价格从 $60,000.00 涨至 $64,231.50（上涨 7.05%），最低 $58,000.00，最高 $65,000.00。',
    ],
    [
      'zh',
      '30d',
      falling,
      '过去 30 天，价格从 $0.5000 跌至 $0.4500（下跌 10.00%），最低 $0.4200，最高 $0.6100。',
    ],
    [
      'pt-br',
      '7d',
      rising,
      'Nos últimos 7 dias, o preço subiu de $\u00a060.000,00 para $\u00a064.231,50 (alta de 7,05%). Oscilou entre a mínima de $\u00a058.000,00 e a máxima de $\u00a065.000,00.',
    ],
    [
      'pt-br',
      '24h',
      falling,
      'Nas últimas 24 horas, o preço caiu de $\u00a00,5000 para $\u00a00,4500 (queda de 10,00%). Oscilou entre a mínima de $\u00a00,4200 e a máxima de $\u00a00,6100.',
    ],
  ] as const)('describes the %s chart of %s', (language, range, points, text) => {
    expect(chartSummary(points, range, contexts[language])).toBe(text);
  });

  it('says when the price did not move, and when there is nothing to show', () => {
    expect(chartSummary(hourly([2, 3, 1, 2]), '30d', en)).toBe(
      'Over the last 30 days, the price ended where it started, at $2.00. It moved between a low of $1.00 and a high of $3.00.',
    );
    expect(chartSummary([], '7d', zh)).toBe('过去 7 天：暂无价格数据。');
  });

  it.each([
    [[1, 2], 'up'],
    [[2, 1], 'down'],
    [[100, 100.004], 'neutral'],
    [[], 'neutral'],
  ] as const)('colours %j as %s', (prices, tone) => {
    expect(chartTone(hourly([...prices]))).toBe(tone);
  });
});

describe('prepareFormats', () => {
  /** The Intl formats a fresh copy of the module makes for a card's "as of" line, in pt-br. */
  function formatsMade(prepare: boolean): { before: number; during: number } {
    let format!: typeof FormatModule;
    jest.isolateModules(() => {
      format = jest.requireActual<typeof FormatModule>('./format');
    });
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    const numbers = jest.spyOn(Intl, 'NumberFormat');
    try {
      if (prepare) format.prepareFormats('pt-br');
      const before = dates.mock.calls.length + numbers.mock.calls.length;
      const text = format.formatAsOf(Date.now() / 1000, contexts['pt-br']);
      expect(text).toMatch(/^Atualizado às \d{2}:\d{2}$/);
      format.formatDecimal(1.5, 'pt-br');
      return { before, during: dates.mock.calls.length + numbers.mock.calls.length - before };
    } finally {
      dates.mockRestore();
      numbers.mockRestore();
    }
  }

  it('makes ahead every format a card then uses', () => {
    expect(formatsMade(false)).toEqual({ before: 0, during: 1 });
    expect(formatsMade(true)).toEqual({ before: 1, during: 0 });
  });
});

describe('formatAsOf', () => {
  // 2024-05-06 14:05:00 UTC.
  const at = Date.UTC(2024, 4, 6, 14, 5) / 1000;
  const sameDay = Date.UTC(2024, 4, 6, 20, 0);
  const nextDay = Date.UTC(2024, 4, 8, 9, 0);

  it.each([
    ['en', 'today', sameDay, 'As of 2:05 PM'],
    ['zh', 'today', sameDay, '截至 14:05'],
    ['pt-br', 'today', sameDay, 'Atualizado às 14:05'],
    ['en', 'another day', nextDay, 'As of May 6, 2024 2:05 PM'],
    ['zh', 'another day', nextDay, '截至 2024年5月6日 14:05'],
    ['pt-br', 'another day', nextDay, 'Atualizado em 6 de mai de 2024 às 14:05'],
  ] as const)('reads a price time in %s on %s', (language, _when, now, text) => {
    expect(formatAsOf(at, contexts[language], { now, utcOffset: 0 })).toBe(text);
  });

  it.each([
    ['en', 'As of 8:04 AM'],
    ['zh', '截至 08:04'],
    ['pt-br', 'Atualizado às 08:04'],
  ] as const)('writes a morning hour the way %s does', (language, text) => {
    const morning = Date.UTC(2024, 4, 6, 8, 4) / 1000;
    expect(formatAsOf(morning, contexts[language], { now: sameDay, utcOffset: 0 })).toBe(text);
  });

  it.each([
    ['en', 'As of Dec 31, 2023 11:59 PM'],
    ['zh', '截至 2023年12月31日 23:59'],
    ['pt-br', 'Atualizado em 31 de dez de 2023 às 23:59'],
  ] as const)('names the month of another day the way %s does', (language, text) => {
    const lastYear = Date.UTC(2023, 11, 31, 23, 59) / 1000;
    expect(formatAsOf(lastYear, contexts[language], { now: sameDay, utcOffset: 0 })).toBe(text);
  });

  it('shows the time on the reader’s clock, and today is the reader’s day', () => {
    const soon = at * 1000 + 60_000;
    // 22:05 in Shanghai (UTC+8) is still 6 May there.
    expect(formatAsOf(at, zh, { now: soon, utcOffset: 480 })).toBe('截至 22:05');
    // 20:00 UTC is already 7 May in Shanghai: the price is from the day before.
    expect(formatAsOf(at, zh, { now: sameDay, utcOffset: 480 })).toBe('截至 2024年5月6日 22:05');
    expect(formatAsOf(at, en, { now: sameDay, utcOffset: -180 })).toBe('As of 11:05 AM');
  });

  it('shows nothing for a time it cannot read', () => {
    expect(formatAsOf(Number.NaN, en)).toBeUndefined();
    expect(formatAsOf(1e20, en)).toBeUndefined();
  });

  it('writes dates without the browser’s date formats', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      for (const language of ['en', 'zh', 'pt-br'] as const) {
        formatAsOf(at, contexts[language], { now: sameDay });
        formatAsOf(at, contexts[language], { now: nextDay });
      }
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});
