// The assistant behind the chat: given a user's message, the user's language and the data it may
// use, it streams the parts of one reply. `builtin` answers from our own data; `openai` asks any
// OpenAI-compatible endpoint, giving it the same data functions as tools.
import type {
  Alert,
  AlertAddBody,
  ChatContext,
  ChatLayer,
  ChatMessage,
  Coin,
  CoinReport,
  FollowEntry,
  Locale,
  MarketStatus,
  MonitorSource,
  SourceStatus,
  SourceSummary,
  UserMonitorSource,
} from '@coinlens/contract';

/** One part of a reply: text to append and layers to add. */
export interface ReplyPart {
  text: string;
  layers: ChatLayer[];
}

/** What the assistant may read, always on behalf of one user. */
export interface AssistantData {
  /** When the data is from (Unix seconds), for "as of" in answers. */
  nowSec(): number;
  /** Where the market numbers come from (CoinGecko or the demo data) and how old they are. */
  market(): MarketStatus;
  /** Coins whose name or symbol matches `query` (exact matches first), at most `limit`. */
  searchCoins(query: string, limit: number): Coin[];
  /** Every coin the text names (by name or ticker), most mentioned first. */
  coinsMentioned(text: string): Coin[];
  coin(id: number): Coin | null;
  /** The largest coins by market cap. */
  topCoins(limit: number): Coin[];
  /** The biggest movers over 24 h among the top 100 (by absolute change). */
  hotCoins(limit: number): Coin[];
  /** The coin's report in `locale`, or null when there is no history. */
  report(coinId: number, locale: Locale): Promise<CoinReport | null>;
  /** The user's followed coins, newest first. */
  watchlist(): Promise<FollowEntry[]>;
  /** The user's monitored sources (of `status` only, when given), most recently added first. */
  userSources(status?: SourceStatus): Promise<UserMonitorSource[]>;
  /** Sources not started yet, soonest first: everyone's, not only the user's. */
  upcomingSources(limit: number): Promise<MonitorSource[]>;
  /** Completed sources with the most heat over the last 7 days. */
  hotSources(limit: number): Promise<MonitorSource[]>;
  /** Sources whose title or author matches `query`, newest first. */
  searchSources(query: string, limit: number): Promise<MonitorSource[]>;
  /** A completed source's summary, or null. */
  sourceSummary(sourceId: number): Promise<SourceSummary | null>;
  /** A source by its id, or null when there is none. */
  source(sourceId: number): Promise<MonitorSource | null>;
  /** The user's alerts, which the assistant may offer to make; absent where it may not. */
  alerts?: AssistantAlerts;
}

/** The user's alerts, through the same service as the alert routes. */
export interface AssistantAlerts {
  /** The user's alerts, newest first. */
  list(): Promise<Alert[]>;
  /**
   * Makes an alert as `POST /api/alert/add` does, its mails to be written in `locale`; throws the
   * route's `ApiError` (404 for a coin or source the user cannot see, 422 for a value out of
   * range or a 21st alert).
   */
  add(input: AlertAddBody, locale: Locale): Promise<Alert>;
}

export interface AssistantInput {
  /** The user's message. */
  text: string;
  /**
   * The message's number in the conversation, when known: the reply it answers (an alert
   * offered) is the message numbered one less.
   */
  seqNo?: number;
  locale: Locale;
  /** The conversation so far, oldest first (of its last 20 messages, those not the robot's). */
  history: readonly ChatMessage[];
  /** What the user had in front of them when asking (the coin or source "this" means); none: null. */
  context?: ChatContext | null;
  data: AssistantData;
  /** Aborted when the reply is no longer wanted (server closing). */
  signal?: AbortSignal;
}

export interface Assistant {
  /** Streams the parts of one reply; throws (or the iterator throws) when it fails. */
  reply(input: AssistantInput): AsyncIterable<ReplyPart>;
}
