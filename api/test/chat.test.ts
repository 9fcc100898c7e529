// Chat through the real server and a real socket.io client: who may connect, acknowledgements,
// streamed parts to every tab, failures, resends, limits, history and a new conversation, and a
// reply that goes on after a reconnect. A scripted assistant makes the parts known; the built-in
// one is tested on its own (assistant-builtin.test.ts) and once end to end here.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { io as connect, type Socket } from 'socket.io-client';
import type { ChatAck } from '../src/chat/service.js';
import type { Assistant, AssistantInput, ReplyPart } from '../src/chat/types.js';
import type { ChatHistory, ChatMessage } from '../src/contract/index.js';
import { call } from './helpers/auth.js';
import { signedInUser, startApiServer, type ApiTestServer } from './helpers/api.js';

/** What the scripted assistant does with a question. */
type Script = (input: AssistantInput) => AsyncIterable<ReplyPart>;
let script: Script;
const asked: string[] = [];
const scripted: Assistant = {
  reply(input) {
    asked.push(input.text);
    return script(input);
  },
};

async function* parts(...texts: string[]): AsyncIterable<ReplyPart> {
  for (const text of texts) yield { text, layers: [] };
}

let t: ApiTestServer;
const sockets: Socket[] = [];

before(async () => {
  t = await startApiServer({
    demoSources: false,
    assistant: scripted,
    corsOrigins: ['https://app.example.com'],
  });
});

after(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

/** A connected socket for the token (fails the test when refused). */
function open(token: string | null, options: { origin?: string; via?: 'auth' | 'query' } = {}) {
  const socket = connect(t.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token === null ? {} : options.via === 'query' ? { query: { token } } : { auth: { token } }),
    ...(options.origin ? { extraHeaders: { origin: options.origin } } : {}),
  });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

function refused(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** Collects `chat` events until one with `more: false` for `seqNo` (or `count` events). */
function collect(socket: Socket, until: (message: ChatMessage) => boolean): Promise<ChatMessage[]> {
  const got: ChatMessage[] = [];
  return new Promise((resolve) => {
    const listener = (message: ChatMessage) => {
      got.push(message);
      if (until(message)) {
        socket.off('chat', listener);
        resolve(got);
      }
    };
    socket.on('chat', listener);
  });
}

const lastPart = (seqNo: number) => (m: ChatMessage) => m.seqNo === seqNo && !m.more;

async function conversationOf(token: string): Promise<string> {
  const res = await call<ChatHistory>(t.url, '/api/chat/list', { token });
  assert.equal(res.code, 200, res.msg);
  return res.data.conversationId;
}

function send(socket: Socket, payload: Record<string, unknown>): Promise<ChatAck> {
  return socket.timeout(5000).emitWithAck('chat', payload);
}

const question = (conversationId: string, seqNo: number, text: string, language = 'en') => ({
  conversationId,
  seqNo,
  source: 'USER',
  language,
  text,
  context: { page: 'welcome' },
});

describe('connecting', () => {
  it('refuses a missing or bad token with "unauthorized", and a foreign origin', async () => {
    assert.equal(await refused(open(null)), 'unauthorized');
    assert.equal(await refused(open('not-a-token')), 'unauthorized');
    const token = await signedInUser(t);
    await connected(open(token, { via: 'query' }));
    await connected(open(token, { origin: 'https://app.example.com' }));
    assert.match(
      await refused(open(token, { origin: 'https://evil.example' })),
      /websocket error|xhr|origin/i,
    );
  });

  it('allows 10 sockets per user', async () => {
    const token = await signedInUser(t);
    for (let i = 0; i < 10; i += 1) await connected(open(token));
    assert.equal(await refused(open(token)), 'too many connections');
  });

  it('lets 10 of 30 handshakes sent at once in, and another once one leaves', async () => {
    const token = await signedInUser(t);
    const tabs = Array.from({ length: 30 }, () => open(token));
    const outcomes = await Promise.all(
      tabs.map((tab) =>
        connected(tab).then(
          () => 'connected',
          (error: Error) => error.message,
        ),
      ),
    );
    assert.equal(outcomes.filter((outcome) => outcome === 'connected').length, 10);
    assert.equal(outcomes.filter((outcome) => outcome === 'too many connections').length, 20);
    const leaving = tabs[outcomes.indexOf('connected')]!;
    leaving.disconnect();
    // The server hears the close a moment later.
    for (let tries = 0; ; tries += 1) {
      const next = open(token);
      const outcome = await connected(next).then(
        () => 'connected',
        (error: Error) => error.message,
      );
      if (outcome === 'connected') break;
      assert.ok(tries < 50, 'a place never freed up');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});

describe('a message', () => {
  it('is acknowledged with its number and answered in parts on every tab', async () => {
    script = () => parts('Bitcoin ', 'is at ', '$93,000.');
    const token = await signedInUser(t);
    const [tab1, tab2] = [open(token), open(token)];
    await Promise.all([connected(tab1), connected(tab2)]);
    const conversationId = await conversationOf(token);

    const onTab1 = collect(tab1, lastPart(2));
    const onTab2 = collect(tab2, lastPart(2));
    const ack = await send(tab1, question(conversationId, 7, '  price of BTC? '));
    assert.deepEqual(ack, { code: 200, msg: 'ok', data: { seqNo: 1 } });

    const first = await onTab1;
    assert.deepEqual(
      first.map((m) => [m.source, m.seqNo, m.text, m.more]),
      [
        ['ASSISTANT', 2, 'Bitcoin ', true],
        ['ASSISTANT', 2, 'is at ', true],
        ['ASSISTANT', 2, '$93,000.', false],
      ],
      'the asking tab gets the parts, not its own question',
    );
    const second = await onTab2;
    assert.deepEqual(
      second.map((m) => [m.source, m.seqNo, m.more]),
      [
        ['USER', 1, false],
        ['ASSISTANT', 2, true],
        ['ASSISTANT', 2, true],
        ['ASSISTANT', 2, false],
      ],
    );
    assert.equal(second[0]!.text, 'price of BTC?');

    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.deepEqual(
      history.data.messages.map((m) => [m.seqNo, m.source, m.text, m.more]),
      [
        [1, 'USER', 'price of BTC?', false],
        [2, 'ASSISTANT', 'Bitcoin is at $93,000.', false],
      ],
    );
    assert.deepEqual(history.data.messages[0]!.context, { page: 'welcome' });
  });

  it('ends a failed reply with an error part, kept in the history', async () => {
    script = async function* () {
      yield { text: 'Let me look', layers: [] };
      throw new Error('upstream broke');
    };
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    const got = collect(tab, lastPart(2));
    await send(tab, question(conversationId, 1, 'anything', 'pt-br'));
    const received = await got;
    assert.deepEqual(
      received.map((m) => [m.more, m.error ?? false]),
      [
        [true, false],
        [false, true],
      ],
    );
    assert.match(received[1]!.text, /Desculpe/);
    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.equal(history.data.messages[1]!.error, true);
    assert.match(history.data.messages[1]!.text, /^Let me look\n\nDesculpe/);
  });

  it('stores and answers a resend only once', async () => {
    script = () => parts('once');
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    asked.length = 0;
    const got = collect(tab, lastPart(2));
    const [a, b] = await Promise.all([
      send(tab, question(conversationId, 3, 'hello')),
      send(tab, question(conversationId, 3, 'hello')),
    ]);
    assert.deepEqual([a.data, b.data], [{ seqNo: 1 }, { seqNo: 1 }]);
    await got;
    const again = await send(tab, question(conversationId, 3, 'hello'));
    assert.deepEqual(again.data, { seqNo: 1 });
    assert.deepEqual(asked, ['hello']);
    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.equal(history.data.messages.length, 2);
  });

  it('refuses bad messages with a clear code', async () => {
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    const cases: [unknown, number][] = [
      ['text', 400],
      [{ ...question(conversationId, 1, 'x'), source: 'ASSISTANT' }, 400],
      [{ ...question(conversationId, 1, 'x'), seqNo: -1 }, 400],
      [{ ...question(conversationId, 1, 'x'), language: 'fr' }, 400],
      [{ ...question(conversationId, 1, 'x'), language: 42 }, 400],
      [{ ...question(conversationId, 1, 'x'), language: ['en'] }, 400],
      [question(conversationId, 1, '   '), 422],
      [question(conversationId, 1, 'x'.repeat(2001)), 422],
      [{ ...question(conversationId, 1, 'x'), context: { big: 'y'.repeat(5000) } }, 422],
      [question('someone-elses', 1, 'x'), 404],
    ];
    for (const [payload, code] of cases) {
      const ack = await tab.timeout(5000).emitWithAck('chat', payload);
      assert.equal(ack.code, code, JSON.stringify(payload).slice(0, 80));
      assert.ok(ack.msg.length > 3);
    }
    const zh = await send(tab, question(conversationId, 1, '', 'zh'));
    assert.match(zh.msg, /消息/);
  });

  it('refuses a question far past the size limits in words, on a socket that stays', async () => {
    script = () => parts('ok');
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    // About 120 KB on the wire: more than socket.io's default buffer would take whole.
    const pasted = await send(tab, question(conversationId, 1, '比特币'.repeat(13_000)));
    assert.equal(pasted.code, 422);
    assert.match(pasted.msg, /2000|2,000/);
    const context = await send(tab, {
      ...question(conversationId, 1, 'x'),
      context: { page: 'p'.repeat(100_000) },
    });
    assert.equal(context.code, 422);
    assert.equal(tab.connected, true);
    const next = await send(tab, question(conversationId, 1, 'a question of a normal size'));
    assert.equal(next.code, 200);
  });

  it('takes 20 of a burst of 200 messages sent without waiting for their acks', async () => {
    script = () => parts('ok');
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    const acks = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        tab.timeout(20_000).emitWithAck('chat', question(conversationId, i + 1, `burst ${i}`)),
      ),
    );
    const codes = acks.map((ack: ChatAck) => ack.code);
    assert.equal(codes.filter((code) => code === 200).length, 20);
    assert.equal(codes.filter((code) => code === 429).length, 180);
  });

  it('gives a recognised resend its slot back', async () => {
    script = () => parts('ok');
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    for (let i = 1; i <= 19; i += 1) {
      assert.equal((await send(tab, question(conversationId, i, `message ${i}`))).code, 200);
    }
    // The same question again, under the same number: recognised, not counted.
    assert.equal((await send(tab, question(conversationId, 19, 'message 19'))).code, 200);
    assert.equal((await send(tab, question(conversationId, 20, 'message 20'))).code, 200);
    assert.equal((await send(tab, question(conversationId, 21, 'message 21'))).code, 429);
  });

  it('limits a user to 20 messages a minute, saying so in the conversation', async () => {
    script = () => parts('ok');
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    for (let i = 1; i <= 20; i += 1) {
      const ack = await send(tab, question(conversationId, i, `message ${i}`));
      assert.equal(ack.code, 200);
    }
    const errorPart = collect(tab, (m) => m.error === true && m.seqNo === 21);
    const refusedAck = await send(tab, question(conversationId, 21, 'one too many'));
    assert.equal(refusedAck.code, 429);
    assert.ok((refusedAck.data as { retryAfter: number }).retryAfter >= 1);
    assert.match((await errorPart).at(-1)!.text, /too fast/);
  });
});

describe('history', () => {
  it('pages back by oldestSeqNo, and clean starts a new conversation', async () => {
    script = (input) => parts(`re: ${input.text}`);
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    for (let i = 1; i <= 3; i += 1) {
      const done = collect(tab, lastPart(i * 2));
      await send(tab, question(conversationId, i, `q${i}`));
      await done;
    }
    const newest = await call<ChatHistory>(t.url, '/api/chat/list?size=4', { token });
    assert.deepEqual(
      newest.data.messages.map((m) => m.seqNo),
      [3, 4, 5, 6],
    );
    // Read again after one more question and its reply: the page read before is not kept.
    const done = collect(tab, lastPart(8));
    await send(tab, question(conversationId, 4, 'q4'));
    await done;
    const after = await call<ChatHistory>(t.url, '/api/chat/list?size=4', { token });
    assert.deepEqual(
      after.data.messages.map((m) => m.text),
      ['q3', 're: q3', 'q4', 're: q4'],
    );
    assert.equal(newest.data.has_more, true);
    const older = await call<ChatHistory>(t.url, '/api/chat/list?size=4&oldestSeqNo=3', { token });
    assert.deepEqual(
      older.data.messages.map((m) => m.text),
      ['q1', 're: q1'],
    );
    assert.equal(older.data.has_more, false);
    const probe = await call<ChatHistory>(t.url, '/api/chat/list?size=1', { token });
    assert.deepEqual(
      probe.data.messages.map((m) => m.seqNo),
      [8],
    );
    for (const query of ['?size=0', '?size=51', '?oldestSeqNo=-2']) {
      const res = await call(t.url, `/api/chat/list${query}`, { token });
      assert.deepEqual([res.status, res.code], [200, 422], query);
    }
    assert.equal((await call(t.url, '/api/chat/list?size=x', { token })).code, 400);
    assert.equal((await call(t.url, '/api/chat/list')).status, 401);

    const cleaned = await call<{ conversationId: string }>(t.url, '/api/chat/clean', {
      token,
      method: 'POST',
    });
    assert.equal(cleaned.code, 200);
    assert.notEqual(cleaned.data.conversationId, conversationId);
    const fresh = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.deepEqual(
      [fresh.data.conversationId, fresh.data.messages],
      [cleaned.data.conversationId, []],
    );
  });
});

describe('history read during a reply', () => {
  it('has the question while the reply streams, and the whole reply once it ends', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    script = async function* () {
      // A part goes out when the next one comes: 'first ' is out while the gate holds.
      yield { text: 'first ', layers: [] };
      yield { text: 'and ', layers: [] };
      await gate;
      yield { text: 'last', layers: [] };
    };
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    const firstPart = collect(tab, (m) => m.source === 'ASSISTANT');
    const done = collect(tab, lastPart(2));
    await send(tab, question(conversationId, 1, 'tell me'));
    await firstPart;
    const during = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.deepEqual(
      during.data.messages.map((m) => m.text),
      ['tell me'],
    );
    release();
    await done;
    const ended = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.deepEqual(
      ended.data.messages.map((m) => m.text),
      ['tell me', 'first and last'],
    );
  });
});

describe('a reconnect during a reply', () => {
  it('keeps the reply going to the new socket, and the history has it whole', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    script = async function* () {
      yield { text: 'first half, ', layers: [] };
      await gate;
      yield { text: 'second half', layers: [{ type: 'report', coinId: 1 }] };
    };
    const token = await signedInUser(t);
    const before = open(token);
    await connected(before);
    const conversationId = await conversationOf(token);
    await send(before, question(conversationId, 1, 'long answer please'));
    before.disconnect();

    const afterwards = open(token);
    await connected(afterwards);
    const rest = collect(afterwards, lastPart(2));
    release();
    const received = await rest;
    assert.deepEqual(
      received.map((m) => [m.text, m.more]),
      [
        ['first half, ', true],
        ['second half', false],
      ],
    );
    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.equal(history.data.messages[1]!.text, 'first half, second half');
    assert.deepEqual(history.data.messages[1]!.layers, [{ type: 'report', coinId: 1 }]);
  });
});
