// The report on one coin: price series, indicators, signals and a written summary.
import { Type, type Static } from 'typebox';
import { Coin, MarketSource, PricePoint } from './coins.js';
import { Nullable } from './envelope.js';
import { MarketStatus } from './market.js';
import type { Locale } from './locale.js';
import { MonitorSource } from './sources.js';

/** What a report's signal says about the coin. */
export const SignalTone = Type.Union([
  Type.Literal('bullish'),
  Type.Literal('bearish'),
  Type.Literal('neutral'),
]);
export type SignalTone = Static<typeof SignalTone>;

export type SignalId =
  | 'overbought'
  | 'oversold'
  | 'macdBullishCross'
  | 'macdBearishCross'
  | 'goldenCross'
  | 'deathCross'
  | 'breakoutUp'
  | 'breakoutDown'
  | 'aboveSma50'
  | 'belowSma50';

/** What each signal says about the coin. */
export const SIGNAL_TONES: Readonly<Record<SignalId, SignalTone>> = {
  overbought: 'bearish',
  oversold: 'bullish',
  macdBullishCross: 'bullish',
  macdBearishCross: 'bearish',
  goldenCross: 'bullish',
  deathCross: 'bearish',
  breakoutUp: 'bullish',
  breakoutDown: 'bearish',
  aboveSma50: 'bullish',
  belowSma50: 'bearish',
};

/** A signal derived from the indicators, with a plain explanation in the request's language. */
export interface ReportSignal {
  id: SignalId;
  tone: SignalTone;
  title: string;
  explanation: string;
}

/**
 * The indicators of a report. RSI, MACD, the moving averages and the volatility are computed on
 * daily closes (00:00 UTC, the last one being the latest price); null where the history is too
 * short for them.
 */
export interface ReportIndicators {
  rsi14: number | null;
  macd: { macd: number; signal: number; histogram: number } | null;
  sma20: number | null;
  sma50: number | null;
  ema12: number | null;
  ema26: number | null;
  /** Annualised standard deviation of the last 30 daily log returns, in percent. */
  volatility30d: number | null;
  /** The highest and lowest price of `series['30d']`, as its chart draws them. */
  high30d: number | null;
  low30d: number | null;
  /** Percent: the last price of `series['7d']` against its first (api/src/market/figures.ts). */
  change7d: number | null;
  /** Percent: the last price of `series['30d']` against its first. */
  change30d: number | null;
}

/** The indicators of a coin whose history is too short for any of them. */
export const NO_INDICATORS: Readonly<ReportIndicators> = {
  rsi14: null,
  macd: null,
  sma20: null,
  sma50: null,
  ema12: null,
  ema26: null,
  volatility30d: null,
  high30d: null,
  low30d: null,
  change7d: null,
  change30d: null,
};

export const CoinReport = Type.Object(
  {
    coin: Coin,
    source: MarketSource,
    market: MarketStatus,
    generatedAt: Type.Integer({ description: 'Unix seconds.' }),
    series: Type.Object(
      {
        '24h': Type.Array(PricePoint),
        '7d': Type.Array(PricePoint),
        '30d': Type.Array(PricePoint),
      },
      {
        description:
          'Hourly for 24 h and 7 d, every 4 hours for 30 d; oldest first, ending with the latest price.',
      },
    ),
    indicators: Type.Object(
      {
        rsi14: Nullable(Type.Number()),
        macd: Nullable(
          Type.Object({
            macd: Type.Number(),
            signal: Type.Number(),
            histogram: Type.Number(),
          }),
        ),
        sma20: Nullable(Type.Number()),
        sma50: Nullable(Type.Number()),
        ema12: Nullable(Type.Number()),
        ema26: Nullable(Type.Number()),
        volatility30d: Nullable(
          Type.Number({ description: 'Annualised, percent, from 30 daily log returns.' }),
        ),
        high30d: Nullable(Type.Number()),
        low30d: Nullable(Type.Number()),
        change7d: Nullable(Type.Number({ description: 'Percent.' })),
        change30d: Nullable(Type.Number({ description: 'Percent.' })),
      },
      {
        description:
          'On daily closes (00:00 UTC, the last being the latest price); null where the history is too short.',
      },
    ),
    signals: Type.Array(
      Type.Object({
        id: Type.String({
          description:
            'overbought, oversold, macdBullishCross, macdBearishCross, goldenCross, deathCross, breakoutUp, breakoutDown, aboveSma50, belowSma50',
        }),
        tone: SignalTone,
        title: Type.String(),
        explanation: Type.String(),
      }),
    ),
    summary: Type.String({ description: "A few sentences in the request's Language." }),
    language: Type.String(),
    sources: Type.Array(MonitorSource, {
      description: 'Completed monitored sources that mention the coin, newest first (at most 5).',
    }),
  },
  { description: 'A report on one coin, computed from its price history.' },
);

/** `GET /api/analysis/coin`. */
export interface CoinReport {
  coin: Coin;
  source: MarketSource;
  /** Where the figures come from and how old they are. */
  market: MarketStatus;
  /** Unix seconds. */
  generatedAt: number;
  /**
   * Hourly for 24 h and 7 d, every 4 hours for 30 d; oldest first, from the last point at or
   * before the range's start to the latest price. `coin.quotes` carries that latest price and the
   * 24 h change, the last price of `series['24h']` against its first (api/src/market/figures.ts).
   */
  series: { '24h': PricePoint[]; '7d': PricePoint[]; '30d': PricePoint[] };
  indicators: ReportIndicators;
  signals: ReportSignal[];
  /** A few sentences in `language`. */
  summary: string;
  language: Locale;
  /** Monitored sources whose summaries mention the coin, newest first (at most 5). */
  sources: MonitorSource[];
}
