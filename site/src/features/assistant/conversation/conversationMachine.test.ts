// The conversation machine bare: its actors replaced (machine.provide) by ones the test drives,
// so each state of a question is reached by the events that lead there and nothing else.
import type { ChatHistory, ChatMessage } from '@coinlens/contract';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  conversationMachine,
  questionState,
  replyStatusOf,
  type ConversationEvent,
  type EmitCommand,
  type PageQuery,
  type RobotMessage,
} from './conversationMachine';
import { REPLY_TIMEOUT_MS } from './messages';

const CONVERSATION = 'conv-1';
const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);

function message(seqNo: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    conversationId: CONVERSATION,
    seqNo,
    source: 'ASSISTANT',
    language: 'en',
    text: '',
    layers: [],
    more: true,
    timestamp: T0 / 1000,
    ...extra,
  };
}

const page = (messages: ChatMessage[], conversationId = CONVERSATION): ChatHistory => ({
  conversationId,
  messages,
  has_more: false,
});

const accepted = (seqNo: number, resend = false) => ({
  code: 200,
  msg: 'ok',
  data: { seqNo, conversationId: CONVERSATION, resend },
});

function start() {
  const emitted: EmitCommand[] = [];
  const pageQueries: PageQuery[] = [];
  const pages: ChatHistory[] = [];
  const robotLines: RobotMessage[] = [];
  let toMachine: (event: ConversationEvent) => void = () => undefined;
  let ids = 0;
  const machine = conversationMachine.provide({
    actors: {
      loadPage: fromPromise<ChatHistory, PageQuery>(async ({ input }) => {
        pageQueries.push(input);
        const next = pages.shift();
        if (!next) throw new Error('no page planned');
        return next;
      }),
      startOver: fromPromise(async () => ({ conversationId: 'conv-2' })),
      socket: fromCallback<EmitCommand>(({ sendBack, receive }) => {
        toMachine = sendBack;
        receive((command) => emitted.push(command));
      }),
      token: fromCallback(() => undefined),
      storeRobotLine: fromCallback<ConversationEvent, RobotMessage>(({ input }) => {
        robotLines.push(input);
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      language: () => 'en',
      now: () => T0,
      timeoutMs: REPLY_TIMEOUT_MS,
      newId: () => `question-${(ids += 1)}`,
    },
  });
  actor.start();
  const state = () => questionState(actor.getSnapshot());
  const context = () => actor.getSnapshot().context;
  const server = (event: ConversationEvent) => toMachine(event);
  return {
    actor,
    emitted,
    pageQueries,
    robotLines,
    state,
    context,
    reply: () => context().entries.at(-1),
    planPage: (history: ChatHistory) => pages.push(history),
    up: (connection = 1) => server({ type: 'SOCKET.UP', connection }),
    down: () => server({ type: 'SOCKET.DOWN' }),
    ack: (answer: unknown, attempt = emitted.at(-1)?.attempt ?? 0) =>
      server({ type: 'SOCKET.ACK', attempt, error: null, answer }),
    lose: (attempt = emitted.at(-1)?.attempt ?? 0) =>
      server({ type: 'SOCKET.ACK', attempt, error: new Error('timed out'), answer: null }),
    part: (value: ChatMessage) => server({ type: 'SOCKET.MESSAGE', value }),
  };
}

/** A machine with an empty conversation loaded and a socket connected. */
async function ready() {
  const m = start();
  m.planPage(page([]));
  m.actor.send({ type: 'LOAD' });
  await jest.advanceTimersByTimeAsync(0);
  m.up();
  return m;
}

beforeEach(() => jest.useFakeTimers({ now: T0 }));
afterEach(() => jest.useRealTimers());

describe('a question', () => {
  it('goes from sending to acknowledged, streaming and done, with the reply status of each', async () => {
    const m = await ready();
    expect(m.state()).toBe('idle');
    expect(replyStatusOf(m.actor.getSnapshot())).toBeNull();

    m.actor.send({ type: 'SEND', text: 'How is Bitcoin?', context: { page: 'reporting' } });
    expect(m.state()).toBe('sending');
    expect(replyStatusOf(m.actor.getSnapshot())).toBe('loading');
    expect(m.emitted).toEqual([
      {
        type: 'EMIT',
        attempt: 1,
        payload: {
          clientId: 'question-1',
          conversationId: CONVERSATION,
          source: 'USER',
          language: 'en',
          text: 'How is Bitcoin?',
          context: { page: 'reporting' },
        },
      },
    ]);

    m.ack(accepted(1));
    expect(m.state()).toBe('acknowledged');
    expect(m.context().entries.map((entry) => [entry.message.seqNo, entry.pending])).toEqual([
      [1, undefined],
      [2, undefined],
    ]);

    m.part(message(2, { text: 'Up ' }));
    expect(m.state()).toBe('streaming');
    expect(replyStatusOf(m.actor.getSnapshot())).toBe('concat');
    m.part(message(2, { text: '2%.', more: false }));
    expect(m.state()).toBe('done');
    expect(replyStatusOf(m.actor.getSnapshot())).toBe('success');
    expect(m.reply()).toMatchObject({ message: { text: 'Up 2%.' }, status: 'success' });
  });

  it('waits in sending for a connection, and goes out again on each new one until acknowledged', async () => {
    const m = start();
    m.planPage(page([]));
    // Asked before the history: the conversation is loaded first.
    m.actor.send({ type: 'SEND', text: 'Hi' });
    await jest.advanceTimersByTimeAsync(0);
    expect(m.pageQueries).toEqual([{ size: 10, oldestSeqNo: -1 }]);
    expect(m.emitted).toHaveLength(0);

    m.up(1);
    expect(m.emitted.map((command) => command.attempt)).toEqual([1]);
    m.down();
    m.up(2);
    expect(m.emitted.map((command) => command.payload.clientId)).toEqual([
      'question-1',
      'question-1',
    ]);
    // The first emit's answer is not the one waited for.
    m.ack(accepted(1), 1);
    expect(m.state()).toBe('sending');
    m.ack(accepted(1, true), 2);
    expect(m.state()).toBe('acknowledged');
    m.up(2);
    expect(m.emitted).toHaveLength(2);
  });

  it('times out after 35 s of silence, counted again from every part', async () => {
    const m = await ready();
    m.actor.send({ type: 'SEND', text: 'Hi' });
    m.ack(accepted(1));
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS - 1);
    m.part(message(2, { text: 'One' }));
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS - 1);
    expect(m.state()).toBe('streaming');
    jest.advanceTimersByTime(1);
    expect(m.state()).toBe('timedOut');
    expect(m.reply()).toMatchObject({ status: 'error', crashed: true });
    expect(m.context().error).toMatchObject({ name: 'TimeoutError' });
    // A part that comes after all is left out.
    m.part(message(2, { text: ', two.', more: false }));
    expect(m.reply()?.message.text).toBe('One');
  });

  it('is refused by the server with its words', async () => {
    const m = await ready();
    m.actor.send({ type: 'SEND', text: 'Hi' });
    m.ack({ code: 429, msg: 'Too many questions', data: { retryAfter: 20 } });
    expect(m.state()).toBe('refused');
    expect(m.context().entries.map((entry) => entry.delivery ?? entry.status)).toEqual([
      'failed',
      'error',
    ]);
    expect(m.reply()?.message.text).toBe('Too many questions');
    expect(m.context().error).toMatchObject({ code: 429, msg: 'Too many questions' });
  });

  it('fails when its acknowledgement is lost, and when no conversation can be loaded', async () => {
    const m = await ready();
    m.actor.send({ type: 'SEND', text: 'Hi' });
    m.lose();
    expect(m.state()).toBe('failed');
    expect(m.context().entries[0]?.delivery).toBe('failed');

    const n = start();
    n.actor.send({ type: 'SEND', text: 'Hi' });
    await jest.advanceTimersByTimeAsync(0);
    expect(questionState(n.actor.getSnapshot())).toBe('failed');
    expect(n.context().error).toMatchObject({ message: 'no page planned' });
  });

  it('is stopped by the user; later parts are left out', async () => {
    const m = await ready();
    m.actor.send({ type: 'SEND', text: 'Hi' });
    m.ack(accepted(1));
    m.part(message(2, { text: 'One' }));
    m.actor.send({ type: 'STOP' });
    expect(m.state()).toBe('stopped');
    expect(m.context().error).toBeNull();
    m.part(message(2, { text: ', two.', more: false }));
    expect(m.reply()).toMatchObject({ message: { text: 'One' }, crashed: true });
  });

  it('asks again after a drop while streaming and takes the replay of what it missed', async () => {
    const m = await ready();
    m.actor.send({ type: 'SEND', text: 'Hi' });
    m.ack(accepted(1));
    m.part(message(2, { text: 'One' }));
    m.down();
    m.up(2);
    expect(m.emitted).toHaveLength(2);
    m.ack(accepted(1, true));
    expect(m.state()).toBe('streaming');
    m.part(message(2, { text: 'One, two', replay: true }));
    m.part(message(2, { text: ', three.', more: false }));
    expect(m.reply()).toMatchObject({ message: { text: 'One, two, three.' }, status: 'success' });
    expect(m.context().entries).toHaveLength(2);
  });

  it('takes for its reply the bubble that came before the acknowledgement', async () => {
    const m = await ready();
    m.actor.send({ type: 'SEND', text: 'Hi' });
    m.part(message(2, { text: 'Hello.', more: false }));
    expect(m.context().entries).toHaveLength(3);
    m.ack(accepted(1));
    expect(m.state()).toBe('done');
    expect(m.context().entries).toHaveLength(2);
    expect(m.reply()).toMatchObject({ message: { text: 'Hello.' }, questionKey: 'local-1' });
  });

  it('ends when the history brings its reply complete', async () => {
    const m = await ready();
    m.actor.send({ type: 'SEND', text: 'Hi' });
    m.ack(accepted(1));
    m.planPage(
      page([
        message(1, { source: 'USER', text: 'Hi', more: false }),
        message(2, { text: 'Hello.', more: false }),
      ]),
    );
    m.actor.send({ type: 'LOAD' });
    await jest.advanceTimersByTimeAsync(0);
    expect(m.state()).toBe('done');
    expect(m.context().entries.map((entry) => entry.key)).toEqual(['local-1', 'local-2']);
  });
});

describe('the conversation', () => {
  it('acts once on an event that no region takes, whatever the four regions are doing', async () => {
    const m = await ready();
    m.actor.send({ type: 'DRAFT', text: 'Half a question' });
    m.actor.send({
      type: 'ROBOT',
      line: { key: 'onboarding-1', text: 'Hello!', language: 'en', layers: [] },
    });
    expect(m.context().draft).toBe('Half a question');
    expect(m.robotLines).toHaveLength(1);
    expect(m.context().entries).toHaveLength(1);
  });

  it('forgets everything when the token changes, the question awaited too', async () => {
    const m = await ready();
    m.actor.send({ type: 'DRAFT', text: 'Mine' });
    m.actor.send({ type: 'SEND', text: 'Hi' });
    m.actor.send({ type: 'TOKEN.CHANGED' });
    expect(m.state()).toBe('idle');
    expect(m.actor.getSnapshot().value).toMatchObject({ history: 'idle' });
    expect(m.context()).toMatchObject({ entries: [], conversationId: null, draft: '' });
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);
    expect(m.state()).toBe('idle');
  });

  it('drops the question awaited when it starts over', async () => {
    const m = await ready();
    m.actor.send({ type: 'SEND', text: 'Hi' });
    m.actor.send({ type: 'CLEAN' });
    await jest.advanceTimersByTimeAsync(0);
    expect(m.state()).toBe('idle');
    expect(m.context()).toMatchObject({ conversationId: 'conv-2', entries: [] });
    expect(m.actor.getSnapshot().value).toMatchObject({ history: 'ready', cleaning: 'idle' });
  });
});
