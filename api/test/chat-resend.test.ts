// What a resent question is sent (the stored reply, the reply so far and the rest, or a new
// answer when the reply had failed), the context a question carries, and the reply time-out:
// 35 s of silence, counted on fake timers that run on the test's clock. Through the real server
// and real sockets, with a scripted assistant.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { REPLY_TIMEOUT_MS } from '../src/chat/service.js';
import type { ChatHistory, ChatMessage } from '@coinlens/contract';
import { call } from './helpers/auth.js';
import { FixedClock, signedInUser, startApiServer, T0, type ApiTestServer } from './helpers/api.js';
import {
  accepted,
  ChatSockets,
  collect,
  connected,
  conversationOf as conversationOfAt,
  lastPart,
  question,
  send,
  parts,
  ScriptedAssistant,
} from './helpers/chat.js';
import { FakeTimers } from './helpers/fakeTimers.js';

const scripted = new ScriptedAssistant();

let t: ApiTestServer;
const clock = new FixedClock(T0);
/** The reply time-out's timers: nothing times out until a test moves them on. */
const timers = new FakeTimers(clock);

before(async () => {
  t = await startApiServer({ demoSources: false, assistant: scripted, clock, chatTimers: timers });
});

after(async () => {
  tabs.closeAll();
  await t?.close();
});

const tabs = new ChatSockets(() => t.url);
const open = (token: string) => tabs.open(token);
const conversationOf = (token: string) => conversationOfAt(t.url, token);

describe('a resend', () => {
  it('is sent the stored reply again when it is complete, on the resending socket only', async () => {
    scripted.script = () => parts('once ', 'only');
    const token = await signedInUser(t);
    const [tab1, tab2] = [open(token), open(token)];
    await Promise.all([connected(tab1), connected(tab2)]);
    const conversationId = await conversationOf(token);
    scripted.asked.length = 0;
    const done = [collect(tab1, lastPart(2)), collect(tab2, lastPart(2))];
    accepted(await send(tab1, question(conversationId, 'complete', 'hello')));
    await Promise.all(done);

    const heardOnTab1: ChatMessage[] = [];
    tab1.on('chat', (m: ChatMessage) => heardOnTab1.push(m));
    const replayed = collect(tab2, lastPart(2));
    // Its text may differ (the tab retried an edited bubble): the stored question wins.
    const ack = await send(tab2, question(conversationId, 'complete', 'hello again'));
    assert.deepEqual(ack.data, { seqNo: 1, conversationId, resend: true });
    const got = await replayed;
    assert.deepEqual(
      got.map((m) => [m.seqNo, m.text, m.more, m.replay]),
      [[2, 'once only', false, true]],
    );
    assert.deepEqual(scripted.asked, ['hello']);
    // A later question's parts reach tab 1 after anything sent about the resend would have.
    const next = collect(tab1, lastPart(4));
    accepted(await send(tab2, question(conversationId, 'later', 'later')));
    await next;
    assert.ok(heardOnTab1.every((m) => !m.replay));
  });

  it('is sent the reply so far when it still streams, then the rest, after a reconnect', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    scripted.script = async function* () {
      yield { text: 'first half, ', layers: [] };
      yield { text: 'second ', layers: [] };
      await gate;
      yield { text: 'half', layers: [{ type: 'report', coinId: 1 }] };
    };
    const token = await signedInUser(t);
    const before = open(token);
    await connected(before);
    const conversationId = await conversationOf(token);
    const firstPart = collect(before, (m) => m.source === 'ASSISTANT');
    accepted(await send(before, question(conversationId, 'streaming', 'long answer please')));
    await firstPart;
    before.disconnect();

    const afterwards = open(token);
    await connected(afterwards);
    const caughtUp = collect(afterwards, (m) => m.replay === true);
    const ack = await send(afterwards, question(conversationId, 'streaming', 'long answer please'));
    assert.deepEqual(ack.data, { seqNo: 1, conversationId, resend: true });
    assert.deepEqual(
      (await caughtUp).map((m) => [m.seqNo, m.text, m.more, m.replay]),
      [[2, 'first half, ', true, true]],
    );
    const rest = collect(afterwards, lastPart(2));
    release();
    assert.deepEqual(
      (await rest).map((m) => [m.text, m.more, m.replay ?? false]),
      [
        ['second ', true, false],
        ['half', false, false],
      ],
    );
    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.equal(history.data.messages[1]!.text, 'first half, second half');
  });

  it('is answered anew when its reply failed, every tab told that the reply starts over', async () => {
    let fail = true;
    scripted.script = async function* (input) {
      yield { text: `trying ${input.text}`, layers: [] };
      if (fail) throw new Error('upstream broke');
      yield { text: ' worked', layers: [] };
    };
    const token = await signedInUser(t);
    const [tab1, tab2] = [open(token), open(token)];
    await Promise.all([connected(tab1), connected(tab2)]);
    const conversationId = await conversationOf(token);
    scripted.asked.length = 0;
    const failed = [collect(tab1, lastPart(2)), collect(tab2, lastPart(2))];
    accepted(await send(tab1, question(conversationId, 'fails-once', 'hard one')));
    for (const tab of await Promise.all(failed)) assert.equal(tab.at(-1)!.error, true);

    fail = false;
    const onTab2 = collect(tab2, lastPart(2));
    const ack = await send(tab1, question(conversationId, 'fails-once', 'hard one'));
    assert.deepEqual(ack.data, { seqNo: 1, conversationId, resend: true });
    assert.deepEqual(
      (await onTab2).map((m) => [m.seqNo, m.text, m.more, m.replay ?? false, m.error ?? false]),
      [
        [2, '', true, true, false],
        [2, 'trying hard one', true, false, false],
        [2, ' worked', false, false, false],
      ],
    );
    assert.deepEqual(scripted.asked, ['hard one', 'hard one']);
    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.deepEqual(
      history.data.messages.map((m) => [m.seqNo, m.text, m.error ?? false]),
      [
        [1, 'hard one', false],
        [2, 'trying hard one worked', false],
      ],
    );
  });

  it('is answered past the per-minute limit, which a new question is not', async () => {
    scripted.script = () => parts('ok');
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    const first = collect(tab, lastPart(2));
    accepted(await send(tab, question(conversationId, 1, 'message 1')));
    await first;
    for (let i = 2; i <= 20; i += 1)
      accepted(await send(tab, question(conversationId, i, `m ${i}`)));
    const replayed = collect(tab, (m) => m.replay === true);
    const ack = await send(tab, question(conversationId, 1, 'message 1'));
    assert.deepEqual(ack.data, { seqNo: 1, conversationId, resend: true });
    // The replies to the 19 questions before may still be coming.
    assert.deepEqual(
      (await replayed).filter((m) => m.replay).map((m) => [m.seqNo, m.text, m.more]),
      [[2, 'ok', false]],
    );
    assert.equal((await send(tab, question(conversationId, 21, 'message 21'))).code, 429);
  });

  it('is recognised in the conversation it was scripted.asked in, after a new one started', async () => {
    scripted.script = () => parts('old answer');
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    const done = collect(tab, lastPart(2));
    accepted(await send(tab, question(conversationId, 'before-clean', 'scripted.asked before')));
    await done;
    const cleaned = await call<{ conversationId: string }>(t.url, '/api/chat/clean', {
      token,
      method: 'POST',
    });
    const replayed = collect(tab, (m) => m.replay === true);
    const ack = await send(
      tab,
      question(cleaned.data.conversationId, 'before-clean', 'scripted.asked before'),
    );
    assert.deepEqual(ack.data, { seqNo: 1, conversationId, resend: true });
    assert.equal((await replayed)[0]!.conversationId, conversationId);
    const fresh = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.deepEqual(fresh.data.messages, []);
  });
});

describe('a question without a tab id', () => {
  it('is recognised by its conversation and seqNo for ten minutes, and echoed without an id', async () => {
    scripted.script = (input) => parts(`re: ${input.text}`);
    const token = await signedInUser(t);
    const [tab, other] = [open(token), open(token)];
    await Promise.all([connected(tab), connected(other)]);
    const conversationId = await conversationOf(token);
    scripted.asked.length = 0;
    const { clientId: _clientId, ...plain } = question(conversationId, 'none', 'first');
    const echoed = collect(other, (m) => m.source === 'USER');
    const done = collect(tab, lastPart(2));
    const ack = await send(tab, { ...plain, seqNo: 1 });
    assert.deepEqual(ack.data, { seqNo: 1, conversationId, resend: false });
    await done;
    assert.equal((await echoed)[0]!.clientId, undefined);

    const replayed = collect(tab, (m) => m.replay === true);
    const again = await send(tab, { ...plain, text: 'first, sent again', seqNo: 1 });
    assert.deepEqual(again.data, { seqNo: 1, conversationId, resend: true });
    assert.equal((await replayed)[0]!.text, 're: first');
    // Another number, or another conversation's, is another question.
    const next = collect(tab, lastPart(4));
    accepted(await send(tab, { ...plain, text: 'second', seqNo: 3 }));
    await next;
    assert.deepEqual(scripted.asked, ['first', 'second']);

    clock.advance(10 * 60_000 + 1);
    const later = collect(tab, lastPart(6));
    const late = await send(tab, { ...plain, text: 'first, much later', seqNo: 1 });
    assert.deepEqual(late.data, { seqNo: 5, conversationId, resend: false });
    await later;
    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.ok(history.data.messages.every((m) => m.clientId === undefined));
  });
});

describe('the context of a question', () => {
  it('keeps page, coinId and sourceId, and drops any other key', async () => {
    scripted.script = () => parts('ok');
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    const contexts: unknown[] = [];
    scripted.script = (input) => {
      contexts.push(input.context);
      return parts('ok');
    };
    const first = collect(tab, lastPart(2));
    accepted(
      await send(tab, {
        ...question(conversationId, 'ctx-1', 'is this coin overbought?'),
        context: { page: 'reporting', coinId: 1, sourceId: 12, tab: 'x', nested: { a: 1 } },
      }),
    );
    await first;
    const second = collect(tab, lastPart(4));
    accepted(
      await send(tab, {
        ...question(conversationId, 'ctx-2', 'and now?'),
        context: { scroll: 300 },
      }),
    );
    await second;
    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.deepEqual(history.data.messages[0]!.context, {
      page: 'reporting',
      coinId: 1,
      sourceId: 12,
    });
    assert.equal(history.data.messages[2]!.context, undefined);
    assert.deepEqual(contexts, [{ page: 'reporting', coinId: 1, sourceId: 12 }, null]);
  });
});

describe('the reply time-out', { timeout: 30_000 }, () => {
  it('gives a reply up after 35 s of silence, counted from the question and again from each part', async () => {
    assert.equal(REPLY_TIMEOUT_MS, 35_000);
    const gates = [0, 1].map(() => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      return { gate, open };
    });
    scripted.script = async function* () {
      yield { text: 'one ', layers: [] };
      yield { text: 'two ', layers: [] };
      await gates[0]!.gate;
      yield { text: 'three ', layers: [] };
      await gates[1]!.gate;
      yield { text: 'four', layers: [] };
      // Then nothing, ever.
      await new Promise(() => undefined);
    };
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    const heard: ChatMessage[] = [];
    tab.on('chat', (m: ChatMessage) => heard.push(m));
    const part = (text: string) => collect(tab, (m) => m.text === text);

    const one = part('one ');
    accepted(await send(tab, question(conversationId, 'slow', 'take your time')));
    await one;
    // 34 s after the question (and its first part): still waiting.
    timers.advance(34_000);
    const two = part('two ');
    gates[0]!.open();
    await two;
    // 68 s after the question, 34 s after the last part: still waiting.
    timers.advance(34_000);
    const three = part('three ');
    gates[1]!.open();
    await three;
    timers.advance(34_999);
    const end = collect(tab, lastPart(2));
    timers.advance(1);
    await end;
    assert.deepEqual(
      heard.map((m) => [m.text, m.more, m.error ?? false]),
      [
        ['one ', true, false],
        ['two ', true, false],
        ['three ', true, false],
        ['four', true, false],
        ['Sorry, I could not answer that just now. Please try again.', false, true],
      ],
    );
    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.equal(history.data.messages[1]!.error, true);
    assert.match(history.data.messages[1]!.text, /^one two three four\n\nSorry/);
  });

  it('gives up 35 s after the question when no part comes, even from an assistant that hangs', async () => {
    scripted.script = async function* () {
      await new Promise(() => undefined);
      yield { text: 'never', layers: [] };
    };
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    const end = collect(tab, lastPart(2));
    accepted(await send(tab, question(conversationId, 'hangs', 'anyone there?', 'zh')));
    timers.advance(REPLY_TIMEOUT_MS);
    const [failure] = await end;
    assert.deepEqual([failure!.more, failure!.error], [false, true]);
    assert.match(failure!.text, /抱歉/);
  });

  it('stores a long reply whole when no silence reaches 35 s, however long it takes', async () => {
    const gates = [0, 1, 2].map(() => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      return { gate, open };
    });
    scripted.script = async function* () {
      for (const [i, { gate }] of gates.entries()) {
        await gate;
        yield { text: `part ${i}. `, layers: [] };
      }
    };
    const token = await signedInUser(t);
    const tab = open(token);
    await connected(tab);
    const conversationId = await conversationOf(token);
    const end = collect(tab, lastPart(2));
    accepted(await send(tab, question(conversationId, 'long', 'a long one')));
    // 30 s of silence before each part that goes out: a minute in all, more than 35 s.
    timers.advance(30_000);
    const first = collect(tab, (m) => m.seqNo === 2);
    gates[0]!.open();
    gates[1]!.open();
    await first;
    timers.advance(30_000);
    gates[2]!.open();
    const got = await end;
    assert.deepEqual(
      got.map((m) => [m.text, m.error ?? false]),
      [
        ['part 0. ', false],
        ['part 1. ', false],
        ['part 2. ', false],
      ],
    );
    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.deepEqual(
      [history.data.messages[1]!.text, history.data.messages[1]!.error ?? false],
      ['part 0. part 1. part 2. ', false],
    );
  });
});
