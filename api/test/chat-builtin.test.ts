// The built-in assistant end to end: real server, demo data, a real socket; its answers carry
// the numbers the API itself serves.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { io as connect, type Socket } from 'socket.io-client';
import type {
  ChatHistory,
  ChatMessage,
  Coin,
  FollowEntry,
  ListPage,
  MonitorSource,
} from '../src/contract/index.js';
import { formatUsd } from '../src/market/reportText.js';
import { call } from './helpers/auth.js';
import { monitorCall, signedInUser, startApiServer, type ApiTestServer } from './helpers/api.js';

let t: ApiTestServer;
let token: string;
let socket: Socket;
let conversationId: string;
let seqNo = 0;

before(async () => {
  t = await startApiServer();
  await t.server.app.lifecycle.tick();
  token = await signedInUser(t);
  socket = connect(t.url, { transports: ['websocket'], auth: { token }, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  conversationId = (await call<ChatHistory>(t.url, '/api/chat/list', { token })).data
    .conversationId;
});

after(async () => {
  socket?.disconnect();
  await t?.close();
});

/** Asks and answers the reply's parts once the last has come. */
async function ask(text: string, language = 'en'): Promise<ChatMessage[]> {
  seqNo += 1;
  const parts: ChatMessage[] = [];
  const done = new Promise<ChatMessage[]>((resolve) => {
    const listener = (message: ChatMessage) => {
      if (message.source !== 'ASSISTANT') return;
      parts.push(message);
      if (!message.more) {
        socket.off('chat', listener);
        resolve(parts);
      }
    };
    socket.on('chat', listener);
  });
  const ack = await socket.timeout(5000).emitWithAck('chat', {
    conversationId,
    seqNo,
    source: 'USER',
    language,
    text,
  });
  assert.equal(ack.code, 200, ack.msg);
  return done;
}

const textOf = (parts: ChatMessage[]) => parts.map((p) => p.text).join('');

async function coin(symbol: string): Promise<Coin> {
  const res = await call<ListPage<Coin>>(t.url, `/api/asset/list?keyword=${symbol}&size=1`);
  return res.data.records[0]!;
}

describe('the built-in assistant', () => {
  it("quotes a coin's price as the API serves it, in the user's language, within 5 s", async () => {
    const btc = await coin('BTC');
    const started = performance.now();
    const parts = await ask('price of BTC');
    assert.ok(performance.now() - started < 5000);
    assert.ok(parts.length >= 2, 'streamed in parts');
    assert.ok(textOf(parts).includes(formatUsd(btc.quotes.price, 'en')), textOf(parts));
    assert.match(textOf(parts), /demo/i);
    const layers = parts.flatMap((p) => p.layers);
    assert.ok(layers.some((l) => l.type === 'coins' && l.coins[0]?.id === btc.id));

    const zh = await ask('比特币多少钱', 'zh');
    assert.ok(textOf(zh).includes(formatUsd(btc.quotes.price, 'zh')), textOf(zh));
    assert.match(textOf(zh), /[\u4e00-\u9fff]/);
  });

  it("reads the user's watchlist and the upcoming sources from the database", async () => {
    const [btc, eth] = [await coin('BTC'), await coin('ETH')];
    const followed = await call<FollowEntry[]>(t.url, '/api/follow/add', {
      token,
      body: { coinIds: [btc.id, eth.id] },
    });
    assert.equal(followed.code, 200);
    const watchlist = await ask('how is my watchlist', 'pt-br');
    for (const entry of followed.data) {
      assert.ok(textOf(watchlist).includes(entry.coin.symbol), textOf(watchlist));
    }
    assert.ok(textOf(watchlist).includes(formatUsd(eth.quotes.price, 'pt-br')));

    const upcoming = await ask('upcoming spaces');
    const soonest = await monitorCall<ListPage<MonitorSource>>(
      t.url,
      '/api/monitor/source/list?status=1&size=1',
    );
    const sources = upcoming.flatMap((p) => p.layers).find((l) => l.type === 'sources');
    assert.equal(
      sources?.type === 'sources' && sources.sources[0]?.id,
      soonest.data.records[0]!.id,
    );
  });

  it('says plainly when it does not know, and the history holds every answer', async () => {
    const unknown = await ask('tell me a joke');
    assert.ok(textOf(unknown).length > 10);
    assert.doesNotMatch(textOf(unknown), /\d{3}/, 'no numbers made up');
    const history = await call<ChatHistory>(t.url, '/api/chat/list?size=50', { token });
    const replies = history.data.messages.filter((m) => m.source === 'ASSISTANT');
    assert.equal(replies.length, seqNo);
    assert.ok(replies.every((m) => m.text.length > 0 && !m.error));
  });
});
