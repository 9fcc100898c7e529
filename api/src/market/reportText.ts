// The wording of the coin report (`GET /api/analysis/coin`): the number formats and, per locale,
// the signals' titles and explanations and the summary's sentences. report.ts decides what to say;
// this file only says it. Each locale is written as its own text, not as a translation of English.
import type { Locale, SignalId } from '@coinlens/contract';

// ---------------------------------------------------------------------------------------------
// Numbers

const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', zh: 'zh-CN', 'pt-br': 'pt-BR' };

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, kind: string, options: Intl.NumberFormatOptions) {
  const key = `${locale}|${kind}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(INTL_LOCALE[locale], options);
    formatters.set(key, cached);
  }
  return cached;
}

const FIXED_2: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
const SIGNIFICANT_4: Intl.NumberFormatOptions = {
  minimumSignificantDigits: 4,
  maximumSignificantDigits: 4,
};
const DOLLARS: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'USD',
  // "$" in every locale, as the site shows prices (not "US$" in one language only).
  currencyDisplay: 'narrowSymbol',
};

/**
 * True when the product rule shows `value` with 4 significant digits rather than 2 decimals:
 * below 1 once rounded to 4 significant digits (0.99996 reads as 1.00), and not 0.
 */
function isSmall(value: number): boolean {
  const magnitude = Math.abs(value);
  return magnitude > 0 && Number(magnitude.toPrecision(4)) < 1;
}

/**
 * A price in US dollars by the product rule, the same as the site's `formatPrice`: 1 or more with
 * 2 decimals and grouping (`$65,432.10`), below 1 with 4 significant digits after the leading
 * zeros (`$0.5000`, `$0.0001235`), so a positive price never reads `$0.00`. The locale picks the
 * separators (`pt-br`: `$ 65.432,10`). A value that is not finite reads as `-` (never reached
 * from report.ts, which only passes finite numbers).
 */
export function formatUsd(value: number, locale: Locale): string {
  if (!Number.isFinite(value)) return '-';
  return isSmall(value)
    ? numberFormat(locale, 'usd-sig', { ...DOLLARS, ...SIGNIFICANT_4 }).format(value)
    : numberFormat(locale, 'usd-fixed', { ...DOLLARS, ...FIXED_2 }).format(value);
}

/** Rounds to the 2 decimals shown so that -0.004 reads `0.00%`, not `-0.00%`. */
function toShown(value: number): number {
  const rounded = Number(value.toFixed(2));
  return rounded === 0 ? 0 : rounded;
}

/** A change in percent with 2 decimals and a sign: `+2.35%`, `-0.40%`, `0.00%` (`+2,35%`). */
export function formatChange(value: number, locale: Locale): string {
  if (!Number.isFinite(value)) return '-';
  const format = numberFormat(locale, 'change', { ...FIXED_2, signDisplay: 'exceptZero' });
  return `${format.format(toShown(value))}%`;
}

/** A level in percent with 2 decimals and no sign (a volatility, a distance): `58.30%`. */
export function formatPercent(value: number, locale: Locale): string {
  if (!Number.isFinite(value)) return '-';
  return `${numberFormat(locale, 'percent', FIXED_2).format(toShown(value))}%`;
}

/** An index such as the RSI, with 1 decimal: `72.4` (`72,4`). */
export function formatIndex(value: number, locale: Locale): string {
  if (!Number.isFinite(value)) return '-';
  const format = numberFormat(locale, 'index', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return format.format(value);
}

/**
 * A price-scaled indicator value such as the MACD, by the price rule without the dollar sign:
 * `1,234.56`, `-0.0001235`.
 */
export function formatValue(value: number, locale: Locale): string {
  if (!Number.isFinite(value)) return '-';
  return isSmall(value)
    ? numberFormat(locale, 'value-sig', SIGNIFICANT_4).format(value)
    : numberFormat(locale, 'value-fixed', FIXED_2).format(value);
}

// ---------------------------------------------------------------------------------------------
// Words for readings

/** The RSI in words: at or above 70 overbought, at or below 30 oversold, 45 to 55 neutral. */
export type RsiBand = 'overbought' | 'strong' | 'neutral' | 'weak' | 'oversold';

export function rsiBand(rsi: number): RsiBand {
  if (rsi >= 70) return 'overbought';
  if (rsi <= 30) return 'oversold';
  if (rsi > 55) return 'strong';
  if (rsi < 45) return 'weak';
  return 'neutral';
}

/**
 * The annualised volatility in words, on a crypto scale: below 40 % low (large caps in a calm
 * month, stablecoins), above 80 % high.
 */
export type VolatilityBand = 'low' | 'moderate' | 'high';

export function volatilityBand(volatility: number): VolatilityBand {
  if (volatility < 40) return 'low';
  if (volatility > 80) return 'high';
  return 'moderate';
}

// ---------------------------------------------------------------------------------------------
// What the texts are about

/** A signal to word, with the numbers its explanation quotes. */
export type SignalFacts =
  | { id: 'overbought' | 'oversold'; rsi: number }
  | { id: 'macdBullishCross' | 'macdBearishCross'; macd: number; signal: number }
  | { id: 'goldenCross' | 'deathCross'; sma20: number; sma50: number }
  | { id: 'breakoutUp'; price: number; high: number }
  | { id: 'breakoutDown'; price: number; low: number }
  | { id: 'aboveSma50' | 'belowSma50'; price: number; sma50: number };

/** What the summary says; null for what the history is too short to tell. */
export interface SummaryFacts {
  name: string;
  symbol: string;
  /** Null only when there is no price at all. */
  price: number | null;
  change24h: number | null;
  change7d: number | null;
  change30d: number | null;
  sma50: number | null;
  rsi: number | null;
  volatility: number | null;
  bullish: number;
  bearish: number;
}

/** The summary's facts as the templates receive them: formatted, with the words chosen. */
interface SummaryWords {
  name: string;
  symbol: string;
  price: string | null;
  change24h: string | null;
  change7d: string | null;
  change30d: string | null;
  /** The price against its 50-day average, with the average formatted. */
  trend: { side: 'above' | 'below'; sma50: string } | null;
  rsi: { value: string; band: RsiBand } | null;
  volatility: { value: string; band: VolatilityBand } | null;
  bullish: number;
  bearish: number;
}

interface Texts {
  signals: {
    [Id in SignalId]: (
      facts: Extract<SignalFacts, { id: Id }>,
      locale: Locale,
    ) => {
      title: string;
      explanation: string;
    };
  };
  /** The price and its 24 h change. */
  lead(words: SummaryWords): string;
  /** The 7 d and 30 d changes and the trend; null when none is known. */
  moves(words: SummaryWords): string | null;
  /** The RSI in words and the volatility; null when neither is known. */
  momentum(words: SummaryWords): string | null;
  /** How many signals point which way. */
  tally(words: SummaryWords): string;
}

// ---------------------------------------------------------------------------------------------
// English

const EN_RSI: Record<RsiBand, string> = {
  overbought: 'says the coin is overbought',
  strong: 'shows solid buying momentum',
  neutral: 'is neutral',
  weak: 'shows weak momentum',
  oversold: 'says the coin is oversold',
};

const en: Texts = {
  signals: {
    overbought: ({ rsi }, l) => ({
      title: 'Overbought',
      explanation: `The 14-day RSI is ${formatIndex(rsi, l)}, at or above 70. The price has climbed fast and may pause or pull back.`,
    }),
    oversold: ({ rsi }, l) => ({
      title: 'Oversold',
      explanation: `The 14-day RSI is ${formatIndex(rsi, l)}, at or below 30. The price has dropped fast and may bounce back.`,
    }),
    macdBullishCross: ({ macd, signal }, l) => ({
      title: 'MACD bullish crossover',
      explanation: `In the last 3 days the MACD line (${formatValue(macd, l)}) rose above its signal line (${formatValue(signal, l)}), a sign that upward momentum is building.`,
    }),
    macdBearishCross: ({ macd, signal }, l) => ({
      title: 'MACD bearish crossover',
      explanation: `In the last 3 days the MACD line (${formatValue(macd, l)}) fell below its signal line (${formatValue(signal, l)}), a sign that downward momentum is building.`,
    }),
    goldenCross: ({ sma20, sma50 }, l) => ({
      title: 'Golden cross',
      explanation: `In the last 5 days the 20-day average (${formatUsd(sma20, l)}) crossed above the 50-day average (${formatUsd(sma50, l)}). This often marks the start of an uptrend.`,
    }),
    deathCross: ({ sma20, sma50 }, l) => ({
      title: 'Death cross',
      explanation: `In the last 5 days the 20-day average (${formatUsd(sma20, l)}) crossed below the 50-day average (${formatUsd(sma50, l)}). This often marks the start of a downtrend.`,
    }),
    breakoutUp: ({ price, high }, l) => ({
      title: 'Breakout above the 30-day range',
      explanation: `At ${formatUsd(price, l)}, the price is above the highest price of the past 30 days (${formatUsd(high, l)}). Breaking out of a recent range often draws in more buyers.`,
    }),
    breakoutDown: ({ price, low }, l) => ({
      title: 'Breakdown below the 30-day range',
      explanation: `At ${formatUsd(price, l)}, the price is below the lowest price of the past 30 days (${formatUsd(low, l)}). Falling out of a recent range can bring more selling.`,
    }),
    aboveSma50: ({ price, sma50 }, l) => ({
      title: 'Above the 50-day average',
      explanation: `At ${formatUsd(price, l)}, the price is ${formatPercent(distance(price, sma50), l)} above its 50-day average (${formatUsd(sma50, l)}), which points to an uptrend.`,
    }),
    belowSma50: ({ price, sma50 }, l) => ({
      title: 'Below the 50-day average',
      explanation: `At ${formatUsd(price, l)}, the price is ${formatPercent(distance(price, sma50), l)} below its 50-day average (${formatUsd(sma50, l)}), which points to a downtrend.`,
    }),
  },
  lead: (w) =>
    w.price === null
      ? `There is no price data for ${w.name} (${w.symbol}) yet.`
      : w.change24h === null
        ? `${w.name} (${w.symbol}) is trading at ${w.price}.`
        : `${w.name} (${w.symbol}) is trading at ${w.price}, ${w.change24h} over the past 24 hours.`,
  moves: (w) => {
    const changes =
      w.change7d !== null && w.change30d !== null
        ? `Over 7 days the price has changed by ${w.change7d}, and over 30 days by ${w.change30d}`
        : w.change7d !== null
          ? `Over 7 days the price has changed by ${w.change7d}`
          : w.change30d !== null
            ? `Over 30 days the price has changed by ${w.change30d}`
            : null;
    const trend = w.trend
      ? `${w.trend.side === 'above' ? 'above' : 'below'} its 50-day average of ${w.trend.sma50}, ${w.trend.side === 'above' ? 'a sign of an uptrend' : 'a sign of a downtrend'}`
      : null;
    if (changes && trend) return `${changes}; it now trades ${trend}.`;
    if (changes) return `${changes}.`;
    if (trend) return `It trades ${trend}.`;
    return null;
  },
  momentum: (w) => {
    const rsi = w.rsi && `The 14-day RSI of ${w.rsi.value} ${EN_RSI[w.rsi.band]}`;
    const volatility =
      w.volatility &&
      `annualised volatility stands at ${w.volatility.value}, a ${w.volatility.band} level`;
    if (rsi && volatility) return `${rsi}, and ${volatility}.`;
    if (rsi) return `${rsi}.`;
    if (volatility) return `${capitalise(volatility)}.`;
    return null;
  },
  tally: ({ bullish, bearish }) => {
    const total = bullish + bearish;
    if (total === 0) return 'None of the signals we track stands out right now.';
    if (bullish === 0 || bearish === 0) {
      const way = bullish > 0 ? 'up' : 'down';
      if (total === 1) return `The one signal found points ${way}.`;
      return total === 2
        ? `Both signals found point ${way}.`
        : `All ${total} signals found point ${way}.`;
    }
    return `Of the ${total} signals found, ${bullish} ${bullish === 1 ? 'points' : 'point'} up and ${bearish} down.`;
  },
};

// ---------------------------------------------------------------------------------------------
// 简体中文

const ZH_RSI: Record<RsiBand, string> = {
  overbought: '已进入超买区间',
  strong: '显示买盘动能较强',
  neutral: '处于中性水平',
  weak: '显示上涨动能偏弱',
  oversold: '已进入超卖区间',
};

const ZH_VOLATILITY: Record<VolatilityBand, string> = {
  low: '较低',
  moderate: '中等',
  high: '较高',
};

const zh: Texts = {
  signals: {
    overbought: ({ rsi }, l) => ({
      title: '超买',
      explanation: `14日RSI为${formatIndex(rsi, l)}，达到或高于70。价格短期涨得较快，可能出现回调或横盘整理。`,
    }),
    oversold: ({ rsi }, l) => ({
      title: '超卖',
      explanation: `14日RSI为${formatIndex(rsi, l)}，达到或低于30。价格短期跌得较快，可能迎来反弹。`,
    }),
    macdBullishCross: ({ macd, signal }, l) => ({
      title: 'MACD金叉',
      explanation: `近3天内，MACD线（${formatValue(macd, l)}）上穿信号线（${formatValue(signal, l)}），说明上涨动能正在增强。`,
    }),
    macdBearishCross: ({ macd, signal }, l) => ({
      title: 'MACD死叉',
      explanation: `近3天内，MACD线（${formatValue(macd, l)}）下穿信号线（${formatValue(signal, l)}），说明下跌动能正在增强。`,
    }),
    goldenCross: ({ sma20, sma50 }, l) => ({
      title: '均线金叉',
      explanation: `近5天内，20日均线（${formatUsd(sma20, l)}）上穿50日均线（${formatUsd(sma50, l)}），这通常被视为上涨趋势开始的信号。`,
    }),
    deathCross: ({ sma20, sma50 }, l) => ({
      title: '均线死叉',
      explanation: `近5天内，20日均线（${formatUsd(sma20, l)}）下穿50日均线（${formatUsd(sma50, l)}），这通常被视为下跌趋势开始的信号。`,
    }),
    breakoutUp: ({ price, high }, l) => ({
      title: '向上突破30日区间',
      explanation: `当前价格${formatUsd(price, l)}，高于过去30天的最高价（${formatUsd(high, l)}）。突破近期区间往往会吸引更多买盘。`,
    }),
    breakoutDown: ({ price, low }, l) => ({
      title: '跌破30日区间',
      explanation: `当前价格${formatUsd(price, l)}，低于过去30天的最低价（${formatUsd(low, l)}）。跌出近期区间可能引发更多抛售。`,
    }),
    aboveSma50: ({ price, sma50 }, l) => ({
      title: '站上50日均线',
      explanation: `当前价格${formatUsd(price, l)}，比50日均线（${formatUsd(sma50, l)}）高${formatPercent(distance(price, sma50), l)}，显示趋势向上。`,
    }),
    belowSma50: ({ price, sma50 }, l) => ({
      title: '跌破50日均线',
      explanation: `当前价格${formatUsd(price, l)}，比50日均线（${formatUsd(sma50, l)}）低${formatPercent(distance(price, sma50), l)}，显示趋势向下。`,
    }),
  },
  lead: (w) =>
    w.price === null
      ? `${w.name}（${w.symbol}）暂无价格数据。`
      : w.change24h === null
        ? `${w.name}（${w.symbol}）当前价格为${w.price}。`
        : `${w.name}（${w.symbol}）当前价格为${w.price}，24小时涨跌幅为${w.change24h}。`,
  moves: (w) => {
    const parts: string[] = [];
    if (w.change7d !== null && w.change30d !== null) {
      parts.push(`近7天涨跌幅为${w.change7d}，近30天为${w.change30d}`);
    } else if (w.change7d !== null) {
      parts.push(`近7天涨跌幅为${w.change7d}`);
    } else if (w.change30d !== null) {
      parts.push(`近30天涨跌幅为${w.change30d}`);
    }
    if (w.trend) {
      parts.push(
        w.trend.side === 'above'
          ? `价格位于50日均线（${w.trend.sma50}）上方，趋势偏多`
          : `价格位于50日均线（${w.trend.sma50}）下方，趋势偏空`,
      );
    }
    return parts.length > 0 ? `${parts.join('；')}。` : null;
  },
  momentum: (w) => {
    const parts: string[] = [];
    if (w.rsi) parts.push(`14日RSI为${w.rsi.value}，${ZH_RSI[w.rsi.band]}`);
    if (w.volatility) {
      parts.push(`年化波动率为${w.volatility.value}，处于${ZH_VOLATILITY[w.volatility.band]}水平`);
    }
    return parts.length > 0 ? `${parts.join('；')}。` : null;
  },
  tally: ({ bullish, bearish }) => {
    const total = bullish + bearish;
    if (total === 0) return '目前没有明显的技术信号。';
    if (bearish === 0)
      return total === 1 ? '出现1个信号，为看涨信号。' : `共出现${total}个信号，全部看涨。`;
    if (bullish === 0)
      return total === 1 ? '出现1个信号，为看跌信号。' : `共出现${total}个信号，全部看跌。`;
    return `共出现${total}个信号，其中${bullish}个看涨、${bearish}个看跌。`;
  },
};

// ---------------------------------------------------------------------------------------------
// Português do Brasil

const PT_RSI: Record<RsiBand, string> = {
  overbought: 'indica sobrecompra',
  strong: 'mostra bom fôlego comprador',
  neutral: 'está em zona neutra',
  weak: 'mostra fôlego fraco',
  oversold: 'indica sobrevenda',
};

const PT_VOLATILITY: Record<VolatilityBand, string> = {
  low: 'baixo',
  moderate: 'moderado',
  high: 'alto',
};

const ptBr: Texts = {
  signals: {
    overbought: ({ rsi }, l) => ({
      title: 'Sobrecompra',
      explanation: `O RSI de 14 dias está em ${formatIndex(rsi, l)}, de 70 para cima. O preço subiu rápido e pode dar uma pausa ou recuar.`,
    }),
    oversold: ({ rsi }, l) => ({
      title: 'Sobrevenda',
      explanation: `O RSI de 14 dias está em ${formatIndex(rsi, l)}, de 30 para baixo. O preço caiu rápido e pode ensaiar uma recuperação.`,
    }),
    macdBullishCross: ({ macd, signal }, l) => ({
      title: 'Cruzamento de alta do MACD',
      explanation: `Nos últimos 3 dias, a linha do MACD (${formatValue(macd, l)}) passou para cima da linha de sinal (${formatValue(signal, l)}), sinal de que o impulso de alta está ganhando força.`,
    }),
    macdBearishCross: ({ macd, signal }, l) => ({
      title: 'Cruzamento de baixa do MACD',
      explanation: `Nos últimos 3 dias, a linha do MACD (${formatValue(macd, l)}) passou para baixo da linha de sinal (${formatValue(signal, l)}), sinal de que o impulso de baixa está ganhando força.`,
    }),
    goldenCross: ({ sma20, sma50 }, l) => ({
      title: 'Cruz dourada',
      explanation: `Nos últimos 5 dias, a média de 20 dias (${formatUsd(sma20, l)}) cruzou para cima da média de 50 dias (${formatUsd(sma50, l)}). Isso costuma marcar o início de uma tendência de alta.`,
    }),
    deathCross: ({ sma20, sma50 }, l) => ({
      title: 'Cruz da morte',
      explanation: `Nos últimos 5 dias, a média de 20 dias (${formatUsd(sma20, l)}) cruzou para baixo da média de 50 dias (${formatUsd(sma50, l)}). Isso costuma marcar o início de uma tendência de baixa.`,
    }),
    breakoutUp: ({ price, high }, l) => ({
      title: 'Rompimento da máxima de 30 dias',
      explanation: `O preço atual, ${formatUsd(price, l)}, está acima do maior preço dos últimos 30 dias (${formatUsd(high, l)}). Romper uma faixa recente costuma atrair mais compradores.`,
    }),
    breakoutDown: ({ price, low }, l) => ({
      title: 'Perda da mínima de 30 dias',
      explanation: `O preço atual, ${formatUsd(price, l)}, está abaixo do menor preço dos últimos 30 dias (${formatUsd(low, l)}). Romper uma faixa recente para baixo pode trazer mais vendas.`,
    }),
    aboveSma50: ({ price, sma50 }, l) => ({
      title: 'Acima da média de 50 dias',
      explanation: `O preço atual, ${formatUsd(price, l)}, está ${formatPercent(distance(price, sma50), l)} acima da média móvel de 50 dias (${formatUsd(sma50, l)}), o que indica tendência de alta.`,
    }),
    belowSma50: ({ price, sma50 }, l) => ({
      title: 'Abaixo da média de 50 dias',
      explanation: `O preço atual, ${formatUsd(price, l)}, está ${formatPercent(distance(price, sma50), l)} abaixo da média móvel de 50 dias (${formatUsd(sma50, l)}), o que indica tendência de baixa.`,
    }),
  },
  lead: (w) =>
    w.price === null
      ? `Ainda não há dados de preço para ${w.name} (${w.symbol}).`
      : w.change24h === null
        ? `${w.name} (${w.symbol}) está em ${w.price}.`
        : `${w.name} (${w.symbol}) está em ${w.price}, com variação de ${w.change24h} nas últimas 24 horas.`,
  moves: (w) => {
    const changes =
      w.change7d !== null && w.change30d !== null
        ? `Em 7 dias, a variação é de ${w.change7d} e, em 30 dias, de ${w.change30d}`
        : w.change7d !== null
          ? `Em 7 dias, a variação é de ${w.change7d}`
          : w.change30d !== null
            ? `Em 30 dias, a variação é de ${w.change30d}`
            : null;
    const trend = w.trend
      ? `${w.trend.side === 'above' ? 'acima' : 'abaixo'} da média de 50 dias (${w.trend.sma50}), sinal de tendência de ${w.trend.side === 'above' ? 'alta' : 'baixa'}`
      : null;
    if (changes && trend) return `${changes}; o preço está ${trend}.`;
    if (changes) return `${changes}.`;
    if (trend) return `O preço está ${trend}.`;
    return null;
  },
  momentum: (w) => {
    const rsi = w.rsi && `O RSI de 14 dias, em ${w.rsi.value}, ${PT_RSI[w.rsi.band]}`;
    const volatility =
      w.volatility &&
      `volatilidade anualizada é de ${w.volatility.value}, um nível ${PT_VOLATILITY[w.volatility.band]}`;
    if (rsi && volatility) return `${rsi}, e a ${volatility}.`;
    if (rsi) return `${rsi}.`;
    if (volatility) return `A ${volatility}.`;
    return null;
  },
  tally: ({ bullish, bearish }) => {
    const total = bullish + bearish;
    if (total === 0) return 'No momento, nenhum dos sinais que acompanhamos se destaca.';
    if (bullish === 0 || bearish === 0) {
      const way = bullish > 0 ? 'alta' : 'baixa';
      if (total === 1) return `O único sinal encontrado é de ${way}.`;
      return total === 2
        ? `Os dois sinais encontrados são de ${way}.`
        : `Todos os ${total} sinais encontrados são de ${way}.`;
    }
    return `Dos ${total} sinais encontrados, ${bullish} ${bullish === 1 ? 'é' : 'são'} de alta e ${bearish} de baixa.`;
  },
};

// ---------------------------------------------------------------------------------------------

const TEXTS: Record<Locale, Texts> = { en, zh, 'pt-br': ptBr };

/** How far the price is from a level, in percent of the level, unsigned. */
function distance(price: number, level: number): number {
  return Math.abs((price / level - 1) * 100);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A signal's title and plain explanation, with its numbers, in `locale`. */
export function signalText(
  locale: Locale,
  facts: SignalFacts,
): { title: string; explanation: string } {
  const template = TEXTS[locale].signals[facts.id] as (
    facts: SignalFacts,
    locale: Locale,
  ) => { title: string; explanation: string };
  return template(facts, locale);
}

/**
 * The report's summary in `locale`: 2 to 4 sentences, namely the price and its 24 h change; the
 * 7 d and 30 d changes and the trend against the 50-day average; the RSI in words and the
 * volatility; how many signals point which way. A sentence whose facts are all unknown is left out.
 */
export function summaryText(locale: Locale, facts: SummaryFacts): string {
  const known = (value: number | null): value is number => value !== null && Number.isFinite(value);
  const words: SummaryWords = {
    name: facts.name,
    symbol: facts.symbol,
    price: known(facts.price) ? formatUsd(facts.price, locale) : null,
    change24h: known(facts.change24h) ? formatChange(facts.change24h, locale) : null,
    change7d: known(facts.change7d) ? formatChange(facts.change7d, locale) : null,
    change30d: known(facts.change30d) ? formatChange(facts.change30d, locale) : null,
    trend:
      known(facts.price) && known(facts.sma50) && facts.price !== facts.sma50
        ? {
            side: facts.price > facts.sma50 ? 'above' : 'below',
            sma50: formatUsd(facts.sma50, locale),
          }
        : null,
    rsi: known(facts.rsi)
      ? { value: formatIndex(facts.rsi, locale), band: rsiBand(facts.rsi) }
      : null,
    volatility: known(facts.volatility)
      ? { value: formatPercent(facts.volatility, locale), band: volatilityBand(facts.volatility) }
      : null,
    bullish: facts.bullish,
    bearish: facts.bearish,
  };
  const texts = TEXTS[locale];
  const sentences = [
    texts.lead(words),
    texts.moves(words),
    texts.momentum(words),
    texts.tally(words),
  ];
  return sentences
    .filter((sentence): sentence is string => sentence !== null)
    .join(locale === 'zh' ? '' : ' ');
}
