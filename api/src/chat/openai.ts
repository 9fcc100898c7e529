// The assistant behind any OpenAI-compatible chat completions endpoint: it streams the model's
// answer and gives the model our data functions as tools, so that every number it quotes comes
// from Coinlens's data. `createAssistant` picks it when an endpoint is configured, else the
// built-in assistant.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import {
  COIN_ALERT_KINDS,
  SOURCE_ALERT_KINDS,
  type AlertAddBody,
  type AlertKind,
  type AlertSubject,
  type ChatContext,
  type ChatLayer,
  type ChatMessage,
  type Coin,
  type CoinReport,
  type Locale,
  type MarketStatus,
  type MonitorSource,
  type SourceStatus,
} from '@coinlens/contract';
import { splitSentences, truncateText } from '../monitor/summarizer.js';
import {
  coinSubject,
  offerLayer,
  replyToOffer,
  sourceSubject,
  whyNot,
  type OfferLayer,
} from './alertOffer.js';
import { createBuiltinAssistant } from './builtin.js';
import { builtinTexts } from './builtinText.js';
import type { Assistant, AssistantData, AssistantInput, ReplyPart } from './types.js';

/** An OpenAI-compatible endpoint and how to talk to it. */
export interface OpenAiAssistantOptions {
  /** The API root, such as `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  /** Sent as a bearer token; local servers often need none. */
  apiKey?: string | null;
  model: string;
  /** How long the endpoint may take to start answering, and to send each next chunk (30 s). */
  timeoutMs?: number;
  /** For tests and proxies; default the global fetch. */
  fetch?: typeof fetch;
  /** Rounds of tool calls before the model must answer (4). */
  maxToolRounds?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_TOOL_ROUNDS = 4;
/** Messages of the conversation sent along with the question. */
const HISTORY_LIMIT = 20;
/** A batch of streamed text goes out once it is this long, or ends a sentence. */
const FLUSH_CHARS = 40;
/** ...but a sentence end alone flushes only this much ("1." of a list waits). */
const SENTENCE_FLUSH_CHARS = 12;
/** Tool calls run per round; more get an error result. */
const MAX_CALLS_PER_ROUND = 8;
/** Rows of a list a tool returns. */
const LIST_DEFAULT = 5;
const LIST_MAX = 10;
/** Coins a watchlist tool result lists. */
const WATCHLIST_MAX = 20;
/** The user's sources a tool result lists (each reads a summary). */
const MY_SOURCES_MAX = 8;
/** Coins and sources a layer carries. */
const LAYER_MAX = 10;

const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  zh: 'Simplified Chinese (简体中文)',
  'pt-br': 'Brazilian Portuguese (português do Brasil)',
};

const STATUS_NAMES: Record<SourceStatus, string> = {
  1: 'upcoming',
  2: 'live',
  3: 'ended',
  4: 'summarising',
  5: 'completed',
  6: 'cancelled',
  7: 'invalid',
};

// ---------------------------------------------------------------------------------------------
// Choosing the assistant

/** The OpenAI-compatible assistant when an endpoint is configured, else the built-in one. */
export function createAssistant(settings: {
  assistant?: { baseUrl: string; apiKey?: string | null; model: string } | null;
}): Assistant {
  const { assistant } = settings;
  if (!assistant) return createBuiltinAssistant();
  return createOpenAiAssistant({
    baseUrl: assistant.baseUrl,
    apiKey: assistant.apiKey ?? null,
    model: assistant.model,
  });
}

/** An assistant that asks an OpenAI-compatible endpoint, streaming, with our data as tools. */
export function createOpenAiAssistant(options: OpenAiAssistantOptions): Assistant {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxToolRounds = Math.max(0, options.maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS);
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey || 'none',
    timeout: timeoutMs,
    // A retry would stream the start of the answer a second time.
    maxRetries: 0,
    fetch: options.fetch,
    // Failures are reported by the errors thrown; the SDK would also print malformed chunks.
    logLevel: 'off',
  });
  const upstream: Upstream = { client, model: options.model, timeoutMs, maxToolRounds };
  return { reply: (input) => streamReply(upstream, input) };
}

interface Upstream {
  client: OpenAI;
  model: string;
  timeoutMs: number;
  maxToolRounds: number;
}

// ---------------------------------------------------------------------------------------------
// The conversation sent

/** The system prompt: who the assistant is, its language, and how it must use the data. */
export function openAiSystemPrompt(locale: Locale, data: AssistantData): string {
  const demo = data.market().source === 'demo';
  return [
    "You are Coinlens's analyst, the assistant of Coinlens, a crypto-asset analysis app: coin prices and technical reports, the user's watchlist, and live events (X Spaces, AMAs, podcasts, developer calls) with their summaries.",
    `Always answer in ${LANGUAGE_NAMES[locale]}, whatever the language of the question.`,
    'Use the tools for every number (prices, changes, indicators, dates, counts): never invent or estimate a figure. When the tools do not have something, say so.',
    'Coin ids and source ids are Coinlens numbers: find them with search_coins, search_sources or the lists first.',
    'Questions about "my" coins or events ("my next events", "meus próximos eventos", "我的下一个活动") are about what the user follows and monitors: answer them from my_watchlist and my_sources only, never from the lists of everyone\'s (upcoming_sources, hot_coins, hot_sources).',
    demo
      ? 'The market numbers are a bundled demo data set, not live prices: say so whenever you quote them.'
      : 'The market numbers come from CoinGecko: when you quote them, say so and give their asOf time (UTC), and say they are out of date when stale is true.',
    ...(data.alerts
      ? [
          'When the user asks to be alerted or notified (a price going above or below a line, a move in 24 h, an RSI or 50-day average crossing, an event going live or ending), call create_alert: it only offers the alert, which Coinlens makes when the user answers yes in their next message. Tell the user what it will watch and ask them to answer yes or no; never say that it was made.',
        ]
      : []),
    'Keep answers short: a few sentences or a short list, plain text without tables. Explain, but give no financial advice.',
    `It is now ${isoTime(data.nowSec())} (UTC).`,
  ].join('\n');
}

/**
 * What the user has in front of them (the question's context), for the system prompt: the page,
 * and the coin or source on it, with what "this coin" or "this event" then means. Null when the
 * question came with no context, or names only things that do not exist.
 */
export async function openAiContextPrompt(
  context: ChatContext | null | undefined,
  data: AssistantData,
): Promise<string | null> {
  if (!context) return null;
  const coin = context.coinId ? data.coin(context.coinId) : null;
  const source = context.sourceId ? await data.source(context.sourceId) : null;
  const shown: string[] = [];
  const meant: string[] = [];
  if (coin) {
    shown.push(`the coin ${coin.name} (${coin.symbol}, coin id ${coin.id})`);
    meant.push(
      `"this coin", "this report", "this one" and "it" mean ${coin.symbol} unless the question names another coin`,
    );
  }
  if (source) {
    shown.push(
      `the event "${source.title}" by ${source.author} (source id ${source.id}, ${STATUS_NAMES[source.status] ?? source.status})`,
    );
    meant.push(`"this source" and "this event" mean that event`);
  }
  const page = context.page ? ` on the Coinlens page "${context.page}"` : '';
  if (shown.length === 0) return page === '' ? null : `The user is asking${page}.`;
  return `The user is asking${page}, which shows ${shown.join(' and ')}: ${meant.join('; ')}.`;
}

/**
 * Earlier messages as chat turns: the user's and the assistant's, not errors, nor the robot's
 * lines, which are the same scripted welcome for every user and would only crowd the window.
 */
function historyMessages(input: AssistantInput): ChatCompletionMessageParam[] {
  let earlier: readonly ChatMessage[] = input.history;
  // The service stores the question before answering: it is the last message of the history.
  const last = earlier[earlier.length - 1];
  if (last && last.source === 'USER' && last.text.trim() === input.text.trim()) {
    earlier = earlier.slice(0, -1);
  }
  return earlier
    .filter((m) => (m.source === 'USER' || m.source === 'ASSISTANT') && !m.error)
    .filter((m) => m.text.trim() !== '')
    .slice(-HISTORY_LIMIT)
    .map((m) =>
      m.source === 'USER'
        ? { role: 'user' as const, content: m.text }
        : { role: 'assistant' as const, content: m.text },
    );
}

// ---------------------------------------------------------------------------------------------
// Streaming a reply

async function* streamReply(upstream: Upstream, input: AssistantInput): AsyncGenerator<ReplyPart> {
  const { signal } = input;
  if (signal?.aborted) throw abortedError(signal);
  // A yes or a no to the alert offered just before is settled here, not by the model: an alert
  // is made only on the user's own word.
  const settled = replyToOffer(input);
  if (settled) {
    yield* settled;
    return;
  }
  const page = await openAiContextPrompt(input.context, input.data);
  const system = openAiSystemPrompt(input.locale, input.data);
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: page === null ? system : `${system}\n${page}` },
    ...historyMessages(input),
    { role: 'user', content: input.text },
  ];
  const found = new Findings();
  const batcher = new TextBatcher();
  let written = '';

  for (let round = 0; ; round++) {
    // The last round may not call tools: the model must answer with what it has.
    const mustAnswer = round >= upstream.maxToolRounds;
    const body: ChatCompletionCreateParamsStreaming = {
      model: upstream.model,
      messages,
      tools: input.data.alerts ? TOOL_DEFINITIONS : DATA_TOOL_DEFINITIONS,
      stream: true,
      ...(mustAnswer ? { tool_choice: 'none' as const } : {}),
    };
    let roundText = '';
    let calls: ToolCall[] = [];
    for await (const event of streamTurn(upstream, body, round, signal)) {
      if (event.type === 'end') {
        calls = event.calls;
        continue;
      }
      // Text after a round of tools starts a new paragraph.
      const text =
        roundText === '' && written !== '' && !/\s$/.test(written)
          ? `\n\n${event.text}`
          : event.text;
      roundText += event.text;
      written += text;
      const batch = batcher.push(text);
      if (batch !== null) yield { text: batch, layers: [] };
    }
    if (calls.length === 0) break;
    if (mustAnswer) {
      throw new Error(
        `the assistant still asked for tools after ${upstream.maxToolRounds} rounds of tool calls, without answering`,
      );
    }
    messages.push({
      role: 'assistant',
      content: roundText === '' ? null : roundText,
      tool_calls: calls.map((call) => ({
        id: call.id,
        type: 'function' as const,
        function: { name: call.name, arguments: call.arguments === '' ? '{}' : call.arguments },
      })),
    });
    for (const [i, call] of calls.entries()) {
      const content =
        i < MAX_CALLS_PER_ROUND
          ? await runTool(call, input, found)
          : toolError(`too many tool calls in one round (at most ${MAX_CALLS_PER_ROUND})`);
      messages.push({ role: 'tool', tool_call_id: call.id, content });
      if (signal?.aborted) throw abortedError(signal);
    }
  }

  let rest = batcher.drain();
  const layers = found.layers();
  const offer = found.offered();
  if (offer) {
    // What the yes will make, in Coinlens's words whatever the model's: the user confirms that.
    const t = builtinTexts(input.locale).alert;
    const line = `${t.offer(t.describe(offer.alert, offer.subject))} ${t.ask}`;
    rest += written.trim() === '' ? line : `${/\n$/.test(written + rest) ? '\n' : '\n\n'}${line}`;
    written += line;
  }
  if (written.trim() === '') throw new Error('the assistant gave an empty answer');
  if (rest !== '' || layers.length > 0) yield { text: rest, layers };
}

/** Joins streamed deltas into batches: at a sentence end or once long enough. */
class TextBatcher {
  #buffer = '';

  /** Adds a delta; returns the batch to send when one is ready. */
  push(text: string): string | null {
    this.#buffer += text;
    const size = this.#buffer.length;
    if (
      size >= FLUSH_CHARS ||
      (size >= SENTENCE_FLUSH_CHARS && /[.!?。！？\n][\s"'”’)）]*$/u.test(this.#buffer))
    ) {
      return this.drain();
    }
    return null;
  }

  drain(): string {
    const out = this.#buffer;
    this.#buffer = '';
    return out;
  }
}

interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

type TurnEvent = { type: 'text'; text: string } | { type: 'end'; calls: ToolCall[] };

/** A failure already described for the chat service's log. */
class AssistantStreamError extends Error {}

/**
 * One streamed completion: its text deltas as they come, then the tool calls it asked for.
 * Throws when the request fails, the stream breaks or stalls for `timeoutMs`, or it ends
 * without a finish reason.
 */
async function* streamTurn(
  upstream: Upstream,
  body: ChatCompletionCreateParamsStreaming,
  round: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<TurnEvent> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let stalled = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  // The SDK's timeout ends when the headers arrive; this one also covers each next chunk.
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      controller.abort();
    }, upstream.timeoutMs);
  };
  const disarm = () => clearTimeout(timer);
  const calls = new ToolCallParts();
  let finished = false;
  try {
    arm();
    try {
      const stream = await upstream.client.chat.completions.create(body, {
        signal: controller.signal,
        timeout: upstream.timeoutMs,
      });
      for await (const chunk of stream) {
        arm();
        started = true;
        const choice = readChunk(chunk);
        if (!choice) continue;
        if (choice.finished) finished = true;
        calls.add(choice.toolCalls);
        if (choice.text !== '') {
          // The consumer's time is not the endpoint's.
          disarm();
          yield { type: 'text', text: choice.text };
          arm();
        }
      }
    } catch (error) {
      if (signal?.aborted) throw abortedError(signal);
      if (stalled) throw timeoutError(upstream.timeoutMs, started);
      throw describeFailure(error, upstream);
    }
    // The SDK ends a stream quietly when it is aborted.
    if (signal?.aborted) throw abortedError(signal);
    if (stalled) throw timeoutError(upstream.timeoutMs, started);
    if (!finished) {
      throw new Error('the assistant endpoint ended its stream before the reply was complete');
    }
    disarm();
    yield { type: 'end', calls: calls.list(round) };
  } finally {
    disarm();
    signal?.removeEventListener('abort', onAbort);
  }
}

interface ChoiceDelta {
  text: string;
  toolCalls: unknown[];
  finished: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first choice of a chunk, checked; null for a chunk without choices (usage). */
function readChunk(chunk: unknown): ChoiceDelta | null {
  if (!isRecord(chunk) || !Array.isArray(chunk.choices)) {
    throw new AssistantStreamError('the assistant endpoint sent a malformed stream chunk');
  }
  const choice: unknown = chunk.choices.find((c) => isRecord(c) && (c.index ?? 0) === 0);
  if (choice === undefined) return null;
  if (!isRecord(choice)) {
    throw new AssistantStreamError('the assistant endpoint sent a malformed stream chunk');
  }
  const delta = choice.delta ?? {};
  if (!isRecord(delta)) {
    throw new AssistantStreamError('the assistant endpoint sent a malformed stream chunk');
  }
  const { content, tool_calls: toolCalls } = delta;
  if (content !== undefined && content !== null && typeof content !== 'string') {
    throw new AssistantStreamError('the assistant endpoint sent a malformed stream chunk');
  }
  if (toolCalls !== undefined && toolCalls !== null && !Array.isArray(toolCalls)) {
    throw new AssistantStreamError('the assistant endpoint sent a malformed stream chunk');
  }
  return {
    text: content ?? '',
    toolCalls: toolCalls ?? [],
    finished: typeof choice.finish_reason === 'string' && choice.finish_reason !== '',
  };
}

/** Tool calls put together from their streamed pieces, by index. */
class ToolCallParts {
  #slots: ToolCall[] = [];
  /** The slot each index of the stream writes to now. */
  #byIndex = new Map<number, number>();

  add(deltas: readonly unknown[]): void {
    deltas.forEach((delta, position) => {
      if (!isRecord(delta)) {
        throw new AssistantStreamError('the assistant endpoint sent a malformed tool call');
      }
      const index = typeof delta.index === 'number' ? delta.index : position;
      const id = typeof delta.id === 'string' ? delta.id : '';
      const fn = isRecord(delta.function) ? delta.function : {};
      const name = typeof fn.name === 'string' ? fn.name : '';
      const args = typeof fn.arguments === 'string' ? fn.arguments : '';
      let slot = this.#byIndex.get(index);
      const current = slot === undefined ? undefined : this.#slots[slot];
      // Some servers number every call of a round 0 and tell them apart by id only.
      if (!current || (id !== '' && current.id !== '' && id !== current.id)) {
        slot = this.#slots.length;
        this.#slots.push({ id, name, arguments: args });
        this.#byIndex.set(index, slot);
        return;
      }
      if (current.id === '') current.id = id;
      // The name comes whole in the first piece; a server repeating it must not double it.
      if (name !== '' && current.name !== name) current.name = current.name + name;
      current.arguments += args;
    });
  }

  /** The calls, an id made up (`call_<round>_<n>`) where the server sent none. */
  list(round: number): ToolCall[] {
    return this.#slots.map((call, i) => ({ ...call, id: call.id || `call_${round}_${i}` }));
  }
}

function abortedError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  const why = reason instanceof Error && reason.name !== 'AbortError' ? `: ${reason.message}` : '';
  return new Error(`the reply was aborted${why}`, { cause: reason });
}

function timeoutError(timeoutMs: number, started = false): Error {
  return new Error(
    started
      ? `the assistant endpoint's stream stalled for more than ${timeoutMs} ms`
      : `the assistant endpoint did not answer within ${timeoutMs} ms`,
  );
}

/** A clear message for a failed request or a broken stream, the original as its cause. */
function describeFailure(error: unknown, upstream: Upstream): Error {
  if (error instanceof AssistantStreamError) return error;
  if (error instanceof APIConnectionTimeoutError) return timeoutError(upstream.timeoutMs);
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return new Error(`could not reach the assistant endpoint${cause}`, { cause: error });
  }
  if (error instanceof APIError) {
    const detail = apiErrorDetail(error);
    const status = error.status;
    if (status === undefined) {
      return new Error(`the assistant endpoint reported an error mid-stream: ${detail}`, {
        cause: error,
      });
    }
    const what =
      status === 401 || status === 403
        ? 'refused the API key (check ASSISTANT_API_KEY)'
        : status === 404
          ? 'does not know this model or path (check ASSISTANT_BASE_URL and ASSISTANT_MODEL)'
          : status === 429
            ? 'is rate limiting or out of quota'
            : status >= 500
              ? 'failed'
              : 'refused the request';
    return new Error(`the assistant endpoint ${what} (HTTP ${status}): ${detail}`, {
      cause: error,
    });
  }
  if (error instanceof SyntaxError) {
    return new Error('the assistant endpoint sent a malformed stream chunk (not JSON)', {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`the assistant's stream broke off: ${message}`, { cause: error });
}

function apiErrorDetail(error: APIError): string {
  const body: unknown = error.error;
  const message = isRecord(body) && typeof body.message === 'string' ? body.message : '';
  return truncateText(message || error.message, 200);
}

// ---------------------------------------------------------------------------------------------
// Tools

type Args = Record<string, unknown>;

/** A tool's arguments were wrong: the model is told what, and may try again. */
class ArgumentError extends Error {}

interface Tool {
  definition: ChatCompletionFunctionTool;
  run(args: Args, input: AssistantInput, found: Findings): Promise<unknown>;
}

const coinIdSchema = {
  type: 'integer',
  description: 'The Coinlens id of the coin, from search_coins or a list.',
} as const;
const limitSchema = {
  type: 'integer',
  minimum: 1,
  maximum: LIST_MAX,
  description: `How many to list (default ${LIST_DEFAULT}).`,
} as const;

function tool(
  name: string,
  description: string,
  properties: Record<string, object>,
  required: string[],
  run: Tool['run'],
): [string, Tool] {
  return [
    name,
    {
      definition: {
        type: 'function',
        function: {
          name,
          description,
          parameters: { type: 'object', properties, required, additionalProperties: false },
        },
      },
      run,
    },
  ];
}

// The assistant offers an alert on the coin or the source a conversation is about; one on every
// new source is made on the Monitoring page.
const OFFERED_KINDS: readonly AlertKind[] = [...COIN_ALERT_KINDS, ...SOURCE_ALERT_KINDS];

const TOOLS = new Map<string, Tool>([
  tool(
    'search_coins',
    'Finds coins by name or ticker symbol. Returns up to 5 coins with their ids and latest quotes, best match first.',
    { query: { type: 'string', description: 'A name or ticker, such as "bitcoin" or "ETH".' } },
    ['query'],
    async (args, { data }, found) => {
      const query = stringArg(args, 'query');
      const coins = data.searchCoins(query, LIST_DEFAULT);
      found.searched(coins);
      return {
        coins: coins.map(coinFacts),
        ...marketFacts(data.market()),
        ...(coins.length === 0 ? { note: 'no match' } : {}),
      };
    },
  ),
  tool(
    'coin_price',
    "A coin's latest price (US dollars), 24 h change, market cap and volume.",
    { coin_id: coinIdSchema },
    ['coin_id'],
    async (args, { data }, found) => {
      const coin = coinArg(args, 'coin_id', data);
      found.coins([coin]);
      return { ...coinFacts(coin), ...marketFacts(data.market()) };
    },
  ),
  tool(
    'coin_report',
    "A coin's technical report: price, 24 h / 7 d / 30 d changes, RSI 14, MACD, moving averages, 30 d volatility, high and low, signals and a short summary.",
    { coin_id: coinIdSchema },
    ['coin_id'],
    async (args, { data, locale }, found) => {
      const coin = coinArg(args, 'coin_id', data);
      const report = await data.report(coin.id, locale);
      if (!report) {
        found.coins([coin]);
        return { ...coinFacts(coin), report: null, note: 'no price history for a report' };
      }
      found.report(coin.id);
      return reportFacts(report);
    },
  ),
  tool(
    'compare_coins',
    'Compares two coins: price, 24 h / 7 d / 30 d changes, RSI 14 and 30 d volatility of each.',
    {
      coin_ids: {
        type: 'array',
        items: { type: 'integer' },
        minItems: 2,
        maxItems: 2,
        description: 'The ids of the two coins.',
      },
    },
    ['coin_ids'],
    async (args, { data, locale }, found) => {
      const ids = args.coin_ids;
      if (!Array.isArray(ids) || ids.length !== 2) {
        throw new ArgumentError('coin_ids must be a list of exactly two coin ids');
      }
      const coins = ids.map((id, i) => coinArg({ id }, 'id', data, `coin_ids[${i}]`));
      const [a, b] = coins;
      if (!a || !b || a.id === b.id)
        throw new ArgumentError('coin_ids must name two different coins');
      found.coins(coins);
      const reports = await Promise.all(coins.map((coin) => data.report(coin.id, locale)));
      return {
        ...marketFacts(data.market()),
        coins: coins.map((coin, i) => {
          const indicators = reports[i]?.indicators;
          return {
            ...coinFacts(coin),
            change7dPct: round(indicators?.change7d),
            change30dPct: round(indicators?.change30d),
            rsi14: round(indicators?.rsi14),
            volatility30dPct: round(indicators?.volatility30d),
          };
        }),
      };
    },
  ),
  tool(
    'my_watchlist',
    'The coins the user follows, newest first, with their latest quotes.',
    {},
    [],
    async (_args, { data }, found) => {
      const entries = await data.watchlist();
      const coins = entries.slice(0, WATCHLIST_MAX).map((e) => data.coin(e.coinId) ?? e.coin);
      found.coins(coins);
      return {
        total: entries.length,
        coins: coins.map(coinFacts),
        ...marketFacts(data.market()),
      };
    },
  ),
  tool(
    'my_sources',
    'The events the user monitors (the user\'s own, for any question about "my" events, the next ones included), most recently added first: title, author, status, time, and a key point of completed ones.',
    {},
    [],
    async (_args, { data }, found) => {
      const sources = await data.userSources();
      const shown = sources.slice(0, MY_SOURCES_MAX);
      const summaries = await Promise.all(
        shown.map((s) => (s.status === 5 ? data.sourceSummary(s.id) : Promise.resolve(null))),
      );
      found.sources(shown);
      return {
        total: sources.length,
        sources: shown.map((source, i) => {
          const summary = summaries[i];
          const point = summary?.keyPoints[0] ?? splitSentences(summary?.summary ?? '')[0];
          return {
            ...sourceFacts(source),
            unread: source.unread,
            keyPoint: point ? truncateText(point, 200) : null,
          };
        }),
      };
    },
  ),
  tool(
    'upcoming_sources',
    "Events that have not started yet, soonest first: everyone's, not only those the user monitors.",
    { limit: limitSchema },
    [],
    async (args, { data }, found) => {
      const sources = await data.upcomingSources(limitArg(args));
      found.sources(sources);
      return { sources: sources.map(sourceFacts) };
    },
  ),
  tool(
    'hot_coins',
    'The biggest movers over 24 h among the 100 largest coins.',
    { limit: limitSchema },
    [],
    async (args, { data }, found) => {
      const coins = data.hotCoins(limitArg(args));
      found.coins(coins);
      return { coins: coins.map(coinFacts), ...marketFacts(data.market()) };
    },
  ),
  tool(
    'hot_sources',
    'Completed events with the most attention over the last 7 days.',
    { limit: limitSchema },
    [],
    async (args, { data }, found) => {
      const sources = await data.hotSources(limitArg(args));
      found.sources(sources);
      return { sources: sources.map(sourceFacts) };
    },
  ),
  tool(
    'search_sources',
    'Finds events whose title or author matches, newest first.',
    { query: { type: 'string', description: 'Words of the title, or the author.' } },
    ['query'],
    async (args, { data }, found) => {
      const sources = await data.searchSources(stringArg(args, 'query'), LIST_DEFAULT);
      found.sources(sources);
      return { sources: sources.map(sourceFacts) };
    },
  ),
  tool(
    'source_summary',
    "A completed event's summary, key points and the coins it talked about.",
    { source_id: { type: 'integer', description: 'The id of the event, from a list of sources.' } },
    ['source_id'],
    async (args, { data }) => {
      const id = integerArg(args, 'source_id');
      const summary = await data.sourceSummary(id);
      if (!summary) {
        return { error: `no summary for source ${id}: it is unknown or not completed yet` };
      }
      return {
        sourceId: id,
        summary: truncateText(summary.summary, 600),
        keyPoints: summary.keyPoints.slice(0, 5).map((p) => truncateText(p, 200)),
        coins: summary.coins.slice(0, LAYER_MAX).map(({ id: coinId, name, symbol }) => ({
          id: coinId,
          name,
          symbol,
        })),
        language: summary.language,
      };
    },
  ),
  tool(
    'create_alert',
    'Offers the user an alert and asks them to confirm it. Nothing is made until the user answers yes in their next message, which Coinlens handles itself; then Coinlens makes it and says so. One alert per reply. Kinds: priceAbove / priceBelow: the price in US dollars reaches `value` from below / from above; move24h: the 24 h change reaches `value` percent, up or down; rsiOverbought / rsiOversold: the RSI 14 crosses above 70 / below 30; sma50CrossUp / sma50CrossDown: the price crosses its 50-day average upward / downward; sourceLive: an upcoming event goes live; sourceSummary: an event ends and its summary is ready; sourceKeyword: `keyword` is said in a live or upcoming event.',
    {
      kind: { type: 'string', enum: [...OFFERED_KINDS], description: 'What the alert watches.' },
      coin_id: { ...coinIdSchema, description: `For ${COIN_ALERT_KINDS.join(', ')}.` },
      source_id: {
        type: 'integer',
        description: `For ${SOURCE_ALERT_KINDS.join(', ')}: the id of the event, from a list of sources.`,
      },
      value: {
        type: 'number',
        description:
          'priceAbove / priceBelow: a price in US dollars above 0; move24h: a percent above 0 and at most 1000. None for the other kinds.',
      },
      keyword: { type: 'string', description: 'sourceKeyword only: 2 to 60 characters.' },
    },
    ['kind'],
    offerAlert,
  ),
]);

/**
 * create_alert: checks the alert as the API would (its subject, value and the user's limit) and
 * offers it as a layer of the reply; the user's yes makes it (alertOffer.ts).
 */
async function offerAlert(args: Args, { data }: AssistantInput, found: Findings) {
  if (!data.alerts) throw new ArgumentError('alerts cannot be made here');
  if (found.offered()) throw new ArgumentError('one alert per reply: one was offered already');
  const kind = args.kind;
  if (typeof kind !== 'string' || !(OFFERED_KINDS as readonly string[]).includes(kind)) {
    throw new ArgumentError(`kind must be one of ${OFFERED_KINDS.join(', ')}`);
  }
  const alert: AlertAddBody = { kind: kind as AlertKind };
  let coin: Coin | null = null;
  let subject: AlertSubject;
  if (COIN_ALERT_KINDS.includes(alert.kind)) {
    coin = coinArg(args, 'coin_id', data);
    alert.coinId = coin.id;
    subject = coinSubject(coin);
  } else {
    const id = integerArg(args, 'source_id');
    const source = await data.source(id);
    if (!source) throw new ArgumentError(`no event has the id ${id}; find ids with the lists`);
    alert.sourceId = source.id;
    subject = sourceSubject(source);
  }
  if (args.value !== undefined && args.value !== null) {
    // Small models often quote numbers.
    const value = typeof args.value === 'string' ? Number(args.value) : args.value;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new ArgumentError('value must be a number');
    }
    alert.value = value;
  }
  if (typeof args.keyword === 'string') alert.keyword = args.keyword;
  const reason = await whyNot(data, alert, 'en');
  if (reason !== null) throw new ArgumentError(`this alert cannot be made: ${reason}`);
  found.offer(offerLayer(data, alert, subject));
  return {
    offered: builtinTexts('en').alert.describe(alert, subject),
    made: false,
    note: 'Not made yet: it is made only if the user answers yes in their next message. Ask them to confirm.',
    ...(coin ? { coin: coinFacts(coin), ...marketFacts(data.market()) } : {}),
  };
}

const TOOL_DEFINITIONS: ChatCompletionFunctionTool[] = [...TOOLS.values()].map((t) => t.definition);
/** The tools without the one that offers alerts, where the assistant may not make them. */
const DATA_TOOL_DEFINITIONS = TOOL_DEFINITIONS.filter((t) => t.function.name !== 'create_alert');

/** Runs one tool call; whatever goes wrong becomes a result the model can read. */
async function runTool(call: ToolCall, input: AssistantInput, found: Findings): Promise<string> {
  const known = TOOLS.get(call.name);
  if (!known) {
    return toolError(
      `unknown tool "${truncateText(call.name, 60)}"; the tools are ${[...TOOLS.keys()].join(', ')}`,
    );
  }
  let args: unknown;
  try {
    args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch {
    return toolError(`the arguments of ${call.name} are not valid JSON`);
  }
  if (!isRecord(args)) return toolError(`the arguments of ${call.name} must be a JSON object`);
  try {
    return JSON.stringify(await known.run(args, input, found));
  } catch (error) {
    if (error instanceof ArgumentError) return toolError(error.message);
    // Not the details: they may name our database, and they go to another company's server.
    return toolError(`${call.name} could not read the data right now`);
  }
}

function toolError(message: string): string {
  return JSON.stringify({ error: message });
}

function integerArg(args: Args, key: string, label = key): number {
  const value = args[key];
  // Small models often quote numbers.
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) {
    const got = value === undefined ? 'nothing' : truncateText(JSON.stringify(value), 60);
    throw new ArgumentError(`${label} must be an integer id, got ${got}`);
  }
  return number;
}

function coinArg(args: Args, key: string, data: AssistantData, label = key): Coin {
  const id = integerArg(args, key, label);
  const coin = data.coin(id);
  if (!coin) throw new ArgumentError(`no coin has the id ${id}; find ids with search_coins`);
  return coin;
}

function stringArg(args: Args, key: string): string {
  const value = args[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ArgumentError(`${key} must be a non-empty string`);
  }
  return value.trim().slice(0, 100);
}

function limitArg(args: Args): number {
  const value = args.limit;
  if (value === undefined || value === null) return LIST_DEFAULT;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new ArgumentError(`limit must be an integer from 1 to ${LIST_MAX}`);
  }
  return Math.min(value, LIST_MAX);
}

// ---------------------------------------------------------------------------------------------
// What the tools return

/** A number to six significant digits (indicators need no more); null when there is none. */
function round(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? Number(value.toPrecision(6)) : null;
}

/** Unix seconds as `2026-01-15T14:05Z`. */
function isoTime(sec: number): string {
  return `${new Date(sec * 1000).toISOString().slice(0, 16)}Z`;
}

function coinFacts(coin: Coin) {
  return {
    id: coin.id,
    name: coin.name,
    symbol: coin.symbol,
    rank: coin.rank,
    priceUsd: coin.quotes.price,
    change24hPct: round(coin.quotes.percentChange24h),
    marketCapUsd: coin.quotes.marketCap,
    volume24hUsd: coin.quotes.volume24h,
    updatedAt: isoTime(coin.quotes.updatedAt),
  };
}

/**
 * Where a tool's market numbers come from, so that the model can say it: the provider (`demo`:
 * the bundled demo data, not live prices), when it last gave good figures, and whether those
 * are out of date.
 */
function marketFacts(market: MarketStatus) {
  return { source: market.source, asOf: isoTime(market.asOf), stale: market.stale };
}

function reportFacts(report: CoinReport) {
  const { coin, indicators } = report;
  return {
    coin: { id: coin.id, name: coin.name, symbol: coin.symbol },
    ...marketFacts(report.market),
    generatedAt: isoTime(report.generatedAt),
    priceUsd: coin.quotes.price,
    change24hPct: round(coin.quotes.percentChange24h),
    change7dPct: round(indicators.change7d),
    change30dPct: round(indicators.change30d),
    rsi14: round(indicators.rsi14),
    macd: indicators.macd
      ? {
          macd: round(indicators.macd.macd),
          signal: round(indicators.macd.signal),
          histogram: round(indicators.macd.histogram),
        }
      : null,
    sma20: round(indicators.sma20),
    sma50: round(indicators.sma50),
    ema12: round(indicators.ema12),
    ema26: round(indicators.ema26),
    volatility30dPct: round(indicators.volatility30d),
    high30d: round(indicators.high30d),
    low30d: round(indicators.low30d),
    signals: report.signals.map((s) => s.title),
    summary: truncateText(report.summary.trim(), 600),
  };
}

function sourceFacts(source: MonitorSource) {
  return {
    id: source.id,
    title: source.title,
    author: source.author,
    status: STATUS_NAMES[source.status] ?? String(source.status),
    time: isoTime(source.time),
    heat: source.heat,
  };
}

// ---------------------------------------------------------------------------------------------
// The layers of the reply

/**
 * What the tools returned that the answer is about: coins looked up, reports, sources. Search
 * results count only when nothing else was looked up (they were then the answer).
 */
class Findings {
  #coins = new Map<number, Coin>();
  #searched = new Map<number, Coin>();
  #reports: number[] = [];
  #sources = new Map<number, MonitorSource>();
  #offer: OfferLayer | null = null;

  /** An alert offered to the user (create_alert), or null. */
  offered(): OfferLayer | null {
    return this.#offer;
  }

  offer(layer: OfferLayer): void {
    this.#offer = layer;
  }

  coins(coins: readonly Coin[]): void {
    for (const coin of coins) if (!this.#coins.has(coin.id)) this.#coins.set(coin.id, coin);
  }

  searched(coins: readonly Coin[]): void {
    for (const coin of coins) if (!this.#searched.has(coin.id)) this.#searched.set(coin.id, coin);
  }

  report(coinId: number): void {
    if (!this.#reports.includes(coinId)) this.#reports.push(coinId);
  }

  sources(sources: readonly MonitorSource[]): void {
    for (const source of sources) {
      if (!this.#sources.has(source.id)) this.#sources.set(source.id, plainSource(source));
    }
  }

  layers(): ChatLayer[] {
    const layers: ChatLayer[] = [];
    let coins = [...this.#coins.values()];
    if (coins.length === 0 && this.#reports.length === 0) coins = [...this.#searched.values()];
    if (coins.length > 0) layers.push({ type: 'coins', coins: coins.slice(0, LAYER_MAX) });
    for (const coinId of this.#reports) layers.push({ type: 'report', coinId });
    if (this.#sources.size > 0) {
      layers.push({ type: 'sources', sources: [...this.#sources.values()].slice(0, LAYER_MAX) });
    }
    if (this.#offer) layers.push(this.#offer);
    return layers;
  }
}

/** A source as a layer carries it, without a user's fields. */
function plainSource(source: MonitorSource): MonitorSource {
  const { id, logo, author, title, status, time, heat, link } = source;
  return { id, logo, author, title, status, time, heat, link };
}
