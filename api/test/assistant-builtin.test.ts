// The built-in assistant against a fixed, in-memory data set: every intent in en, zh and pt-br,
// with the exact numbers of the data, the layers, the streamed parts, follow-ups, missing data,
// the demo-data note and aborting.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createBuiltinAssistant } from '../src/chat/builtin.js';
import { builtinTexts, formatClock, formatCompactUsd } from '../src/chat/builtinText.js';
import { normalise, recognise, type Intent } from '../src/chat/intents.js';
import type { AssistantData, ReplyPart } from '../src/chat/types.js';
import type {
  ChatContext,
  ChatLayer,
  ChatMessage,
  Coin,
  CoinReport,
  FollowEntry,
  Locale,
  MarketStatus,
  MonitorSource,
  ReportIndicators,
  SourceSummary,
  UserMonitorSource,
} from '@coinlens/contract';
import { NO_INDICATORS, SIGNAL_TONES } from '@coinlens/contract';
import { signalText, type SignalFacts } from '../src/market/reportText.js';
import { findCoinMentions } from '../src/monitor/summarizer.js';

// ---------------------------------------------------------------------------------------------
// The data set

/** 2026-01-15 14:05 UTC. */
const NOW = Date.UTC(2026, 0, 15, 14, 5) / 1000;
const DAY = 86_400;

function coin(
  id: number,
  name: string,
  symbol: string,
  rank: number,
  price: number,
  percentChange24h: number,
  marketCap: number,
): Coin {
  return {
    id,
    name,
    symbol,
    logo: `/api/asset/logo/${symbol.toLowerCase()}.svg`,
    rank,
    quotes: { price, percentChange24h, marketCap, volume24h: marketCap / 20, updatedAt: NOW - 60 },
  };
}

const BTC = coin(1, 'Bitcoin', 'BTC', 1, 93_406.36, 2.5, 1_849_234_567_890);
const ETH = coin(2, 'Ethereum', 'ETH', 2, 3_245.1, -1.2, 391_234_567_890);
const XRP = coin(3, 'XRP', 'XRP', 3, 2.3456, 0.4, 135_000_000_000);
const SOL = coin(4, 'Solana', 'SOL', 4, 187.65, 6.8, 91_000_000_000);
const ADA = coin(5, 'Cardano', 'ADA', 8, 0.7123, -3.45, 25_000_000_000);
const DOGE = coin(6, 'Dogecoin', 'DOGE', 7, 0.1234, 12.3, 18_000_000_000);
const PEPE = coin(7, 'Pepe', 'PEPE', 30, 0.00001234, 25.1, 5_000_000_000);
// Two coins go by UNI; the smaller one is listed first, as a provider might.
const UNICORN = coin(8, 'Unicorn Fart Dust', 'UNI', 150, 0.05, 1, 10_000_000);
const UNISWAP = coin(9, 'Uniswap', 'UNI', 9, 12.34, -0.5, 7_400_000_000);
const COINS = [BTC, ETH, XRP, SOL, ADA, DOGE, PEPE, UNICORN, UNISWAP];

interface ReportFacts {
  indicators: Partial<ReportIndicators>;
  signals: SignalFacts[];
}

/** Cardano has no history, so no report; Dogecoin's history is too short for any indicator. */
const REPORTS: Record<number, ReportFacts> = {
  [BTC.id]: {
    indicators: {
      rsi14: 62.34,
      macd: { macd: 1_234.567, signal: 1_100.2, histogram: 134.367 },
      sma50: 88_000,
      volatility30d: 45.2,
      change7d: 5.1,
      change30d: -4,
    },
    signals: [
      { id: 'aboveSma50', price: BTC.quotes.price, sma50: 88_000 },
      { id: 'macdBullishCross', macd: 1_234.567, signal: 1_100.2 },
    ],
  },
  [ETH.id]: {
    indicators: {
      rsi14: 74.2,
      macd: { macd: -12.5, signal: -8.25, histogram: -4.25 },
      volatility30d: 61,
      change7d: 8.4,
      change30d: 12.25,
    },
    signals: [{ id: 'overbought', rsi: 74.2 }],
  },
  [XRP.id]: {
    indicators: { rsi14: 50, volatility30d: 70.5, change7d: 0, change30d: 3.3 },
    signals: [],
  },
  [SOL.id]: {
    indicators: { rsi14: 28.5, volatility30d: 88.1, change7d: 12.75, change30d: -9.5 },
    signals: [{ id: 'oversold', rsi: 28.5 }],
  },
  [DOGE.id]: { indicators: {}, signals: [] },
  [PEPE.id]: { indicators: { change7d: 40, change30d: 80, rsi14: 81 }, signals: [] },
  [UNISWAP.id]: { indicators: { change7d: -2, change30d: -7 }, signals: [] },
};

function source(
  id: number,
  title: string,
  author: string,
  status: MonitorSource['status'],
  time: number,
  heat = 100,
): MonitorSource {
  return { id, logo: '', author, title, status, time, heat, link: `https://x.com/i/spaces/${id}` };
}

function userSource(base: MonitorSource): UserMonitorSource {
  return { ...base, addedAt: NOW - 10 * DAY, unread: false };
}

const L2_AMA = source(11, 'Layer 2 roadmap AMA', 'Alice', 5, NOW - 2 * DAY);
const SOL_CALL = source(12, 'Solana builders call', 'Bob', 5, NOW - DAY);
const NEXT_SPACE = source(13, 'Tomorrow in crypto', 'Erin', 1, NOW + DAY);
const NO_SUMMARY = source(14, 'Quiet podcast', 'Frank', 5, NOW - 3 * DAY);
const USER_SOURCES = [NEXT_SPACE, NO_SUMMARY, L2_AMA, SOL_CALL].map(userSource);

const SUMMARIES: Record<number, SourceSummary> = {
  [L2_AMA.id]: {
    summary: 'Rollups will cut fees by half next quarter. The team also discussed ETH staking.',
    keyPoints: ['Fees halve next quarter.'],
    keyPointSources: [null],
    coins: [ETH],
    language: 'en',
  },
  [SOL_CALL.id]: {
    summary: 'SOL validators upgraded to the new client. More releases follow in March.',
    keyPoints: ['Validators upgraded.'],
    keyPointSources: [null],
    coins: [SOL],
    language: 'en',
  },
};

const UPCOMING = [
  source(21, 'Macro Monday', 'Carol', 1, Date.UTC(2026, 0, 16, 9, 30) / 1000),
  source(22, 'DeFi builders', 'Grace', 1, Date.UTC(2026, 0, 17, 18, 0) / 1000),
];

const HOT_SOURCES = [
  source(31, 'Bitcoin halving debate', 'Dave', 5, NOW - 2 * DAY, 12_345),
  source(32, 'ETH staking AMA', 'Heidi', 5, NOW - 4 * DAY, 9_876),
];

const LIVE_SPACE = source(15, 'Market open live', 'Ivan', 2, NOW - 3_600);
const CANCELLED_CALL = source(16, 'Cancelled call', 'Judy', 6, NOW - DAY);
/** Every source `AssistantData.source` finds by id. */
const ALL_SOURCES = [
  L2_AMA,
  SOL_CALL,
  NEXT_SPACE,
  NO_SUMMARY,
  LIVE_SPACE,
  CANCELLED_CALL,
  ...UPCOMING,
  ...HOT_SOURCES,
];

interface Options {
  /** The market status; by default the demo data as of now. */
  market?: Partial<MarketStatus>;
  watchlist?: Coin[];
  userSources?: UserMonitorSource[];
  upcoming?: MonitorSource[];
  hotSources?: MonitorSource[];
}

function makeData(options: Options = {}): AssistantData {
  const byId = new Map(COINS.map((c) => [c.id, c]));
  const byRank = [...COINS].sort((a, b) => a.rank - b.rank);
  const market: MarketStatus = {
    source: 'demo',
    asOf: NOW,
    refreshSeconds: 10,
    stale: false,
    retryAt: null,
    ...options.market,
  };
  return {
    nowSec: () => NOW,
    market: () => market,
    searchCoins(query, limit) {
      const q = query.trim().toLowerCase();
      const exact = (c: Coin) => c.symbol.toLowerCase() === q || c.name.toLowerCase() === q;
      return COINS.filter(
        (c) => c.symbol.toLowerCase().includes(q) || c.name.toLowerCase().includes(q),
      )
        .sort((a, b) => Number(exact(b)) - Number(exact(a)) || a.rank - b.rank)
        .slice(0, limit);
    },
    coinsMentioned: (text) =>
      findCoinMentions(text, COINS).flatMap((id) => {
        const found = byId.get(id);
        return found ? [found] : [];
      }),
    coin: (id) => byId.get(id) ?? null,
    topCoins: (limit) => byRank.slice(0, limit),
    hotCoins: (limit) =>
      [...COINS]
        .filter((c) => c.rank <= 100)
        .sort((a, b) => Math.abs(b.quotes.percentChange24h) - Math.abs(a.quotes.percentChange24h))
        .slice(0, limit),
    async report(coinId, locale): Promise<CoinReport | null> {
      const facts = REPORTS[coinId];
      const reported = byId.get(coinId);
      if (!facts || !reported) return null;
      return {
        coin: reported,
        source: market.source,
        market,
        generatedAt: NOW,
        series: { '24h': [], '7d': [], '30d': [] },
        indicators: { ...NO_INDICATORS, ...facts.indicators },
        signals: facts.signals.map((s) => ({
          id: s.id,
          tone: SIGNAL_TONES[s.id],
          ...signalText(locale, s),
        })),
        summary: `${reported.symbol} summary (${locale}).`,
        language: locale,
        sources: [],
      };
    },
    watchlist: async (): Promise<FollowEntry[]> =>
      (options.watchlist ?? [BTC, SOL, ETH]).map((c, i) => ({
        coinId: c.id,
        coin: c,
        followedAt: NOW - i * DAY,
      })),
    userSources: async () => options.userSources ?? USER_SOURCES,
    upcomingSources: async (limit) => (options.upcoming ?? UPCOMING).slice(0, limit),
    hotSources: async (limit) => (options.hotSources ?? HOT_SOURCES).slice(0, limit),
    searchSources: async () => [],
    sourceSummary: async (id) => SUMMARIES[id] ?? null,
    source: async (id) =>
      [...(options.userSources ?? USER_SOURCES), ...ALL_SOURCES].find((s) => s.id === id) ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Asking

interface Answer {
  parts: ReplyPart[];
  text: string;
  layers: ChatLayer[];
}

async function ask(
  text: string,
  locale: Locale,
  options: Options & {
    history?: ChatMessage[];
    signal?: AbortSignal;
    context?: ChatContext | null;
  } = {},
): Promise<Answer> {
  const parts: ReplyPart[] = [];
  for await (const part of createBuiltinAssistant().reply({
    text,
    locale,
    history: options.history ?? [],
    context: options.context ?? null,
    data: makeData(options),
    ...(options.signal ? { signal: options.signal } : {}),
  })) {
    parts.push(part);
  }
  return {
    parts,
    text: parts.map((p) => p.text).join(''),
    layers: parts.flatMap((p) => p.layers),
  };
}

function message(
  source: ChatMessage['source'],
  text: string,
  layers: ChatLayer[] = [],
): ChatMessage {
  return {
    conversationId: 'c1',
    seqNo: 1,
    source,
    language: 'en',
    text,
    layers,
    more: false,
    timestamp: NOW - 60,
  };
}

/** Portuguese prices: "$ 93.406,36" with a no-break space, as Intl writes them. */
const pt = (text: string) => text.replace(/\$ /g, '$\u00a0');

/** What every reply must be: several parts, no holes in the text, layers only at the end. */
function assertWellFormed(answer: Answer, label: string): void {
  assert.ok(answer.parts.length >= 2, `${label}: ${answer.parts.length} part(s)`);
  assert.doesNotMatch(answer.text, /undefined|NaN|null|\[object/, label);
  assert.ok(
    answer.parts.slice(0, -1).every((p) => p.layers.length === 0),
    `${label}: layers come with the last part`,
  );
  assert.doesNotMatch(answer.text, /\n\n\n|^\s|\s$/, `${label}: parts join cleanly`);
}

function coinIds(answer: Answer): number[] {
  return answer.layers.flatMap((l) => (l.type === 'coins' ? l.coins.map((c) => c.id) : []));
}

function sourceIds(answer: Answer): number[] {
  return answer.layers.flatMap((l) => (l.type === 'sources' ? l.sources.map((s) => s.id) : []));
}

// ---------------------------------------------------------------------------------------------
// Every intent in every language

interface Case {
  locale: Locale;
  question: string;
  intent: Intent;
  says: string[];
  coins?: number[];
  sources?: number[];
  report?: number;
}

const CASES: Case[] = [
  // price
  {
    locale: 'en',
    question: 'price of BTC',
    intent: 'price',
    says: [
      'Bitcoin (BTC) is at $93,406.36 as of 14:05 UTC (demo data).',
      '• 24 h change: +2.50%',
      '• Market cap: $1.8492T, #1 by size',
    ],
    coins: [BTC.id],
  },
  {
    locale: 'en',
    question: 'How much is ethereum?',
    intent: 'price',
    says: ['Ethereum (ETH) is at $3,245.10', '-1.20%', 'Market cap: $391.23B,'],
    coins: [ETH.id],
  },
  {
    locale: 'zh',
    question: '比特币多少钱？',
    intent: 'price',
    says: [
      'Bitcoin（BTC）现价$93,406.36（数据截至UTC 14:05，演示数据）。',
      '• 24小时涨跌：+2.50%',
      '• 市值：1.8492万亿美元，排名第1',
    ],
    coins: [BTC.id],
  },
  {
    locale: 'pt-br',
    question: 'preço do solana',
    intent: 'price',
    says: [
      pt('O preço de Solana (SOL) é $ 187,65 às 14:05 UTC (dados de demonstração).'),
      '• Variação em 24 h: +6,80%',
      '• Valor de mercado: US$\u00a091\u00a0bi, posição 4 no ranking',
    ],
    coins: [SOL.id],
  },
  // change
  {
    locale: 'en',
    question: 'How did SOL do this week?',
    intent: 'change',
    says: [
      'Over the past 7 days, Solana (SOL) moved +12.75%; it is at $187.65 as of 14:05 UTC (demo data).',
      '• 24 hours: +6.80%\n• 7 days: +12.75%\n• 30 days: -9.50%',
    ],
    coins: [SOL.id],
  },
  {
    locale: 'zh',
    question: 'ETH 7天涨跌',
    intent: 'change',
    says: [
      'Ethereum（ETH）近7天涨跌幅为+8.40%，现价$3,245.10（数据截至UTC 14:05，演示数据）。',
      '• 24小时：-1.20%\n• 7天：+8.40%\n• 30天：+12.25%',
    ],
    coins: [ETH.id],
  },
  {
    locale: 'pt-br',
    question: 'como foi o BTC em 30 dias?',
    intent: 'change',
    says: [
      pt(
        'Nos últimos 30 dias, Bitcoin (BTC) variou -4,00%; o preço atual é $ 93.406,36 às 14:05 UTC (dados de demonstração).',
      ),
      '• 24 horas: +2,50%\n• 7 dias: +5,10%\n• 30 dias: -4,00%',
    ],
    coins: [BTC.id],
  },
  // compare
  {
    locale: 'en',
    question: 'BTC vs ETH',
    intent: 'compare',
    says: [
      'Over the past 7 days, Ethereum (ETH) did better than Bitcoin (BTC): +8.40% against +5.10%.',
      '• Price: BTC $93,406.36 · ETH $3,245.10',
      '• 24 hours: BTC +2.50% · ETH -1.20%',
      '• 30 days: BTC -4.00% · ETH +12.25%',
      '• RSI (14 days): BTC 62.3 · ETH 74.2',
      '• Volatility (30 days, annualised): BTC 45.20% · ETH 61.00%',
      'Prices as of 14:05 UTC (demo data).',
    ],
    coins: [BTC.id, ETH.id],
  },
  {
    locale: 'en',
    question: 'compare solana and cardano',
    intent: 'compare',
    // Cardano has no report: the week is unknown, so the day decides.
    says: [
      'Over the past 24 hours, Solana (SOL) did better than Cardano (ADA): +6.80% against -3.45%.',
      '• 7 days: SOL +12.75% · ADA n/a',
      '• RSI (14 days): SOL 28.5 · ADA n/a',
    ],
    coins: [SOL.id, ADA.id],
  },
  {
    locale: 'zh',
    question: '比较比特币和以太坊',
    intent: 'compare',
    says: [
      '近7天，Ethereum（ETH）表现更好：涨跌幅+8.40%，Bitcoin（BTC）为+5.10%。',
      '• 价格：BTC $93,406.36 · ETH $3,245.10',
      '• RSI（14日）：BTC 62.3 · ETH 74.2',
      '• 30日年化波动率：BTC 45.20% · ETH 61.00%',
      '价格数据截至UTC 14:05（演示数据）。',
    ],
    coins: [BTC.id, ETH.id],
  },
  {
    locale: 'pt-br',
    question: 'Comparar BTC e ETH',
    intent: 'compare',
    says: [
      'Nos últimos 7 dias, Ethereum (ETH) se saiu melhor que Bitcoin (BTC): +8,40% contra +5,10%.',
      pt('• Preço: BTC $ 93.406,36 · ETH $ 3.245,10'),
      '• Volatilidade anualizada (30 dias): BTC 45,20% · ETH 61,00%',
      'Preços às 14:05 UTC (dados de demonstração).',
    ],
    coins: [BTC.id, ETH.id],
  },
  // report
  {
    locale: 'en',
    question: 'analysis of BTC',
    intent: 'report',
    says: [
      'Here is the analysis of Bitcoin (BTC), as of 14:05 UTC (demo data).',
      'BTC summary (en).',
      '• RSI (14 days): 62.3, strong momentum',
      '• MACD: 1,234.57 against its signal line at 1,100.20, momentum points up',
      'Signals:\n• Above the 50-day average (bullish)\n• MACD bullish crossover (bullish)',
    ],
    report: BTC.id,
  },
  {
    locale: 'en',
    question: 'is ETH overbought?',
    intent: 'report',
    says: [
      'Yes: Ethereum (ETH) looks overbought, with a 14-day RSI of 74.2 (70 or above).',
      'ETH summary (en).',
      '• MACD: -12.50 against its signal line at -8.25, momentum points down',
      '• Overbought (bearish)',
    ],
    report: ETH.id,
  },
  {
    locale: 'zh',
    question: 'BTC 技术分析',
    intent: 'report',
    says: [
      '以下是Bitcoin（BTC）的分析（数据截至UTC 14:05，演示数据）。',
      'BTC summary (zh).',
      '• RSI（14日）：62.3，偏强',
      '• MACD：1,234.57，信号线1,100.20，上涨动能占优',
      '信号：\n• 站上50日均线（看涨）\n• MACD金叉（看涨）',
    ],
    report: BTC.id,
  },
  {
    locale: 'pt-br',
    question: 'análise do XRP',
    intent: 'report',
    says: [
      'Esta é a análise de XRP (XRP), com dados às 14:05 UTC (dados de demonstração).',
      'XRP summary (pt-br).',
      '• RSI (14 dias): 50,0, neutro',
      '• MACD: n/d',
      'Nenhum sinal se destaca no momento.',
    ],
    report: XRP.id,
  },
  // watchlist
  {
    locale: 'en',
    question: 'How is my watchlist?',
    intent: 'watchlist',
    says: [
      'Your 3 coins, as of 14:05 UTC (demo data):',
      '• Bitcoin (BTC): $93,406.36, +2.50% in 24 h',
      '• Solana (SOL): $187.65, +6.80% in 24 h',
      '• Ethereum (ETH): $3,245.10, -1.20% in 24 h',
      'Best over 24 hours: Solana (SOL) at +6.80%; worst: Ethereum (ETH) at -1.20%.',
    ],
    coins: [BTC.id, SOL.id, ETH.id],
  },
  {
    locale: 'zh',
    question: '我的自选',
    intent: 'watchlist',
    says: [
      '你关注的3个币（数据截至UTC 14:05，演示数据）：',
      '• Bitcoin（BTC）：$93,406.36，24小时+2.50%',
      '24小时表现最好的是Solana（SOL），涨跌幅+6.80%；最差的是Ethereum（ETH），涨跌幅-1.20%。',
    ],
    coins: [BTC.id, SOL.id, ETH.id],
  },
  {
    locale: 'pt-br',
    question: 'minha lista',
    intent: 'watchlist',
    says: [
      'Suas 3 moedas, às 14:05 UTC (dados de demonstração):',
      pt('• Bitcoin (BTC): $ 93.406,36, +2,50% em 24 h'),
      'Melhor em 24 horas: Solana (SOL), com +6,80%; pior: Ethereum (ETH), com -1,20%.',
    ],
    coins: [BTC.id, SOL.id, ETH.id],
  },
  // my sources
  {
    locale: 'en',
    question: 'What did my sources say?',
    intent: 'mySources',
    says: [
      'What your sources said, newest first:',
      '• Solana builders call (Bob, Jan 14): SOL validators upgraded to the new client.\n' +
        '• Layer 2 roadmap AMA (Alice, Jan 13): Rollups will cut fees by half next quarter.\n' +
        '• Quiet podcast (Frank, Jan 12): no summary yet',
    ],
    sources: [SOL_CALL.id, L2_AMA.id, NO_SUMMARY.id],
  },
  {
    locale: 'zh',
    question: '我关注的监控源说了什么',
    intent: 'mySources',
    says: [
      '你的监控源说了这些（最新的在前）：',
      '• Solana builders call（Bob，1月14日）：SOL validators upgraded to the new client.',
      '• Quiet podcast（Frank，1月12日）：暂无摘要',
    ],
    sources: [SOL_CALL.id, L2_AMA.id, NO_SUMMARY.id],
  },
  {
    locale: 'pt-br',
    question: 'O que minhas fontes disseram?',
    intent: 'mySources',
    says: [
      'O que suas fontes disseram, das mais recentes para as mais antigas:',
      '• Layer 2 roadmap AMA (Alice, 13 de jan.): Rollups will cut fees by half next quarter.',
      '• Quiet podcast (Frank, 12 de jan.): ainda sem resumo',
    ],
    sources: [SOL_CALL.id, L2_AMA.id, NO_SUMMARY.id],
  },
  {
    locale: 'en',
    question: 'news from my spaces',
    intent: 'mySources',
    says: ['What your sources said'],
    sources: [SOL_CALL.id, L2_AMA.id, NO_SUMMARY.id],
  },
  // upcoming
  {
    locale: 'en',
    question: 'upcoming spaces',
    intent: 'upcomingSources',
    says: [
      'The next 2 sources, in UTC:',
      '• Jan 16, 09:30 UTC: Macro Monday, by Carol\n• Jan 17, 18:00 UTC: DeFi builders, by Grace',
    ],
    sources: [21, 22],
  },
  {
    locale: 'en',
    question: "what's next?",
    intent: 'upcomingSources',
    says: ['Macro Monday'],
    sources: [21, 22],
  },
  {
    locale: 'zh',
    question: '即将开始',
    intent: 'upcomingSources',
    says: ['接下来的2个监控源（UTC时间）：', '• 1月16日 09:30 UTC：Macro Monday（Carol）'],
    sources: [21, 22],
  },
  {
    locale: 'pt-br',
    question: 'próximos eventos',
    intent: 'upcomingSources',
    says: [
      'As próximas 2 fontes, em horário UTC:',
      '• 16 de jan., 09:30 UTC: Macro Monday, com Carol',
    ],
    sources: [21, 22],
  },
  // hot coins
  {
    locale: 'en',
    question: 'top movers',
    intent: 'hotCoins',
    says: [
      'The biggest movers of the last 24 hours among the top 100, as of 14:05 UTC (demo data):',
      '• Pepe (PEPE): +25.10%, at $0.00001234\n• Dogecoin (DOGE): +12.30%, at $0.1234',
      '• Cardano (ADA): -3.45%, at $0.7123',
    ],
    coins: [PEPE.id, DOGE.id, SOL.id, ADA.id, BTC.id],
  },
  {
    locale: 'en',
    question: 'hot coins',
    intent: 'hotCoins',
    says: ['• Pepe (PEPE): +25.10%'],
    coins: [PEPE.id, DOGE.id, SOL.id, ADA.id, BTC.id],
  },
  {
    locale: 'zh',
    question: '热门币',
    intent: 'hotCoins',
    says: ['市值前100的币中，近24小时波动最大的', '• Pepe（PEPE）：+25.10%，现价$0.00001234'],
    coins: [PEPE.id, DOGE.id, SOL.id, ADA.id, BTC.id],
  },
  {
    locale: 'pt-br',
    question: 'moedas em alta',
    intent: 'hotCoins',
    says: [pt('• Pepe (PEPE): +25,10%, a $ 0,00001234'), pt('• Cardano (ADA): -3,45%, a $ 0,7123')],
    coins: [PEPE.id, DOGE.id, SOL.id, ADA.id, BTC.id],
  },
  // hot sources
  {
    locale: 'en',
    question: 'hot spaces',
    intent: 'hotSources',
    says: [
      'The hottest sources of the past 7 days:',
      '• Bitcoin halving debate, by Dave: heat 12,345\n• ETH staking AMA, by Heidi: heat 9,876',
    ],
    sources: [31, 32],
  },
  {
    locale: 'zh',
    question: '热门监控',
    intent: 'hotSources',
    says: ['近7天最热门的监控源：', '• Bitcoin halving debate（Dave），热度12,345'],
    sources: [31, 32],
  },
  {
    locale: 'pt-br',
    question: 'fontes em alta',
    intent: 'hotSources',
    says: [
      'As fontes mais quentes dos últimos 7 dias:',
      '• Bitcoin halving debate, com Dave: popularidade 12.345',
    ],
    sources: [31, 32],
  },
  // help
  {
    locale: 'en',
    question: 'help',
    intent: 'help',
    says: ['For example, ask me:\n• price of BTC'],
  },
  { locale: 'en', question: 'Hi!', intent: 'help', says: ['Hi! I answer from Coinlens data'] },
  {
    locale: 'zh',
    question: '你好',
    intent: 'help',
    says: ['你好！', '可以这样问我：\n• 比特币多少钱'],
  },
  { locale: 'pt-br', question: 'ajuda', intent: 'help', says: ['Experimente perguntar:'] },
  { locale: 'pt-br', question: 'Olá!', intent: 'help', says: ['Olá! Respondo com os dados'] },
];

describe('the built-in assistant answers every intent in every language', () => {
  for (const c of CASES) {
    it(`${c.locale}: "${c.question}" -> ${c.intent}`, async () => {
      const data = makeData();
      assert.equal(recognise(c.question, c.locale, data.coinsMentioned).intent, c.intent);
      const answer = await ask(c.question, c.locale);
      assertWellFormed(answer, c.question);
      for (const expected of c.says)
        assert.ok(answer.text.includes(expected), `missing «${expected}» in:\n${answer.text}`);
      assert.deepEqual(coinIds(answer), c.coins ?? []);
      assert.deepEqual(sourceIds(answer), c.sources ?? []);
      const reportLayers = answer.layers.filter((l) => l.type === 'report');
      assert.deepEqual(reportLayers, c.report ? [{ type: 'report', coinId: c.report }] : []);
    });
  }

  it('answers in the interface language whatever the language of the question', async () => {
    const zh = await ask('price of BTC', 'zh');
    assert.ok(zh.text.startsWith('Bitcoin（BTC）现价$93,406.36'), zh.text);
    const ptAnswer = await ask('比特币多少钱', 'pt-br');
    assert.ok(
      ptAnswer.text.startsWith(pt('O preço de Bitcoin (BTC) é $ 93.406,36')),
      ptAnswer.text,
    );
    const en = await ask('análise do XRP', 'en');
    assert.ok(en.text.startsWith('Here is the analysis of XRP (XRP)'), en.text);
  });

  it('streams the first sentence as a part of its own, and Chinese parts join without spaces', async () => {
    const en = await ask('analysis of BTC', 'en');
    assert.equal(en.parts.length, 3);
    assert.equal(
      en.parts[0]?.text,
      'Here is the analysis of Bitcoin (BTC), as of 14:05 UTC (demo data).',
    );
    assert.ok(en.parts.slice(1).every((p) => p.text.startsWith('\n')));
    const zh = await ask('比特币多少钱', 'zh');
    // Spaces only after a bullet and around Latin words and numbers.
    assert.doesNotMatch(zh.text, /[\u4e00-\u9fff。，：） ] |(?<!•) [\u4e00-\u9fff（]/u);
  });

  it('suggests questions each of which it recognises, in each locale', () => {
    for (const locale of ['en', 'zh', 'pt-br'] as const) {
      const data = makeData();
      const examples = builtinTexts(locale).exampleQuestions;
      const intents = examples.map((q) => recognise(q, locale, data.coinsMentioned).intent);
      assert.deepEqual(intents, [
        'price',
        'change',
        'compare',
        'report',
        'watchlist',
        'mySources',
        'upcomingSources',
        'hotCoins',
        'hotSources',
      ]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// "My" lists: the user's own coins and sources, never everyone's

interface MineCase {
  locale: Locale;
  question: string;
  intent: Intent;
  mine: boolean;
  says: string[];
  coins?: number[];
  sources?: number[];
  data?: Options;
}

/** Sources the user monitors with heats of their own, for "my hottest sources". */
const HEATED = [
  { ...SOL_CALL, heat: 100 },
  { ...L2_AMA, heat: 500 },
  { ...NO_SUMMARY, heat: 300 },
].map(userSource);

const MINE_CASES: MineCase[] = [
  // My next events: of the user's sources, the one still to come; without "my", everyone's.
  {
    locale: 'en',
    question: 'What are my next events?',
    intent: 'upcomingSources',
    mine: true,
    says: ['Your next event, in UTC:\n• Jan 16, 14:05 UTC: Tomorrow in crypto, by Erin'],
    sources: [NEXT_SPACE.id],
  },
  {
    locale: 'en',
    question: 'What are the next events?',
    intent: 'upcomingSources',
    mine: false,
    says: ['The next 2 sources, in UTC:'],
    sources: [21, 22],
  },
  {
    locale: 'zh',
    question: '我的下一个活动是什么？',
    intent: 'upcomingSources',
    mine: true,
    says: ['你的下一个活动（UTC时间）：\n• 1月16日 14:05 UTC：Tomorrow in crypto（Erin）'],
    sources: [NEXT_SPACE.id],
  },
  {
    locale: 'zh',
    question: '下一个活动是什么？',
    intent: 'upcomingSources',
    mine: false,
    says: ['接下来的2个监控源（UTC时间）：'],
    sources: [21, 22],
  },
  {
    locale: 'pt-br',
    question: 'Quais são meus próximos eventos?',
    intent: 'upcomingSources',
    mine: true,
    says: [
      'O seu próximo evento, em horário UTC:\n• 16 de jan., 14:05 UTC: Tomorrow in crypto, com Erin',
    ],
    sources: [NEXT_SPACE.id],
  },
  {
    locale: 'pt-br',
    question: 'Quais são os próximos eventos?',
    intent: 'upcomingSources',
    mine: false,
    says: ['As próximas 2 fontes, em horário UTC:'],
    sources: [21, 22],
  },
  // What is live now comes first, as on the phone.
  {
    locale: 'en',
    question: 'my upcoming spaces',
    intent: 'upcomingSources',
    mine: true,
    says: [
      'Your next 2 events, in UTC:\n• Live now: Market open live, by Ivan\n• Jan 16, 14:05 UTC: Tomorrow in crypto, by Erin',
    ],
    sources: [LIVE_SPACE.id, NEXT_SPACE.id],
    data: { userSources: [LIVE_SPACE, ...USER_SOURCES].map(userSource) },
  },
  {
    locale: 'zh',
    question: '我的下一场直播',
    intent: 'upcomingSources',
    mine: true,
    says: ['你接下来的2个活动（UTC时间）：\n• 正在直播：Market open live（Ivan）'],
    sources: [LIVE_SPACE.id, NEXT_SPACE.id],
    data: { userSources: [LIVE_SPACE, ...USER_SOURCES].map(userSource) },
  },
  {
    locale: 'pt-br',
    question: 'minhas próximas lives',
    intent: 'upcomingSources',
    mine: true,
    says: [
      'Os seus próximos 2 eventos, em horário UTC:\n• Ao vivo agora: Market open live, com Ivan',
    ],
    sources: [LIVE_SPACE.id, NEXT_SPACE.id],
    data: { userSources: [LIVE_SPACE, ...USER_SOURCES].map(userSource) },
  },
  // No source monitored: said plainly, with the way to add some and everyone's next ones.
  {
    locale: 'en',
    question: 'What are my next events?',
    intent: 'upcomingSources',
    mine: true,
    says: [
      "You don't monitor any sources yet.\nAdd the spaces and streams you care about in the monitoring area and I'll tell you when they start. These are coming up next:",
    ],
    sources: [21, 22],
    data: { userSources: [] },
  },
  {
    locale: 'zh',
    question: '我的下一个活动是什么？',
    intent: 'upcomingSources',
    mine: true,
    says: ['你还没有添加任何监控源。\n在监控页添加你关心的空间和直播'],
    sources: [21, 22],
    data: { userSources: [] },
  },
  {
    locale: 'pt-br',
    question: 'Quais são meus próximos eventos?',
    intent: 'upcomingSources',
    mine: true,
    says: [
      'Você ainda não monitora nenhuma fonte.\nAdicione os spaces e as transmissões que te interessam na área de monitoramento',
    ],
    sources: [21, 22],
    data: { userSources: [] },
  },
  // Sources monitored, none of them live or still to come.
  {
    locale: 'en',
    question: 'What are my next events?',
    intent: 'upcomingSources',
    mine: true,
    says: [
      'None of the 2 sources you monitor is live or has anything scheduled.\nYou can add more in the monitoring area; these are coming up next:',
    ],
    sources: [21, 22],
    data: { userSources: [L2_AMA, SOL_CALL].map(userSource) },
  },
  {
    locale: 'zh',
    question: '我的下一个活动是什么？',
    intent: 'upcomingSources',
    mine: true,
    says: ['你监控的源目前没有在直播，也没有即将开始的安排。\n可以在监控页添加更多。'],
    data: { userSources: [userSource(L2_AMA)], upcoming: [] },
  },
  {
    locale: 'pt-br',
    question: 'Quais são meus próximos eventos?',
    intent: 'upcomingSources',
    mine: true,
    says: ['Nenhuma das 2 fontes que você monitora está ao vivo ou tem algo agendado.'],
    sources: [21, 22],
    data: { userSources: [L2_AMA, SOL_CALL].map(userSource) },
  },
  // My coins: the watchlist, never the market's movers.
  {
    locale: 'en',
    question: 'my top movers',
    intent: 'hotCoins',
    mine: true,
    says: ['Your 3 coins, as of 14:05 UTC (demo data):'],
    coins: [BTC.id, SOL.id, ETH.id],
  },
  {
    locale: 'en',
    question: 'top movers',
    intent: 'hotCoins',
    mine: false,
    says: ['The biggest movers of the last 24 hours'],
    coins: [PEPE.id, DOGE.id, SOL.id, ADA.id, BTC.id],
  },
  {
    locale: 'zh',
    question: '我关注的热门币',
    intent: 'hotCoins',
    mine: true,
    says: ['你关注的3个币'],
    coins: [BTC.id, SOL.id, ETH.id],
  },
  {
    locale: 'zh',
    question: '热门币',
    intent: 'hotCoins',
    mine: false,
    says: ['市值前100的币中'],
    coins: [PEPE.id, DOGE.id, SOL.id, ADA.id, BTC.id],
  },
  {
    locale: 'pt-br',
    question: 'meus tokens em alta',
    intent: 'hotCoins',
    mine: true,
    says: ['Suas 3 moedas'],
    coins: [BTC.id, SOL.id, ETH.id],
  },
  {
    locale: 'pt-br',
    question: 'tokens em alta',
    intent: 'hotCoins',
    mine: false,
    says: ['As moedas que mais se mexeram'],
    coins: [PEPE.id, DOGE.id, SOL.id, ADA.id, BTC.id],
  },
  {
    locale: 'pt-br',
    question: 'meus tokens em alta',
    intent: 'hotCoins',
    mine: true,
    says: ['Você ainda não segue nenhuma moeda.\nSiga até cinco e eu acompanho tudo por aqui'],
    coins: [BTC.id, ETH.id, XRP.id, SOL.id, DOGE.id],
    data: { watchlist: [] },
  },
  // My hottest sources: the user's, hottest first.
  {
    locale: 'en',
    question: 'my hottest spaces',
    intent: 'hotSources',
    mine: true,
    says: ['What your sources said, hottest first:\n• Layer 2 roadmap AMA (Alice, Jan 13)'],
    sources: [L2_AMA.id, NO_SUMMARY.id, SOL_CALL.id],
    data: { userSources: HEATED },
  },
  {
    locale: 'zh',
    question: '我的热门监控',
    intent: 'hotSources',
    mine: true,
    says: ['你的监控源说了这些（热度最高的在前）：'],
    sources: [L2_AMA.id, NO_SUMMARY.id, SOL_CALL.id],
    data: { userSources: HEATED },
  },
  {
    locale: 'pt-br',
    question: 'minhas fontes em alta',
    intent: 'hotSources',
    mine: true,
    says: ['O que suas fontes disseram, começando pelas mais quentes:'],
    sources: [L2_AMA.id, NO_SUMMARY.id, SOL_CALL.id],
    data: { userSources: HEATED },
  },
  {
    locale: 'en',
    question: 'my hottest spaces',
    intent: 'hotSources',
    mine: true,
    says: ["You don't monitor any sources yet."],
    sources: [31, 32],
    data: { userSources: [] },
  },
];

describe('"my" lists are the user\'s own coins and sources, in every language', () => {
  for (const c of MINE_CASES) {
    const setting = c.data
      ? ` (${Object.entries(c.data)
          .map(([key, list]) => `${key}: ${Array.isArray(list) ? list.length : list}`)
          .join(', ')})`
      : '';
    it(`${c.locale}: "${c.question}"${setting}`, async () => {
      const recognised = recognise(c.question, c.locale, makeData().coinsMentioned);
      assert.equal(recognised.intent, c.intent);
      assert.equal(recognised.mine, c.mine);
      const answer = await ask(c.question, c.locale, c.data);
      assertWellFormed(answer, c.question);
      for (const expected of c.says)
        assert.ok(answer.text.includes(expected), `missing «${expected}» in:\n${answer.text}`);
      assert.deepEqual(coinIds(answer), c.coins ?? []);
      assert.deepEqual(sourceIds(answer), c.sources ?? []);
    });
  }

  it('counts the next events it leaves out', async () => {
    const many = [1, 2, 3, 4, 5, 6].map((i) =>
      userSource(source(50 + i, `Call ${i}`, 'Kim', 1, NOW + (7 - i) * DAY)),
    );
    const answer = await ask('my next events', 'en', { userSources: many });
    assert.deepEqual(sourceIds(answer), [56, 55, 54, 53, 52]);
    assert.ok(answer.text.startsWith('Your next 5 events, in UTC:'), answer.text);
    assert.ok(answer.text.endsWith('…and 1 more in the monitoring area.'), answer.text);
    assert.ok(
      answer.layers.every((l) => l.type !== 'sources' || l.sources.every((s) => !('unread' in s))),
    );
  });
});

/** The pt-br price and change answers, which once agreed "cotado" with the coin's name. */
describe('pt-br answers need no gender for a coin', () => {
  for (const question of ['preço do solana', 'como foi o BTC em 30 dias?', 'BTC 7 dias']) {
    it(`"${question}"`, async () => {
      const answer = await ask(question, 'pt-br');
      assert.doesNotMatch(answer.text, /cotad[oa]/);
      assert.match(answer.text, /o preço (de|atual)/i);
    });
  }
});

// ---------------------------------------------------------------------------------------------

describe('formatCompactUsd', () => {
  // A market cap in each language's compact notation, with the same 5 significant digits.
  const NBSP = '\u00a0';
  const rows: [number, Record<Locale, string>][] = [
    [
      521_065_032_320.84,
      { en: '$521.07B', zh: '5210.7亿美元', 'pt-br': `US$${NBSP}521,07${NBSP}bi` },
    ],
    [
      1_849_234_567_890,
      { en: '$1.8492T', zh: '1.8492万亿美元', 'pt-br': `US$${NBSP}1,8492${NBSP}tri` },
    ],
    [91_000_000_000, { en: '$91B', zh: '910亿美元', 'pt-br': `US$${NBSP}91${NBSP}bi` }],
    [7_400_000, { en: '$7.4M', zh: '740万美元', 'pt-br': `US$${NBSP}7,4${NBSP}mi` }],
    [950, { en: '$950', zh: '950美元', 'pt-br': `US$${NBSP}950` }],
  ];
  for (const [value, byLocale] of rows) {
    for (const [locale, expected] of Object.entries(byLocale) as [Locale, string][]) {
      it(`writes ${value} as ${expected} in ${locale}`, () => {
        assert.equal(formatCompactUsd(value, locale), expected);
      });
    }
  }

  it('writes a value that is not a number as a dash', () => {
    assert.equal(formatCompactUsd(Number.NaN, 'en'), '-');
    assert.equal(formatCompactUsd(Number.POSITIVE_INFINITY, 'zh'), '-');
  });
});

describe('recognise', () => {
  const table: [
    string,
    Intent,
    Partial<{ period: string; topic: string; followUp: boolean; mine: boolean }>?,
  ][] = [
    ['What is the PRICE of btc??', 'price'],
    ['btc price today', 'price', { period: '24h' }],
    ['ETH this month', 'change', { period: '30d' }],
    ['SOL 30天表现', 'change', { period: '30d' }],
    ['variação do ETH na semana', 'change', { period: '7d' }],
    ['is SOL oversold', 'report', { topic: 'oversold' }],
    ['BTC超买了吗', 'report', { topic: 'overbought' }],
    ['o ETH está sobrecomprado?', 'report', { topic: 'overbought' }],
    ['and its RSI?', 'report', { topic: 'rsi', followUp: true }],
    ['那它的MACD呢', 'report', { topic: 'macd', followUp: true }],
    ['which is better, BTC or ETH', 'compare'],
    ['BTC x ETH', 'compare'],
    ['my coins', 'watchlist'],
    ['como está minha lista hoje', 'watchlist'],
    ['what did my spaces talk about', 'mySources'],
    ['trending coins', 'hotCoins'],
    ['which coins are pumping', 'hotCoins'],
    ["how's the market?", 'hotCoins'],
    ['大盘怎么样', 'hotCoins'],
    ['como está o mercado', 'hotCoins'],
    ['quais fontes eu sigo', 'mySources'],
    ['when is the next space', 'upcomingSources'],
    ['下一场什么时候', 'upcomingSources'],
    ['ETH走势怎么样', 'report'],
    ['比特币今天涨了吗', 'change', { period: '24h' }],
    ['o bitcoin subiu hoje?', 'change', { period: '24h' }],
    ['trending spaces', 'hotSources'],
    // "My" makes a list the user's own, in any language; "I" alone does not.
    ['What are my next events?', 'upcomingSources', { mine: true }],
    ['What are the next events?', 'upcomingSources', { mine: false }],
    ['upcoming events I monitor', 'upcomingSources', { mine: true }],
    ['which upcoming spaces should I watch', 'upcomingSources', { mine: false }],
    ['Quais são meus próximos eventos?', 'upcomingSources', { mine: true }],
    ['Quais são os próximos eventos?', 'upcomingSources', { mine: false }],
    ['próximos eventos das fontes que eu sigo', 'upcomingSources', { mine: true }],
    ['我的下一个活动是什么？', 'upcomingSources', { mine: true }],
    ['下一个活动是什么？', 'upcomingSources', { mine: false }],
    ['我关注的热门币', 'hotCoins', { mine: true }],
    ['my top movers', 'hotCoins', { mine: true }],
    ['top movers', 'hotCoins', { mine: false }],
    ['my hottest spaces', 'hotSources', { mine: true }],
    ['minhas fontes em alta', 'hotSources', { mine: true }],
    ['good morning', 'help'],
    ['what can you do', 'help'],
    ['tell me a joke', 'unknown'],
    ['', 'unknown'],
  ];
  for (const [text, intent, extra] of table) {
    it(`"${text}" -> ${intent}`, () => {
      const data = makeData();
      const result = recognise(text, 'en', data.coinsMentioned);
      assert.equal(result.intent, intent);
      for (const [key, value] of Object.entries(extra ?? {})) {
        assert.equal(result[key as keyof typeof result], value, key);
      }
    });
  }

  it('returns the coins named when given a coin finder, and none without one', () => {
    const data = makeData();
    assert.deepEqual(
      recognise('Bitcoin vs Ethereum', 'en', data.coinsMentioned).coins.map((c) => c.id),
      [BTC.id, ETH.id],
    );
    assert.deepEqual(recognise('Bitcoin vs Ethereum').coins, []);
  });

  it('reports the language of the keyword that decided', () => {
    assert.equal(recognise('preço do BTC', 'en').language, 'pt-br');
    assert.equal(recognise('比特币多少钱', 'en').language, 'zh');
    assert.equal(recognise('BTC', 'zh').language, 'zh');
  });

  it('normalises accents, case, full-width forms and punctuation', () => {
    assert.equal(normalise('  Preço  do BTC？！ '), 'preco do btc');
    assert.equal(normalise("What's ＥＴＨ"), 'what s eth');
  });
});

// ---------------------------------------------------------------------------------------------

describe('coins meant but not named', () => {
  it('asks which coin, offering the five largest', async () => {
    for (const [locale, question, lead] of [
      ['en', 'what is the price?', 'Which coin do you mean?'],
      ['zh', '多少钱？', '你想查哪个币？'],
      ['pt-br', 'qual o preço?', 'De qual moeda você está falando?'],
    ] as const) {
      const answer = await ask(question, locale);
      assertWellFormed(answer, question);
      assert.ok(answer.text.startsWith(lead), answer.text);
      assert.deepEqual(coinIds(answer), [BTC.id, ETH.id, XRP.id, SOL.id, DOGE.id]);
      assert.doesNotMatch(answer.text, /\$/);
    }
  });

  it('takes the coin of the last answer for a follow-up', async () => {
    const history = [
      message('USER', 'price of BTC'),
      message('ASSISTANT', 'Bitcoin (BTC) is at $93,406.36', [{ type: 'coins', coins: [BTC] }]),
    ];
    const answer = await ask('and its RSI?', 'en', { history });
    assertWellFormed(answer, 'follow-up');
    assert.ok(
      answer.text.startsWith('The 14-day RSI of Bitcoin (BTC) is 62.3: strong momentum.'),
      answer.text,
    );
    assert.deepEqual(answer.layers, [{ type: 'report', coinId: BTC.id }]);
  });

  it("takes a report layer's coin, in Chinese", async () => {
    const history = [
      message('USER', '以太坊分析'),
      message('ASSISTANT', '以下是Ethereum（ETH）的分析', [{ type: 'report', coinId: ETH.id }]),
    ];
    const answer = await ask('那它的RSI呢？', 'zh', { history });
    assert.ok(answer.text.startsWith('Ethereum（ETH）的14日RSI为74.2，超买。'), answer.text);
  });

  it("takes the coin of the user's last question when the answer had no layer", async () => {
    const history = [message('USER', 'análise do SOL'), message('ASSISTANT', 'Oops', [])];
    const answer = await ask('e o RSI dele?', 'pt-br', { history });
    assert.ok(
      answer.text.startsWith('O RSI de 14 dias de Solana (SOL) está em 28,5: sobrevenda.'),
      answer.text,
    );
  });

  it('ignores the current question when the history already holds it', async () => {
    const history = [
      message('ASSISTANT', 'x', [{ type: 'coins', coins: [ETH] }]),
      message('USER', 'how did it do this week?'),
    ];
    const answer = await ask('how did it do this week?', 'en', { history });
    assert.ok(
      answer.text.startsWith('Over the past 7 days, Ethereum (ETH) moved +8.40%'),
      answer.text,
    );
  });

  it('asks the same question about the coin a short follow-up names', async () => {
    const history = [
      message('USER', 'is BTC overbought?'),
      message('ASSISTANT', 'No: ...', [{ type: 'report', coinId: BTC.id }]),
    ];
    const answer = await ask('and ETH?', 'en', { history });
    assert.ok(answer.text.startsWith('Yes: Ethereum (ETH) looks overbought'), answer.text);
    assert.deepEqual(answer.layers, [{ type: 'report', coinId: ETH.id }]);
  });

  it('compares the coin of the conversation with the one named', async () => {
    const history = [message('ASSISTANT', 'BTC...', [{ type: 'coins', coins: [BTC] }])];
    const answer = await ask('compare it with SOL', 'en', { history });
    assert.ok(
      answer.text.includes('Solana (SOL) did better than Bitcoin (BTC): +12.75% against +5.10%'),
      answer.text,
    );
    assert.deepEqual(coinIds(answer), [BTC.id, SOL.id]);
  });

  it('offers the coins of the last answer when it was about several', async () => {
    const history = [message('ASSISTANT', 'BTC vs ETH', [{ type: 'coins', coins: [BTC, ETH] }])];
    const answer = await ask('and the RSI?', 'en', { history });
    assert.ok(answer.text.startsWith('Which coin do you mean?'), answer.text);
    assert.deepEqual(coinIds(answer), [BTC.id, ETH.id]);
  });

  it('asks for a second coin to compare with, and for two when none is named', async () => {
    const one = await ask('compare BTC', 'en');
    assertWellFormed(one, 'compare one');
    assert.ok(one.text.startsWith('Which coin should I compare Bitcoin (BTC) with?'), one.text);
    assert.ok(!coinIds(one).includes(BTC.id));
    const none = await ask('comparar', 'pt-br');
    assert.ok(none.text.startsWith('Quais duas moedas você quer comparar?'), none.text);
    assert.ok(none.text.includes('"BTC x ETH"'), none.text);
    const same = await ask('BTC vs Bitcoin', 'en');
    assert.ok(same.text.startsWith('Which coin should I compare Bitcoin (BTC) with?'), same.text);
  });
});

// ---------------------------------------------------------------------------------------------

describe('coins named loosely', () => {
  it('reads tickers typed in lower case', async () => {
    const answer = await ask('price of btc', 'en');
    assert.ok(answer.text.startsWith('Bitcoin (BTC) is at $93,406.36'), answer.text);
  });

  it('takes the highest ranked of several coins with one ticker, and says so', async () => {
    for (const [locale, note] of [
      ['en', 'Several coins go by UNI; I took the largest, Uniswap (UNI), ranked #9.'],
      ['zh', '有好几个币叫UNI，我选了市值最大的Uniswap（UNI），排名第9。'],
      [
        'pt-br',
        'Várias moedas atendem por UNI; considerei a maior, Uniswap (UNI), na posição 9 do ranking.',
      ],
    ] as const) {
      const answer = await ask('price of UNI', locale);
      assert.ok(answer.text.startsWith(note), answer.text);
      assert.deepEqual(coinIds(answer), [UNISWAP.id]);
    }
  });

  it('answers the price of a coin named in a question it does not understand', async () => {
    for (const [locale, question, lead] of [
      ['en', 'Bitcoin!', 'Bitcoin (BTC) is at $93,406.36'],
      ['zh', '比特币', 'Bitcoin（BTC）现价$93,406.36'],
      ['pt-br', 'e aí, Solana?', pt('O preço de Solana (SOL) é $ 187,65')],
    ] as const) {
      const answer = await ask(question, locale);
      assertWellFormed(answer, question);
      assert.ok(answer.text.startsWith(lead), answer.text);
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('what it does not know', () => {
  it('says so plainly and suggests questions, without a number', async () => {
    for (const [locale, question, lead] of [
      ['en', 'tell me a joke', "Sorry, I don't know that"],
      ['zh', '讲个笑话', '抱歉，这个问题我答不了'],
      ['pt-br', 'me conta uma piada', 'Isso eu não sei responder'],
    ] as const) {
      assert.equal(recognise(question, locale, makeData().coinsMentioned).intent, 'unknown');
      const answer = await ask(question, locale);
      assertWellFormed(answer, question);
      assert.ok(answer.text.startsWith(lead), answer.text);
      assert.doesNotMatch(answer.text, /\$|\d+[.,]\d/);
      assert.deepEqual(answer.layers, []);
    }
  });

  it('says a report is missing rather than inventing one', async () => {
    const answer = await ask('analysis of ADA', 'en');
    assertWellFormed(answer, 'no report');
    assert.ok(answer.text.startsWith('There is no report for Cardano (ADA) yet'), answer.text);
    assert.ok(answer.text.includes('Cardano (ADA) is at $0.7123'), answer.text);
    assert.deepEqual(coinIds(answer), [ADA.id]);
  });

  it('says the history is too short for a change or an indicator', async () => {
    const week = await ask('how did DOGE do this week', 'en');
    assert.ok(
      week.text.startsWith(
        'There is not enough price history yet to tell how Dogecoin (DOGE) moved over the past 7 days.',
      ),
      week.text,
    );
    assert.ok(week.text.includes('• 24 hours: +12.30%\n• 7 days: n/a\n• 30 days: n/a'), week.text);
    const rsi = await ask('DOGE RSI', 'zh');
    assert.ok(rsi.text.startsWith('Dogecoin（DOGE）的价格历史太短，还没有RSI。'), rsi.text);
    const overbought = await ask('DOGE está sobrecomprado?', 'pt-br');
    assert.ok(
      overbought.text.startsWith('Não dá para dizer se Dogecoin (DOGE) está em sobrecompra'),
      overbought.text,
    );
  });

  it('says so when the lists are empty', async () => {
    const empty = { watchlist: [], userSources: [], upcoming: [], hotSources: [] };
    const watch = await ask('my watchlist', 'en', empty);
    assertWellFormed(watch, 'empty watchlist');
    assert.ok(watch.text.startsWith("You don't follow any coins yet."), watch.text);
    assert.deepEqual(coinIds(watch), [BTC.id, ETH.id, XRP.id, SOL.id, DOGE.id]);

    const mine = await ask('我关注的监控源说了什么', 'zh', empty);
    assertWellFormed(mine, 'no sources');
    assert.ok(mine.text.startsWith('你还没有添加任何监控源。'), mine.text);

    const withHot = await ask('o que minhas fontes disseram', 'pt-br', { userSources: [] });
    assert.ok(withHot.text.startsWith('Você ainda não monitora nenhuma fonte.'), withHot.text);
    assert.deepEqual(sourceIds(withHot), [31, 32]);

    const unfinished = await ask('what did my sources say', 'en', {
      userSources: [userSource(NEXT_SPACE)],
    });
    assert.ok(
      unfinished.text.startsWith('Your source has not finished and been summarised yet.'),
      unfinished.text,
    );
    assert.deepEqual(sourceIds(unfinished), [NEXT_SPACE.id]);
    assert.ok(
      unfinished.layers.every(
        (l) => l.type !== 'sources' || l.sources.every((s) => !('unread' in s)),
      ),
    );

    const upcoming = await ask('upcoming spaces', 'en', empty);
    assertWellFormed(upcoming, 'no upcoming');
    assert.ok(upcoming.text.startsWith('No sources are scheduled right now.'), upcoming.text);

    const hot = await ask('fontes em alta', 'pt-br', empty);
    assertWellFormed(hot, 'no hot sources');
    assert.ok(hot.text.startsWith('Nenhuma fonte se destacou nos últimos 7 dias.'), hot.text);
  });
});

// ---------------------------------------------------------------------------------------------

describe('where the prices come from, and the stream', () => {
  it('notes demo data only when the market numbers are the demo set', async () => {
    const live = await ask('price of BTC', 'en', { market: { source: 'coingecko' } });
    assert.ok(
      live.text.startsWith('Bitcoin (BTC) is at $93,406.36 as of 14:05 UTC (CoinGecko).'),
      live.text,
    );
    assert.doesNotMatch(live.text, /demo/);
    const livePt = await ask('preço do BTC', 'pt-br', { market: { source: 'coingecko' } });
    assert.doesNotMatch(livePt.text, /demonstração/);
    const demoZh = await ask('热门币', 'zh');
    assert.ok(demoZh.text.includes('演示数据'));
  });

  it("states CoinGecko's as-of time, and says when the figures are stale, in each language", async () => {
    // CoinGecko refused for a while: its last good figures are from 13:40.
    const market = { source: 'coingecko', asOf: NOW - 25 * 60, stale: true } as const;
    const cases: Array<[Locale, string, string]> = [
      ['en', 'price of BTC', 'Bitcoin (BTC) is at $93,406.36 as of 13:40 UTC (CoinGecko, stale).'],
      [
        'zh',
        '比特币多少钱？',
        'Bitcoin（BTC）现价$93,406.36（数据截至UTC 13:40，来自CoinGecko，已过时）。',
      ],
      [
        'pt-br',
        'preço do BTC',
        pt(
          'O preço de Bitcoin (BTC) é $ 93.406,36 às 13:40 UTC (CoinGecko, dados desatualizados).',
        ),
      ],
    ];
    for (const [locale, question, lead] of cases) {
      const reply = await ask(question, locale, { market });
      assert.ok(reply.text.startsWith(lead), reply.text);
    }
    const compared = await ask('BTC vs ETH', 'zh', { market });
    assert.match(compared.text, /价格数据截至UTC 13:40（来自CoinGecko，已过时）。/);
    // Figures from another day give their date.
    const old = await ask('price of BTC', 'en', {
      market: { source: 'coingecko', asOf: NOW - 2 * DAY, stale: true },
    });
    assert.match(old.text, /as of Jan 13, 14:05 UTC \(CoinGecko, stale\)/);
  });

  it('formats the time of day in UTC', () => {
    assert.equal(formatClock(NOW), '14:05');
    assert.equal(formatClock(Date.UTC(2026, 0, 1, 0, 0, 59) / 1000), '00:00');
  });

  it('stops when the reply is no longer wanted', async () => {
    const controller = new AbortController();
    const parts: ReplyPart[] = [];
    for await (const part of createBuiltinAssistant().reply({
      text: 'analysis of BTC',
      locale: 'en',
      history: [],
      data: makeData(),
      signal: controller.signal,
    })) {
      parts.push(part);
      controller.abort();
    }
    assert.equal(parts.length, 1);

    const already = await ask('hot coins', 'en', { signal: AbortSignal.abort() });
    assert.equal(already.parts.length, 0);
  });

  it('answers fast', async () => {
    const started = performance.now();
    for (const c of CASES) await ask(c.question, c.locale);
    assert.ok(performance.now() - started < 1000);
  });
});

// ---------------------------------------------------------------------------------------------

describe("the user's sources that are live now", () => {
  const withLive = { userSources: [LIVE_SPACE, ...USER_SOURCES].map(userSource) };

  for (const [locale, question, lead, live] of [
    [
      'en',
      'What happened in my monitored sources?',
      'What your sources said, newest first:',
      "• Market open live (Ivan): live now; I'll have its key points once it ends\n" +
        '• Solana builders call (Bob, Jan 14): SOL validators upgraded to the new client.',
    ],
    [
      'zh',
      '我监控的源发生了什么？',
      '你的监控源说了这些（最新的在前）：',
      '• Market open live（Ivan）：正在直播，结束后我会整理要点\n' +
        '• Solana builders call（Bob，1月14日）：SOL validators upgraded to the new client.',
    ],
    [
      'pt-br',
      'O que aconteceu nas minhas fontes monitoradas?',
      'O que suas fontes disseram, das mais recentes para as mais antigas:',
      '• Market open live (Ivan): ao vivo agora; trago os pontos principais quando terminar\n' +
        '• Solana builders call (Bob, 14 de jan.): SOL validators upgraded to the new client.',
    ],
  ] as const) {
    it(`lists them first, said as live, in ${locale}`, async () => {
      assert.equal(recognise(question, locale).intent, 'mySources');
      const answer = await ask(question, locale, withLive);
      assertWellFormed(answer, question);
      assert.ok(answer.text.startsWith(`${lead}\n${live}`), answer.text);
      assert.deepEqual(sourceIds(answer), [LIVE_SPACE.id, SOL_CALL.id, L2_AMA.id, NO_SUMMARY.id]);
    });
  }

  it('answers with the live ones when none has ended yet', async () => {
    const answer = await ask('what did my sources say', 'en', {
      userSources: [userSource(NEXT_SPACE), userSource(LIVE_SPACE)],
    });
    assertWellFormed(answer, 'live only');
    assert.equal(
      answer.text,
      "What your sources said, newest first:\n• Market open live (Ivan): live now; I'll have its key points once it ends",
    );
    assert.deepEqual(sourceIds(answer), [LIVE_SPACE.id]);
  });

  it('counts the live ones in what is left out', async () => {
    const many = [0, 1, 2, 3].map((i) => source(40 + i, `Live ${i}`, 'Kim', 2, NOW - i * 60));
    const answer = await ask('my sources', 'en', {
      userSources: [...many, L2_AMA, SOL_CALL].map(userSource),
    });
    assert.deepEqual(sourceIds(answer), [40, 41, 42, 43, SOL_CALL.id]);
    assert.ok(answer.text.endsWith('…and 1 more in the monitoring area.'), answer.text);
  });
});

// ---------------------------------------------------------------------------------------------

describe('"this coin" and "this event": what the page shows', () => {
  const onSol: ChatContext = { page: 'reporting', coinId: SOL.id };

  for (const [locale, question, intent] of [
    ['en', 'is this coin overbought?', 'report'],
    ['en', 'what about this one?', 'price'],
    ['en', 'explain this report', 'report'],
    ['en', 'how did it do this week?', 'change'],
    ['zh', '这个币超买了吗？', 'report'],
    ['zh', '这个币种多少钱？', 'price'],
    ['zh', '这份报告说了什么', 'report'],
    ['pt-br', 'esta moeda está sobrecomprada?', 'report'],
    ['pt-br', 'quanto vale essa moeda?', 'price'],
    ['pt-br', 'explique este relatório', 'report'],
  ] as const) {
    it(`${locale}: "${question}" is about the coin on the page`, async () => {
      const answer = await ask(question, locale, { context: onSol });
      assertWellFormed(answer, question);
      assert.ok(
        answer.text.includes(locale === 'zh' ? 'Solana（SOL）' : 'Solana (SOL)'),
        answer.text,
      );
      if (intent === 'report') {
        assert.deepEqual(answer.layers, [{ type: 'report', coinId: SOL.id }]);
      } else {
        assert.deepEqual(coinIds(answer), [SOL.id]);
      }
      if (intent === 'change') assert.match(answer.text, /Over the past 7 days, Solana \(SOL\)/);
      // Without the page, the same question has no coin to be about.
      const bare = await ask(question, locale);
      assert.doesNotMatch(bare.text, /Solana/);
    });
  }

  it('takes the coin the text names over the one on the page', async () => {
    const answer = await ask('is ETH overbought?', 'en', { context: onSol });
    assert.deepEqual(answer.layers, [{ type: 'report', coinId: ETH.id }]);
    const zh = await ask('以太坊这个币超买了吗', 'zh', { context: onSol });
    assert.deepEqual(zh.layers, [{ type: 'report', coinId: ETH.id }]);
  });

  it('compares the coin on the page with the one named', async () => {
    const answer = await ask('compare this coin with BTC', 'en', { context: onSol });
    assert.deepEqual(coinIds(answer), [SOL.id, BTC.id]);
  });

  it('answers a coin question that names no coin about the page, after the conversation', async () => {
    const price = await ask('what is the price?', 'en', { context: onSol });
    assert.ok(price.text.startsWith('Solana (SOL) is at $187.65'), price.text);
    // The conversation's coin for a plain follow-up, the page's for "this coin".
    const history = [message('ASSISTANT', 'BTC', [{ type: 'coins', coins: [BTC] }])];
    const rsi = await ask('what is the RSI?', 'en', { context: onSol, history });
    assert.deepEqual(rsi.layers, [{ type: 'report', coinId: BTC.id }]);
    const pointed = await ask('what is the RSI of this coin?', 'en', { context: onSol, history });
    assert.deepEqual(pointed.layers, [{ type: 'report', coinId: SOL.id }]);
  });

  it('still helps with "how does it work" on a coin page', async () => {
    const answer = await ask('how does it work?', 'en', { context: onSol });
    assert.ok(answer.text.startsWith('Hi! I answer from Coinlens data'), answer.text);
  });

  for (const [locale, question, said] of [
    ['en', 'what did this event say?', 'What Layer 2 roadmap AMA (Alice, Jan 13) said:'],
    ['en', 'summarize this source', 'What Layer 2 roadmap AMA (Alice, Jan 13) said:'],
    ['zh', '这场活动讲了什么？', 'Layer 2 roadmap AMA（Alice，1月13日）讲了这些：'],
    ['zh', '这个来源说了什么', 'Layer 2 roadmap AMA（Alice，1月13日）讲了这些：'],
    ['pt-br', 'o que esta fonte disse?', 'O que Layer 2 roadmap AMA (Alice, 13 de jan.) disse:'],
    ['pt-br', 'resuma este evento', 'O que Layer 2 roadmap AMA (Alice, 13 de jan.) disse:'],
  ] as const) {
    it(`${locale}: "${question}" is about the source on the page`, async () => {
      const answer = await ask(question, locale, {
        context: { page: 'source', sourceId: L2_AMA.id },
      });
      assertWellFormed(answer, question);
      assert.ok(answer.text.startsWith(`${said}\nRollups will cut fees by half`), answer.text);
      assert.ok(answer.text.includes('• Fees halve next quarter.'), answer.text);
      assert.deepEqual(sourceIds(answer), [L2_AMA.id]);
      assert.deepEqual(coinIds(answer), [ETH.id]);
    });
  }

  it('says how a source without a summary stands, in every language', async () => {
    const cases: [Locale, string, MonitorSource, string][] = [
      ['en', 'is this event live?', LIVE_SPACE, 'Market open live (Ivan) is live now.'],
      ['zh', '这场直播开始了吗', LIVE_SPACE, 'Market open live（Ivan）正在直播'],
      ['pt-br', 'esta live já começou?', LIVE_SPACE, 'Market open live (Ivan) está ao vivo agora.'],
      [
        'en',
        'when does this space start?',
        NEXT_SPACE,
        'Tomorrow in crypto (Erin) has not started yet: it is scheduled for Jan 16, 14:05 UTC.',
      ],
      ['zh', '这个活动什么时候开始', NEXT_SPACE, 'Tomorrow in crypto（Erin）还没有开始'],
      [
        'pt-br',
        'quando começa este evento?',
        CANCELLED_CALL,
        'O evento Cancelled call (Judy) foi cancelado.',
      ],
      ['en', 'tell me about it', CANCELLED_CALL, 'Cancelled call (Judy) was cancelled.'],
    ];
    for (const [locale, question, shown, status] of cases) {
      const answer = await ask(question, locale, { context: { sourceId: shown.id } });
      assertWellFormed(answer, question);
      assert.ok(answer.text.startsWith(status), `${question}: ${answer.text}`);
      assert.deepEqual(sourceIds(answer), [shown.id]);
    }
  });

  it('passes over a page source that does not exist, and a source meant on a coin page', async () => {
    const gone = await ask('what did this event say?', 'en', { context: { sourceId: 999 } });
    assert.deepEqual(sourceIds(gone), []);
    const onCoin = await ask('upcoming spaces', 'en', { context: onSol });
    assert.deepEqual(sourceIds(onCoin), [21, 22]);
  });
});
