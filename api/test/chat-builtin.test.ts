// The built-in assistant end to end: real server, demo data, a real socket; its answers carry
// the numbers the API itself serves.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { io as connect, type Socket } from 'socket.io-client';
import type {
  ChatHistory,
  ChatMessage,
  Coin,
  CoinReport,
  FollowEntry,
  ListPage,
  Locale,
  MonitorSource,
  SourceSummary,
  UserMonitorSource,
} from '@coinlens/contract';
import { formatChange, formatUsd } from '../src/market/reportText.js';
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
async function ask(
  text: string,
  language = 'en',
  context: Record<string, unknown> | null = null,
): Promise<ChatMessage[]> {
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
    clientId: `question-${seqNo}`,
    conversationId,
    source: 'USER',
    language,
    text,
    context,
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

/** The question of each intent in each language (the phrasings the assistant documents). */
const QUESTIONS: Record<string, Record<Locale, string>> = {
  price: { en: 'price of BTC', zh: '比特币多少钱', 'pt-br': 'preço do BTC' },
  change: {
    en: 'how did ETH do this week',
    zh: 'ETH 7天涨跌',
    'pt-br': 'como foi o ETH em 7 dias',
  },
  compare: { en: 'BTC vs ETH', zh: '比较比特币和以太坊', 'pt-br': 'comparar BTC e ETH' },
  report: { en: 'analysis of XRP', zh: 'XRP 技术分析', 'pt-br': 'análise do XRP' },
  watchlist: { en: 'how is my watchlist', zh: '我的自选', 'pt-br': 'minha lista' },
  mySources: {
    en: 'what did my sources say',
    zh: '我关注的监控源说了什么',
    'pt-br': 'o que minhas fontes disseram',
  },
  upcoming: { en: 'upcoming spaces', zh: '即将开始', 'pt-br': 'próximos eventos' },
  hotCoins: { en: 'hot coins', zh: '热门币', 'pt-br': 'moedas em alta' },
  hotSources: { en: 'hot spaces', zh: '热门监控', 'pt-br': 'fontes em alta' },
  help: { en: 'help', zh: '你好', 'pt-br': 'ajuda' },
};

const layersOf = (parts: ChatMessage[]) => parts.flatMap((p) => p.layers);
const coinIds = (parts: ChatMessage[]) =>
  layersOf(parts).flatMap((l) => (l.type === 'coins' ? l.coins.map((c) => c.id) : []));
const sourceIds = (parts: ChatMessage[]) =>
  layersOf(parts).flatMap((l) => (l.type === 'sources' ? l.sources.map((s) => s.id) : []));

describe('every intent in every language, against the database', () => {
  for (const locale of ['en', 'zh', 'pt-br'] as const) {
    it(`answers each intent in ${locale} with the numbers the API serves`, async () => {
      // A minute on, so that the 20 questions a minute of each language fit in the limit.
      t.clock.advance(61_000);
      const [btc, eth, xrp] = [await coin('BTC'), await coin('ETH'), await coin('XRP')];
      const report = async (id: number) =>
        (await call<CoinReport>(t.url, `/api/analysis/coin?coinId=${id}`, { language: locale }))
          .data;
      // The user follows BTC and ETH (from the test above) and two completed sources.
      const completed = await monitorCall<ListPage<MonitorSource>>(
        t.url,
        '/api/monitor/source/list?status=5&size=2',
      );
      const followed = completed.data.records.map((s) => s.id);
      await monitorCall(t.url, `/api/monitor/user/source/add?sourceIds=${followed.join(',')}`, {
        token,
      });

      const price = await ask(QUESTIONS.price![locale], locale);
      assert.ok(textOf(price).includes(formatUsd(btc.quotes.price, locale)), textOf(price));
      assert.deepEqual(coinIds(price), [btc.id]);

      const change = await ask(QUESTIONS.change![locale], locale);
      const ethReport = await report(eth.id);
      assert.ok(
        textOf(change).includes(formatChange(ethReport.indicators.change7d!, locale)),
        textOf(change),
      );

      const compared = await ask(QUESTIONS.compare![locale], locale);
      assert.deepEqual(new Set(coinIds(compared)), new Set([btc.id, eth.id]));
      assert.ok(textOf(compared).includes(formatUsd(eth.quotes.price, locale)));

      const analysis = await ask(QUESTIONS.report![locale], locale);
      assert.ok(layersOf(analysis).some((l) => l.type === 'report' && l.coinId === xrp.id));
      const xrpReport = await report(xrp.id);
      for (const signal of xrpReport.signals.slice(0, 1)) {
        assert.ok(
          textOf(analysis).includes(signal.title),
          `${signal.title} in ${textOf(analysis)}`,
        );
      }

      const watchlist = await ask(QUESTIONS.watchlist![locale], locale);
      assert.deepEqual(new Set(coinIds(watchlist)), new Set([btc.id, eth.id]));

      const mine = await ask(QUESTIONS.mySources![locale], locale);
      const userList = await monitorCall<ListPage<UserMonitorSource>>(
        t.url,
        '/api/monitor/user/source/list',
        { token },
      );
      assert.deepEqual(
        new Set(sourceIds(mine)),
        new Set(userList.data.records.filter((s) => s.status === 5).map((s) => s.id)),
      );
      const summary = await monitorCall<SourceSummary>(
        t.url,
        `/api/monitor/source/summary?sourceId=${sourceIds(mine)[0]}`,
      );
      assert.ok(summary.ok && summary.data.summary.length > 0);

      const upcoming = await ask(QUESTIONS.upcoming![locale], locale);
      const soonest = await monitorCall<ListPage<MonitorSource>>(
        t.url,
        '/api/monitor/source/list?status=1&size=5',
      );
      assert.deepEqual(
        sourceIds(upcoming),
        soonest.data.records.map((s) => s.id),
      );

      const hot = await ask(QUESTIONS.hotCoins![locale], locale);
      const hotList = await call<Coin[]>(t.url, '/api/asset/hot?size=5');
      assert.deepEqual(
        coinIds(hot),
        hotList.data.map((c) => c.id),
      );

      const hotSpaces = await ask(QUESTIONS.hotSources![locale], locale);
      const hotSourceList = await monitorCall<MonitorSource[]>(
        t.url,
        '/api/monitor/source/hot?size=5',
      );
      assert.equal(sourceIds(hotSpaces)[0], hotSourceList.data[0]?.id);

      const help = await ask(QUESTIONS.help![locale], locale);
      assert.ok(textOf(help).length > 20);

      for (const parts of [
        price,
        change,
        compared,
        analysis,
        watchlist,
        mine,
        upcoming,
        hot,
        help,
      ]) {
        assert.doesNotMatch(textOf(parts), /undefined|NaN/);
        if (locale === 'zh') assert.match(textOf(parts), /[\u4e00-\u9fff]/);
      }
    });
  }
});

describe('against the database: live sources and the page a question comes from', () => {
  it("names the user's live sources as live, in every language", async () => {
    t.clock.advance(61_000);
    const live = await monitorCall<ListPage<MonitorSource>>(
      t.url,
      '/api/monitor/source/list?status=2&size=1',
    );
    const source = live.data.records[0];
    assert.ok(source, 'the demo data has a live source');
    await monitorCall(t.url, `/api/monitor/user/source/add?sourceIds=${source.id}`, { token });
    for (const [locale, said] of [
      ['en', `• ${source.title} (${source.author}): live now`],
      ['zh', `• ${source.title}（${source.author}）：正在直播`],
      ['pt-br', `• ${source.title} (${source.author}): ao vivo agora`],
    ] as const) {
      const mine = await ask(QUESTIONS.mySources![locale], locale);
      assert.ok(textOf(mine).includes(said), textOf(mine));
      assert.equal(sourceIds(mine)[0], source.id);
    }
  });

  it('answers "my next events" from the user\'s own sources, the plain question from everyone\'s', async () => {
    t.clock.advance(61_000);
    const upcoming = await monitorCall<ListPage<MonitorSource>>(
      t.url,
      '/api/monitor/source/list?status=1&size=5',
    );
    const everyones = upcoming.data.records;
    assert.ok(everyones.length >= 2, 'the demo data has several upcoming sources');
    // The user monitors the last of them, not the soonest.
    const later = everyones[everyones.length - 1]!;
    await monitorCall(t.url, `/api/monitor/user/source/add?sourceIds=${later.id}`, { token });
    const userList = await monitorCall<ListPage<UserMonitorSource>>(
      t.url,
      '/api/monitor/user/source/list',
      { token },
    );
    const soonestFirst = (x: MonitorSource, y: MonitorSource) => x.time - y.time || x.id - y.id;
    const own = [
      ...userList.data.records.filter((s) => s.status === 2).sort(soonestFirst),
      ...userList.data.records.filter((s) => s.status === 1).sort(soonestFirst),
    ]
      .slice(0, 5)
      .map((s) => s.id);
    assert.ok(own.includes(later.id), 'the source added is to come');
    for (const [locale, question] of [
      ['en', 'What are my next events?'],
      ['zh', '我的下一个活动是什么？'],
      ['pt-br', 'Quais são meus próximos eventos?'],
    ] as const) {
      assert.deepEqual(sourceIds(await ask(question, locale)), own, question);
    }
    for (const [locale, question] of [
      ['en', 'What are the next events?'],
      ['zh', '下一个活动是什么？'],
      ['pt-br', 'Quais são os próximos eventos?'],
    ] as const) {
      assert.deepEqual(
        sourceIds(await ask(question, locale)),
        everyones.map((s) => s.id),
        question,
      );
    }
  });

  it('answers "this coin" and "this event" about what the page shows', async () => {
    t.clock.advance(61_000);
    const eth = await coin('ETH');
    const onEth = await ask('is this coin overbought?', 'en', {
      page: 'reporting',
      coinId: eth.id,
    });
    assert.ok(layersOf(onEth).some((l) => l.type === 'report' && l.coinId === eth.id));
    assert.ok(textOf(onEth).includes('Ethereum (ETH)'), textOf(onEth));
    const zh = await ask('这个币种多少钱', 'zh', { page: 'reporting', coinId: eth.id });
    assert.ok(textOf(zh).includes(formatUsd(eth.quotes.price, 'zh')), textOf(zh));

    const completed = await monitorCall<ListPage<MonitorSource>>(
      t.url,
      '/api/monitor/source/list?status=5&size=1',
    );
    const event = completed.data.records[0]!;
    const summary = await monitorCall<SourceSummary>(
      t.url,
      `/api/monitor/source/summary?sourceId=${event.id}`,
    );
    const about = await ask('o que esta fonte disse?', 'pt-br', {
      page: 'source',
      sourceId: event.id,
    });
    assert.ok(textOf(about).startsWith(`O que ${event.title} (${event.author},`), textOf(about));
    assert.ok(textOf(about).includes(summary.data.summary.slice(0, 40)), textOf(about));
    assert.deepEqual(sourceIds(about), [event.id]);
  });
});
