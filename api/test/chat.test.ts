// Chat through the real server and a real socket.io client: who may connect, acknowledgements,
// streamed parts to every tab, failures, resends, limits, history and a new conversation, a reply
// that goes on after a reconnect, and questions from several tabs at once. A scripted assistant
// makes the parts known; what a resend is sent, the context of a question and the reply time-out
// are in chat-resend.test.ts; the built-in assistant is tested on its own
// (assistant-builtin.test.ts) and end to end (chat-builtin.test.ts).
// Both engines: questions from several tabs at once are numbered in transactions, which run at
// once only on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import type { AuthUser } from '../src/auth/tokens.js';
import { Changes } from '../src/changes.js';
import { attachRealtime, MAX_SOCKETS_PER_USER } from '../src/chat/realtime.js';
import type { ChatAck, ChatHistory } from '@coinlens/contract';
import { call } from './helpers/auth.js';
import { signedInUser, startApiServer, type ApiTestServer } from './helpers/api.js';
import {
  accepted,
  ChatSockets,
  clientIdOf,
  collect,
  connected,
  conversationOf as conversationOfAt,
  lastPart,
  question,
  refused,
  send,
  parts,
  ScriptedAssistant,
} from './helpers/chat.js';

const scripted = new ScriptedAssistant();

let t: ApiTestServer;

before(async () => {
  t = await startApiServer({
    demoSources: false,
    assistant: scripted,
    corsOrigins: ['https://app.example.com'],
  });
});

after(async () => {
  tabs.closeAll();
  await t?.close();
});

const tabs = new ChatSockets(() => t.url);
const open = (token: string | null, options?: Parameters<ChatSockets['open']>[1]) =>
  tabs.open(token, options);
const conversationOf = (token: string) => conversationOfAt(t.url, token);

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

describe('handshakes whose token lookups end at the same moment', () => {
  // As when they wait for one slow lookup of their shared token (the token cache asks the
  // database once for all of them): the server alone, with lookups held until the test lets
  // them all end at once.
  const user: AuthUser = {
    id: 1,
    account: 'racer@example.com',
    nickname: 'racer',
    avatar: null,
    priceColors: null,
    token: { hash: 'racer', expiresAt: new Date(Date.now() + 3_600_000) },
  };
  const held: (() => void)[] = [];
  let holding = true;
  const app = Fastify({ logger: false });
  let io: Awaited<ReturnType<typeof attachRealtime>>['io'];
  let url = '';
  const racers = new ChatSockets(() => url);

  before(async () => {
    ({ io } = await attachRealtime(app, {
      corsOrigins: [],
      authenticate: (token) => {
        if (token !== 'racer') return Promise.resolve(null);
        if (!holding) return Promise.resolve(user);
        return new Promise((resolve) => held.push(() => resolve(user)));
      },
      changes: new Changes({ error: () => undefined, warn: () => undefined }),
      clock: { now: () => Date.now() },
      service: () => {
        throw new Error('no question is asked here');
      },
    }));
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    racers.closeAll();
    await app.close();
  });

  const until = async (what: string, done: () => boolean) => {
    for (let tries = 0; !done(); tries += 1) {
      assert.ok(tries < 250, `still waiting: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** Ends every held lookup in one go, and lets the next ones end at once. */
  const endLookups = () => {
    holding = false;
    for (const end of held.splice(0)) end();
  };
  const outcome = (socket: ReturnType<ChatSockets['open']>) =>
    connected(socket).then(
      () => 'connected',
      (error: Error) => error.message,
    );

  it(`lets ${MAX_SOCKETS_PER_USER} of 30 in, and another once one leaves`, async () => {
    holding = true;
    const sockets = Array.from({ length: 30 }, () => racers.open('racer'));
    const outcomes = Promise.all(sockets.map(outcome));
    await until('30 lookups under way', () => held.length === 30);
    endLookups();
    const settled = await outcomes;
    assert.equal(settled.filter((o) => o === 'connected').length, MAX_SOCKETS_PER_USER);
    assert.equal(settled.filter((o) => o === 'too many connections').length, 20);

    assert.equal(await outcome(racers.open('racer')), 'too many connections');
    sockets[settled.indexOf('connected')]!.disconnect();
    await until(
      'the server hears the socket leave',
      () => io.of('/').sockets.size < MAX_SOCKETS_PER_USER,
    );
    assert.equal(await outcome(racers.open('racer')), 'connected');
    assert.equal(await outcome(racers.open('racer')), 'too many connections');
    racers.closeAll();
    await until('every socket closed', () => io.engine.clientsCount === 0);
  });

  it('keeps no place for a handshake whose client left while its token was looked up', async () => {
    holding = true;
    const leaving = Array.from({ length: MAX_SOCKETS_PER_USER }, () => racers.open('racer'));
    await until('the lookups under way', () => held.length === MAX_SOCKETS_PER_USER);
    for (const socket of leaving) socket.disconnect();
    await until('the server hears them leave', () => io.engine.clientsCount === 0);
    endLookups();
    const settled = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_USER }, () => outcome(racers.open('racer'))),
    );
    assert.deepEqual(new Set(settled), new Set(['connected']));
  });
});

describe('a message', () => {
  it('is acknowledged with its number and answered in parts on every tab', async () => {
    scripted.script = () => parts('Bitcoin ', 'is at ', '$93,000.');
    const token = await signedInUser(t);
    const [tab1, tab2] = [open(token), open(token)];
    await Promise.all([connected(tab1), connected(tab2)]);
    const conversationId = await conversationOf(token);

    const onTab1 = collect(tab1, lastPart(2));
    const onTab2 = collect(tab2, lastPart(2));
    const ack = await send(tab1, question(conversationId, 7, '  price of BTC? '));
    assert.deepEqual(ack, {
      code: 200,
      msg: 'ok',
      data: { seqNo: 1, conversationId, resend: false },
    });

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
    assert.equal(second[0]!.clientId, clientIdOf(7));

    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.deepEqual(
      history.data.messages.map((m) => [m.seqNo, m.source, m.text, m.more]),
      [
        [1, 'USER', 'price of BTC?', false],
        [2, 'ASSISTANT', 'Bitcoin is at $93,000.', false],
      ],
    );
    assert.deepEqual(history.data.messages[0]!.context, { page: 'welcome' });
    assert.equal(history.data.messages[0]!.clientId, clientIdOf(7));
  });

  it('ends a failed reply with an error part, kept in the history', async () => {
    scripted.script = async function* () {
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
    scripted.script = () => parts('once');
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    scripted.asked.length = 0;
    const got = collect(tab, lastPart(2));
    const [a, b] = await Promise.all([
      send(tab, question(conversationId, 3, 'hello')),
      send(tab, question(conversationId, 3, 'hello')),
    ]);
    assert.deepEqual(
      [accepted(a), accepted(b)].map((data) => data.seqNo),
      [1, 1],
    );
    assert.deepEqual([accepted(a).resend, accepted(b).resend].sort(), [false, true]);
    await got;
    const again = await send(tab, question(conversationId, 3, 'hello'));
    assert.deepEqual(again.data, { seqNo: 1, conversationId, resend: true });
    assert.deepEqual(scripted.asked, ['hello']);
    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.equal(history.data.messages.length, 2);
  });

  it('refuses bad messages with a clear code', async () => {
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    const { clientId: _clientId, ...withoutClientId } = question(conversationId, 1, 'x');
    const cases: [unknown, number][] = [
      ['text', 400],
      [{ ...question(conversationId, 1, 'x'), source: 'ASSISTANT' }, 400],
      [withoutClientId, 400],
      [{ ...withoutClientId, seqNo: -1 }, 400],
      [{ ...withoutClientId, seqNo: 1.5 }, 400],
      [{ ...withoutClientId, seqNo: '1' }, 400],
      [{ ...question(conversationId, 1, 'x'), clientId: null, seqNo: 1 }, 400],
      [{ ...question(conversationId, 1, 'x'), clientId: 'seven77' }, 400],
      [{ ...question(conversationId, 1, 'x'), clientId: 'x'.repeat(65) }, 400],
      [{ ...question(conversationId, 1, 'x'), clientId: 'has space 1' }, 400],
      [{ ...question(conversationId, 1, 'x'), clientId: 'ünicode-id' }, 400],
      [{ ...question(conversationId, 1, 'x'), clientId: 12345678 }, 400],
      [{ ...question(conversationId, 1, 'x'), context: 'reporting' }, 400],
      [{ ...question(conversationId, 1, 'x'), context: { coinId: 'one' } }, 400],
      [{ ...question(conversationId, 1, 'x'), context: { sourceId: 0 } }, 400],
      [{ ...question(conversationId, 1, 'x'), context: { page: 'Reporting!' } }, 400],
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
    const noId = await send(tab, { ...withoutClientId, language: 'pt-br' });
    assert.deepEqual([noId.code, noId.msg], [400, 'A requisição está malformada']);
  });

  it('refuses a question far past the size limits in words, on a socket that stays', async () => {
    scripted.script = () => parts('ok');
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
    scripted.script = () => parts('ok');
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
    scripted.script = () => parts('ok');
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
    scripted.script = () => parts('ok');
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    for (let i = 1; i <= 20; i += 1) {
      const ack = await send(tab, question(conversationId, i, `message ${i}`));
      assert.equal(ack.code, 200);
    }
    const errorPart = collect(tab, (m) => m.error === true && m.clientId === clientIdOf(21));
    const refusedAck = await send(tab, question(conversationId, 21, 'one too many'));
    assert.equal(refusedAck.code, 429);
    assert.ok((refusedAck.data as { retryAfter: number }).retryAfter >= 1);
    const notice = (await errorPart).at(-1)!;
    assert.match(notice.text, /too fast/);
    assert.deepEqual([notice.seqNo, notice.source, notice.more], [0, 'ASSISTANT', false]);
  });
});

describe('history', () => {
  it('pages back by oldestSeqNo, and clean starts a new conversation', async () => {
    scripted.script = (input) => parts(`re: ${input.text}`);
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
    scripted.script = async function* () {
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
    scripted.script = async function* () {
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

describe('questions from several tabs', () => {
  it('stores and answers both of two tabs that send at once, whatever seqNo they send', async () => {
    scripted.script = (input) => parts(`re: ${input.text}`);
    const token = await signedInUser(t);
    const [tab1, tab2] = [open(token), open(token)];
    await Promise.all([connected(tab1), connected(tab2)]);
    const conversationId = await conversationOf(token);
    const replies = collect(tab1, (m) => m.source === 'ASSISTANT' && m.seqNo === 4 && !m.more);
    // Both tabs picked the same next number, as they did before clientId: it is not read.
    const [a, b] = await Promise.all([
      send(tab1, { ...question(conversationId, 'tab-one', 'from tab one'), seqNo: 1 }),
      send(tab2, { ...question(conversationId, 'tab-two', 'from tab two'), seqNo: 1 }),
    ]);
    assert.deepEqual([accepted(a).seqNo, accepted(b).seqNo].sort(), [1, 3]);
    assert.ok(!accepted(a).resend && !accepted(b).resend);
    await replies;
    // Both replies stored: wait until the second is in the history.
    let history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    for (let tries = 0; history.data.messages.length < 4 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    }
    const texts = history.data.messages.map((m) => m.text);
    assert.equal(texts.length, 4);
    assert.ok(
      texts.includes('re: from tab one') && texts.includes('re: from tab two'),
      texts.join(),
    );
  });

  it('recognises a resend by the tab id alone: another user may use the same one', async () => {
    scripted.script = (input) => parts(`re: ${input.text}`);
    const [alice, bob] = [await signedInUser(t), await signedInUser(t)];
    const [aliceTab, bobTab] = [open(alice), open(bob)];
    await Promise.all([connected(aliceTab), connected(bobTab)]);
    const [aliceConversation, bobConversation] = [
      await conversationOf(alice),
      await conversationOf(bob),
    ];
    const aliceDone = collect(aliceTab, lastPart(2));
    accepted(await send(aliceTab, question(aliceConversation, 'shared', 'alice asks')));
    await aliceDone;
    const bobDone = collect(bobTab, lastPart(2));
    const bobAck = accepted(await send(bobTab, question(bobConversation, 'shared', 'bob asks')));
    assert.deepEqual(bobAck, { seqNo: 1, conversationId: bobConversation, resend: false });
    assert.equal((await bobDone).at(-1)!.text, 're: bob asks');
  });
});
