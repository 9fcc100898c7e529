// One coin's figures agree wherever they are shown, for every coin of the demo data set in every
// language: the price answer's 24 h change (the report card's header and the phone's watchlist),
// the change of each chart range (its caption), the 7- and 30-day change and the 30-day high and
// low indicators, the report's summary, and the built-in assistant's answer. Compared as shown,
// after rounding (api/src/market/figures.ts and docs/api.md, "Report figures", define them).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { io as connect, type Socket } from 'socket.io-client';
import { createBuiltinAssistant } from '../src/chat/builtin.js';
import type { Assistant, AssistantData } from '../src/chat/types.js';
import type {
  ChatHistory,
  ChatMessage,
  Coin,
  CoinPrice,
  CoinReport,
  ListPage,
  Locale,
  PricePoint,
} from '@coinlens/contract';
import { formatChange, formatUsd } from '../src/market/reportText.js';
import { call } from './helpers/auth.js';
import { FixedClock, signedInUser, startApiServer, T0, type ApiTestServer } from './helpers/api.js';

const LOCALES: readonly Locale[] = ['en', 'zh', 'pt-br'];

/** "And how did it do over 7 days?" in each language. */
const CHANGE_QUESTION: Record<Locale, string> = {
  en: 'how did it do this week',
  zh: '它7天涨跌',
  'pt-br': 'como foi em 7 dias',
};

const builtin = createBuiltinAssistant();
/** The data the chat gives the built-in assistant for the signed-in user, once it has asked. */
let chatData: AssistantData | undefined;
/** The built-in assistant, noting the data the chat gives it. */
const noting: Assistant = {
  reply(input) {
    chatData = input.data;
    return builtin.reply(input);
  },
};

let t: ApiTestServer;
let socket: Socket;

before(async () => {
  // Between two hours and off the 30 D chart's 4-hour grid, where a range's start falls between
  // two points of the history.
  t = await startApiServer({ assistant: noting, clock: new FixedClock(T0 + 97 * 60_000 + 25_000) });
  const token = await signedInUser(t);
  socket = connect(t.url, { transports: ['websocket'], auth: { token }, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const { conversationId } = (await call<ChatHistory>(t.url, '/api/chat/list', { token })).data;
  // One question over the socket, so that the chat hands the assistant the user's data.
  const answered = new Promise<void>((resolve) => {
    socket.on('chat', (message: ChatMessage) => {
      if (message.source === 'ASSISTANT' && !message.more) resolve();
    });
  });
  const ack = await socket.timeout(5000).emitWithAck('chat', {
    clientId: 'question-1',
    conversationId,
    source: 'USER',
    language: 'en',
    text: 'hi',
  });
  assert.equal(ack.code, 200, ack.msg);
  await answered;
  assert.ok(chatData, 'the chat gave the assistant its data');
});

after(async () => {
  socket?.disconnect();
  await t?.close();
});

async function allCoins(): Promise<Coin[]> {
  const coins: Coin[] = [];
  for (let page = 1; ; page++) {
    const { data } = await call<ListPage<Coin>>(t.url, `/api/asset/list?page=${page}&size=50`);
    coins.push(...data.records);
    if (data.records.length === 0 || coins.length >= data.total) return coins;
  }
}

async function prices(coins: readonly Coin[]): Promise<Map<number, CoinPrice>> {
  const byCoin = new Map<number, CoinPrice>();
  for (let from = 0; from < coins.length; from += 100) {
    const ids = coins.slice(from, from + 100).map((coin) => coin.id);
    const { data } = await call<CoinPrice[]>(t.url, `/api/coin/price?coinIds=${ids.join(',')}`);
    for (const price of data) byCoin.set(price.coinId, price);
  }
  return byCoin;
}

/**
 * The built-in assistant's whole answer on how `coin` did over the week, and the coins its
 * layers show. The question follows an answer that showed the coin, as when the user asks on
 * after a list: a question cannot name every coin (a ticker of one letter, such as Sonic's S, or
 * a common word such as SUN).
 */
async function askChange(coin: Coin, locale: Locale): Promise<{ text: string; coins: number[] }> {
  const shown: ChatMessage = {
    conversationId: 'earlier',
    seqNo: 1,
    source: 'ASSISTANT',
    language: locale,
    text: '',
    layers: [{ type: 'coins', coins: [coin] }],
    more: false,
    timestamp: 0,
  };
  const text = CHANGE_QUESTION[locale];
  const history = [shown];
  let answer = '';
  const coins: number[] = [];
  for await (const part of builtin.reply({ text, locale, history, data: chatData! })) {
    answer += part.text;
    for (const layer of part.layers) {
      if (layer.type === 'coins') coins.push(...layer.coins.map((coin) => coin.id));
    }
  }
  return { text: answer, coins };
}

/** A chart caption's change: the range's last price against its first. */
const captionChange = (points: readonly PricePoint[]) =>
  (points.at(-1)!.price / points[0]!.price - 1) * 100;

describe('the figures of every demo coin', () => {
  for (const locale of LOCALES) {
    it(`agree on the card, in its summary, on the phone and in the assistant's answer in ${locale}`, async () => {
      const coins = await allCoins();
      assert.ok(coins.length >= 200, `${coins.length} coins`);
      const live = await prices(coins);
      for (const coin of coins) {
        const label = `${coin.symbol} in ${locale}`;
        const answer = await call<CoinReport>(t.url, `/api/analysis/coin?coinId=${coin.id}`, {
          language: locale,
        });
        assert.equal(answer.code, 200, `${label}: ${answer.msg}`);
        const report = answer.data;
        assert.equal(report.source, 'demo');
        const { series, indicators, summary } = report;
        const change = (value: number | null) => {
          assert.notEqual(value, null, label);
          return formatChange(value!, locale);
        };
        const usd = (value: number | null) => {
          assert.notEqual(value, null, label);
          return formatUsd(value!, locale);
        };

        // The header: the price answer (also the phone's) and the report's coin.
        const price = live.get(coin.id)!;
        const header = change(price.percentChange24h);
        assert.equal(change(report.coin.quotes.percentChange24h), header, label);
        assert.equal(usd(report.coin.quotes.price), usd(price.price), label);

        // The chart captions and the indicators.
        assert.equal(change(captionChange(series['24h'])), header, `${label}: 24 H chart`);
        const week = change(indicators.change7d);
        assert.equal(change(captionChange(series['7d'])), week, `${label}: 7 D chart`);
        const month = change(indicators.change30d);
        assert.equal(change(captionChange(series['30d'])), month, `${label}: 30 D chart`);
        const monthPrices = series['30d'].map((point) => point.price);
        assert.equal(usd(Math.min(...monthPrices)), usd(indicators.low30d), `${label}: low`);
        assert.equal(usd(Math.max(...monthPrices)), usd(indicators.high30d), `${label}: high`);

        // A breakout leaves the 30-day range: the latest price is then its high or low.
        const ids = report.signals.map((signal) => signal.id);
        if (ids.includes('breakoutUp')) assert.equal(usd(indicators.high30d), usd(price.price));
        if (ids.includes('breakoutDown')) assert.equal(usd(indicators.low30d), usd(price.price));

        // The summary.
        for (const figure of [usd(price.price), header, week, month]) {
          assert.ok(summary.includes(figure), `${label}: ${figure} in ${summary}`);
        }

        // The assistant: the price and the three changes.
        const reply = await askChange(coin, locale);
        assert.deepEqual(reply.coins, [coin.id], `${label}: ${reply.text}`);
        for (const figure of [usd(price.price), header, week, month]) {
          assert.ok(reply.text.includes(figure), `${label}: ${figure} in ${reply.text}`);
        }
      }
    });
  }
});
