// The wording of the built-in assistant's replies in en, zh and pt-br. builtin.ts decides what to
// say and hands over the facts; this file only says it, with the number formats of the coin
// report (reportText.ts). Each locale is written as its own text, not as a translation of English.
import type {
  AlertAddBody,
  AlertSubject,
  Coin,
  Locale,
  MarketSource,
  MonitorSource,
  SignalTone,
} from '@coinlens/contract';
import {
  formatChange,
  formatIndex,
  formatPercent,
  formatUsd,
  formatValue,
  rsiBand,
  type RsiBand,
} from '../market/reportText.js';
import type { Period } from './intents.js';

// ---------------------------------------------------------------------------------------------
// Facts

/** Where the market numbers come from and how old they are (the market status). */
export interface Stamp {
  /** Now (Unix seconds): figures as of another day show their date too. */
  nowSec: number;
  /** When the provider last gave good figures (Unix seconds). */
  asOfSec: number;
  /** The provider: CoinGecko, or the bundled demo data. */
  source: MarketSource;
  /** The figures are older than two of the provider's refresh intervals. */
  stale: boolean;
}

/** A coin's changes in percent; null where the history is too short. */
export interface Changes {
  '24h': number | null;
  '7d': number | null;
  '30d': number | null;
}

/** One side of a comparison. */
export interface CompareSide {
  coin: Coin;
  changes: Changes;
  rsi: number | null;
  volatility: number | null;
}

export interface MacdReading {
  macd: number;
  signal: number;
}

/** A question about one reading of the report, answered before the report itself. */
export type TopicFacts =
  | { topic: 'overbought' | 'oversold' | 'rsi'; rsi: number | null }
  | { topic: 'macd'; macd: MacdReading | null };

export interface BuiltinTexts {
  /** Several coins answer to `query`: the largest, `chosen`, is taken. */
  ambiguous(query: string, chosen: Coin): string;
  /** A coin question that names no coin. */
  askCoin: { lead: string; hint(examples: readonly Coin[]): string };
  /** A comparison that names one coin. */
  askSecondCoin(coin: Coin): string;
  /** A comparison that names no coin. */
  askTwoCoins: { lead: string; hint(a: Coin, b: Coin): string };

  price: { lead(coin: Coin, stamp: Stamp): string; details(coin: Coin): string };
  change: {
    lead(coin: Coin, period: Period, value: number | null, stamp: Stamp): string;
    details(changes: Changes): string;
  };
  compare: {
    /** Which did better over `period`; both values are known. */
    lead(a: Coin, b: Coin, period: Period, valueA: number, valueB: number): string;
    table(a: CompareSide, b: CompareSide, stamp: Stamp): string;
  };
  report: {
    lead(coin: Coin, stamp: Stamp): string;
    topic(coin: Coin, facts: TopicFacts): string;
    readings(rsi: number | null, macd: MacdReading | null): string;
    signals(signals: readonly { title: string; tone: SignalTone }[]): string;
    /** No report: the price history is too short. */
    none(coin: Coin): string;
  };
  watchlist: {
    empty: string;
    emptyHint: string;
    lead(count: number, stamp: Stamp): string;
    line(coin: Coin): string;
    bestWorst(best: Coin, worst: Coin): string;
  };
  mySources: {
    none: string;
    noneHint(withSuggestions: boolean): string;
    noneCompleted(count: number): string;
    noneCompletedHint: string;
    lead: string;
    /** The same, for "my hottest sources": the hottest first. */
    leadByHeat: string;
    /** `sentence` is null when the summary is missing. */
    line(source: MonitorSource, sentence: string | null): string;
    /** A source that is live now. */
    live(source: MonitorSource): string;
    more(count: number): string;
  };
  /** One source the user pointed at ("this event"). */
  source: {
    /** A completed source's summary follows. */
    said(source: MonitorSource): string;
    /** How a source without a summary stands: not started, live, ended, cancelled, invalid. */
    status(source: MonitorSource): string;
    keyPoints(points: readonly string[]): string;
    /** Before the source itself, as a layer. */
    here: string;
  };
  upcoming: {
    none: string;
    noneHint: string;
    lead(count: number): string;
    line(source: MonitorSource): string;
  };
  /** The user's own next events ("my next events"): live now, then still to come. */
  myNextEvents: {
    /** After `mySources.none`; `withSuggestions`: everyone's next sources follow, to add. */
    noneHint(withSuggestions: boolean): string;
    /** None of the `count` sources the user monitors is live or still to come. */
    noneScheduled(count: number): string;
    noneScheduledHint(withSuggestions: boolean): string;
    lead(count: number): string;
    /** One that is live now; those to come are worded as `upcoming.line`. */
    live(source: MonitorSource): string;
  };
  hotCoins: {
    none: string;
    noneHint: string;
    lead(stamp: Stamp): string;
    line(coin: Coin): string;
  };
  hotSources: {
    none: string;
    noneHint: string;
    lead: string;
    line(source: MonitorSource): string;
  };
  help: { lead: string; examples: string };
  unknown: { lead: string; suggestions: string };
  /** Alerts offered and made on the user's yes (alertOffer.ts). */
  alert: AlertTexts;
  /** The example questions of `help`, one per intent, for tests and the site's hints. */
  exampleQuestions: readonly string[];
}

/** What the assistant says about alerts it offers to make, and makes on the user's yes. */
export interface AlertTexts {
  /** What an alert watches, as the clause after "when": "Bitcoin (BTC) drops below $60,000.00". */
  describe(alert: AlertAddBody, subject: AlertSubject): string;
  /** The offer of the alert `what` describes. */
  offer(what: string): string;
  /** The coin's price now, after the offer of a price alert; `past`: the line is crossed already. */
  priceNow(coin: Coin, stamp: Stamp, past: boolean): string;
  /** How to take or turn down an offer. */
  ask: string;
  /** The alert `what` describes was made. */
  made(what: string): string;
  /** The user said no. */
  cancelled: string;
  /** A yes to an offer past its time: nothing was made, and the offer follows again. */
  expired: string;
  /** The alert could not be offered or made; `reason` is the API's own message. */
  failed(reason: string): string;
  /** A price alert without its price; `example` is a price to show how to ask. */
  askPrice(coin: Coin, example: number): string;
  /** An alert that names no coin (the user's coins, or the largest, follow to pick from). */
  askCoin: string;
  /** A source alert asked away from the source's page. */
  askSource: string;
  /** An RSI or 50-day average alert that names no side. */
  askSide(target: 'rsi' | 'sma50', coin: Coin): string;
  /** A price in another currency than the US dollar. */
  otherCurrency: string;
  /** An alert on several coins at once. */
  oneCoin: string;
}

/** The subject of an alert as its texts name it: `Bitcoin (BTC)`, or a source's title. */
function subjectName(subject: AlertSubject, open: string, close: string): string {
  return subject.symbol ? `${subject.name}${open}${subject.symbol}${close}` : subject.name;
}

/** A reason from the API's messages, as the end of a sentence: without its own full stop. */
function reasonOf(reason: string): string {
  return reason.replace(/[.。]\s*$/u, '');
}

// ---------------------------------------------------------------------------------------------
// Formats that reportText.ts has no need for: times and dates in UTC, counts, lists.

/** The time of day in UTC, `14:05`. */
export function formatClock(sec: number): string {
  if (!Number.isFinite(sec)) return '--:--';
  return new Date(sec * 1000).toISOString().slice(11, 16);
}

const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', zh: 'zh-CN', 'pt-br': 'pt-BR' };

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`;
  let cached = dateFormats.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      timeZone: 'UTC',
      month: 'short',
      day: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    });
    dateFormats.set(key, cached);
  }
  return cached;
}

/** A day in UTC: `Mar 5`, `3月5日`, `5 de mar.`. */
export function formatDay(sec: number, locale: Locale): string {
  if (!Number.isFinite(sec)) return '-';
  return dateFormat(locale, false).format(new Date(sec * 1000));
}

/** A day and time in UTC: `Mar 5, 14:00`, `3月5日 14:00`, `5 de mar., 14:00`. */
export function formatDayTime(sec: number, locale: Locale): string {
  if (!Number.isFinite(sec)) return '-';
  return dateFormat(locale, true).format(new Date(sec * 1000));
}

/** The as-of time of a stamp: the time of day, with the day when it is not today's (UTC). */
function stampTime(s: Stamp, locale: Locale): string {
  const sameDay = Math.floor(s.asOfSec / 86_400) === Math.floor(s.nowSec / 86_400);
  return sameDay ? formatClock(s.asOfSec) : formatDayTime(s.asOfSec, locale);
}

/** A whole number with grouping: `12,345` (`12.345`). */
export function formatCount(value: number, locale: Locale): string {
  if (!Number.isFinite(value)) return '-';
  return new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 0 }).format(value);
}

/**
 * How each language writes a large dollar amount in compact notation: the sign English and
 * Brazilian readers expect ("$", "US$"), and in Chinese the currency's name after the number
 * ("亿美元"), as Chinese prose writes it.
 */
const COMPACT_CURRENCY_DISPLAY: Record<Locale, 'symbol' | 'name'> = {
  en: 'symbol',
  zh: 'name',
  'pt-br': 'symbol',
};

const compactFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A large dollar amount such as a market cap, in the locale's compact notation with 5
 * significant digits: `$521.07B`, `5210.7亿美元`, `US$ 521,07 bi`. Significant digits rather than
 * decimals, so that every language shows the same precision whatever its units (Chinese counts
 * in 亿, ten times smaller than a billion). `-` for a value that is not finite.
 */
export function formatCompactUsd(value: number, locale: Locale): string {
  if (!Number.isFinite(value)) return '-';
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: COMPACT_CURRENCY_DISPLAY[locale],
      notation: 'compact',
      maximumSignificantDigits: 5,
    });
    compactFormats.set(locale, format);
  }
  return format.format(value);
}

/** `BTC, ETH, or SOL` / `BTC、ETH或SOL` / `BTC, ETH ou SOL`. */
function formatChoices(items: readonly string[], locale: Locale): string {
  return new Intl.ListFormat(INTL_LOCALE[locale], { type: 'disjunction' }).format(items);
}

/** The helpers every locale's texts use, bound to the locale. */
interface Formats {
  usd(value: number): string;
  /** A large amount (a market cap) in compact notation. */
  compactUsd(value: number): string;
  /** A change, or the locale's "not available" when null. */
  change(value: number | null): string;
  percent(value: number | null): string;
  index(value: number | null): string;
  value(value: number): string;
  count(value: number): string;
  day(sec: number): string;
  dayTime(sec: number): string;
  choices(items: readonly string[]): string;
}

function formatsFor(locale: Locale, missing: string): Formats {
  return {
    usd: (v) => formatUsd(v, locale),
    compactUsd: (v) => formatCompactUsd(v, locale),
    change: (v) => (v === null ? missing : formatChange(v, locale)),
    percent: (v) => (v === null ? missing : formatPercent(v, locale)),
    index: (v) => (v === null ? missing : formatIndex(v, locale)),
    value: (v) => formatValue(v, locale),
    count: (v) => formatCount(v, locale),
    day: (sec) => formatDay(sec, locale),
    dayTime: (sec) => formatDayTime(sec, locale),
    choices: (items) => formatChoices(items, locale),
  };
}

/** The two values as shown, compared: +2.501% and +2.499% are a tie at 2 decimals. */
function shownOrder(a: number, b: number): number {
  return Number(a.toFixed(2)) - Number(b.toFixed(2));
}

function direction(macd: MacdReading): 'up' | 'down' | 'flat' {
  const order = shownOrder(macd.macd, macd.signal);
  return order > 0 ? 'up' : order < 0 ? 'down' : 'flat';
}

/** The table of a comparison: one line per figure, the two coins side by side. */
function compareRows(
  a: CompareSide,
  b: CompareSide,
  f: Formats,
  labels: Record<'price' | '24h' | '7d' | '30d' | 'rsi' | 'volatility', string>,
  colon: string,
): string {
  const row = (label: string, pick: (side: CompareSide) => string) =>
    `• ${label}${colon}${a.coin.symbol} ${pick(a)} · ${b.coin.symbol} ${pick(b)}`;
  return [
    row(labels.price, (s) => f.usd(s.coin.quotes.price)),
    row(labels['24h'], (s) => f.change(s.changes['24h'])),
    row(labels['7d'], (s) => f.change(s.changes['7d'])),
    row(labels['30d'], (s) => f.change(s.changes['30d'])),
    row(labels.rsi, (s) => f.index(s.rsi)),
    row(labels.volatility, (s) => f.percent(s.volatility)),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// English

function english(): BuiltinTexts {
  const f = formatsFor('en', 'n/a');
  const coin = (c: Coin) => `${c.name} (${c.symbol})`;
  const origin = (s: Stamp) =>
    s.source === 'demo' ? 'demo data' : `CoinGecko${s.stale ? ', stale' : ''}`;
  const asOf = (s: Stamp) => `as of ${stampTime(s, 'en')} UTC (${origin(s)})`;
  const over: Record<Period, string> = {
    '24h': 'the past 24 hours',
    '7d': 'the past 7 days',
    '30d': 'the past 30 days',
  };
  const band: Record<RsiBand, string> = {
    overbought: 'overbought',
    strong: 'strong momentum',
    neutral: 'neutral',
    weak: 'weak momentum',
    oversold: 'oversold',
  };
  const trend = { up: 'momentum points up', down: 'momentum points down', flat: 'no clear lead' };
  const tone: Record<SignalTone, string> = {
    bullish: 'bullish',
    bearish: 'bearish',
    neutral: 'neutral',
  };
  const examples = [
    'price of BTC',
    'how did SOL do this week',
    'BTC vs ETH',
    'is ETH overbought',
    'how is my watchlist',
    'what did my sources say',
    'upcoming spaces',
    'hot coins',
    'hot spaces',
  ];
  return {
    ambiguous: (query, c) =>
      `Several coins go by ${query}; I took the largest, ${coin(c)}, ranked #${c.rank}.`,
    askCoin: {
      lead: 'Which coin do you mean?',
      hint: (list) =>
        `Give me its name or ticker, such as ${f.choices(list.map((c) => c.symbol))}. These are the largest:`,
    },
    askSecondCoin: (c) => `Which coin should I compare ${coin(c)} with?`,
    askTwoCoins: {
      lead: 'Which two coins should I compare?',
      hint: (a, b) => `For example: "${a.symbol} vs ${b.symbol}". These are the largest:`,
    },
    price: {
      lead: (c, s) => `${coin(c)} is at ${f.usd(c.quotes.price)} ${asOf(s)}.`,
      details: (c) =>
        `• 24 h change: ${f.change(c.quotes.percentChange24h)}\n• Market cap: ${f.compactUsd(c.quotes.marketCap)}, #${c.rank} by size`,
    },
    change: {
      lead: (c, p, v, s) =>
        v === null
          ? `There is not enough price history yet to tell how ${coin(c)} moved over ${over[p]}.`
          : `Over ${over[p]}, ${coin(c)} moved ${f.change(v)}; it is at ${f.usd(c.quotes.price)} ${asOf(s)}.`,
      details: (ch) =>
        `• 24 hours: ${f.change(ch['24h'])}\n• 7 days: ${f.change(ch['7d'])}\n• 30 days: ${f.change(ch['30d'])}`,
    },
    compare: {
      lead: (a, b, p, va, vb) => {
        const order = shownOrder(va, vb);
        if (order === 0) {
          return `Over ${over[p]}, ${coin(a)} and ${coin(b)} moved alike: ${f.change(va)} each.`;
        }
        const [win, lose, vw, vl] =
          order > 0 ? ([a, b, va, vb] as const) : ([b, a, vb, va] as const);
        return `Over ${over[p]}, ${coin(win)} did better than ${coin(lose)}: ${f.change(vw)} against ${f.change(vl)}.`;
      },
      table: (a, b, s) =>
        `${compareRows(
          a,
          b,
          f,
          {
            price: 'Price',
            '24h': '24 hours',
            '7d': '7 days',
            '30d': '30 days',
            rsi: 'RSI (14 days)',
            volatility: 'Volatility (30 days, annualised)',
          },
          ': ',
        )}\nPrices ${asOf(s)}.`,
    },
    report: {
      lead: (c, s) => `Here is the analysis of ${coin(c)}, ${asOf(s)}.`,
      topic: (c, t) => {
        if (t.topic === 'macd') {
          return t.macd === null
            ? `${coin(c)} has no MACD yet: its price history is too short.`
            : `The MACD of ${coin(c)} is ${f.value(t.macd.macd)} against a signal line of ${f.value(t.macd.signal)}: ${trend[direction(t.macd)]}.`;
        }
        if (t.rsi === null) {
          return t.topic === 'rsi'
            ? `${coin(c)} has no RSI yet: its price history is too short.`
            : `I can't tell whether ${coin(c)} is ${t.topic}: its price history is too short for the RSI.`;
        }
        const rsi = f.index(t.rsi);
        if (t.topic === 'overbought') {
          return t.rsi >= 70
            ? `Yes: ${coin(c)} looks overbought, with a 14-day RSI of ${rsi} (70 or above).`
            : `No: ${coin(c)} is not overbought; its 14-day RSI is ${rsi}, below 70.`;
        }
        if (t.topic === 'oversold') {
          return t.rsi <= 30
            ? `Yes: ${coin(c)} looks oversold, with a 14-day RSI of ${rsi} (30 or below).`
            : `No: ${coin(c)} is not oversold; its 14-day RSI is ${rsi}, above 30.`;
        }
        return `The 14-day RSI of ${coin(c)} is ${rsi}: ${band[rsiBand(t.rsi)]}.`;
      },
      readings: (rsi, macd) =>
        [
          `• RSI (14 days): ${rsi === null ? 'n/a' : `${f.index(rsi)}, ${band[rsiBand(rsi)]}`}`,
          `• MACD: ${macd === null ? 'n/a' : `${f.value(macd.macd)} against its signal line at ${f.value(macd.signal)}, ${trend[direction(macd)]}`}`,
        ].join('\n'),
      signals: (list) =>
        list.length === 0
          ? 'No signal stands out right now.'
          : `Signals:\n${list.map((s) => `• ${s.title} (${tone[s.tone]})`).join('\n')}`,
      none: (c) => `There is no report for ${coin(c)} yet: its price history is too short.`,
    },
    watchlist: {
      empty: "You don't follow any coins yet.",
      emptyHint:
        "Follow up to five and I'll keep an eye on them here; the largest coins below are a good start.",
      lead: (n, s) =>
        n === 1 ? `The one coin you follow, ${asOf(s)}:` : `Your ${n} coins, ${asOf(s)}:`,
      line: (c) =>
        `• ${coin(c)}: ${f.usd(c.quotes.price)}, ${f.change(c.quotes.percentChange24h)} in 24 h`,
      bestWorst: (best, worst) =>
        `Best over 24 hours: ${coin(best)} at ${f.change(best.quotes.percentChange24h)}; worst: ${coin(worst)} at ${f.change(worst.quotes.percentChange24h)}.`,
    },
    mySources: {
      none: "You don't monitor any sources yet.",
      noneHint: (more) =>
        more
          ? "Add some in the monitoring area and I'll tell you what they said. These are the hottest right now:"
          : "Add some in the monitoring area and I'll tell you what they said.",
      noneCompleted: (n) =>
        n === 1
          ? 'Your source has not finished and been summarised yet.'
          : `None of your ${n} sources has finished and been summarised yet.`,
      noneCompletedHint: "I'll have their key points once they end. Here they are:",
      lead: 'What your sources said, newest first:',
      leadByHeat: 'What your sources said, hottest first:',
      line: (s, sentence) =>
        `• ${s.title} (${s.author}, ${f.day(s.time)}): ${sentence ?? 'no summary yet'}`,
      live: (s) => `• ${s.title} (${s.author}): live now; I'll have its key points once it ends`,
      more: (n) => `…and ${n} more in the monitoring area.`,
    },
    source: {
      said: (s) => `What ${s.title} (${s.author}, ${f.day(s.time)}) said:`,
      status: (s) => {
        const who = `${s.title} (${s.author})`;
        switch (s.status) {
          case 1:
            return `${who} has not started yet: it is scheduled for ${f.dayTime(s.time)} UTC.`;
          case 2:
            return `${who} is live now. I'll have its key points once it ends.`;
          case 3:
          case 4:
            return `${who} has ended; its summary is being prepared.`;
          case 5:
            return `${who} has ended, but it has no summary.`;
          case 6:
            return `${who} was cancelled.`;
          default:
            return `${who} is no longer available.`;
        }
      },
      keyPoints: (points) => `Key points:\n${points.map((p) => `• ${p}`).join('\n')}`,
      here: 'Here it is:',
    },
    upcoming: {
      none: 'No sources are scheduled right now.',
      noneHint: 'Ask me for hot spaces to see what drew the most interest lately.',
      lead: (n) => (n === 1 ? 'The next source, in UTC:' : `The next ${n} sources, in UTC:`),
      line: (s) => `• ${f.dayTime(s.time)} UTC: ${s.title}, by ${s.author}`,
    },
    myNextEvents: {
      noneHint: (more) =>
        more
          ? "Add the spaces and streams you care about in the monitoring area and I'll tell you when they start. These are coming up next:"
          : "Add the spaces and streams you care about in the monitoring area and I'll tell you when they start.",
      noneScheduled: (n) =>
        n === 1
          ? 'The source you monitor is not live and has nothing scheduled.'
          : `None of the ${n} sources you monitor is live or has anything scheduled.`,
      noneScheduledHint: (more) =>
        more
          ? 'You can add more in the monitoring area; these are coming up next:'
          : 'You can add more in the monitoring area.',
      lead: (n) => (n === 1 ? 'Your next event, in UTC:' : `Your next ${n} events, in UTC:`),
      live: (s) => `• Live now: ${s.title}, by ${s.author}`,
    },
    hotCoins: {
      none: 'I have no market moves to show right now.',
      noneHint: 'Ask me about one coin instead, such as "price of BTC".',
      lead: (s) => `The biggest movers of the last 24 hours among the top 100, ${asOf(s)}:`,
      line: (c) =>
        `• ${coin(c)}: ${f.change(c.quotes.percentChange24h)}, at ${f.usd(c.quotes.price)}`,
    },
    hotSources: {
      none: 'No source has drawn attention over the past 7 days.',
      noneHint: 'Ask me for upcoming spaces to see what is next.',
      lead: 'The hottest sources of the past 7 days:',
      line: (s) => `• ${s.title}, by ${s.author}: heat ${f.count(s.heat)}`,
    },
    help: {
      lead: 'Hi! I answer from Coinlens data: prices and moves, coin reports, your watchlist and the sources you monitor.',
      examples: `For example, ask me:\n${examples.map((e) => `• ${e}`).join('\n')}`,
    },
    unknown: {
      lead: "Sorry, I don't know that: I only answer from our data on coins and monitored sources.",
      suggestions: 'You could ask me:\n• price of BTC\n• hot coins\n• what did my sources say',
    },
    alert: {
      describe: (a, s) => {
        const name = subjectName(s, ' (', ')');
        const v = a.value ?? 0;
        switch (a.kind) {
          case 'priceAbove':
            return `${name} goes above ${f.usd(v)}`;
          case 'priceBelow':
            return `${name} drops below ${f.usd(v)}`;
          case 'move24h':
            return `${name} moves ${f.percent(v)} or more within 24 hours, up or down`;
          case 'rsiOverbought':
            return `the RSI of ${name} crosses above 70 (overbought)`;
          case 'rsiOversold':
            return `the RSI of ${name} crosses below 30 (oversold)`;
          case 'sma50CrossUp':
            return `${name} crosses above its 50-day average`;
          case 'sma50CrossDown':
            return `${name} crosses below its 50-day average`;
          case 'sourceLive':
            return `“${name}” goes live`;
          case 'sourceSummary':
            return `“${name}” ends and its summary is ready`;
          case 'sourceKeyword':
            return `“${a.keyword ?? ''}” is said in “${name}”`;
          case 'newSourceKeyword':
            return `a new source says “${a.keyword ?? ''}”`;
        }
      },
      offer: (what) => `I can alert you when ${what}.`,
      priceNow: (c, s, past) =>
        `${coin(c)} is at ${f.usd(c.quotes.price)} ${asOf(s)}.${past ? ' That is already past the line, so the alert fires the next time the price crosses it.' : ''}`,
      ask: 'Shall I create this alert? Answer yes or no.',
      made: (what) =>
        `Done: I will alert you when ${what}. You can pause, change or delete it with your other alerts.`,
      cancelled: 'All right, I made no alert.',
      expired:
        'That offer has expired (an offer lasts 10 minutes), so I made nothing. Here it is again:',
      failed: (reason) => `I could not create the alert: ${reasonOf(reason)}.`,
      askPrice: (c, example) =>
        `At what price should I alert you about ${coin(c)}? For example: “alert me when ${c.symbol} drops below ${f.usd(example)}”.`,
      askCoin:
        'Which coin should the alert watch? For example: “alert me when BTC drops below $60,000”.',
      askSource:
        'Which event? Open its page and ask me there: “alert me when this event goes live”.',
      askSide: (target, c) =>
        target === 'rsi'
          ? `Should I alert you when the RSI of ${coin(c)} crosses above 70 (overbought) or below 30 (oversold)?`
          : `Should I alert you when ${coin(c)} crosses above or below its 50-day average?`,
      otherCurrency:
        'Alerts watch prices in US dollars: give me the price in dollars, for example “alert me when BTC drops below $60,000”.',
      oneCoin: 'One alert at a time: which coin should this one watch?',
    },
    exampleQuestions: examples,
  };
}

// ---------------------------------------------------------------------------------------------
// 简体中文

function chinese(): BuiltinTexts {
  const f = formatsFor('zh', '暂无');
  const coin = (c: Coin) => `${c.name}（${c.symbol}）`;
  const origin = (s: Stamp) =>
    s.source === 'demo' ? '演示数据' : `来自CoinGecko${s.stale ? '，已过时' : ''}`;
  const asOf = (s: Stamp) => `（数据截至UTC ${stampTime(s, 'zh')}，${origin(s)}）`;
  const over: Record<Period, string> = { '24h': '近24小时', '7d': '近7天', '30d': '近30天' };
  const band: Record<RsiBand, string> = {
    overbought: '超买',
    strong: '偏强',
    neutral: '中性',
    weak: '偏弱',
    oversold: '超卖',
  };
  const trend = { up: '上涨动能占优', down: '下跌动能占优', flat: '方向不明' };
  const tone: Record<SignalTone, string> = { bullish: '看涨', bearish: '看跌', neutral: '中性' };
  const examples = [
    '比特币多少钱',
    'ETH 7天涨跌',
    '比较比特币和以太坊',
    'BTC 技术分析',
    '我的自选',
    '我关注的监控源说了什么',
    '即将开始的监控',
    '热门币',
    '热门监控',
  ];
  return {
    ambiguous: (query, c) => `有好几个币叫${query}，我选了市值最大的${coin(c)}，排名第${c.rank}。`,
    askCoin: {
      lead: '你想查哪个币？',
      hint: (list) =>
        `告诉我币名或代码就行，比如${f.choices(list.map((c) => c.symbol))}。下面是市值最大的几个：`,
    },
    askSecondCoin: (c) => `要拿${coin(c)}和哪个币比较？`,
    askTwoCoins: {
      lead: '要比较哪两个币？',
      hint: (a, b) => `比如“${a.symbol} vs ${b.symbol}”。下面是市值最大的几个：`,
    },
    price: {
      lead: (c, s) => `${coin(c)}现价${f.usd(c.quotes.price)}${asOf(s)}。`,
      details: (c) =>
        `• 24小时涨跌：${f.change(c.quotes.percentChange24h)}\n• 市值：${f.compactUsd(c.quotes.marketCap)}，排名第${c.rank}`,
    },
    change: {
      lead: (c, p, v, s) =>
        v === null
          ? `${coin(c)}的价格历史还不够长，暂时算不出${over[p]}的涨跌。`
          : `${coin(c)}${over[p]}涨跌幅为${f.change(v)}，现价${f.usd(c.quotes.price)}${asOf(s)}。`,
      details: (ch) =>
        `• 24小时：${f.change(ch['24h'])}\n• 7天：${f.change(ch['7d'])}\n• 30天：${f.change(ch['30d'])}`,
    },
    compare: {
      lead: (a, b, p, va, vb) => {
        const order = shownOrder(va, vb);
        if (order === 0)
          return `${over[p]}，${coin(a)}和${coin(b)}涨跌幅相同，均为${f.change(va)}。`;
        const [win, lose, vw, vl] =
          order > 0 ? ([a, b, va, vb] as const) : ([b, a, vb, va] as const);
        return `${over[p]}，${coin(win)}表现更好：涨跌幅${f.change(vw)}，${coin(lose)}为${f.change(vl)}。`;
      },
      table: (a, b, s) =>
        `${compareRows(
          a,
          b,
          f,
          {
            price: '价格',
            '24h': '24小时',
            '7d': '7天',
            '30d': '30天',
            rsi: 'RSI（14日）',
            volatility: '30日年化波动率',
          },
          '：',
        )}\n价格数据截至UTC ${stampTime(s, 'zh')}（${origin(s)}）。`,
    },
    report: {
      lead: (c, s) => `以下是${coin(c)}的分析${asOf(s)}。`,
      topic: (c, t) => {
        if (t.topic === 'macd') {
          return t.macd === null
            ? `${coin(c)}的价格历史太短，还没有MACD。`
            : `${coin(c)}的MACD为${f.value(t.macd.macd)}，信号线为${f.value(t.macd.signal)}，${trend[direction(t.macd)]}。`;
        }
        if (t.rsi === null) {
          const what = { overbought: '是否超买', oversold: '是否超卖', rsi: '' }[t.topic];
          return what === ''
            ? `${coin(c)}的价格历史太短，还没有RSI。`
            : `${coin(c)}的价格历史太短，还算不出RSI，无法判断${what}。`;
        }
        const rsi = f.index(t.rsi);
        if (t.topic === 'overbought') {
          return t.rsi >= 70
            ? `是的，${coin(c)}目前处于超买区间，14日RSI为${rsi}（不低于70）。`
            : `没有，${coin(c)}目前没有超买，14日RSI为${rsi}，低于70。`;
        }
        if (t.topic === 'oversold') {
          return t.rsi <= 30
            ? `是的，${coin(c)}目前处于超卖区间，14日RSI为${rsi}（不高于30）。`
            : `没有，${coin(c)}目前没有超卖，14日RSI为${rsi}，高于30。`;
        }
        return `${coin(c)}的14日RSI为${rsi}，${band[rsiBand(t.rsi)]}。`;
      },
      readings: (rsi, macd) =>
        [
          `• RSI（14日）：${rsi === null ? '暂无' : `${f.index(rsi)}，${band[rsiBand(rsi)]}`}`,
          `• MACD：${macd === null ? '暂无' : `${f.value(macd.macd)}，信号线${f.value(macd.signal)}，${trend[direction(macd)]}`}`,
        ].join('\n'),
      signals: (list) =>
        list.length === 0
          ? '目前没有明显的信号。'
          : `信号：\n${list.map((s) => `• ${s.title}（${tone[s.tone]}）`).join('\n')}`,
      none: (c) => `${coin(c)}还没有分析报告：价格历史太短。`,
    },
    watchlist: {
      empty: '你还没有关注任何币。',
      emptyHint: '最多可以关注5个币，关注后我会在这里帮你盯着。可以先从下面这些市值最大的币开始：',
      lead: (n, s) => `你关注的${n}个币${asOf(s)}：`,
      line: (c) =>
        `• ${coin(c)}：${f.usd(c.quotes.price)}，24小时${f.change(c.quotes.percentChange24h)}`,
      bestWorst: (best, worst) =>
        `24小时表现最好的是${coin(best)}，涨跌幅${f.change(best.quotes.percentChange24h)}；最差的是${coin(worst)}，涨跌幅${f.change(worst.quotes.percentChange24h)}。`,
    },
    mySources: {
      none: '你还没有添加任何监控源。',
      noneHint: (more) =>
        more
          ? '在监控页添加后，我就能告诉你它们说了什么。下面是目前最热门的：'
          : '在监控页添加后，我就能告诉你它们说了什么。',
      noneCompleted: (n) =>
        n === 1
          ? '你的监控源还没有结束，暂时没有摘要。'
          : `你的${n}个监控源都还没有结束，暂时没有摘要。`,
      noneCompletedHint: '结束并生成摘要后，我就能告诉你要点。它们在这里：',
      lead: '你的监控源说了这些（最新的在前）：',
      leadByHeat: '你的监控源说了这些（热度最高的在前）：',
      line: (s, sentence) =>
        `• ${s.title}（${s.author}，${f.day(s.time)}）：${sentence ?? '暂无摘要'}`,
      live: (s) => `• ${s.title}（${s.author}）：正在直播，结束后我会整理要点`,
      more: (n) => `……另有${n}个，可在监控页查看。`,
    },
    source: {
      said: (s) => `${s.title}（${s.author}，${f.day(s.time)}）讲了这些：`,
      status: (s) => {
        const who = `${s.title}（${s.author}）`;
        switch (s.status) {
          case 1:
            return `${who}还没有开始，预定于UTC ${f.dayTime(s.time)}开始。`;
          case 2:
            return `${who}正在直播，结束后我就能告诉你要点。`;
          case 3:
          case 4:
            return `${who}已经结束，摘要正在生成。`;
          case 5:
            return `${who}已经结束，但没有摘要。`;
          case 6:
            return `${who}已取消。`;
          default:
            return `${who}已失效。`;
        }
      },
      keyPoints: (points) => `要点：\n${points.map((p) => `• ${p}`).join('\n')}`,
      here: '在这里：',
    },
    upcoming: {
      none: '目前没有即将开始的监控源。',
      noneHint: '可以问我“热门监控”，看看最近哪些最受关注。',
      lead: (n) => (n === 1 ? '下一个监控源（UTC时间）：' : `接下来的${n}个监控源（UTC时间）：`),
      line: (s) => `• ${f.dayTime(s.time)} UTC：${s.title}（${s.author}）`,
    },
    myNextEvents: {
      noneHint: (more) =>
        more
          ? '在监控页添加你关心的空间和直播，我就能告诉你它们什么时候开始。下面是接下来即将开始的：'
          : '在监控页添加你关心的空间和直播，我就能告诉你它们什么时候开始。',
      noneScheduled: (n) =>
        n === 1
          ? '你监控的源目前没有在直播，也没有即将开始的安排。'
          : `你监控的${n}个源目前都没有在直播，也没有即将开始的安排。`,
      noneScheduledHint: (more) =>
        more ? '可以在监控页添加更多，下面是接下来即将开始的：' : '可以在监控页添加更多。',
      lead: (n) => (n === 1 ? '你的下一个活动（UTC时间）：' : `你接下来的${n}个活动（UTC时间）：`),
      live: (s) => `• 正在直播：${s.title}（${s.author}）`,
    },
    hotCoins: {
      none: '目前没有可展示的行情异动。',
      noneHint: '可以直接问某个币，比如“比特币多少钱”。',
      lead: (s) => `市值前100的币中，近24小时波动最大的${asOf(s)}：`,
      line: (c) =>
        `• ${coin(c)}：${f.change(c.quotes.percentChange24h)}，现价${f.usd(c.quotes.price)}`,
    },
    hotSources: {
      none: '近7天没有热门的监控源。',
      noneHint: '可以问我“即将开始”，看看接下来有什么。',
      lead: '近7天最热门的监控源：',
      line: (s) => `• ${s.title}（${s.author}），热度${f.count(s.heat)}`,
    },
    help: {
      lead: '你好！我根据Coinlens的数据回答问题：价格和涨跌、币种分析报告、你的自选和你关注的监控源。',
      examples: `可以这样问我：\n${examples.map((e) => `• ${e}`).join('\n')}`,
    },
    unknown: {
      lead: '抱歉，这个问题我答不了：我只根据Coinlens的币种和监控源数据回答。',
      suggestions: '你可以问我：\n• 比特币多少钱\n• 热门币\n• 我关注的监控源说了什么',
    },
    alert: {
      describe: (a, s) => {
        const name = s.symbol ? subjectName(s, '（', '）') : `「${s.name}」`;
        const v = a.value ?? 0;
        switch (a.kind) {
          case 'priceAbove':
            return `${name}涨破${f.usd(v)}`;
          case 'priceBelow':
            return `${name}跌破${f.usd(v)}`;
          case 'move24h':
            return `${name}24小时涨跌幅达到${f.percent(v)}（涨或跌）`;
          case 'rsiOverbought':
            return `${name}的RSI上穿70（超买）`;
          case 'rsiOversold':
            return `${name}的RSI下穿30（超卖）`;
          case 'sma50CrossUp':
            return `${name}价格上穿50日均线`;
          case 'sma50CrossDown':
            return `${name}价格下穿50日均线`;
          case 'sourceLive':
            return `${name}开播`;
          case 'sourceSummary':
            return `${name}结束并生成总结`;
          case 'sourceKeyword':
            return `${name}中提到“${a.keyword ?? ''}”`;
          case 'newSourceKeyword':
            return `有新来源提到“${a.keyword ?? ''}”`;
        }
      },
      offer: (what) => `可以在${what}时提醒你。`,
      priceNow: (c, s, past) =>
        `${coin(c)}现价${f.usd(c.quotes.price)}${asOf(s)}。${past ? '现在已经越过这条线，下次再穿过时才会提醒。' : ''}`,
      ask: '要创建这个提醒吗？请回答“是”或“否”。',
      made: (what) => `好的，提醒已创建：${what}时会通知你。可以和其他提醒一起暂停、修改或删除。`,
      cancelled: '好的，没有创建提醒。',
      expired: '这个提议已过期（有效期10分钟），所以没有创建。再确认一次：',
      failed: (reason) => `无法创建提醒：${reasonOf(reason)}。`,
      askPrice: (c, example) =>
        `要在${coin(c)}到什么价格时提醒你？例如：“${c.symbol}跌破${f.usd(example)}时提醒我”。`,
      askCoin: '要为哪个币设置提醒？例如：“比特币跌破60000时提醒我”。',
      askSource: '是哪个活动？请在它的页面上问我：“这个活动开播时提醒我”。',
      askSide: (target, c) =>
        target === 'rsi'
          ? `要在${coin(c)}的RSI上穿70（超买）还是下穿30（超卖）时提醒你？`
          : `要在${coin(c)}价格上穿还是下穿50日均线时提醒你？`,
      otherCurrency: '提醒按美元价格设置：请给出美元价格，例如“比特币跌破6万美元时提醒我”。',
      oneCoin: '一次设置一个提醒：这个提醒要关注哪个币？',
    },
    exampleQuestions: examples,
  };
}

// ---------------------------------------------------------------------------------------------
// Português do Brasil

function portuguese(): BuiltinTexts {
  const f = formatsFor('pt-br', 'n/d');
  const coin = (c: Coin) => `${c.name} (${c.symbol})`;
  const origin = (s: Stamp) =>
    s.source === 'demo'
      ? 'dados de demonstração'
      : `CoinGecko${s.stale ? ', dados desatualizados' : ''}`;
  const asOf = (s: Stamp) => `às ${stampTime(s, 'pt-br')} UTC (${origin(s)})`;
  const over: Record<Period, string> = {
    '24h': 'nas últimas 24 horas',
    '7d': 'nos últimos 7 dias',
    '30d': 'nos últimos 30 dias',
  };
  const Over = (p: Period) => over[p].charAt(0).toUpperCase() + over[p].slice(1);
  const band: Record<RsiBand, string> = {
    overbought: 'sobrecompra',
    strong: 'força compradora',
    neutral: 'neutro',
    weak: 'fôlego fraco',
    oversold: 'sobrevenda',
  };
  const trend = { up: 'impulso de alta', down: 'impulso de baixa', flat: 'sem direção clara' };
  const tone: Record<SignalTone, string> = {
    bullish: 'de alta',
    bearish: 'de baixa',
    neutral: 'neutro',
  };
  const examples = [
    'preço do BTC',
    'como foi o SOL nesta semana',
    'comparar BTC e ETH',
    'análise do XRP',
    'minha lista',
    'o que minhas fontes disseram',
    'próximos eventos',
    'moedas em alta',
    'fontes em alta',
  ];
  return {
    ambiguous: (query, c) =>
      `Várias moedas atendem por ${query}; considerei a maior, ${coin(c)}, na posição ${c.rank} do ranking.`,
    askCoin: {
      lead: 'De qual moeda você está falando?',
      hint: (list) =>
        `Diga o nome ou o código, como ${f.choices(list.map((c) => c.symbol))}. Estas são as maiores:`,
    },
    askSecondCoin: (c) => `Com qual moeda você quer comparar ${coin(c)}?`,
    askTwoCoins: {
      lead: 'Quais duas moedas você quer comparar?',
      hint: (a, b) => `Por exemplo: "${a.symbol} x ${b.symbol}". Estas são as maiores:`,
    },
    price: {
      // "O preço de X é": a coin's name has no grammatical gender to agree with ("Solana está
      // cotado" reads wrong), the price has.
      lead: (c, s) => `O preço de ${coin(c)} é ${f.usd(c.quotes.price)} ${asOf(s)}.`,
      details: (c) =>
        `• Variação em 24 h: ${f.change(c.quotes.percentChange24h)}\n• Valor de mercado: ${f.compactUsd(c.quotes.marketCap)}, posição ${c.rank} no ranking`,
    },
    change: {
      lead: (c, p, v, s) =>
        v === null
          ? `Ainda não há histórico suficiente para dizer como ${coin(c)} se saiu ${over[p]}.`
          : `${Over(p)}, ${coin(c)} variou ${f.change(v)}; o preço atual é ${f.usd(c.quotes.price)} ${asOf(s)}.`,
      details: (ch) =>
        `• 24 horas: ${f.change(ch['24h'])}\n• 7 dias: ${f.change(ch['7d'])}\n• 30 dias: ${f.change(ch['30d'])}`,
    },
    compare: {
      lead: (a, b, p, va, vb) => {
        const order = shownOrder(va, vb);
        if (order === 0) {
          return `${Over(p)}, ${coin(a)} e ${coin(b)} variaram igual: ${f.change(va)} cada.`;
        }
        const [win, lose, vw, vl] =
          order > 0 ? ([a, b, va, vb] as const) : ([b, a, vb, va] as const);
        return `${Over(p)}, ${coin(win)} se saiu melhor que ${coin(lose)}: ${f.change(vw)} contra ${f.change(vl)}.`;
      },
      table: (a, b, s) =>
        `${compareRows(
          a,
          b,
          f,
          {
            price: 'Preço',
            '24h': '24 horas',
            '7d': '7 dias',
            '30d': '30 dias',
            rsi: 'RSI (14 dias)',
            volatility: 'Volatilidade anualizada (30 dias)',
          },
          ': ',
        )}\nPreços ${asOf(s)}.`,
    },
    report: {
      lead: (c, s) => `Esta é a análise de ${coin(c)}, com dados ${asOf(s)}.`,
      topic: (c, t) => {
        if (t.topic === 'macd') {
          return t.macd === null
            ? `${coin(c)} ainda não tem MACD: o histórico de preços é curto demais.`
            : `O MACD de ${coin(c)} está em ${f.value(t.macd.macd)}, com a linha de sinal em ${f.value(t.macd.signal)}: ${trend[direction(t.macd)]}.`;
        }
        if (t.rsi === null) {
          const what = { overbought: 'sobrecompra', oversold: 'sobrevenda', rsi: '' }[t.topic];
          return what === ''
            ? `${coin(c)} ainda não tem RSI: o histórico de preços é curto demais.`
            : `Não dá para dizer se ${coin(c)} está em ${what}: o histórico ainda é curto demais para o RSI.`;
        }
        const rsi = f.index(t.rsi);
        if (t.topic === 'overbought') {
          return t.rsi >= 70
            ? `Sim: ${coin(c)} está em sobrecompra, com RSI de 14 dias em ${rsi} (70 ou mais).`
            : `Não: ${coin(c)} não está em sobrecompra; o RSI de 14 dias está em ${rsi}, abaixo de 70.`;
        }
        if (t.topic === 'oversold') {
          return t.rsi <= 30
            ? `Sim: ${coin(c)} está em sobrevenda, com RSI de 14 dias em ${rsi} (30 ou menos).`
            : `Não: ${coin(c)} não está em sobrevenda; o RSI de 14 dias está em ${rsi}, acima de 30.`;
        }
        return `O RSI de 14 dias de ${coin(c)} está em ${rsi}: ${band[rsiBand(t.rsi)]}.`;
      },
      readings: (rsi, macd) =>
        [
          `• RSI (14 dias): ${rsi === null ? 'n/d' : `${f.index(rsi)}, ${band[rsiBand(rsi)]}`}`,
          `• MACD: ${macd === null ? 'n/d' : `${f.value(macd.macd)}, com a linha de sinal em ${f.value(macd.signal)}, ${trend[direction(macd)]}`}`,
        ].join('\n'),
      signals: (list) =>
        list.length === 0
          ? 'Nenhum sinal se destaca no momento.'
          : `Sinais:\n${list.map((s) => `• ${s.title} (${tone[s.tone]})`).join('\n')}`,
      none: (c) => `Ainda não há relatório de ${coin(c)}: o histórico de preços é curto demais.`,
    },
    watchlist: {
      empty: 'Você ainda não segue nenhuma moeda.',
      emptyHint:
        'Siga até cinco e eu acompanho tudo por aqui; as maiores, abaixo, são um bom começo.',
      lead: (n, s) =>
        n === 1 ? `A moeda que você segue, ${asOf(s)}:` : `Suas ${n} moedas, ${asOf(s)}:`,
      line: (c) =>
        `• ${coin(c)}: ${f.usd(c.quotes.price)}, ${f.change(c.quotes.percentChange24h)} em 24 h`,
      bestWorst: (best, worst) =>
        `Melhor em 24 horas: ${coin(best)}, com ${f.change(best.quotes.percentChange24h)}; pior: ${coin(worst)}, com ${f.change(worst.quotes.percentChange24h)}.`,
    },
    mySources: {
      none: 'Você ainda não monitora nenhuma fonte.',
      noneHint: (more) =>
        more
          ? 'Adicione algumas na área de monitoramento e eu conto o que disseram. Estas são as mais quentes agora:'
          : 'Adicione algumas na área de monitoramento e eu conto o que disseram.',
      noneCompleted: (n) =>
        n === 1
          ? 'A sua fonte ainda não terminou nem foi resumida.'
          : `Nenhuma das suas ${n} fontes terminou e foi resumida ainda.`,
      noneCompletedHint: 'Assim que terminarem, trago os pontos principais. Aqui estão elas:',
      lead: 'O que suas fontes disseram, das mais recentes para as mais antigas:',
      leadByHeat: 'O que suas fontes disseram, começando pelas mais quentes:',
      line: (s, sentence) =>
        `• ${s.title} (${s.author}, ${f.day(s.time)}): ${sentence ?? 'ainda sem resumo'}`,
      live: (s) =>
        `• ${s.title} (${s.author}): ao vivo agora; trago os pontos principais quando terminar`,
      more: (n) => `…e mais ${n} na área de monitoramento.`,
    },
    source: {
      said: (s) => `O que ${s.title} (${s.author}, ${f.day(s.time)}) disse:`,
      status: (s) => {
        const who = `${s.title} (${s.author})`;
        switch (s.status) {
          case 1:
            return `${who} ainda não começou: o início está marcado para ${f.dayTime(s.time)} UTC.`;
          case 2:
            return `${who} está ao vivo agora. Trago os pontos principais quando terminar.`;
          case 3:
          case 4:
            return `${who} já terminou; o resumo está sendo preparado.`;
          case 5:
            return `${who} terminou, mas não tem resumo.`;
          case 6:
            return `O evento ${who} foi cancelado.`;
          default:
            return `${who} não está mais disponível.`;
        }
      },
      keyPoints: (points) => `Pontos principais:\n${points.map((p) => `• ${p}`).join('\n')}`,
      here: 'Aqui está:',
    },
    upcoming: {
      none: 'Não há fontes agendadas no momento.',
      noneHint: 'Pergunte pelas fontes em alta para ver o que mais chamou atenção.',
      lead: (n) =>
        n === 1 ? 'A próxima fonte, em horário UTC:' : `As próximas ${n} fontes, em horário UTC:`,
      line: (s) => `• ${f.dayTime(s.time)} UTC: ${s.title}, com ${s.author}`,
    },
    myNextEvents: {
      noneHint: (more) =>
        more
          ? 'Adicione os spaces e as transmissões que te interessam na área de monitoramento e eu aviso quando começam. Estes são os próximos:'
          : 'Adicione os spaces e as transmissões que te interessam na área de monitoramento e eu aviso quando começam.',
      noneScheduled: (n) =>
        n === 1
          ? 'A fonte que você monitora não está ao vivo nem tem nada agendado.'
          : `Nenhuma das ${n} fontes que você monitora está ao vivo ou tem algo agendado.`,
      noneScheduledHint: (more) =>
        more
          ? 'Você pode adicionar mais na área de monitoramento; estes são os próximos:'
          : 'Você pode adicionar mais na área de monitoramento.',
      lead: (n) =>
        n === 1
          ? 'O seu próximo evento, em horário UTC:'
          : `Os seus próximos ${n} eventos, em horário UTC:`,
      live: (s) => `• Ao vivo agora: ${s.title}, com ${s.author}`,
    },
    hotCoins: {
      none: 'Não tenho movimentos de mercado para mostrar agora.',
      noneHint: 'Pergunte por uma moeda, como "preço do BTC".',
      lead: (s) =>
        `As moedas que mais se mexeram nas últimas 24 horas, entre as 100 maiores, ${asOf(s)}:`,
      line: (c) =>
        `• ${coin(c)}: ${f.change(c.quotes.percentChange24h)}, a ${f.usd(c.quotes.price)}`,
    },
    hotSources: {
      none: 'Nenhuma fonte se destacou nos últimos 7 dias.',
      noneHint: 'Pergunte pelos próximos eventos para ver o que vem por aí.',
      lead: 'As fontes mais quentes dos últimos 7 dias:',
      line: (s) => `• ${s.title}, com ${s.author}: popularidade ${f.count(s.heat)}`,
    },
    help: {
      lead: 'Olá! Respondo com os dados do Coinlens: preços e variações, relatórios das moedas, a sua lista e as fontes que você monitora.',
      examples: `Experimente perguntar:\n${examples.map((e) => `• ${e}`).join('\n')}`,
    },
    unknown: {
      lead: 'Isso eu não sei responder: só respondo com os dados do Coinlens sobre moedas e fontes monitoradas.',
      suggestions:
        'Você pode perguntar:\n• preço do BTC\n• moedas em alta\n• o que minhas fontes disseram',
    },
    alert: {
      describe: (a, s) => {
        const name = subjectName(s, ' (', ')');
        const v = a.value ?? 0;
        switch (a.kind) {
          case 'priceAbove':
            return `${name} subir acima de ${f.usd(v)}`;
          case 'priceBelow':
            return `${name} cair abaixo de ${f.usd(v)}`;
          case 'move24h':
            return `${name} variar ${f.percent(v)} ou mais em 24 horas, para cima ou para baixo`;
          case 'rsiOverbought':
            return `o RSI de ${name} cruzar acima de 70 (sobrecompra)`;
          case 'rsiOversold':
            return `o RSI de ${name} cruzar abaixo de 30 (sobrevenda)`;
          case 'sma50CrossUp':
            return `${name} cruzar acima da média de 50 dias`;
          case 'sma50CrossDown':
            return `${name} cruzar abaixo da média de 50 dias`;
          case 'sourceLive':
            return `“${name}” começar`;
          case 'sourceSummary':
            return `“${name}” terminar e o resumo estiver pronto`;
          case 'sourceKeyword':
            return `“${a.keyword ?? ''}” for dito em “${name}”`;
          case 'newSourceKeyword':
            return `uma fonte nova disser “${a.keyword ?? ''}”`;
        }
      },
      offer: (what) => `Posso te avisar quando ${what}.`,
      priceNow: (c, s, past) =>
        `O preço de ${coin(c)} é ${f.usd(c.quotes.price)} ${asOf(s)}.${past ? ' Ele já passou dessa linha, então o alerta dispara na próxima vez que o preço a cruzar.' : ''}`,
      ask: 'Quer que eu crie este alerta? Responda sim ou não.',
      made: (what) =>
        `Pronto: vou te avisar quando ${what}. Você pode pausar, alterar ou excluir o alerta junto com os outros.`,
      cancelled: 'Tudo bem, não criei nenhum alerta.',
      expired:
        'Essa proposta expirou (uma proposta vale por 10 minutos), então não criei nada. Aqui está de novo:',
      failed: (reason) => `Não consegui criar o alerta: ${reasonOf(reason)}.`,
      askPrice: (c, example) =>
        `Em que preço devo te avisar sobre ${coin(c)}? Por exemplo: “me avise quando o ${c.symbol} cair abaixo de ${f.usd(example)}”.`,
      askCoin:
        'De qual moeda é o alerta? Por exemplo: “me avise quando o bitcoin cair abaixo de 60.000”.',
      askSource:
        'Qual evento? Abra a página dele e me peça lá: “me avise quando este evento começar”.',
      askSide: (target, c) =>
        target === 'rsi'
          ? `Devo te avisar quando o RSI de ${coin(c)} cruzar acima de 70 (sobrecompra) ou abaixo de 30 (sobrevenda)?`
          : `Devo te avisar quando ${coin(c)} cruzar acima ou abaixo da média de 50 dias?`,
      otherCurrency:
        'Os alertas acompanham preços em dólares americanos: me diga o preço em dólares, por exemplo “me avise quando o BTC cair abaixo de US$ 60.000”.',
      oneCoin: 'Um alerta de cada vez: qual moeda este deve acompanhar?',
    },
    exampleQuestions: examples,
  };
}

// ---------------------------------------------------------------------------------------------

const TEXTS: Record<Locale, BuiltinTexts> = {
  en: english(),
  zh: chinese(),
  'pt-br': portuguese(),
};

/** The built-in assistant's texts in `locale`. */
export function builtinTexts(locale: Locale): BuiltinTexts {
  return TEXTS[locale];
}
