// The welcome onboarding kept with the user: its progress (`GET`/`PUT /api/chat/onboarding`),
// merged so that a stale tab never rewinds it and kept by a new conversation, and the robot's
// lines (`POST /api/chat/robot`), stored once per key in the conversation, in order with the
// questions, sent to the user's other sockets, and not shown to the assistant.
// Both engines: the progress is merged by an upsert and the robot's lines stored once per key,
// which concurrent requests test only on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mergeProgress } from '../src/chat/onboarding.js';
import type { Assistant, AssistantInput } from '../src/chat/types.js';
import type {
  ChatHistory,
  ChatMessage,
  Coin,
  ListPage,
  OnboardingProgress,
  RobotLine,
} from '@coinlens/contract';
import { call } from './helpers/auth.js';
import { signedInUser, startApiServer, type ApiTestServer } from './helpers/api.js';
import {
  accepted,
  ChatSockets,
  collect,
  connected,
  conversationOf as conversationOfAt,
  lastPart,
  question,
  send,
} from './helpers/chat.js';

const inputs: AssistantInput[] = [];
const scripted: Assistant = {
  async *reply(input) {
    inputs.push(input);
    yield { text: 'Sure', layers: [] };
    yield { text: '.', layers: [] };
  },
};

let t: ApiTestServer;
const tabs = new ChatSockets(() => t.url);

before(async () => {
  t = await startApiServer({ demoSources: false, assistant: scripted });
});

after(async () => {
  tabs.closeAll();
  await t?.close();
});

const progress = (
  id: number,
  tasks: OnboardingProgress['tasks'] = { 1: 'pending', 2: 'pending' },
  more: Partial<OnboardingProgress> = {},
): OnboardingProgress => ({ version: 1, id, finished: false, tasks, ...more });

const save = (token: string, value: unknown) =>
  call<OnboardingProgress>(t.url, '/api/chat/onboarding', {
    token,
    method: 'PUT',
    body: { progress: value },
  });

const load = (token: string) =>
  call<OnboardingProgress | null>(t.url, '/api/chat/onboarding', { token });

const robot = (token: string, body: Record<string, unknown>, language?: string) =>
  call<RobotLine>(t.url, '/api/chat/robot', { token, body, ...(language ? { language } : {}) });

const line = (key: string, text = `line ${key}`) => ({ key, text, language: 'en' });

describe('merging progress', () => {
  it('keeps the further one: finished first, then the later item, the stored one on a tie', () => {
    assert.deepEqual(mergeProgress(null, progress(5)), progress(5));
    assert.deepEqual(mergeProgress(progress(10), progress(5)), progress(10));
    assert.deepEqual(mergeProgress(progress(5), progress(10)), progress(10));
    const finished = progress(24, { 1: 'done', 2: 'skipped' }, { finished: true });
    assert.deepEqual(mergeProgress(finished, progress(24, { 1: 'done', 2: 'done' })), finished);
    const tie = progress(9, { 1: 'skipped', 2: 'pending' }, { passedOver: [8] });
    assert.deepEqual(mergeProgress(tie, progress(9, { 1: 'done', 2: 'pending' })), tie);
  });

  it('takes a task the further one left pending from the other when it was settled there', () => {
    // A coin followed in a tab that is behind: done whenever it happened.
    assert.deepEqual(
      mergeProgress(progress(3, { 1: 'done', 2: 'pending' }), progress(6)),
      progress(6, { 1: 'done', 2: 'pending' }),
    );
    // The other's passed-over items stay with the other: they go with its own skip.
    assert.deepEqual(
      mergeProgress(
        progress(12, { 1: 'skipped', 2: 'pending' }, { passedOver: [8] }),
        progress(14, { 1: 'done', 2: 'done' }),
      ),
      progress(14, { 1: 'done', 2: 'done' }),
    );
    assert.deepEqual(
      mergeProgress(
        progress(14, { 1: 'pending', 2: 'done' }),
        progress(12, { 1: 'skipped', 2: 'pending' }, { passedOver: [8] }),
      ),
      progress(14, { 1: 'skipped', 2: 'done' }),
    );
  });
});

describe('the onboarding progress', () => {
  it('is null before the first save, then what was saved, on any device', async () => {
    const token = await signedInUser(t);
    const before = await load(token);
    assert.deepEqual([before.code, before.data], [200, null]);
    const saved = await save(token, progress(4, undefined, { passedOver: [3, 2, 3] }));
    assert.equal(saved.code, 200, saved.msg);
    assert.deepEqual(saved.data, progress(4, undefined, { passedOver: [2, 3] }));
    assert.deepEqual((await load(token)).data, saved.data);
    // Another user's is their own.
    assert.equal((await load(await signedInUser(t))).data, null);
  });

  it('is never rewound by a stale tab, which is answered the progress to adopt', async () => {
    const token = await signedInUser(t);
    await save(token, progress(13, { 1: 'done', 2: 'pending' }));
    const stale = await save(token, progress(7));
    assert.deepEqual(stale.data, progress(13, { 1: 'done', 2: 'pending' }));
    const ahead = await save(token, progress(16, { 1: 'pending', 2: 'skipped' }));
    assert.deepEqual(ahead.data, progress(16, { 1: 'done', 2: 'skipped' }));
    const done = progress(24, { 1: 'done', 2: 'skipped' }, { finished: true });
    assert.deepEqual((await save(token, done)).data, done);
    assert.deepEqual((await save(token, progress(20, { 1: 'done', 2: 'done' }))).data, done);
    assert.deepEqual((await load(token)).data, done);
  });

  it('merges saves sent at once one after the other', async () => {
    const token = await signedInUser(t);
    await Promise.all([5, 9, 2, 15, 11].map((id) => save(token, progress(id))));
    assert.equal((await load(token)).data?.id, 15);
  });

  it('survives a new conversation: it belongs to the user', async () => {
    const token = await signedInUser(t);
    await save(token, progress(11, { 1: 'done', 2: 'pending' }));
    const cleaned = await call(t.url, '/api/chat/clean', { token, method: 'POST' });
    assert.equal(cleaned.code, 200);
    assert.deepEqual((await load(token)).data, progress(11, { 1: 'done', 2: 'pending' }));
  });

  it('refuses a progress of another shape with 400, and drops keys it does not know', async () => {
    const token = await signedInUser(t);
    const bad: unknown[] = [
      progress(0),
      progress(25),
      progress(2.5),
      { ...progress(3), version: 2 },
      { ...progress(3), finished: 'no' },
      { ...progress(3), tasks: { 1: 'pending' } },
      { ...progress(3), tasks: { 1: 'pending', 2: 'maybe' } },
      progress(3, undefined, { passedOver: [25] }),
      progress(3, undefined, { passedOver: Array.from({ length: 25 }, () => 1) }),
      'progress',
      null,
    ];
    for (const value of bad) {
      const res = await save(token, value);
      assert.deepEqual([res.status, res.code], [400, 400], JSON.stringify(value));
      assert.ok(res.msg.startsWith('The request is malformed'), res.msg);
    }
    assert.equal((await load(token)).data, null);
    const extra = await save(token, {
      ...progress(6),
      index: 5,
      tasks: { 1: 'done', 2: 'pending', 3: 'done' },
    });
    assert.deepEqual(extra.data, progress(6, { 1: 'done', 2: 'pending' }));
    const zh = await call(t.url, '/api/chat/onboarding', {
      token,
      method: 'PUT',
      body: {},
      language: 'zh',
    });
    assert.deepEqual([zh.status, zh.msg.startsWith('请求格式错误')], [400, true]);
    assert.equal((await load('not-a-token')).status, 401);
    assert.equal((await save('not-a-token', progress(3))).status, 401);
  });
});

describe("the robot's lines", () => {
  it('are stored once per key, in order with the questions, and sent to the other tabs', async () => {
    const token = await signedInUser(t);
    const [tab1, tab2] = [tabs.open(token), tabs.open(token)];
    await Promise.all([connected(tab1), connected(tab2)]);
    const conversationId = await conversationOfAt(t.url, token);
    const heardOnTab1: ChatMessage[] = [];
    tab1.on('chat', (m: ChatMessage) => heardOnTab1.push(m));

    const onTab2 = collect(tab2, (m) => m.source === 'ROBOT');
    const first = await robot(token, {
      ...line('onboarding-1', ' Hi, I am Coinlens! '),
      socketId: tab1.id,
    });
    assert.equal(first.code, 200, first.msg);
    assert.equal(first.data.created, true);
    const stored = first.data.message;
    assert.deepEqual(
      [
        stored.conversationId,
        stored.seqNo,
        stored.source,
        stored.text,
        stored.robotKey,
        stored.more,
      ],
      [conversationId, 1, 'ROBOT', 'Hi, I am Coinlens!', 'onboarding-1', false],
    );
    assert.deepEqual(await onTab2, [stored]);

    const again = await robot(token, {
      ...line('onboarding-1', 'said differently'),
      socketId: tab1.id,
    });
    assert.deepEqual(again.data, { message: stored, created: false });

    // A question after it takes the next numbers; a line while its reply streams comes after.
    const reply = collect(tab1, lastPart(3));
    assert.equal(accepted(await send(tab1, question(conversationId, 1, 'hello'))).seqNo, 2);
    const during = await robot(token, line('onboarding-2'));
    await reply;
    assert.equal(during.data.message.seqNo, 4);
    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.deepEqual(
      history.data.messages.map((m) => [m.seqNo, m.source, m.text, m.robotKey ?? null]),
      [
        [1, 'ROBOT', 'Hi, I am Coinlens!', 'onboarding-1'],
        [2, 'USER', 'hello', null],
        [3, 'ASSISTANT', 'Sure.', null],
        [4, 'ROBOT', 'line onboarding-2', 'onboarding-2'],
      ],
    );
    // Tab 1 posted the first line: it was not sent back to it; the second was.
    assert.deepEqual(
      heardOnTab1.filter((m) => m.source === 'ROBOT').map((m) => m.robotKey),
      ['onboarding-2'],
    );
  });

  it('are not shown to the assistant', async () => {
    const token = await signedInUser(t);
    const tab = tabs.open(token);
    await connected(tab);
    const conversationId = await conversationOfAt(t.url, token);
    await robot(token, line('onboarding-1'));
    const reply = collect(tab, lastPart(3));
    accepted(await send(tab, question(conversationId, 1, 'what now?')));
    await reply;
    const input = inputs.at(-1)!;
    assert.equal(input.text, 'what now?');
    assert.deepEqual(
      input.history.map((m) => m.source),
      ['USER'],
    );
  });

  it('carry their layers, and start again in a new conversation', async () => {
    const token = await signedInUser(t);
    const coins = await call<ListPage<Coin>>(t.url, '/api/asset/list?size=3');
    const layers = [{ type: 'coins', coins: coins.data.records }];
    const hot = await robot(token, { ...line('onboarding-hot-coins'), layers });
    assert.deepEqual(hot.data.message.layers, layers);
    const cleaned = await call<{ conversationId: string }>(t.url, '/api/chat/clean', {
      token,
      method: 'POST',
    });
    const anew = await robot(token, { ...line('onboarding-hot-coins'), layers });
    assert.deepEqual(
      [anew.data.created, anew.data.message.conversationId, anew.data.message.seqNo],
      [true, cleaned.data.conversationId, 1],
    );
    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.deepEqual(history.data.messages[0]!.layers, layers);
  });

  it('refuses a malformed line with 400 and a text of the wrong length with 422', async () => {
    const token = await signedInUser(t);
    const coins = await call<ListPage<Coin>>(t.url, '/api/asset/list?size=21');
    const cases: [Record<string, unknown>, number][] = [
      [{ ...line('Onboarding_3') }, 400],
      [{ ...line('x'.repeat(65)) }, 400],
      [{ ...line('onboarding-3'), language: 'fr' }, 400],
      [{ key: 'onboarding-3', language: 'en' }, 400],
      [{ ...line('onboarding-3'), layers: [{ type: 'chart' }] }, 400],
      [{ ...line('onboarding-3'), layers: [{ type: 'coins', coins: coins.data.records }] }, 400],
      [{ ...line('onboarding-3'), layers: Array(5).fill({ type: 'report', coinId: 1 }) }, 400],
      [
        { ...line('onboarding-3'), layers: [{ type: 'link', title: 'x', url: 'javascript:1' }] },
        400,
      ],
      [{ ...line('onboarding-3'), text: '   ' }, 422],
      [{ ...line('onboarding-3'), text: 'x'.repeat(2001) }, 422],
    ];
    for (const [body, code] of cases) {
      const res = await robot(token, body, 'pt-br');
      assert.equal(res.code, code, JSON.stringify(body).slice(0, 100));
      assert.ok(res.msg.length > 3);
    }
    const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
    assert.deepEqual(history.data.messages, []);
    assert.equal((await robot('not-a-token', line('onboarding-3'))).status, 401);
  });

  it('are limited to 60 new lines a minute; a line stored already costs nothing', async () => {
    const token = await signedInUser(t);
    for (let i = 1; i <= 60; i += 1) {
      assert.equal((await robot(token, line(`onboarding-${i}`))).code, 200);
    }
    const repeat = await robot(token, line('onboarding-1'));
    assert.deepEqual([repeat.code, repeat.data.created], [200, false]);
    const refused = await robot(token, line('onboarding-61'));
    assert.deepEqual([refused.status, refused.code], [429, 429]);
    assert.ok((refused.data as unknown as { retryAfter: number }).retryAfter >= 1);
    assert.equal(
      refused.headers.get('retry-after'),
      String((refused.data as unknown as { retryAfter: number }).retryAfter),
    );
    t.clock.advance(60_000);
    assert.equal((await robot(token, line('onboarding-61'))).code, 200);
  });
});
