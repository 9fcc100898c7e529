// Alerts made by asking the assistant: which messages ask for one in en, zh and pt-br (and which
// do not), how their numbers read, the yes and no that answer an offer, and both assistants
// offering an alert and making it on the user's yes only: the built-in one on its own words, the
// OpenAI-compatible one through its create_alert tool against a fake streaming endpoint. The
// alerts here live in memory behind the service's own checks; chat-alerts-server.test.ts runs the
// same through the real server and database.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  MAX_ALERTS,
  serverMessage,
  type Alert,
  type AlertAddBody,
  type ChatLayer,
  type ChatMessage,
  type Coin,
  type Locale,
  type MarketStatus,
  type MonitorSource,
} from '@coinlens/contract';
import { checkAlertInput } from '../src/alerts/service.js';
import { ApiError } from '../src/envelope.js';
import { formatPercent, formatUsd } from '../src/market/reportText.js';
import { findCoinMentions } from '../src/monitor/summarizer.js';
import {
  chineseNumber,
  parseAlertRequest,
  readDecimal,
  type AlertRequest,
} from '../src/chat/alertIntent.js';
import { answerOf, OFFER_LIFETIME_SEC } from '../src/chat/alertOffer.js';
import { createBuiltinAssistant } from '../src/chat/builtin.js';
import { builtinTexts } from '../src/chat/builtinText.js';
import { createOpenAiAssistant } from '../src/chat/openai.js';
import type { Assistant, AssistantAlerts, AssistantData } from '../src/chat/types.js';
import {
  startFakeOpenAiStream,
  textSteps,
  toolCallSteps,
  type FakeOpenAiStream,
} from './helpers/fakeOpenAiStream.js';

// ---------------------------------------------------------------------------------------------
// Which messages ask for an alert

type Expected = Pick<AlertRequest, 'target' | 'direction' | 'value'> & { otherCurrency?: true };

const REQUESTS: [Locale, string, Expected][] = [
  [
    'en',
    'alert me when bitcoin drops under 60,000',
    { target: 'price', direction: 'below', value: 60_000 },
  ],
  ['en', 'when ETH goes above 4k', { target: 'price', direction: 'above', value: 4_000 }],
  [
    'en',
    'Notify me if BTC falls below $58,500.50',
    { target: 'price', direction: 'below', value: 58_500.5 },
  ],
  ['en', 'let me know when SOL rises to 250', { target: 'price', direction: 'above', value: 250 }],
  ['en', 'alert me when BTC hits 100k', { target: 'price', direction: null, value: 100_000 }],
  ['en', 'ping me if bitcoin is at 1.2m', { target: 'price', direction: null, value: 1_200_000 }],
  ['en', 'alert me when ETH moves 5% in 24h', { target: 'move', direction: null, value: 5 }],
  ['en', 'alert me when BTC RSI goes above 70', { target: 'rsi', direction: 'above', value: null }],
  ['en', 'alert me when ETH is oversold', { target: 'rsi', direction: 'below', value: null }],
  [
    'en',
    'alert me when BTC crosses above its 50-day average',
    { target: 'sma50', direction: 'above', value: null },
  ],
  [
    'en',
    'alert me when this event goes live',
    { target: 'sourceLive', direction: null, value: null },
  ],
  [
    'en',
    'notify me when this space ends',
    { target: 'sourceSummary', direction: null, value: null },
  ],
  ['en', 'alert me when bitcoin drops', { target: 'price', direction: null, value: null }],
  ['en', 'set an alert for ETH', { target: 'price', direction: null, value: null }],
  ['zh', '比特币跌破60000时提醒我', { target: 'price', direction: 'below', value: 60_000 }],
  ['zh', '以太坊涨到4000提醒我', { target: 'price', direction: 'above', value: 4_000 }],
  ['zh', '比特币跌破6万提醒我', { target: 'price', direction: 'below', value: 60_000 }],
  ['zh', '比特币跌破六万五提醒我', { target: 'price', direction: 'below', value: 65_000 }],
  ['zh', '比特币到十万通知我', { target: 'price', direction: null, value: 100_000 }],
  ['zh', '以太坊6.5万美元以上提醒我', { target: 'price', direction: 'above', value: 65_000 }],
  ['zh', '比特币24小时涨跌超过5%提醒我', { target: 'move', direction: null, value: 5 }],
  ['zh', '比特币波动百分之十提醒我', { target: 'move', direction: null, value: 10 }],
  ['zh', '这个活动开播时提醒我', { target: 'sourceLive', direction: null, value: null }],
  [
    'zh',
    '比特币跌破40万元提醒我',
    { target: 'price', direction: 'below', value: 400_000, otherCurrency: true },
  ],
  [
    'pt-br',
    'avise-me quando o bitcoin cair abaixo de 60.000',
    { target: 'price', direction: 'below', value: 60_000 },
  ],
  [
    'pt-br',
    'me avise quando o ETH passar de 4 mil',
    { target: 'price', direction: 'above', value: 4_000 },
  ],
  [
    'pt-br',
    'me avisa se o ETH cair abaixo de 2.500,50',
    { target: 'price', direction: 'below', value: 2_500.5 },
  ],
  [
    'pt-br',
    'quando o BTC ultrapassar US$ 100.000',
    { target: 'price', direction: 'above', value: 100_000 },
  ],
  [
    'pt-br',
    'me avise se o SOL variar 10% em 24 horas',
    { target: 'move', direction: null, value: 10 },
  ],
  [
    'pt-br',
    'me avise quando esta live terminar',
    { target: 'sourceSummary', direction: null, value: null },
  ],
  [
    'pt-br',
    'me avise quando o bitcoin cair abaixo de R$ 300.000',
    { target: 'price', direction: 'below', value: 300_000, otherCurrency: true },
  ],
];

const NOT_REQUESTS: [Locale, string][] = [
  ['en', 'what is the price of bitcoin'],
  ['en', 'did bitcoin drop under 60,000 today?'],
  ['en', 'when did ETH go above 4k?'],
  ['en', 'tell me about bitcoin'],
  ['en', 'tell me when the next event starts'],
  ['en', 'remind me what RSI means'],
  ['en', 'show my alerts'],
  ['en', 'how did SOL do this week'],
  ['en', 'BTC 24h change'],
  ['zh', '我的提醒'],
  ['zh', '比特币跌破60000了吗'],
  ['zh', '比特币什么时候涨到10万'],
  ['zh', '提醒我一下RSI是什么意思'],
  ['zh', '比特币多少钱'],
  ['pt-br', 'o bitcoin vai cair abaixo de 60.000?'],
  ['pt-br', 'meus alertas'],
  ['pt-br', 'quanto custa o bitcoin'],
  ['pt-br', 'quando foi que o BTC passou de 100 mil'],
];

describe('which messages ask for an alert', () => {
  for (const [locale, text, expected] of REQUESTS) {
    it(`reads "${text}"`, () => {
      const request = parseAlertRequest(text, locale);
      assert.ok(request, 'an alert request');
      assert.deepEqual(
        {
          target: request.target,
          direction: request.direction,
          value: request.value,
          ...(request.otherCurrency ? { otherCurrency: true } : {}),
        },
        expected,
      );
    });
  }

  for (const [locale, text] of NOT_REQUESTS) {
    it(`does not read "${text}" as one`, () => {
      assert.equal(parseAlertRequest(text, locale), null);
    });
  }

  it('reads numbers by the conventions of the language they are written in', () => {
    const table: [string, Locale, number][] = [
      ['60,000', 'en', 60_000],
      ['60.000', 'pt-br', 60_000],
      ['60.000', 'en', 60_000],
      ['60,000', 'pt-br', 60_000],
      ['1.125', 'en', 1.125],
      ['1,125', 'pt-br', 1.125],
      ['1,125', 'en', 1_125],
      ['0.125', 'pt-br', 0.125],
      ['2,500.50', 'en', 2_500.5],
      ['2.500,50', 'pt-br', 2_500.5],
      ['1,000,000', 'en', 1_000_000],
      ['3,5', 'en', 3.5],
      ['65000', 'zh', 65_000],
    ];
    for (const [digits, language, value] of table) {
      assert.equal(readDecimal(digits, language), value, `${digits} in ${language}`);
    }
    const chinese: [string, number | null][] = [
      ['六万', 60_000],
      ['十万', 100_000],
      ['四千五', 4_500],
      ['六万五', 65_000],
      ['一百万', 1_000_000],
      ['三点五万', 35_000],
      ['两三', null],
    ];
    for (const [text, value] of chinese) assert.equal(chineseNumber(text), value, text);
  });
});

describe('the answer to an offer', () => {
  const table: [string, 'yes' | 'no' | null][] = [
    ['yes', 'yes'],
    ['Yes please!', 'yes'],
    ['ok, do it', 'yes'],
    ['sure', 'yes'],
    ['是的', 'yes'],
    ['好的，创建吧', 'yes'],
    ['确认', 'yes'],
    ['sim', 'yes'],
    ['Pode criar!', 'yes'],
    ['no', 'no'],
    ['no thanks', 'no'],
    ['cancel', 'no'],
    ['不用了', 'no'],
    ['算了', 'no'],
    ['não, obrigado', 'no'],
    ['deixa pra lá', 'no'],
    ['yes but at 55k', null],
    ['sims', null],
    ['what is the price of BTC', null],
    ['不好', null],
  ];
  for (const [text, expected] of table) {
    it(`reads "${text}" as ${expected ?? 'neither'}`, () => {
      assert.equal(answerOf(text), expected);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// The data, with alerts in memory behind the service's own checks

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
      percentChange24h: 1.5,
      marketCap: price * 1_000_000,
      volume24h: price * 50_000,
      updatedAt: NOW - 60,
    },
  };
}

const BTC = coin(1, 'Bitcoin', 'BTC', 1, 93_406.36);
const ETH = coin(2, 'Ethereum', 'ETH', 2, 3_245.1);
const SOL = coin(3, 'Solana', 'SOL', 5, 187.65);
/** Two coins that go by one ticker: the larger one, and one the user may follow. */
const ABC_BIG = coin(4, 'Abc Network', 'ABC', 20, 2);
const ABC_SMALL = coin(5, 'Abc Token', 'ABC', 400, 0.5);
const COINS = [BTC, ETH, SOL, ABC_BIG, ABC_SMALL];

const SPACE: MonitorSource = {
  id: 31,
  logo: '',
  author: 'Alice',
  title: 'Halving debate',
  status: 1,
  time: NOW + 3_600,
  heat: 100,
  link: 'https://x.com/i/spaces/31',
};

const MARKET: MarketStatus = {
  source: 'demo',
  asOf: NOW,
  refreshSeconds: 10,
  stale: false,
  retryAt: null,
};

/** A user's alerts in memory: the service's checks, limit and refusals, without its database. */
class MemoryAlerts implements AssistantAlerts {
  readonly made: Alert[] = [];
  readonly locales: Locale[] = [];

  constructor(private readonly now: () => number) {}

  async list(): Promise<Alert[]> {
    return [...this.made].reverse();
  }

  async add(input: AlertAddBody, locale: Locale): Promise<Alert> {
    const fields = checkAlertInput(input);
    const coin = fields.coinId === null ? null : COINS.find((c) => c.id === fields.coinId);
    if (fields.coinId !== null && !coin) throw new ApiError(404, 'coinNotFound');
    if (fields.sourceId !== null && fields.sourceId !== SPACE.id) {
      throw new ApiError(404, 'sourceNotFound');
    }
    if (this.made.length >= MAX_ALERTS) throw new ApiError(422, 'alertLimit');
    const alert: Alert = {
      id: this.made.length + 1,
      kind: fields.kind,
      subject: coin
        ? { kind: 'coin', id: coin.id, name: coin.name, symbol: coin.symbol, logo: coin.logo }
        : { kind: 'source', id: SPACE.id, name: SPACE.title, symbol: null, logo: '' },
      value: fields.line,
      keyword: fields.keyword,
      cooldownMinutes: fields.cooldownMinutes,
      paused: false,
      state: 'waiting',
      lastFiredAt: null,
      createdAt: this.now(),
    };
    this.made.push(alert);
    this.locales.push(locale);
    return alert;
  }

  fill(count: number): void {
    for (let i = 0; i < count; i++) {
      this.made.push({
        id: 1000 + i,
        kind: 'priceAbove',
        subject: { kind: 'coin', id: SOL.id, name: SOL.name, symbol: SOL.symbol, logo: '' },
        value: 1_000 + i,
        keyword: null,
        cooldownMinutes: 60,
        paused: false,
        state: 'armed',
        lastFiredAt: null,
        createdAt: NOW - 86_400,
      });
    }
  }
}

interface Data extends AssistantData {
  alerts: MemoryAlerts;
  /** Moves the data's clock (seconds). */
  advance(seconds: number): void;
}

function makeData(options: { watchlist?: Coin[] } = {}): Data {
  let now = NOW;
  const byId = new Map(COINS.map((c) => [c.id, c]));
  const followed = options.watchlist ?? [];
  return {
    advance: (seconds) => {
      now += seconds;
    },
    nowSec: () => now,
    market: () => MARKET,
    searchCoins: (query, limit) =>
      COINS.filter(
        (c) =>
          c.symbol.toLowerCase() === query.toLowerCase() ||
          c.name.toLowerCase().includes(query.toLowerCase()),
      ).slice(0, limit),
    coinsMentioned: (text) =>
      findCoinMentions(text, COINS).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    coin: (id) => byId.get(id) ?? null,
    topCoins: (limit) => COINS.slice(0, limit),
    hotCoins: (limit) => COINS.slice(0, limit),
    report: async () => null,
    watchlist: async () => followed.map((c) => ({ coinId: c.id, coin: c, followedAt: NOW })),
    userSources: async () => [],
    upcomingSources: async () => [SPACE],
    hotSources: async () => [],
    searchSources: async () => [],
    sourceSummary: async () => null,
    source: async (id) => (id === SPACE.id ? SPACE : null),
    alerts: new MemoryAlerts(() => now),
  };
}

/**
 * A conversation as the chat service keeps it: each message numbered, each reply stored whole
 * with its layers and time, the assistant shown the history with the question last.
 */
class Conversation {
  readonly history: ChatMessage[] = [];

  constructor(
    private readonly assistant: Assistant,
    readonly data: Data,
  ) {}

  async ask(
    text: string,
    locale: Locale = 'en',
    options: { context?: { coinId?: number; sourceId?: number } } = {},
  ): Promise<ChatMessage> {
    const seqNo = this.#next();
    const question = this.#message('USER', seqNo, text, [], locale);
    this.history.push(question);
    let reply = '';
    const layers: ChatLayer[] = [];
    for await (const part of this.assistant.reply({
      text,
      seqNo,
      locale,
      history: [...this.history],
      context: options.context ?? null,
      data: this.data,
    })) {
      reply += part.text;
      layers.push(...part.layers);
    }
    const message = this.#message('ASSISTANT', seqNo + 1, reply, layers, locale);
    this.history.push(message);
    return message;
  }

  #next(): number {
    return (this.history[this.history.length - 1]?.seqNo ?? 0) + 1;
  }

  #message(
    source: ChatMessage['source'],
    seqNo: number,
    text: string,
    layers: ChatLayer[],
    language: Locale,
  ): ChatMessage {
    return {
      conversationId: 'c1',
      seqNo,
      source,
      language,
      text,
      layers,
      more: false,
      timestamp: this.data.nowSec(),
    };
  }
}

const offerOf = (message: ChatMessage) =>
  message.layers.find((l) => l.type === 'alertProposal') as
    Extract<ChatLayer, { type: 'alertProposal' }> | undefined;
const madeOf = (message: ChatMessage) =>
  message.layers.find((l) => l.type === 'alert') as
    Extract<ChatLayer, { type: 'alert' }> | undefined;

// ---------------------------------------------------------------------------------------------
// The built-in assistant

describe('the built-in assistant and alerts', () => {
  const builtin = createBuiltinAssistant();

  const OFFERS: [Locale, string, AlertAddBody, string[]][] = [
    [
      'en',
      'alert me when bitcoin drops under 60,000',
      { kind: 'priceBelow', coinId: BTC.id, value: 60_000 },
      [
        'Bitcoin (BTC) drops below $60,000.00',
        'Answer yes or no',
        formatUsd(BTC.quotes.price, 'en'),
      ],
    ],
    [
      'zh',
      '比特币跌破60000时提醒我',
      { kind: 'priceBelow', coinId: BTC.id, value: 60_000 },
      [`Bitcoin（BTC）跌破${formatUsd(60_000, 'zh')}`, '请回答“是”或“否”'],
    ],
    [
      'pt-br',
      'avise-me quando o bitcoin cair abaixo de 60.000',
      { kind: 'priceBelow', coinId: BTC.id, value: 60_000 },
      [`Bitcoin (BTC) cair abaixo de ${formatUsd(60_000, 'pt-br')}`, 'Responda sim ou não'],
    ],
    [
      'zh',
      '以太坊涨到4000提醒我',
      { kind: 'priceAbove', coinId: ETH.id, value: 4_000 },
      [`Ethereum（ETH）涨破${formatUsd(4_000, 'zh')}`],
    ],
    [
      'en',
      'when ETH goes above 4k',
      { kind: 'priceAbove', coinId: ETH.id, value: 4_000 },
      ['Ethereum (ETH) goes above $4,000.00'],
    ],
    [
      'en',
      // Under the price now: the side is "below".
      'alert me when BTC hits 80k',
      { kind: 'priceBelow', coinId: BTC.id, value: 80_000 },
      ['drops below $80,000.00'],
    ],
    [
      'pt-br',
      'me avise se o SOL variar 10% em 24 horas',
      { kind: 'move24h', coinId: SOL.id, value: 10 },
      [`variar ${formatPercent(10, 'pt-br')} ou mais em 24 horas`],
    ],
    [
      'en',
      'alert me when ETH is oversold',
      { kind: 'rsiOversold', coinId: ETH.id },
      ['the RSI of Ethereum (ETH) crosses below 30'],
    ],
  ];

  for (const [locale, text, alert, says] of OFFERS) {
    it(`offers what "${text}" asks for, in ${locale}, and makes nothing yet`, async () => {
      const chat = new Conversation(builtin, makeData());
      const reply = await chat.ask(text, locale);
      const offer = offerOf(reply);
      assert.ok(offer, reply.text);
      assert.deepEqual(offer.alert, alert);
      assert.equal(offer.expiresAt, NOW + OFFER_LIFETIME_SEC);
      for (const words of says) assert.ok(reply.text.includes(words), reply.text);
      assert.equal(chat.data.alerts.made.length, 0);
    });
  }

  it('makes the alert on a yes in any language, through the checks of the API', async () => {
    for (const [locale, yes] of [
      ['en', 'yes please'],
      ['zh', '好的'],
      ['pt-br', 'Sim!'],
    ] as const) {
      const chat = new Conversation(builtin, makeData());
      const offer = offerOf(await chat.ask('alert me when bitcoin drops under 60,000', locale));
      const reply = await chat.ask(yes, locale);
      assert.equal(chat.data.alerts.made.length, 1, reply.text);
      const [made] = chat.data.alerts.made;
      assert.deepEqual(
        [made?.kind, made?.value, made?.subject?.id],
        ['priceBelow', 60_000, BTC.id],
      );
      assert.deepEqual(chat.data.alerts.locales, [locale]);
      assert.equal(madeOf(reply)?.alert.id, made?.id);
      const t = builtinTexts(locale).alert;
      assert.equal(reply.text, t.made(t.describe(offer!.alert, offer!.subject)));
    }
  });

  it('makes nothing on a no, and says so', async () => {
    const chat = new Conversation(builtin, makeData());
    await chat.ask('以太坊涨到4000提醒我', 'zh');
    const reply = await chat.ask('不用了', 'zh');
    assert.equal(reply.text, builtinTexts('zh').alert.cancelled);
    assert.equal(chat.data.alerts.made.length, 0);
    // The offer is answered: a later yes makes nothing either.
    const later = await chat.ask('是', 'zh');
    assert.equal(chat.data.alerts.made.length, 0, later.text);
  });

  it('lets an offer lapse when the next message is about something else', async () => {
    const chat = new Conversation(builtin, makeData());
    await chat.ask('alert me when bitcoin drops under 60,000');
    await chat.ask('price of ETH');
    const reply = await chat.ask('yes');
    assert.equal(chat.data.alerts.made.length, 0, reply.text);
    assert.equal(madeOf(reply), undefined);
  });

  it('makes nothing on a yes after the offer expired, and offers it again', async () => {
    const chat = new Conversation(builtin, makeData());
    await chat.ask('avise-me quando o bitcoin cair abaixo de 60.000', 'pt-br');
    chat.data.advance(OFFER_LIFETIME_SEC + 1);
    const late = await chat.ask('sim', 'pt-br');
    assert.equal(chat.data.alerts.made.length, 0);
    assert.ok(late.text.startsWith(builtinTexts('pt-br').alert.expired), late.text);
    const again = offerOf(late);
    assert.equal(again?.expiresAt, chat.data.nowSec() + OFFER_LIFETIME_SEC);
    await chat.ask('sim', 'pt-br');
    assert.equal(chat.data.alerts.made.length, 1);
  });

  it('makes one alert when the reply to a yes is answered again (a retry)', async () => {
    const chat = new Conversation(builtin, makeData());
    await chat.ask('alert me when bitcoin drops under 60,000');
    await chat.ask('yes');
    // The same question and history again, as the service retries a failed reply.
    const retried = chat.history.slice(0, -1);
    const parts = [];
    for await (const part of builtin.reply({
      text: 'yes',
      seqNo: retried[retried.length - 1]!.seqNo,
      locale: 'en',
      history: retried,
      data: chat.data,
    })) {
      parts.push(part);
    }
    assert.equal(chat.data.alerts.made.length, 1);
    assert.ok(parts.some((p) => p.layers.some((l) => l.type === 'alert')));
  });

  it('says the limit is reached, in the API’s words, instead of offering a 21st alert', async () => {
    for (const locale of ['en', 'zh', 'pt-br'] as const) {
      const chat = new Conversation(builtin, makeData());
      chat.data.alerts.fill(MAX_ALERTS);
      const reply = await chat.ask('alert me when bitcoin drops under 60,000', locale);
      assert.equal(offerOf(reply), undefined);
      assert.ok(reply.text.includes(serverMessage('alertLimit', locale)), reply.text);
    }
  });

  it('says so when the limit is reached between the offer and the yes', async () => {
    const chat = new Conversation(builtin, makeData());
    await chat.ask('alert me when bitcoin drops under 60,000');
    chat.data.alerts.fill(MAX_ALERTS);
    const reply = await chat.ask('yes');
    assert.equal(reply.text, builtinTexts('en').alert.failed(serverMessage('alertLimit', 'en')));
    assert.equal(chat.data.alerts.made.length, MAX_ALERTS);
  });

  it('refuses a value the API refuses, in its words', async () => {
    const chat = new Conversation(builtin, makeData());
    const reply = await chat.ask('notify me if BTC moves 5000% in 24h');
    assert.equal(offerOf(reply), undefined);
    assert.ok(reply.text.includes(serverMessage('alertMove', 'en')), reply.text);
  });

  it('asks which coin when it knows none named, offering the user’s own coins', async () => {
    const chat = new Conversation(builtin, makeData({ watchlist: [SOL, ETH] }));
    const reply = await chat.ask('alert me when FOOBAR drops below 5');
    assert.equal(offerOf(reply), undefined);
    assert.equal(reply.text, builtinTexts('en').alert.askCoin);
    const coins = reply.layers.find((l) => l.type === 'coins');
    assert.deepEqual(coins?.type === 'coins' ? coins.coins.map((c) => c.symbol) : [], [
      'SOL',
      'ETH',
    ]);
  });

  it('takes, of coins sharing a ticker, the one the user follows', async () => {
    const followsSmall = new Conversation(builtin, makeData({ watchlist: [ABC_SMALL] }));
    const mine = offerOf(await followsSmall.ask('alert me when ABC goes above 3'));
    assert.equal(mine?.alert.coinId, ABC_SMALL.id);
    const followsNone = new Conversation(builtin, makeData());
    const largest = await followsNone.ask('alert me when ABC goes above 3');
    assert.equal(offerOf(largest)?.alert.coinId, ABC_BIG.id);
    assert.match(largest.text, /Several coins go by ABC/);
  });

  it('takes the coin of the page or the conversation when the message names none', async () => {
    const onPage = new Conversation(builtin, makeData());
    const reply = await onPage.ask('alert me when it drops below 3000', 'en', {
      context: { coinId: ETH.id },
    });
    assert.equal(offerOf(reply)?.alert.coinId, ETH.id);
    const talked = new Conversation(builtin, makeData());
    await talked.ask('price of SOL');
    assert.equal(offerOf(await talked.ask('notify me if it goes above 200'))?.alert.coinId, SOL.id);
  });

  it('asks for the price, or the side, that the message leaves out', async () => {
    const chat = new Conversation(builtin, makeData());
    const price = await chat.ask('alert me when bitcoin drops');
    assert.equal(offerOf(price), undefined);
    assert.match(price.text, /At what price/);
    const side = await chat.ask('alert me when BTC crosses its 50-day average');
    assert.equal(side.text, builtinTexts('en').alert.askSide('sma50', BTC));
  });

  it('asks for a price in dollars when given another currency', async () => {
    const chat = new Conversation(builtin, makeData());
    const reply = await chat.ask('比特币跌破40万元提醒我', 'zh');
    assert.equal(reply.text, builtinTexts('zh').alert.otherCurrency);
  });

  it('offers an alert on the event of the page, and asks which event elsewhere', async () => {
    const chat = new Conversation(builtin, makeData());
    const onPage = await chat.ask('这个活动开播时提醒我', 'zh', {
      context: { sourceId: SPACE.id },
    });
    assert.deepEqual(offerOf(onPage)?.alert, { kind: 'sourceLive', sourceId: SPACE.id });
    assert.ok(onPage.text.includes('「Halving debate」开播'), onPage.text);
    await chat.ask('确认', 'zh');
    assert.equal(chat.data.alerts.made[0]?.kind, 'sourceLive');
    const elsewhere = await chat.ask('alert me when this event goes live');
    assert.equal(elsewhere.text, builtinTexts('en').alert.askSource);
  });

  it('answers as before where the data offers no alerts', async () => {
    const data: AssistantData = { ...makeData(), alerts: undefined };
    const parts = [];
    for await (const part of builtin.reply({
      text: 'alert me when bitcoin drops under 60,000',
      locale: 'en',
      history: [],
      data,
    })) {
      parts.push(part);
    }
    assert.ok(parts.every((p) => p.layers.every((l) => l.type !== 'alertProposal')));
  });
});

// ---------------------------------------------------------------------------------------------
// The OpenAI-compatible assistant and its create_alert tool

describe('the OpenAI-compatible assistant and alerts', () => {
  let fake: FakeOpenAiStream;
  let assistant: Assistant;

  before(async () => {
    fake = await startFakeOpenAiStream();
    assistant = createOpenAiAssistant({ baseUrl: fake.baseUrl, model: 'fake-model' });
  });
  after(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.script();
    fake.always({ status: 500, errorMessage: 'no scripted reply for this request' });
  });

  const createAlertCall = (args: object) =>
    toolCallSteps([{ id: 'call_1', name: 'create_alert', argumentPieces: [JSON.stringify(args)] }]);

  it('offers the alert the model proposes, and makes it on the yes without asking the model', async () => {
    const chat = new Conversation(assistant, makeData());
    fake.script(
      { steps: createAlertCall({ kind: 'priceBelow', coin_id: BTC.id, value: 60_000 }) },
      { steps: textSteps('I can set that up: Bitcoin under $60,000.') },
    );
    const offered = await chat.ask('ping me once bitcoin is under sixty grand', 'pt-br');
    const offer = offerOf(offered);
    assert.deepEqual(offer?.alert, { kind: 'priceBelow', coinId: BTC.id, value: 60_000 });
    // The model's words, then Coinlens's own of what a yes makes.
    const t = builtinTexts('pt-br').alert;
    assert.ok(offered.text.startsWith('I can set that up'), offered.text);
    assert.ok(
      offered.text.endsWith(`${t.offer(t.describe(offer!.alert, offer!.subject))} ${t.ask}`),
      offered.text,
    );
    assert.equal(chat.data.alerts.made.length, 0);

    const [first, second] = fake.requests;
    assert.ok(first?.body.tools?.some((tool) => tool.function.name === 'create_alert'));
    assert.match(String(first?.body.messages?.[0]?.content), /create_alert/);
    const result = JSON.parse(
      String(second?.body.messages?.find((m) => m.role === 'tool')?.content),
    ) as { offered: string; made: boolean };
    assert.deepEqual(result.made, false);
    assert.equal(result.offered, 'Bitcoin (BTC) drops below $60,000.00');

    const made = await chat.ask('sim', 'pt-br');
    assert.equal(fake.requests.length, 2, 'the yes is not sent to the model');
    assert.equal(chat.data.alerts.made.length, 1);
    assert.equal(madeOf(made)?.alert.value, 60_000);
    assert.ok(made.text.startsWith('Pronto'), made.text);
  });

  it('makes nothing on a no, and nothing when the model only says it made one', async () => {
    const chat = new Conversation(assistant, makeData());
    fake.script(
      { steps: createAlertCall({ kind: 'move24h', coin_id: ETH.id, value: 5 }) },
      { steps: textSteps('Done, your alert is set!') },
    );
    await chat.ask('alert me when ETH moves 5%');
    const no = await chat.ask('no');
    assert.equal(no.text, builtinTexts('en').alert.cancelled);
    assert.equal(chat.data.alerts.made.length, 0);
    assert.equal(fake.requests.length, 2);
  });

  it('tells the model why an alert cannot be offered: a bad value, the limit', async () => {
    const data = makeData();
    data.alerts.fill(MAX_ALERTS);
    const chat = new Conversation(assistant, data);
    fake.script(
      {
        steps: toolCallSteps([
          {
            id: 'call_1',
            name: 'create_alert',
            argumentPieces: [JSON.stringify({ kind: 'move24h', coin_id: BTC.id, value: 5000 })],
          },
          {
            id: 'call_2',
            name: 'create_alert',
            argumentPieces: [JSON.stringify({ kind: 'priceAbove', coin_id: 999, value: 1 })],
          },
        ]),
      },
      {
        steps: createAlertCall({ kind: 'priceAbove', coin_id: BTC.id, value: 150_000 }),
      },
      { steps: textSteps('You have too many alerts.') },
    );
    const reply = await chat.ask('alert me when BTC moves 5000%');
    assert.equal(offerOf(reply), undefined);
    const results = fake.requests
      .flatMap((r) => r.body.messages ?? [])
      .filter((m) => m.role === 'tool')
      .map((m) => JSON.parse(String(m.content)) as { error?: string });
    const errors = [...new Set(results.map((r) => r.error))];
    assert.deepEqual(errors, [
      `this alert cannot be made: ${serverMessage('alertMove', 'en')}`,
      'no coin has the id 999; find ids with search_coins',
      `this alert cannot be made: ${serverMessage('alertLimit', 'en')}`,
    ]);
  });

  it('offers no create_alert tool where the data offers no alerts', async () => {
    fake.script({ steps: textSteps('Hello there.') });
    const parts = [];
    for await (const part of assistant.reply({
      text: 'hi',
      locale: 'en',
      history: [],
      data: { ...makeData(), alerts: undefined },
    })) {
      parts.push(part);
    }
    const [request] = fake.requests;
    assert.ok(request?.body.tools?.every((tool) => tool.function.name !== 'create_alert'));
    assert.doesNotMatch(String(request?.body.messages?.[0]?.content), /create_alert/);
  });
});
