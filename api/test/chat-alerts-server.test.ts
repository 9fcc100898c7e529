// Alerts made by asking the assistant, end to end: a real server on a fresh database, a real
// socket, the chat's own service and store, and the alert routes' service behind it. The offer
// is kept in the conversation, the alert is made on the next message's yes only (once, however
// many tabs say it), a no or an expired offer makes nothing, and the limit of 20 is the API's.
// The OpenAI-compatible assistant's create_alert tool runs against a fake streaming endpoint.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Socket } from 'socket.io-client';
import {
  MAX_ALERTS,
  serverMessage,
  type Alert,
  type AlertList,
  type ChatHistory,
  type ChatLayer,
  type ChatMessage,
  type Coin,
  type ListPage,
} from '@coinlens/contract';
import { OFFER_LIFETIME_SEC } from '../src/chat/alertOffer.js';
import { createBuiltinAssistant } from '../src/chat/builtin.js';
import { builtinTexts } from '../src/chat/builtinText.js';
import { createOpenAiAssistant } from '../src/chat/openai.js';
import type { Assistant } from '../src/chat/types.js';
import { FixedClock, signedInUser, startApiServer, T0, type ApiTestServer } from './helpers/api.js';
import { call } from './helpers/auth.js';
import { ChatSockets, connected, conversationOf, send } from './helpers/chat.js';
import {
  startFakeOpenAiStream,
  textSteps,
  toolCallSteps,
  type FakeOpenAiStream,
} from './helpers/fakeOpenAiStream.js';

const clock = new FixedClock(T0);
let t: ApiTestServer;
let fake: FakeOpenAiStream;
const sockets = new ChatSockets(() => t.url);
const builtin = createBuiltinAssistant();
let openAi: Assistant;
/** Who answers: the built-in assistant, or the OpenAI-compatible one when a test says so. */
let current: Assistant = builtin;
let bitcoin: Coin;
let ethereum: Coin;

before(async () => {
  fake = await startFakeOpenAiStream();
  openAi = createOpenAiAssistant({ baseUrl: fake.baseUrl, model: 'fake-model' });
  t = await startApiServer({ clock, assistant: { reply: (input) => current.reply(input) } });
  bitcoin = await coin('BTC');
  ethereum = await coin('ETH');
});

after(async () => {
  sockets.closeAll();
  await t?.close();
  await fake?.close();
});

async function coin(symbol: string): Promise<Coin> {
  const res = await call<ListPage<Coin>>(t.url, `/api/asset/list?keyword=${symbol}&size=1`);
  return res.data.records[0]!;
}

interface Reply {
  text: string;
  layers: ChatLayer[];
}

/** A signed-in user with a socket, asking in their current conversation. */
async function userChat() {
  const token = await signedInUser(t);
  const socket: Socket = sockets.open(token);
  await connected(socket);
  const conversationId = await conversationOf(t.url, token);
  const replies = new Map<number, ChatMessage[]>();
  const waiting = new Map<number, (reply: Reply) => void>();
  socket.on('chat', (message: ChatMessage) => {
    if (message.source !== 'ASSISTANT') return;
    const parts = [...(replies.get(message.seqNo) ?? []), message];
    replies.set(message.seqNo, parts);
    if (!message.more) {
      waiting.get(message.seqNo)?.({
        text: parts.map((p) => p.text).join(''),
        layers: parts.flatMap((p) => p.layers),
      });
    }
  });
  let asked = 0;
  /** Sends a question and answers its whole reply. */
  const ask = async (text: string, language = 'en'): Promise<Reply> => {
    asked += 1;
    const ack = await send(socket, {
      clientId: `alert-question-${asked}`,
      conversationId,
      source: 'USER',
      language,
      text,
    });
    assert.equal(ack.code, 200, ack.msg);
    const { seqNo } = ack.data as { seqNo: number };
    const done = replies.get(seqNo + 1)?.find((m) => !m.more);
    if (done) {
      const parts = replies.get(seqNo + 1)!;
      return { text: parts.map((p) => p.text).join(''), layers: parts.flatMap((p) => p.layers) };
    }
    return new Promise((resolve) => waiting.set(seqNo + 1, resolve));
  };
  const alerts = async (): Promise<Alert[]> => {
    const res = await call<AlertList>(t.url, '/api/alert/list', { token });
    assert.equal(res.code, 200, res.msg);
    return res.data.records;
  };
  return { token, ask, alerts, conversationId };
}

const offerOf = (reply: Reply) =>
  reply.layers.find((l) => l.type === 'alertProposal') as
    Extract<ChatLayer, { type: 'alertProposal' }> | undefined;
const madeOf = (reply: Reply) =>
  reply.layers.find((l) => l.type === 'alert') as Extract<ChatLayer, { type: 'alert' }> | undefined;

describe('the built-in assistant makes alerts', () => {
  it('offers the alert, and makes it through the alert service on the yes', async () => {
    const user = await userChat();
    const offered = await user.ask('alert me when bitcoin drops under 60,000');
    assert.deepEqual(offerOf(offered)?.alert, {
      kind: 'priceBelow',
      coinId: bitcoin.id,
      value: 60_000,
    });
    assert.deepEqual(await user.alerts(), []);

    const made = await user.ask('yes');
    const [alert] = await user.alerts();
    assert.deepEqual(
      [alert?.kind, alert?.value, alert?.subject?.id, alert?.subject?.symbol],
      ['priceBelow', 60_000, bitcoin.id, 'BTC'],
    );
    assert.equal(madeOf(made)?.alert.id, alert?.id);
    assert.match(
      made.text,
      /^Done: I will alert you when Bitcoin \(BTC\) drops below \$60,000\.00/,
    );

    // The offer and the alert are kept in the conversation as they were sent.
    const history = await call<ChatHistory>(t.url, '/api/chat/list?size=10&oldestSeqNo=-1', {
      token: user.token,
    });
    const stored = history.data.messages.flatMap((m) => m.layers.map((l) => l.type));
    assert.deepEqual(
      stored.filter((type) => type.startsWith('alert')),
      ['alertProposal', 'alert'],
    );
  });

  it('makes nothing on a no', async () => {
    const user = await userChat();
    const offered = await user.ask('以太坊涨到4000提醒我', 'zh');
    assert.deepEqual(offerOf(offered)?.alert, {
      kind: 'priceAbove',
      coinId: ethereum.id,
      value: 4_000,
    });
    const no = await user.ask('不用了', 'zh');
    assert.equal(no.text, builtinTexts('zh').alert.cancelled);
    assert.deepEqual(await user.alerts(), []);
  });

  it('makes nothing on a yes past the offer’s time, and offers it again', async () => {
    const user = await userChat();
    await user.ask('avise-me quando o bitcoin cair abaixo de 60.000', 'pt-br');
    clock.advance((OFFER_LIFETIME_SEC + 60) * 1000);
    const late = await user.ask('sim', 'pt-br');
    assert.ok(late.text.startsWith(builtinTexts('pt-br').alert.expired), late.text);
    assert.deepEqual(await user.alerts(), []);
    await user.ask('sim', 'pt-br');
    assert.equal((await user.alerts()).length, 1);
  });

  it('makes one alert when two tabs say yes at once', async () => {
    const user = await userChat();
    await user.ask('notify me if ETH moves 5% in 24h');
    const answers = await Promise.all([user.ask('yes'), user.ask('yes')]);
    const made = await user.alerts();
    assert.equal(made.length, 1);
    assert.deepEqual([made[0]?.kind, made[0]?.value], ['move24h', 5]);
    assert.equal(answers.filter((a) => madeOf(a)).length, 1);
  });

  it('says that the limit of 20 is reached, in the API’s words', async () => {
    const user = await userChat();
    for (let i = 0; i < MAX_ALERTS; i++) {
      const res = await call<Alert>(t.url, '/api/alert/add', {
        token: user.token,
        body: { kind: 'priceAbove', coinId: bitcoin.id, value: 200_000 + i },
      });
      assert.equal(res.code, 200, res.msg);
    }
    const refused = await user.ask('比特币跌破6万提醒我', 'zh');
    assert.equal(offerOf(refused), undefined);
    assert.ok(refused.text.includes(serverMessage('alertLimit', 'zh')), refused.text);
    assert.equal((await user.alerts()).length, MAX_ALERTS);
  });
});

describe('what only the assistant may offer', () => {
  it('refuses an alert offer in a robot line, which the site posts', async () => {
    const user = await userChat();
    const res = await call(t.url, '/api/chat/robot', {
      token: user.token,
      body: {
        key: 'onboarding-1',
        text: 'Hello!',
        language: 'en',
        layers: [
          {
            type: 'alertProposal',
            alert: { kind: 'priceBelow', coinId: bitcoin.id, value: 1 },
            subject: { kind: 'coin', id: bitcoin.id, name: 'Bitcoin', symbol: 'BTC', logo: '' },
            expiresAt: Math.floor(clock.now() / 1000) + 600,
          },
        ],
      },
    });
    assert.equal(res.code, 400, res.msg);
    const plain = await call(t.url, '/api/chat/robot', {
      token: user.token,
      body: { key: 'onboarding-1', text: 'Hello!', language: 'en', layers: [] },
    });
    assert.equal(plain.code, 200, plain.msg);
  });
});

describe('the OpenAI-compatible assistant makes alerts', () => {
  it('offers the alert its model proposes, and makes it on the yes alone', async () => {
    current = openAi;
    try {
      const user = await userChat();
      fake.script(
        {
          steps: toolCallSteps([
            {
              id: 'call_1',
              name: 'create_alert',
              argumentPieces: [
                JSON.stringify({ kind: 'priceAbove', coin_id: ethereum.id, value: 4000 }),
              ],
            },
          ]),
        },
        { steps: textSteps('Sure, I can watch Ethereum for you.') },
      );
      const offered = await user.ask('when ETH goes above 4k, ping me');
      assert.deepEqual(offerOf(offered)?.alert, {
        kind: 'priceAbove',
        coinId: ethereum.id,
        value: 4_000,
      });
      assert.deepEqual(await user.alerts(), []);
      const requests = fake.requests.length;

      await user.ask('ok, do it');
      assert.equal(fake.requests.length, requests, 'the yes is not sent to the model');
      const [alert] = await user.alerts();
      assert.deepEqual([alert?.kind, alert?.value], ['priceAbove', 4_000]);
    } finally {
      current = builtin;
    }
  });
});
