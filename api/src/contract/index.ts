// Wire types shared with the site (imported as `@coinlens/api/contract`, types only). The routes'
// schemas, and the OpenAPI document generated from them (`/api/docs/json`), say the same.

/** The interface languages; also the `Language` request header. */
export type Locale = 'en' | 'zh' | 'pt-br';

/** The envelope of every answer but monitoring's. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The envelope of `/api/monitor/*` answers. */
export interface MonitorEnvelope<T> {
  ok: boolean;
  msg: string;
  data: T;
  code?: number;
}

/** A page of a list. */
export interface ListPage<T> {
  records: T[];
  page: number;
  size: number;
  total: number;
  has_next: boolean;
}

/** `GET /api/health`. */
export interface Health {
  status: 'ok';
  version: string;
  uptimeSec: number;
  database: { driver: 'pglite' | 'postgres'; ok: boolean };
}

/** `data` of a code 423 (locked) or 429 (too many requests) answer. */
export interface RetryAfter {
  /** Seconds to wait before trying again. */
  retryAfter: number;
  /** sendMessage's 429: a code for this address and purpose went out in the cooldown and works. */
  codeSent?: true;
}

/**
 * Which colour means up on price changes: `green-up` (green up, red down) or `red-up` (red up,
 * green down, as Chinese markets show them).
 */
export type PriceColors = 'green-up' | 'red-up';

/** Every `PriceColors`, for validation and menus. */
export const PRICE_COLORS: readonly PriceColors[] = ['green-up', 'red-up'];

/** The signed-in user (`GET /api/user`, and the answer of every sign-in call). */
export interface UserInfo {
  id: number;
  /** The account's email address; `x:<X user id>` for an account made by X sign-in. */
  account: string;
  nickname: string;
  /** Avatar URL; null means the site shows its default image. */
  avatar: string | null;
  /** Above 0 only on the answer that created the account. */
  times: number;
  /**
   * The user's choice of up and down colours; null: the convention of the page's language. The
   * API always answers it; optional here so that a user made before the choice existed (a test's
   * or a story's fixture) still reads as one, with the language's colours.
   */
  priceColors?: PriceColors | null;
  tokenInfo: { tokenName: 'Authorization'; tokenValue: string; expiresAt: number };
}

/** A coin with its latest quote (US dollars). */
export interface Coin {
  id: number;
  name: string;
  symbol: string;
  /** An absolute URL, or a path on the API's origin (`/api/asset/logo/btc.svg`). */
  logo: string;
  /** Position by market cap, 1 = largest. */
  rank: number;
  quotes: {
    price: number;
    /** Percent: 2.5 means +2.5 %. */
    percentChange24h: number;
    marketCap: number;
    volume24h: number;
    /** Unix seconds. */
    updatedAt: number;
  };
}

/** Where market numbers come from: the bundled demo data set or CoinGecko. */
export type MarketSource = 'demo' | 'coingecko';

/** One followed coin (`GET /api/follow/list`, newest first). */
export interface FollowEntry {
  coinId: number;
  coin: Coin;
  /** Unix seconds. */
  followedAt: number;
}

/** `GET /api/coin/price`: one coin's latest price. */
export interface CoinPrice {
  coinId: number;
  price: number;
  percentChange24h: number;
  /** Unix seconds. */
  updatedAt: number;
  source: MarketSource;
}

/** One point of a price series. */
export interface PricePoint {
  /** Unix seconds. */
  time: number;
  /** US dollars. */
  price: number;
}

/** What a report's signal says about the coin. */
export type SignalTone = 'bullish' | 'bearish' | 'neutral';

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

/** `GET /api/analysis/coin`. */
export interface CoinReport {
  coin: Coin;
  source: MarketSource;
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

/**
 * One status everywhere: 1 UnStarted, 2 InProgress, 3 Finished (ended, not parsed yet),
 * 4 Parsing, 5 Completed (summary and content ready), 6 Cancelled, 7 Invalid.
 */
export type SourceStatus = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** What kind of event a source is. */
export type SourceKind = 'space' | 'ama' | 'podcast' | 'devcall';

/** A monitored information source: a live event. */
export interface MonitorSource {
  id: number;
  logo: string;
  author: string;
  title: string;
  status: SourceStatus;
  /** Scheduled start, Unix seconds. */
  time: number;
  heat: number;
  link: string;
}

/** A source the user follows (`GET /api/monitor/user/source/list`). */
export interface UserMonitorSource extends MonitorSource {
  /** Unix seconds. */
  addedAt: number;
  /** True when the source has content the user has not marked as read. */
  unread: boolean;
}

/** `GET /api/monitor/source/detail`. */
export interface MonitorSourceDetail extends MonitorSource {
  kind: SourceKind;
  description: string;
  /** Unix seconds; null until it starts. */
  startedAt: number | null;
  /** Unix seconds; null until it ends. */
  endedAt: number | null;
  participants: string[];
  tags: string[];
  /** The language the event is held in. */
  language: Locale;
  /** True for the bundled demo data set. */
  demo: boolean;
}

/** `GET /api/monitor/source/summary`. */
export interface SourceSummary {
  summary: string;
  keyPoints: string[];
  /** The coins the event talked about. */
  coins: Coin[];
  /** The language of `summary` and `keyPoints`. */
  language: Locale;
}

/** One line of a source's transcript (`GET /api/monitor/source/content`). */
export interface ContentLine {
  id: number;
  speaker: string;
  text: string;
  /** Seconds from the start of the event. */
  offsetSec: number;
}

/** Who wrote a chat message: the user, the assistant, or the onboarding robot. */
export type ChatSource = 'USER' | 'ASSISTANT' | 'ROBOT';

/** Something a chat message carries beside its text. */
export type ChatLayer =
  | { type: 'coins'; coins: Coin[] }
  | { type: 'sources'; sources: MonitorSource[] }
  | { type: 'report'; coinId: number }
  | { type: 'link'; title: string; url: string };

/** A chat message, or one part of a streamed reply (`more: true` on every part but the last). */
export interface ChatMessage {
  conversationId: string;
  /**
   * The server's number, in the conversation's order; a reply's is its question's plus one. 0 on
   * a notice about a question that was not stored (the 429 error part).
   */
  seqNo: number;
  source: ChatSource;
  language: Locale;
  text: string;
  /** A question's `ChatContext` as stored (older questions may hold any JSON). */
  context?: unknown;
  layers: ChatLayer[];
  more: boolean;
  error?: boolean;
  /**
   * On a question: the id its tab gave it. On the 429 error part: the id of the question refused.
   */
  clientId?: string;
  /** On a robot line: its key (`onboarding-3`), held once per conversation. */
  robotKey?: string;
  /**
   * Sent for a resend, or when a failed reply starts over: `text` and `layers` are the whole
   * reply so far (`more: true`) or the whole reply (`more: false`). Replace what you have of the
   * reply with it; the parts that follow without `replay` are appended as usual.
   */
  replay?: true;
  /** Unix seconds. */
  timestamp: number;
}

/**
 * What the user has in front of them when asking (from a side panel): the page, and the coin or
 * the source it shows. Other keys are dropped; the whole is at most 4 KB as JSON.
 */
export interface ChatContext {
  /** The page's name: a lower-case letter, then lower-case letters, digits or `-` (32 at most). */
  page?: string;
  /** The coin the page shows (a report card): "this coin", "this report", "it". */
  coinId?: number;
  /** The monitored source the page shows: "this source", "this event". */
  sourceId?: number;
}

/** The payload of a `chat` emit: one question. */
export interface ChatQuestion {
  /**
   * The question's id, made by the sending tab (8 to 64 of `A-Z a-z 0-9 _ -`, e.g. a UUID); a
   * resend carries the same one. Unique among the user's questions.
   */
  clientId: string;
  conversationId: string;
  source: 'USER';
  language: Locale;
  /** 1 to 2,000 characters once trimmed. */
  text: string;
  context?: ChatContext | null;
}

/** `data` of a `chat` emit's acknowledgement with code 200. */
export interface ChatAckData {
  /** The question's number; its reply comes under `seqNo + 1`. */
  seqNo: number;
  /** The conversation the question is in (a resend's may be an older one). */
  conversationId: string;
  /** True when the question was stored before (a resend): its reply is replayed, not repeated. */
  resend: boolean;
}

/** The acknowledgement of a `chat` emit: 200 with `ChatAckData`, 429 with `RetryAfter`, else null. */
export type ChatAck = Envelope<ChatAckData | RetryAfter | null>;

/** `GET /api/chat/list`. */
export interface ChatHistory {
  conversationId: string;
  /** Oldest first. */
  messages: ChatMessage[];
  has_more: boolean;
}

/** `POST /api/chat/robot`: one line of the onboarding robot, stored in the current conversation. */
export interface RobotLineInput {
  /** `[a-z0-9-]{1,64}`, e.g. `onboarding-3`, `onboarding-hot-coins`: once per conversation. */
  key: string;
  /** 1 to 2,000 characters, in `language` (the site translates the script). */
  text: string;
  language: Locale;
  /** At most 4 layers of at most 20 items each. */
  layers?: ChatLayer[];
  /** The posting tab's socket id: the line is sent to the user's other sockets only. */
  socketId?: string;
}

/** The answer of `POST /api/chat/robot`. */
export interface RobotLine {
  message: ChatMessage;
  /** False when the conversation already had a line with this key (nothing was stored). */
  created: boolean;
}

/** What became of an onboarding task. */
export type OnboardingTaskOutcome = 'pending' | 'done' | 'skipped';

/**
 * How far the user got in the welcome onboarding (`GET`/`PUT /api/chat/onboarding`), as the
 * site's onboarding machine saves it.
 */
export interface OnboardingProgress {
  version: 1;
  /** The id (1 to 24) of the script item shown last. */
  id: number;
  finished: boolean;
  tasks: { 1: OnboardingTaskOutcome; 2: OnboardingTaskOutcome };
  /** Ids of task items passed over unseen (at most 24). */
  passedOver?: readonly number[];
}
