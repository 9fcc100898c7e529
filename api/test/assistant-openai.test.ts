// The OpenAI-compatible assistant against a fake streaming endpoint: what it sends (model, system
// prompt, history, tools), how it batches streamed text, runs tool calls on our data and sends
// their results back, the layers of the reply, and every way the endpoint can fail.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createAssistant, createOpenAiAssistant } from '../src/chat/openai.js';
import type { Assistant, AssistantData, ReplyPart } from '../src/chat/types.js';
import type {
  ChatContext,
  ChatMessage,
  Coin,
  CoinReport,
  Locale,
  MarketStatus,
  MonitorSource,
  SourceSummary,
  UserMonitorSource,
} from '@coinlens/contract';
import {
  chunkOf,
  startFakeOpenAiStream,
  textSteps,
  toolCallSteps,
  type FakeOpenAiStream,
  type SentMessage,
} from './helpers/fakeOpenAiStream.js';

// ---------------------------------------------------------------------------------------------
// The data

/** 2026-01-15 14:05 UTC. */
const NOW = Date.UTC(2026, 0, 15, 14, 5) / 1000;

function coin(id: number, name: string, symbol: string, rank: number, price: number): Coin {
  return {
    id,
    name,
    symbol,
    logo: `/api/asset/logo/${symbol.toLowerCase()}.svg`,
    rank,
    quotes: {
      price,
      percentChange24h: 2.512345678,
      marketCap: price * 1_000_000,
      volume24h: price * 50_000,
      updatedAt: NOW - 60,
    },
  };
}

const BTC = coin(1, 'Bitcoin', 'BTC', 1, 93_406.36);
const ETH = coin(2, 'Ethereum', 'ETH', 2, 3_245.1);
const SOL = coin(3, 'Solana', 'SOL', 5, 187.65);
const COINS = [BTC, ETH, SOL];

function source(id: number, title: string, status: MonitorSource['status']): MonitorSource {
  return {
    id,
    logo: '',
    author: 'Alice',
    title,
    status,
    time: NOW - 3_600,
    heat: 100 * id,
    link: `https://x.com/i/spaces/${id}`,
  };
}

const HOT_SOURCES = [source(31, 'Halving debate', 5), source(32, 'ETH staking AMA', 5)];
const MY_SOURCES: UserMonitorSource[] = [
  { ...source(11, 'Layer 2 roadmap AMA', 5), addedAt: NOW - 86_400, unread: true },
];
const SUMMARY: SourceSummary = {
  summary: 'Rollups will cut fees by half. The team also discussed staking.',
  keyPoints: ['Fees halve next quarter.'],
  keyPointSources: [null],
  coins: [ETH],
  language: 'en',
};

const DEMO_MARKET: MarketStatus = {
  source: 'demo',
  asOf: NOW,
  refreshSeconds: 10,
  stale: false,
  retryAt: null,
};

function makeData(market: MarketStatus = DEMO_MARKET): AssistantData {
  const byId = new Map(COINS.map((c) => [c.id, c]));
  return {
    nowSec: () => NOW,
    market: () => market,
    searchCoins: (query, limit) =>
      COINS.filter(
        (c) =>
          c.symbol.toLowerCase() === query.toLowerCase() ||
          c.name.toLowerCase().includes(query.toLowerCase()),
      ).slice(0, limit),
    coinsMentioned: () => [],
    coin: (id) => byId.get(id) ?? null,
    topCoins: (limit) => COINS.slice(0, limit),
    hotCoins: (limit) => [SOL, BTC].slice(0, limit),
    async report(coinId: number, locale: Locale): Promise<CoinReport | null> {
      const reported = byId.get(coinId);
      if (!reported || coinId !== BTC.id) return null;
      return {
        coin: reported,
        source: market.source,
        market,
        generatedAt: NOW,
        series: {
          '24h': [{ time: NOW, price: 1 }],
          '7d': [{ time: NOW, price: 1 }],
          '30d': [{ time: NOW, price: 1 }],
        },
        indicators: {
          rsi14: 62.3456789,
          macd: { macd: 1_234.567, signal: 1_100.2, histogram: 134.367 },
          sma20: 91_000,
          sma50: 88_000,
          ema12: null,
          ema26: null,
          volatility30d: 45.2,
          high30d: 99_000,
          low30d: 85_000,
          change7d: 5.1,
          change30d: -4,
        },
        signals: [
          {
            id: 'aboveSma50',
            tone: 'bullish',
            title: 'Above its 50-day average',
            explanation: 'x',
          },
        ],
        summary: `BTC summary (${locale}).`,
        language: locale,
        sources: [],
      };
    },
    watchlist: async () => [{ coinId: BTC.id, coin: BTC, followedAt: NOW }],
    userSources: async () => MY_SOURCES,
    upcomingSources: async () => [],
    hotSources: async (limit) => HOT_SOURCES.slice(0, limit),
    searchSources: async () => [],
    sourceSummary: async (id) => (id === 11 ? SUMMARY : null),
    source: async (id) => [...MY_SOURCES, ...HOT_SOURCES].find((s) => s.id === id) ?? null,
  };
}

function message(source: ChatMessage['source'], text: string, error = false): ChatMessage {
  return {
    conversationId: 'c1',
    seqNo: 0,
    source,
    language: 'en',
    text,
    layers: [],
    more: false,
    ...(error ? { error: true } : {}),
    timestamp: NOW,
  };
}

// ---------------------------------------------------------------------------------------------
// Asking

let fake: FakeOpenAiStream;

before(async () => {
  fake = await startFakeOpenAiStream();
});
after(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.script();
  fake.always({ status: 500, errorMessage: 'no scripted reply for this request' });
});

function assistant(options: { timeoutMs?: number; maxToolRounds?: number } = {}): Assistant {
  return createOpenAiAssistant({
    baseUrl: fake.baseUrl,
    apiKey: 'test-key',
    model: 'fake-model',
    ...options,
  });
}

interface AskOptions {
  locale?: Locale;
  history?: ChatMessage[];
  signal?: AbortSignal;
  context?: ChatContext | null;
  market?: MarketStatus;
}

async function collect(
  target: Assistant,
  text: string,
  options: AskOptions = {},
): Promise<ReplyPart[]> {
  const parts: ReplyPart[] = [];
  for await (const part of target.reply({
    text,
    locale: options.locale ?? 'en',
    history: options.history ?? [],
    context: options.context ?? null,
    data: makeData(options.market),
    signal: options.signal,
  })) {
    parts.push(part);
  }
  return parts;
}

/** A reply read by hand, part by part. */
function start(target: Assistant, signal?: AbortSignal): AsyncIterator<ReplyPart> {
  const reply = target.reply({ text: 'hi', locale: 'en', history: [], data: makeData(), signal });
  return reply[Symbol.asyncIterator]();
}

const joined = (parts: ReplyPart[]) => parts.map((p) => p.text).join('');

/** The messages of the n-th request. */
function sent(n: number): SentMessage[] {
  const messages = fake.requests[n]?.body.messages;
  assert.ok(messages, `request ${n} has messages`);
  return messages;
}

function toolResults(n: number): Record<string, unknown>[] {
  return sent(n)
    .filter((m) => m.role === 'tool')
    .map((m) => JSON.parse(m.content ?? '') as Record<string, unknown>);
}

const ANSWER =
  'Bitcoin trades at $93,406.36, up 2.51 % over 24 hours. These are demo numbers, not live prices.';

// ---------------------------------------------------------------------------------------------

describe('the OpenAI-compatible assistant: a plain answer', () => {
  it('streams the text in a few batched parts and sends the model, prompt, history and question', async () => {
    fake.script({ steps: textSteps(ANSWER, 2) });
    const history = [
      message('ROBOT', 'Welcome to Coinlens!'),
      message('USER', 'hi'),
      message('ASSISTANT', 'Hello! Ask me about a coin.'),
      message('USER', 'price of doge?'),
      message('ASSISTANT', 'Something went wrong.', true),
      // The service stores the question before answering.
      message('USER', 'quanto vale o bitcoin?'),
    ];
    const parts = await collect(assistant(), 'quanto vale o bitcoin?', {
      locale: 'pt-br',
      history,
    });

    assert.equal(joined(parts), ANSWER);
    assert.ok(parts.length >= 2 && parts.length <= 6, `${parts.length} parts`);
    assert.ok(parts.every((p) => p.layers.length === 0));

    assert.equal(fake.requests.length, 1);
    const request = fake.requests[0];
    assert.equal(request?.path, '/v1/chat/completions');
    assert.equal(request?.authorization, 'Bearer test-key');
    assert.equal(request?.body.model, 'fake-model');
    assert.equal(request?.body.stream, true);
    assert.equal(request?.body.tool_choice, undefined);
    assert.deepEqual(
      request?.body.tools?.map((t) => t.function.name),
      [
        'search_coins',
        'coin_price',
        'coin_report',
        'compare_coins',
        'my_watchlist',
        'my_sources',
        'upcoming_sources',
        'hot_coins',
        'hot_sources',
        'search_sources',
        'source_summary',
      ],
    );
    const [system, ...rest] = sent(0);
    assert.equal(system?.role, 'system');
    assert.match(system?.content ?? '', /Coinlens/);
    assert.match(system?.content ?? '', /Always answer in Brazilian Portuguese/);
    assert.match(system?.content ?? '', /never invent/);
    assert.match(system?.content ?? '', /demo data set/);
    assert.match(system?.content ?? '', /2026-01-15T14:05Z/);
    // "My next events" is the user's own sources, not everyone's upcoming ones.
    assert.match(system?.content ?? '', /"my" coins or events .* my_watchlist and my_sources only/);
    const description = (name: string) =>
      request?.body.tools?.find((t) => t.function.name === name)?.function.description ?? '';
    assert.match(description('upcoming_sources'), /everyone's, not only those the user monitors/);
    assert.match(description('my_sources'), /"my" events, the next ones included/);
    assert.deepEqual(rest, [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Hello! Ask me about a coin.' },
      { role: 'user', content: 'price of doge?' },
      { role: 'user', content: 'quanto vale o bitcoin?' },
    ]);
  });

  it('tells the model what the page the question came from shows', async () => {
    fake.script(
      { steps: textSteps('Ok.') },
      { steps: textSteps('Ok.') },
      { steps: textSteps('Ok.') },
    );
    await collect(assistant(), 'is this coin overbought?', {
      context: { page: 'reporting', coinId: BTC.id },
    });
    const [onCoin] = sent(0);
    assert.match(
      onCoin?.content ?? '',
      /The user is asking on the Coinlens page "reporting", which shows the coin Bitcoin \(BTC, coin id 1\): "this coin", "this report", "this one" and "it" mean BTC unless the question names another coin\./,
    );
    await collect(assistant(), 'what did this event say?', {
      context: { page: 'source', sourceId: 11 },
    });
    const [onSource] = sent(1);
    assert.match(
      onSource?.content ?? '',
      /which shows the event "Layer 2 roadmap AMA" by Alice \(source id 11, completed\): "this source" and "this event" mean that event\./,
    );
    await collect(assistant(), 'hi');
    assert.doesNotMatch(sent(2)[0]?.content ?? '', /The user is asking/);
  });

  it('sends at most the last 20 messages of the history', async () => {
    fake.script({ steps: textSteps('Ok.') });
    const history = Array.from({ length: 30 }, (_, i) =>
      message(i % 2 === 0 ? 'USER' : 'ASSISTANT', `message ${i}`),
    );
    await collect(assistant(), 'and now?', { history });
    const messages = sent(0);
    assert.equal(messages.length, 1 + 20 + 1);
    assert.equal(messages[1]?.content, 'message 10');
    assert.equal(messages[21]?.content, 'and now?');
  });

  it('fails on an empty answer', async () => {
    fake.script({ steps: textSteps('') });
    await assert.rejects(collect(assistant(), 'hi'), /empty answer/);
  });
});

describe('the OpenAI-compatible assistant: tools', () => {
  it('runs a streamed coin_price call, sends its result back and streams the answer with the coin', async () => {
    fake.script(
      {
        steps: toolCallSteps([
          { id: 'call_1', name: 'coin_price', argumentPieces: ['{"coin', '_id"', ': 1}'] },
        ]),
      },
      { steps: textSteps(ANSWER, 4) },
    );
    const parts = await collect(assistant(), 'How much is Bitcoin?');

    assert.equal(fake.requests.length, 2);
    const messages = sent(1);
    const call = messages[messages.length - 2];
    assert.deepEqual(call, {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'coin_price', arguments: '{"coin_id": 1}' },
        },
      ],
    });
    const result = messages[messages.length - 1];
    assert.equal(result?.role, 'tool');
    assert.equal(result?.tool_call_id, 'call_1');
    const price = JSON.parse(result?.content ?? '') as Record<string, unknown>;
    assert.equal(price.priceUsd, 93_406.36);
    assert.equal(price.symbol, 'BTC');
    assert.equal(price.change24hPct, 2.51235);
    assert.deepEqual([price.source, price.asOf, price.stale], ['demo', '2026-01-15T14:05Z', false]);

    assert.equal(joined(parts), ANSWER);
    const last = parts[parts.length - 1];
    assert.deepEqual(last?.layers, [{ type: 'coins', coins: [BTC] }]);
    assert.ok(parts.slice(0, -1).every((p) => p.layers.length === 0));
  });

  it('runs interleaved calls of one round and gives report and sources layers, in order', async () => {
    fake.script(
      {
        steps: toolCallSteps(
          [
            { id: 'a', name: 'coin_report', argumentPieces: ['{"coin_id":', '1}'] },
            { id: 'b', name: 'hot_sources', argumentPieces: ['{"limit"', ':2}'] },
          ],
          true,
        ),
      },
      { steps: textSteps('BTC looks firm; two events are hot.') },
    );
    const parts = await collect(assistant(), 'BTC report and hot events');
    const [report, hot] = toolResults(1);
    assert.equal(report?.rsi14, 62.3457);
    assert.deepEqual(report?.macd, { macd: 1234.57, signal: 1100.2, histogram: 134.367 });
    assert.deepEqual(report?.signals, ['Above its 50-day average']);
    assert.equal(report?.summary, 'BTC summary (en).');
    assert.equal(report?.series, undefined, 'no price series in a tool result');
    assert.equal((hot?.sources as unknown[]).length, 2);
    assert.deepEqual(parts[parts.length - 1]?.layers, [
      { type: 'report', coinId: 1 },
      { type: 'sources', sources: HOT_SOURCES },
    ]);
  });

  it("tells the model CoinGecko's as-of time, and that its figures are stale", async () => {
    fake.script(
      {
        steps: toolCallSteps(
          [
            { id: 'p', name: 'coin_price', argumentPieces: ['{"coin_id": 1}'] },
            { id: 'r', name: 'coin_report', argumentPieces: ['{"coin_id": 1}'] },
            { id: 'h', name: 'hot_coins', argumentPieces: ['{}'] },
          ],
          true,
        ),
      },
      { steps: textSteps('Bitcoin was at $93,406.36 at 13:40 UTC (CoinGecko, out of date).') },
    );
    const market: MarketStatus = {
      source: 'coingecko',
      asOf: NOW - 25 * 60,
      refreshSeconds: 60,
      stale: true,
      retryAt: NOW + 30,
    };
    await collect(assistant(), 'price of BTC', { market });
    const facts = { source: 'coingecko', asOf: '2026-01-15T13:40Z', stale: true };
    for (const result of toolResults(1)) {
      assert.deepEqual(
        { source: result.source, asOf: result.asOf, stale: result.stale },
        facts,
        JSON.stringify(result),
      );
    }
    const [system] = sent(0);
    assert.match(system?.content ?? '', /come from CoinGecko: .* asOf time .* stale is true/);
  });

  it('runs tools over several rounds and separates text written before a tool call', async () => {
    fake.script(
      {
        steps: [
          { chunk: chunkOf({ content: 'Let me look.' }) },
          ...toolCallSteps([
            { id: 's', name: 'search_coins', argumentPieces: ['{"query":"sol"}'] },
          ]),
        ],
      },
      {
        steps: toolCallSteps([
          { id: 'c', name: 'compare_coins', argumentPieces: ['{"coin_ids":[3,1]}'] },
        ]),
      },
      { steps: textSteps('SOL beat BTC today.') },
    );
    const parts = await collect(assistant(), 'compare sol and btc');
    assert.equal(joined(parts), 'Let me look.\n\nSOL beat BTC today.');
    assert.equal(fake.requests.length, 3);
    const [compare] = toolResults(2).slice(-1);
    assert.deepEqual(
      (compare?.coins as { symbol: string; rsi14: number | null }[]).map((c) => [
        c.symbol,
        c.rsi14,
      ]),
      [
        ['SOL', null],
        ['BTC', 62.3457],
      ],
    );
    // The search was a step on the way: the layer shows the coins compared.
    assert.deepEqual(parts[parts.length - 1]?.layers, [{ type: 'coins', coins: [SOL, BTC] }]);
  });

  it('answers bad arguments and unknown tools with an error result, not a crash', async () => {
    fake.script(
      {
        steps: toolCallSteps([
          { id: 'bad-json', name: 'coin_price', argumentPieces: ['{"coin_id": 1'] },
          { id: 'bad-type', name: 'coin_price', argumentPieces: ['{"coin_id": "bitcoin"}'] },
          { id: 'no-coin', name: 'coin_report', argumentPieces: ['{"coin_id": 999}'] },
          { id: 'one-id', name: 'compare_coins', argumentPieces: ['{"coin_ids": [1]}'] },
          { id: 'limit', name: 'hot_coins', argumentPieces: ['{"limit": "many"}'] },
          { id: 'unknown', name: 'get_weather', argumentPieces: ['{}'] },
        ]),
      },
      { steps: textSteps('Sorry, I could not look that up.') },
    );
    const parts = await collect(assistant(), 'price of bitcoin?');
    assert.equal(joined(parts), 'Sorry, I could not look that up.');
    const errors = toolResults(1).map((r) => String(r.error));
    assert.match(errors[0] ?? '', /not valid JSON/);
    assert.match(errors[1] ?? '', /coin_id must be an integer id, got "bitcoin"/);
    assert.match(errors[2] ?? '', /no coin has the id 999/);
    assert.match(errors[3] ?? '', /exactly two/);
    assert.match(errors[4] ?? '', /limit must be an integer/);
    assert.match(errors[5] ?? '', /unknown tool "get_weather"/);
    assert.deepEqual(
      sent(1)
        .filter((m) => m.role === 'tool')
        .map((m) => m.tool_call_id),
      ['bad-json', 'bad-type', 'no-coin', 'one-id', 'limit', 'unknown'],
    );
    assert.deepEqual(parts[parts.length - 1]?.layers, []);
  });

  it('gives the user sources with a key point, and the sources layer', async () => {
    fake.script(
      { steps: toolCallSteps([{ id: 'm', name: 'my_sources', argumentPieces: [''] }]) },
      { steps: textSteps('You follow one event.') },
    );
    const parts = await collect(assistant(), 'my sources');
    const [mine] = toolResults(1);
    assert.deepEqual(mine, {
      total: 1,
      sources: [
        {
          id: 11,
          title: 'Layer 2 roadmap AMA',
          author: 'Alice',
          status: 'completed',
          time: '2026-01-15T13:05Z',
          heat: 1100,
          unread: true,
          keyPoint: 'Fees halve next quarter.',
        },
      ],
    });
    const { addedAt: _addedAt, unread: _unread, ...plain } = MY_SOURCES[0]!;
    assert.deepEqual(parts[parts.length - 1]?.layers, [{ type: 'sources', sources: [plain] }]);
  });

  it('stops with a clear error after more tool rounds than allowed', async () => {
    fake.always({
      steps: toolCallSteps([{ id: 'x', name: 'hot_coins', argumentPieces: ['{}'] }]),
    });
    await assert.rejects(
      collect(assistant({ maxToolRounds: 2 }), 'loop'),
      /still asked for tools after 2 rounds/,
    );
    assert.equal(fake.requests.length, 3);
    assert.equal(fake.requests[1]?.body.tool_choice, undefined);
    assert.equal(fake.requests[2]?.body.tool_choice, 'none');
  });
});

describe('the OpenAI-compatible assistant: failures', () => {
  for (const [status, pattern] of [
    [500, /failed \(HTTP 500\): upstream exploded/],
    [401, /refused the API key .*\(HTTP 401\)/],
    [429, /rate limiting .*\(HTTP 429\)/],
  ] as const) {
    it(`throws on HTTP ${status}, without retrying`, async () => {
      fake.script({ status, errorMessage: 'upstream exploded' });
      await assert.rejects(collect(assistant(), 'hi'), pattern);
      assert.equal(fake.requests.length, 1);
    });
  }

  it('throws when the stream breaks off before [DONE]', async () => {
    fake.script({
      steps: [{ chunk: chunkOf({ content: 'Bitcoin is at ' }) }, { waitMs: 50 }, { destroy: true }],
    });
    await assert.rejects(collect(assistant(), 'hi'), /stream broke off|ended its stream/);
  });

  it('throws when the stream ends without a finish reason', async () => {
    fake.script({ steps: [{ chunk: chunkOf({ content: 'Bitcoin is at ' }) }], done: false });
    await assert.rejects(collect(assistant(), 'hi'), /ended its stream before the reply/);
  });

  it('throws on a malformed chunk', async () => {
    fake.script({
      steps: [{ chunk: chunkOf({ content: 'Hi' }) }, { raw: 'data: {"choices": [{"delta": \n\n' }],
    });
    await assert.rejects(collect(assistant(), 'hi'), /malformed stream chunk/);
  });

  it('throws on a chunk of the wrong shape', async () => {
    fake.script({ steps: [{ chunk: { id: 'x', choices: 'none' } }] });
    await assert.rejects(collect(assistant(), 'hi'), /malformed stream chunk/);
  });

  it('throws on an error event in the stream', async () => {
    fake.script({ steps: [{ chunk: { error: { message: 'model overloaded' } } }] });
    await assert.rejects(collect(assistant(), 'hi'), /mid-stream: model overloaded/);
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    fake.script({ delayMs: 3_000, steps: textSteps('late') });
    const started = Date.now();
    await assert.rejects(
      collect(assistant({ timeoutMs: 300 }), 'hi'),
      /did not answer within 300 ms/,
    );
    assert.ok(Date.now() - started < 2_000);
  });

  it('gives up on a stream that stalls for longer than the timeout', async () => {
    fake.script({
      steps: [{ chunk: chunkOf({ content: 'Bitcoin is' }) }, { waitMs: 3_000 }, ...textSteps('!')],
    });
    const started = Date.now();
    await assert.rejects(
      collect(assistant({ timeoutMs: 300 }), 'hi'),
      /stream stalled for more than 300 ms/,
    );
    assert.ok(Date.now() - started < 2_000);
  });

  it('throws when the endpoint cannot be reached', async () => {
    const unreachable = createOpenAiAssistant({
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'fake-model',
    });
    await assert.rejects(collect(unreachable, 'hi'), /could not reach the assistant endpoint/);
  });

  it('stops the request when the reply is aborted', async () => {
    fake.script({
      steps: [
        { chunk: chunkOf({ content: 'Bitcoin is at $93,406.36 today.' }) },
        { waitMs: 5_000 },
        ...textSteps(' More.'),
      ],
    });
    const controller = new AbortController();
    const iterator = start(assistant(), controller.signal);
    const first = await iterator.next();
    assert.equal(first.value?.text, 'Bitcoin is at $93,406.36 today.');
    const started = Date.now();
    controller.abort(new Error('server closing'));
    await assert.rejects(iterator.next(), /the reply was aborted: server closing/);
    assert.ok(Date.now() - started < 1_000);
    await waitFor(() => fake.requests[0]?.closedEarly === true);
  });

  it('closes the request when the consumer stops reading', async () => {
    fake.script({
      steps: [
        { chunk: chunkOf({ content: 'Bitcoin is at $93,406.36 today.' }) },
        { waitMs: 5_000 },
        ...textSteps(' More.'),
      ],
    });
    const iterator = start(assistant());
    await iterator.next();
    await iterator.return?.();
    await waitFor(() => fake.requests[0]?.closedEarly === true);
  });

  it('sends nothing when aborted before it starts', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(collect(assistant(), 'hi', { signal: controller.signal }), /aborted/);
    assert.equal(fake.requests.length, 0);
  });
});

describe('createAssistant', () => {
  it('uses the configured endpoint', async () => {
    fake.script({ steps: textSteps('From the endpoint.') });
    const chosen = createAssistant({
      assistant: { baseUrl: fake.baseUrl, model: 'other-model' },
    });
    assert.equal(joined(await collect(chosen, 'hi')), 'From the endpoint.');
    assert.equal(fake.requests[0]?.body.model, 'other-model');
    assert.equal(fake.requests[0]?.authorization, 'Bearer none');
  });

  it('uses the built-in assistant without one', async () => {
    const parts = await collect(createAssistant({ assistant: null }), 'What is the price of BTC?');
    assert.ok(joined(parts).length > 0);
    assert.equal(fake.requests.length, 0);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 1_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) assert.fail('the condition did not come true in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
