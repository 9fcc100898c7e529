import type { ChatHistory, ChatMessage, ChatSource } from '@coinlens/contract';
import { act, renderHook } from '@testing-library/react';
import type { ApiClient } from '../../../data/client';
import { ApiError, NetworkError, TimeoutError } from '../../../data/errors';
import { clearToken, setToken } from '../../../data/token';
import {
  CHAT_CLEAN_PATH,
  CHAT_LIST_PATH,
  CHAT_ROBOT_PATH,
  ChatInputError,
  createChatStore,
  HISTORY_PAGE_SIZE,
  MAX_QUESTION_LENGTH,
  REPLY_TIMEOUT_MS,
  useChat,
  useDraft,
  type ChatEntry,
  type ChatStore,
  type ChatStoreOptions,
} from './conversation';
import { asSocket, FakeChatSocket } from '../../../testing/fakeChatSocket';

const CONVERSATION = 'conv-1';
/** 2026-11-20 12:00 UTC. */
const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);

function message(
  seqNo: number,
  source: ChatSource,
  text: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    conversationId: CONVERSATION,
    seqNo,
    source,
    language: 'en',
    text,
    layers: [],
    more: false,
    timestamp: Math.floor(T0 / 1000),
    ...extra,
  };
}

/** A reply part: `more` unless told otherwise. */
function part(seqNo: number, text: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return message(seqNo, 'ASSISTANT', text, { more: true, ...extra });
}

function page(
  messages: ChatMessage[],
  { conversationId = CONVERSATION, hasMore = false } = {},
): ChatHistory {
  return { conversationId, messages, has_more: hasMore };
}

/** Questions 1, 3 and their replies 2, 4. */
const FOUR = [
  message(1, 'USER', 'Hi'),
  message(2, 'ASSISTANT', 'Hello!'),
  message(3, 'USER', 'BTC?'),
  message(4, 'ASSISTANT', 'BTC is at 1.'),
];

const ok = (seqNo: number, resend = false) => ({
  code: 200,
  msg: 'ok',
  data: { seqNo, conversationId: CONVERSATION, resend },
});

interface Harness {
  store: ChatStore;
  socket: FakeChatSocket;
  client: { get: jest.Mock; post: jest.Mock; monitorGet: jest.Mock };
  /** Replaces the socket the connection offers (null: none) and tells the store. */
  setSocket(socket: FakeChatSocket | null): void;
  texts(): string[];
  entries(): ChatEntry[];
}

let harness: Harness | null = null;

function setup(
  options: { socket?: FakeChatSocket | null } & Partial<ChatStoreOptions> = {},
): Harness {
  const socket = new FakeChatSocket();
  let offered: FakeChatSocket | null = options.socket === undefined ? socket : options.socket;
  const socketListeners = new Set<() => void>();
  const client = { get: jest.fn(), post: jest.fn(), monitorGet: jest.fn() };
  let ids = 0;
  const store = createChatStore({
    client: client as unknown as ApiClient,
    getSocket: () => asSocket(offered),
    subscribeSocket: (listener) => {
      socketListeners.add(listener);
      return () => socketListeners.delete(listener);
    },
    language: () => 'en',
    now: () => Date.now(),
    newId: () => `question-${(ids += 1)}`,
    ...options,
  });
  harness = {
    store,
    socket,
    client,
    setSocket(next) {
      offered = next;
      for (const listener of [...socketListeners]) listener();
    },
    entries: () => store.getState().entries,
    texts: () =>
      store.getState().entries.map((entry) => `${entry.message.source}:${entry.message.text}`),
  };
  return harness;
}

/** A store with the four-message history loaded. */
async function loaded(options: Parameters<typeof setup>[0] = {}): Promise<Harness> {
  const h = setup(options);
  h.client.get.mockResolvedValueOnce(page(FOUR, { hasMore: true }));
  await h.store.loadLatest();
  return h;
}

/** Lets pending promise callbacks run. */
async function flush(): Promise<void> {
  await jest.advanceTimersByTimeAsync(0);
}

function lastEntry(h: Harness): ChatEntry {
  const entry = h.entries().at(-1);
  if (!entry) throw new Error('no entries');
  return entry;
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  setToken('tok-1');
});

afterEach(() => {
  harness?.store.dispose();
  harness = null;
  clearToken();
  jest.useRealTimers();
});

describe('sending a question', () => {
  it('shows the question at once with a loading placeholder and emits it with an id of its own', async () => {
    const h = await loaded();
    void h.store.send('  What about ETH?  ', { page: 'reporting' });

    const [question, reply] = h.entries().slice(-2);
    expect(question).toMatchObject({
      message: { source: 'USER', text: 'What about ETH?', context: { page: 'reporting' } },
      status: null,
      delivery: 'sending',
    });
    expect(reply).toMatchObject({
      message: { source: 'ASSISTANT', text: '' },
      status: 'loading',
      questionKey: question?.key,
    });
    expect(h.store.getState().replyStatus).toBe('loading');
    await flush();
    expect(h.socket.sent).toHaveLength(1);
    expect(h.socket.last()).toMatchObject({
      event: 'chat',
      timeoutMs: REPLY_TIMEOUT_MS,
      payload: {
        clientId: 'question-1',
        conversationId: CONVERSATION,
        source: 'USER',
        language: 'en',
        text: 'What about ETH?',
        context: { page: 'reporting' },
      },
    });
  });

  it('takes the number from the acknowledgement and merges the parts numbered after it', async () => {
    const h = await loaded();
    const sent = h.store.send('ETH?');
    await flush();
    // Another tab asked in between: the server stored this one as 7.
    h.socket.ack(ok(7));
    await sent;
    const question = h.entries().at(-2);
    expect(question).toMatchObject({ message: { seqNo: 7 }, delivery: 'sent' });

    const coins = { type: 'coins' as const, coins: [] };
    const link = { type: 'link' as const, title: 'Report', url: '/reporting/' };
    h.socket.part(part(8, 'ETH is ', { layers: [coins] }));
    expect(lastEntry(h)).toMatchObject({ message: { text: 'ETH is ' }, status: 'concat' });
    expect(h.store.getState().replyStatus).toBe('concat');
    h.socket.part(part(8, 'at 2.', { layers: [link], more: false }));

    expect(lastEntry(h)).toMatchObject({
      message: { seqNo: 8, source: 'ASSISTANT', text: 'ETH is at 2.', layers: [coins, link] },
      status: 'success',
      questionKey: question?.key,
    });
    expect(h.store.getState().replyStatus).toBe('success');
    expect(h.entries()).toHaveLength(6);
  });

  it.each([
    ['empty', '   \n '],
    ['tooLong', 'x'.repeat(MAX_QUESTION_LENGTH + 1)],
  ])('refuses a question that is %s and keeps everything as it was', async (reason, text) => {
    const h = await loaded();
    const before = h.entries();
    await h.store.send(text);
    await flush();

    expect(h.entries()).toBe(before);
    expect(h.socket.sent).toHaveLength(0);
    expect(h.store.getState().error).toBeInstanceOf(ChatInputError);
    expect(h.store.getState().error).toMatchObject({ reason, limit: MAX_QUESTION_LENGTH });
    expect(h.store.getState().replyStatus).toBeNull();
  });

  it('refuses a second question while a reply is awaited', async () => {
    const h = await loaded();
    void h.store.send('First');
    await flush();
    await h.store.send('Second');

    expect(h.socket.sent).toHaveLength(1);
    expect(h.texts()).not.toContain('USER:Second');
    expect(h.store.getState().error).toMatchObject({ name: 'ChatInputError', reason: 'busy' });
  });

  it('asks again once the reply is complete, under a new id', async () => {
    const h = await loaded();
    void h.store.send('First');
    await flush();
    h.socket.ack(ok(5));
    h.socket.part(part(6, 'Done', { more: false }));
    void h.store.send('Second');
    await flush();
    expect(h.socket.sent.map((sent) => sent.payload.clientId)).toEqual([
      'question-1',
      'question-2',
    ]);
  });

  it('marks the question failed and shows the server words when the acknowledgement refuses it', async () => {
    const h = await loaded();
    const sent = h.store.send('Again?');
    await flush();
    const { clientId } = h.socket.last().payload;
    // The API announces a rate limit as an error part naming the question, then refuses.
    h.socket.part(part(0, 'Too many questions', { more: false, error: true, clientId }));
    h.socket.ack({ code: 429, msg: 'Too many questions', data: { retryAfter: 30 } });
    await sent;

    const [question, reply] = h.entries().slice(-2);
    expect(h.entries()).toHaveLength(6);
    expect(question).toMatchObject({ delivery: 'failed' });
    expect(reply).toMatchObject({
      message: { text: 'Too many questions', error: true },
      status: 'error',
      crashed: false,
    });
    const { error, replyStatus } = h.store.getState();
    expect(replyStatus).toBe('error');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 429, msg: 'Too many questions', retryAfter: 30 });

    // The notice arriving after the refusal does not make a second bubble.
    h.socket.part(part(0, 'Too many questions', { more: false, error: true, clientId }));
    expect(h.entries()).toHaveLength(6);
  });

  it('shows a refusal with no error part (422) the same way', async () => {
    const h = await loaded();
    void h.store.send('Long context', { big: true });
    await flush();
    h.socket.ack({ code: 422, msg: 'The context is too large', data: null });

    expect(lastEntry(h)).toMatchObject({
      message: { text: 'The context is too large' },
      status: 'error',
      crashed: false,
    });
    expect(h.store.getState().error).toMatchObject({ code: 422 });
    // Nothing is awaited any more: the next question may go.
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);
    expect(lastEntry(h).crashed).toBe(false);
  });

  it('waits for a socket when there is none yet, then emits', async () => {
    const h = await loaded({ socket: null });
    void h.store.send('Hello?');
    await flush();
    expect(h.socket.sent).toHaveLength(0);
    expect(h.entries().at(-2)?.delivery).toBe('sending');

    jest.advanceTimersByTime(10_000);
    h.setSocket(h.socket);
    expect(h.socket.sent).toHaveLength(1);
    h.socket.ack(ok(5));
    h.socket.part(part(6, 'Hi!', { more: false }));
    expect(lastEntry(h)).toMatchObject({ message: { text: 'Hi!' }, status: 'success' });
  });

  it('gives up when no socket comes within the time-out', async () => {
    const h = await loaded({ socket: null });
    void h.store.send('Hello?');
    await flush();
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);

    expect(h.entries().at(-2)?.delivery).toBe('failed');
    expect(lastEntry(h)).toMatchObject({ status: 'error', crashed: true });
    expect(h.store.getState().error).toBeInstanceOf(TimeoutError);
    // A socket that comes later does not send the abandoned question.
    h.setSocket(h.socket);
    expect(h.socket.sent).toHaveLength(0);
  });

  it('gives up when the acknowledgement never comes', async () => {
    const h = await loaded();
    void h.store.send('Hello?');
    await flush();
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);

    expect(h.entries().at(-2)?.delivery).toBe('failed');
    expect(lastEntry(h)).toMatchObject({ status: 'error', crashed: true });
    expect(h.store.getState().replyStatus).toBe('error');
  });

  it('loads the conversation first when asked before the history', async () => {
    const h = setup();
    h.client.get.mockResolvedValueOnce(page(FOUR));
    void h.store.send('First question');
    expect(h.texts()).toEqual(['USER:First question', 'ASSISTANT:']);
    await flush();

    expect(h.client.get).toHaveBeenCalledWith(CHAT_LIST_PATH, {
      query: { size: HISTORY_PAGE_SIZE, oldestSeqNo: -1 },
    });
    expect(h.socket.last().payload).toMatchObject({
      conversationId: CONVERSATION,
      clientId: 'question-1',
    });
    // The history comes first, the question being asked after it.
    expect(h.texts()).toEqual([
      'USER:Hi',
      'ASSISTANT:Hello!',
      'USER:BTC?',
      'ASSISTANT:BTC is at 1.',
      'USER:First question',
      'ASSISTANT:',
    ]);
  });

  it('gives up at once when the conversation cannot be loaded', async () => {
    const h = setup();
    const failure = new NetworkError({ path: CHAT_LIST_PATH, cause: new Error('offline') });
    h.client.get.mockRejectedValueOnce(failure);
    await h.store.send('Hello?');

    expect(h.socket.sent).toHaveLength(0);
    expect(lastEntry(h)).toMatchObject({ status: 'error', crashed: true });
    expect(h.entries()[0]?.delivery).toBe('failed');
    expect(h.store.getState().error).toBe(failure);
  });
});

describe('reply parts', () => {
  it('that come before the acknowledgement are taken for its reply once it comes', async () => {
    const h = await loaded();
    void h.store.send('Quick?');
    await flush();
    h.socket.part(part(6, 'Yes', { more: false }));
    expect(h.texts()).toContain('ASSISTANT:Yes');
    h.socket.ack(ok(5));
    expect(h.entries()).toHaveLength(6);
    expect(h.entries().at(-2)).toMatchObject({ message: { seqNo: 5 }, delivery: 'sent' });
    expect(lastEntry(h)).toMatchObject({ message: { seqNo: 6, text: 'Yes' }, status: 'success' });
    expect(h.store.getState()).toMatchObject({ question: 'done', replyStatus: 'success' });
  });

  it('show another tab question and its reply as new bubbles', async () => {
    const h = await loaded();
    h.socket.part(message(5, 'USER', 'From the other tab'));
    expect(lastEntry(h)).toMatchObject({ message: { text: 'From the other tab' }, status: null });
    expect(lastEntry(h).delivery).toBeUndefined();

    h.socket.part(part(6, 'Answer '));
    h.socket.part(part(6, 'there', { more: false }));
    expect(h.texts().slice(-2)).toEqual(['USER:From the other tab', 'ASSISTANT:Answer there']);
    expect(lastEntry(h).status).toBe('success');
    // Not this page's question: nothing was awaited.
    expect(h.store.getState().replyStatus).toBeNull();

    // This page's next question is numbered after them.
    void h.store.send('Mine');
    await flush();
    expect(h.socket.last().payload).toMatchObject({ clientId: 'question-1', text: 'Mine' });
  });

  it('do not take another tab reply for the one awaited before the acknowledgement', async () => {
    const h = await loaded();
    h.socket.part(message(5, 'USER', 'Other tab'));
    void h.store.send('Mine');
    await flush();
    h.socket.part(part(6, 'For the other tab', { more: false }));

    // In the server's order: the other tab's exchange, then this page's question, not numbered
    // yet, and its placeholder.
    expect(h.texts().slice(-4)).toEqual([
      'USER:Other tab',
      'ASSISTANT:For the other tab',
      'USER:Mine',
      'ASSISTANT:',
    ]);
    expect(lastEntry(h).status).toBe('loading');
    h.socket.ack(ok(7));
    h.socket.part(part(8, 'For me', { more: false }));
    expect(h.texts().slice(-2)).toEqual(['USER:Mine', 'ASSISTANT:For me']);
  });

  it('are merged by number and source, not position, when another tab asks meanwhile', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    h.socket.part(part(6, 'Part one, '));
    h.socket.part(message(7, 'USER', 'Other tab'));
    h.socket.part(part(6, 'part two', { more: false }));
    h.socket.part(part(8, 'Other answer', { more: false }));

    expect(h.texts().slice(-4)).toEqual([
      'USER:Mine',
      'ASSISTANT:Part one, part two',
      'USER:Other tab',
      'ASSISTANT:Other answer',
    ]);
  });

  it('of another conversation are ignored', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.part(message(9, 'USER', 'Elsewhere', { conversationId: 'conv-2' }));
    h.socket.part(part(6, 'Elsewhere', { conversationId: 'conv-2', more: false }));

    expect(h.entries()).toHaveLength(6);
    expect(lastEntry(h).status).toBe('loading');
  });

  it('that are not chat messages are ignored', async () => {
    const h = await loaded();
    h.socket.receive('chat', { hello: 'world' });
    h.socket.receive('chat', null);
    expect(h.entries()).toHaveLength(4);
  });

  it('never double the text when a final part is delivered twice', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    const last = part(6, 'Only once', { more: false });
    h.socket.part(last);
    h.socket.part(last);
    expect(lastEntry(h).message.text).toBe('Only once');

    // The same for a reply to another tab, and for a reply already in the history.
    h.socket.part(message(7, 'USER', 'Other'));
    h.socket.part(part(8, 'Theirs', { more: false }));
    h.socket.part(part(8, 'Theirs', { more: false }));
    h.socket.part(part(4, 'BTC is at 1.', { more: false }));
    expect(h.texts().slice(-2)).toEqual(['USER:Other', 'ASSISTANT:Theirs']);
    expect(h.entries()).toHaveLength(8);
  });

  it('flagged as an error end the reply with the server text', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    h.socket.part(part(6, 'Partly '));
    h.socket.part(part(6, 'The assistant failed', { more: false, error: true }));

    expect(lastEntry(h)).toMatchObject({
      message: { text: 'Partly The assistant failed', error: true },
      status: 'error',
    });
    expect(lastEntry(h).crashed).toBeUndefined();
    expect(h.store.getState().replyStatus).toBe('error');
  });

  it('are listened for on the new socket when the connection replaces it', async () => {
    const h = await loaded();
    const next = new FakeChatSocket();
    h.setSocket(next);
    expect(h.socket.listenerCount('chat')).toBe(0);
    expect(next.listenerCount('chat')).toBe(1);

    h.socket.part(message(5, 'USER', 'On the old socket'));
    expect(h.entries()).toHaveLength(4);
    next.part(message(5, 'USER', 'On the new socket'));
    expect(lastEntry(h).message.text).toBe('On the new socket');

    h.setSocket(null);
    expect(next.listenerCount('chat')).toBe(0);
  });
});

describe('the reply time-out', () => {
  it('turns the awaited reply into the crash text after 35 s without a part', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS - 1);
    expect(lastEntry(h).status).toBe('loading');

    jest.advanceTimersByTime(1);
    expect(lastEntry(h)).toMatchObject({ status: 'error', crashed: true });
    const { replyStatus, error } = h.store.getState();
    expect(replyStatus).toBe('error');
    expect(error).toBeInstanceOf(TimeoutError);
    // The question itself reached the server.
    expect(h.entries().at(-2)?.delivery).toBe('sent');
  });

  it('keeps the crash text when a part comes after it', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);
    h.socket.part(part(6, 'Too late', { more: false }));

    expect(h.entries()).toHaveLength(6);
    expect(lastEntry(h)).toMatchObject({ message: { text: '' }, status: 'error', crashed: true });
  });

  it('keeps the crash text when the acknowledgement and the reply come after it', async () => {
    const h = await loaded({ socket: null });
    void h.store.send('Mine');
    await flush();
    jest.advanceTimersByTime(20_000);
    h.setSocket(h.socket);
    jest.advanceTimersByTime(15_000);
    expect(lastEntry(h).crashed).toBe(true);

    h.socket.ack(ok(5));
    expect(h.entries().at(-2)).toMatchObject({ message: { seqNo: 5 }, delivery: 'sent' });
    h.socket.part(part(6, 'Too late', { more: false }));
    expect(h.entries()).toHaveLength(6);
    expect(lastEntry(h)).toMatchObject({ status: 'error', crashed: true });
  });
});

describe('stop', () => {
  it('ends waiting: the reply so far becomes the crash text and later parts are ignored', async () => {
    const h = await loaded();
    const sent = h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    h.socket.part(part(6, 'Half '));
    h.store.stop();
    await sent;

    expect(lastEntry(h)).toMatchObject({
      message: { text: 'Half ' },
      status: 'error',
      crashed: true,
    });
    expect(h.store.getState()).toMatchObject({ replyStatus: 'error', error: null });
    h.socket.part(part(6, 'rest', { more: false }));
    expect(lastEntry(h).message.text).toBe('Half ');
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);
    expect(h.store.getState().error).toBeNull();

    // A new question may be asked at once.
    void h.store.send('Next');
    await flush();
    expect(h.socket.sent).toHaveLength(2);
  });

  it('does nothing when no reply is awaited', async () => {
    const h = await loaded();
    const before = h.store.getState();
    h.store.stop();
    expect(h.store.getState()).toBe(before);
  });
});

describe('retry', () => {
  it('resends a timed-out question under its id, a fresh placeholder in the crashed one place', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    const first = h.socket.last();
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);
    const question = h.entries().at(-2);
    const crashed = lastEntry(h);
    expect(crashed.crashed).toBe(true);

    void h.store.retry(question?.key ?? '');
    expect(h.entries()).toHaveLength(6);
    expect(h.entries().at(-2)).toMatchObject({ key: question?.key, delivery: 'sending' });
    expect(lastEntry(h)).toMatchObject({ status: 'loading', questionKey: question?.key });
    expect(lastEntry(h).key).not.toBe(crashed.key);
    expect(lastEntry(h).crashed).toBeUndefined();
    expect(h.store.getState()).toMatchObject({ replyStatus: 'loading', error: null });
    await flush();

    expect(h.socket.sent).toHaveLength(2);
    expect(h.socket.last().payload).toEqual(first.payload);
    // The first emit was never acknowledged, but the server had it: it replays the reply.
    h.socket.ack(ok(5, true));
    h.socket.part(part(6, 'At last', { more: false, replay: true }));
    expect(lastEntry(h)).toMatchObject({ message: { text: 'At last' }, status: 'success' });
    expect(h.entries().at(-2)?.delivery).toBe('sent');
    expect(h.client.get).toHaveBeenCalledTimes(1);
  });

  it('takes the whole reply the server replays when it recognises the resend', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    // The reply went out while this page was not listening.
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);
    h.socket.part(part(6, 'The whole answer', { more: false }));
    expect(lastEntry(h).crashed).toBe(true);

    void h.store.retry(lastEntry(h).key);
    await flush();
    h.socket.ack(ok(5, true));
    h.socket.part(part(6, 'The whole answer', { more: false, replay: true }));

    expect(lastEntry(h)).toMatchObject({
      message: { seqNo: 6, text: 'The whole answer' },
      status: 'success',
    });
    expect(h.store.getState()).toMatchObject({ replyStatus: 'success', question: 'done' });
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);
    expect(lastEntry(h).status).toBe('success');
  });

  it('takes up a reply still streaming from the replay of what came so far', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    h.socket.part(part(6, 'One, '));
    h.store.stop();
    h.socket.part(part(6, 'two, '));
    expect(lastEntry(h).crashed).toBe(true);

    void h.store.retry(lastEntry(h).key);
    await flush();
    h.socket.ack(ok(5, true));
    h.socket.part(part(6, 'One, two, ', { replay: true }));
    expect(lastEntry(h)).toMatchObject({ message: { text: 'One, two, ' }, status: 'concat' });
    h.socket.part(part(6, 'three.', { more: false }));
    expect(lastEntry(h)).toMatchObject({
      message: { text: 'One, two, three.' },
      status: 'success',
    });
  });

  it('asks again once the socket is back, and takes the replay of the parts it missed', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    h.socket.part(part(6, 'One, '));
    // The socket drops; the server sends "two, " to no one.
    h.socket.connected = false;
    h.setSocket(h.socket);
    expect(h.socket.sent).toHaveLength(1);
    h.socket.connected = true;
    h.setSocket(h.socket);
    await flush();
    expect(h.socket.sent).toHaveLength(2);
    expect(h.socket.last().payload.clientId).toBe(h.socket.sent[0]?.payload.clientId);
    h.socket.ack(ok(5, true));
    expect(lastEntry(h).status).toBe('concat');

    h.socket.part(part(6, 'One, two, ', { replay: true }));
    h.socket.part(part(6, 'three.', { more: false }));
    expect(lastEntry(h)).toMatchObject({
      message: { text: 'One, two, three.' },
      status: 'success',
    });
    expect(h.store.getState().replyStatus).toBe('success');
    expect(h.client.get).toHaveBeenCalledTimes(1);
  });

  it('finishes a reply that completed while the socket was away, without waiting 35 s', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    h.socket.part(part(6, 'One, '));
    h.socket.connected = false;
    h.setSocket(h.socket);
    h.socket.connected = true;
    h.setSocket(h.socket);
    await flush();
    h.socket.ack(ok(5, true));
    h.socket.part(part(6, 'One, two.', { more: false, replay: true }));
    expect(lastEntry(h)).toMatchObject({
      message: { seqNo: 6, text: 'One, two.' },
      status: 'success',
    });
    expect(h.store.getState().replyStatus).toBe('success');
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);
    expect(lastEntry(h).status).toBe('success');
  });

  it('asks nothing again for a reply the socket never lost', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    h.socket.part(part(6, 'One, '));
    h.setSocket(h.socket);
    h.socket.part(part(6, 'two.', { more: false }));
    await flush();
    expect(h.socket.sent).toHaveLength(1);
    expect(h.client.get).toHaveBeenCalledTimes(1);
    expect(lastEntry(h)).toMatchObject({ message: { text: 'One, two.' }, status: 'success' });
  });

  it('sends a refused question again, from the reply bubble too', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack({ code: 429, msg: 'Too many questions', data: { retryAfter: 5 } });

    void h.store.retry(lastEntry(h).key);
    await flush();
    expect(h.socket.sent).toHaveLength(2);
    expect(h.socket.last().payload.clientId).toBe('question-1');
    h.socket.ack(ok(5));
    await flush();
    h.socket.part(part(6, 'Fine', { more: false }));
    expect(h.texts().slice(-2)).toEqual(['USER:Mine', 'ASSISTANT:Fine']);
    expect(h.entries().at(-2)?.delivery).toBe('sent');
  });

  it('is refused while another reply is awaited', async () => {
    const h = await loaded();
    void h.store.send('First');
    await flush();
    h.store.stop();
    const crashedKey = lastEntry(h).key;
    void h.store.send('Second');
    await flush();
    await h.store.retry(crashedKey);

    expect(h.socket.sent).toHaveLength(2);
    expect(h.store.getState().error).toMatchObject({ reason: 'busy' });
    expect(h.entries().find((entry) => entry.key === crashedKey)?.crashed).toBe(true);
  });

  it('does nothing for an answered question, an unknown key or a history message', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    h.socket.part(part(6, 'Done', { more: false }));

    await h.store.retry(h.entries().at(-2)?.key ?? '');
    await h.store.retry('nope');
    await h.store.retry(h.entries()[0]?.key ?? '');
    expect(h.socket.sent).toHaveLength(1);
    expect(lastEntry(h).status).toBe('success');
  });
});

describe('history', () => {
  it('loads the newest page, oldest first', async () => {
    const h = setup();
    h.client.get.mockResolvedValueOnce(page(FOUR, { hasMore: true }));
    const loading = h.store.loadLatest();
    expect(h.store.getState().history).toBe('loading');
    await loading;

    expect(h.client.get).toHaveBeenCalledWith(CHAT_LIST_PATH, {
      query: { size: 10, oldestSeqNo: -1 },
    });
    expect(h.store.getState()).toMatchObject({
      conversationId: CONVERSATION,
      history: 'ready',
      hasOlder: true,
      error: null,
    });
    expect(h.entries().map((entry) => entry.message)).toEqual(FOUR);
    expect(h.entries().every((entry) => entry.status === null)).toBe(true);
    expect(new Set(h.entries().map((entry) => entry.key)).size).toBe(4);
  });

  it('prepends older pages without duplicates, until there are no more', async () => {
    const h = await loaded();
    h.client.get.mockResolvedValueOnce(
      page([message(1, 'USER', 'Hi'), message(0, 'USER', 'Older')], { hasMore: true }),
    );
    const older = h.store.loadOlder();
    expect(h.store.getState().loadingOlder).toBe(true);
    await older;

    expect(h.client.get).toHaveBeenLastCalledWith(CHAT_LIST_PATH, {
      query: { size: 10, oldestSeqNo: 1 },
    });
    expect(h.texts()).toEqual([
      'USER:Older',
      'USER:Hi',
      'ASSISTANT:Hello!',
      'USER:BTC?',
      'ASSISTANT:BTC is at 1.',
    ]);
    expect(h.store.getState()).toMatchObject({ loadingOlder: false, hasOlder: true });

    h.client.get.mockResolvedValueOnce(page([], { hasMore: false }));
    await h.store.loadOlder();
    expect(h.client.get).toHaveBeenLastCalledWith(CHAT_LIST_PATH, {
      query: { size: 10, oldestSeqNo: 0 },
    });
    expect(h.store.getState().hasOlder).toBe(false);
    await h.store.loadOlder();
    expect(h.client.get).toHaveBeenCalledTimes(3);
  });

  it('keeps what is loaded when a page fails', async () => {
    const h = await loaded();
    const failure = new NetworkError({ path: CHAT_LIST_PATH, cause: new Error('offline') });
    h.client.get.mockRejectedValueOnce(failure);
    await h.store.loadOlder();
    expect(h.entries()).toHaveLength(4);
    expect(h.store.getState()).toMatchObject({
      history: 'ready',
      loadingOlder: false,
      hasOlder: true,
      error: failure,
    });

    h.client.get.mockRejectedValueOnce(failure);
    await h.store.loadLatest();
    expect(h.entries()).toHaveLength(4);
    expect(h.store.getState()).toMatchObject({ history: 'error', error: failure });
  });

  it('does not mix in another conversation started in another tab', async () => {
    const h = await loaded();
    h.client.get.mockResolvedValueOnce(
      page([message(1, 'USER', 'New', { conversationId: 'conv-2' })], {
        conversationId: 'conv-2',
      }),
    );
    await h.store.loadOlder();
    expect(h.entries()).toHaveLength(4);
    expect(h.store.getState().hasOlder).toBe(false);
  });

  it('keeps a question being asked and its streaming reply when loaded again', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    h.socket.part(part(6, 'Stream'));
    const keys = h.entries().map((entry) => entry.key);
    // The reply is not in the history until it is complete.
    h.client.get.mockResolvedValueOnce(page([...FOUR, message(5, 'USER', 'Mine')]));
    await h.store.loadLatest();

    expect(h.texts().slice(-2)).toEqual(['USER:Mine', 'ASSISTANT:Stream']);
    expect(h.entries().map((entry) => entry.key)).toEqual(keys);
    h.socket.part(part(6, 'ed', { more: false }));
    expect(lastEntry(h)).toMatchObject({ message: { text: 'Streamed' }, status: 'success' });
  });

  it('takes a reply that was given up from the history once it is there', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);
    h.client.get.mockResolvedValueOnce(
      page([...FOUR, message(5, 'USER', 'Mine'), message(6, 'ASSISTANT', 'Finally')]),
    );
    await h.store.loadLatest();
    expect(h.entries()).toHaveLength(6);
    expect(lastEntry(h)).toMatchObject({ message: { text: 'Finally' }, status: 'success' });
    expect(lastEntry(h).crashed).toBeUndefined();
  });

  it('finishes the awaited reply when the history already has it complete', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.socket.ack(ok(5));
    h.socket.part(part(6, 'Ha'));
    const replyKey = lastEntry(h).key;
    // The reply is stored before its last part goes out.
    h.client.get.mockResolvedValueOnce(
      page([...FOUR, message(5, 'USER', 'Mine'), message(6, 'ASSISTANT', 'Half and whole')]),
    );
    await h.store.loadLatest();

    expect(lastEntry(h)).toMatchObject({
      key: replyKey,
      message: { text: 'Half and whole' },
      status: 'success',
    });
    expect(h.store.getState().replyStatus).toBe('success');
    h.socket.part(part(6, 'lf and whole', { more: false }));
    expect(lastEntry(h).message.text).toBe('Half and whole');
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);
    expect(lastEntry(h).status).toBe('success');
  });

  it('follows a new conversation started in another tab, keeping the robot lines not stored yet', async () => {
    const h = await loaded();
    // Not stored: the server could not be reached.
    h.client.post.mockRejectedValueOnce(new NetworkError({ path: '/api/chat/robot', cause: null }));
    h.store.addRobotMessage({ key: 'onboarding-1', language: 'en', text: 'Hi!', layers: [] });
    h.client.get.mockResolvedValueOnce(
      page([message(1, 'USER', 'New', { conversationId: 'conv-2' })], {
        conversationId: 'conv-2',
      }),
    );
    await h.store.loadLatest();

    expect(h.store.getState().conversationId).toBe('conv-2');
    expect(h.texts()).toEqual(['USER:New', 'ROBOT:Hi!']);
    void h.store.send('Next');
    await flush();
    expect(h.socket.last().payload).toMatchObject({ conversationId: 'conv-2' });
  });
});

describe('clean', () => {
  it('starts a new, empty conversation and asks in it', async () => {
    const h = await loaded();
    h.client.post.mockResolvedValueOnce({ conversationId: 'conv-2' });
    await h.store.clean();

    expect(h.client.post).toHaveBeenCalledWith(CHAT_CLEAN_PATH);
    expect(h.store.getState()).toMatchObject({
      conversationId: 'conv-2',
      entries: [],
      history: 'ready',
      hasOlder: false,
      replyStatus: null,
      error: null,
    });
    h.socket.part(message(5, 'USER', 'Old conversation'));
    expect(h.entries()).toHaveLength(0);

    void h.store.send('Fresh start');
    await flush();
    expect(h.socket.last().payload).toMatchObject({ conversationId: 'conv-2' });
  });

  it('drops the reply being awaited with the old conversation', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    h.client.post.mockResolvedValueOnce({ conversationId: 'conv-2' });
    await h.store.clean();
    h.socket.ack(ok(5));
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);
    expect(h.store.getState()).toMatchObject({ entries: [], replyStatus: null, error: null });
  });

  it('keeps the conversation when the call fails', async () => {
    const h = await loaded();
    const failure = new ApiError({
      code: 500,
      msg: 'oops',
      status: 500,
      data: null,
      path: CHAT_CLEAN_PATH,
    });
    h.client.post.mockRejectedValueOnce(failure);
    await h.store.clean();
    expect(h.entries()).toHaveLength(4);
    expect(h.store.getState()).toMatchObject({ conversationId: CONVERSATION, error: failure });
  });
});

describe('signing out', () => {
  it('resets the store and forgets the reply being awaited', async () => {
    const h = await loaded();
    h.store.setDraft('Half a question');
    void h.store.send('Mine');
    await flush();

    clearToken();
    expect(h.store.getDraft()).toBe('');
    expect(h.store.getState()).toEqual({
      conversationId: null,
      entries: [],
      history: 'idle',
      hasOlder: false,
      loadingOlder: false,
      question: 'idle',
      replyStatus: null,
      error: null,
    });
    h.socket.ack(ok(5));
    h.socket.part(part(6, 'Late', { more: false }));
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS);
    expect(h.entries()).toHaveLength(0);
    expect(h.store.getState().replyStatus).toBeNull();
  });

  it('resets when another user signs in, and ignores a history answer for the previous one', async () => {
    const h = setup();
    let answer: (value: ChatHistory) => void = () => {};
    h.client.get.mockReturnValueOnce(new Promise<ChatHistory>((resolve) => (answer = resolve)));
    const loading = h.store.loadLatest();
    setToken('tok-2');
    answer(page(FOUR));
    await loading;
    expect(h.store.getState()).toMatchObject({
      conversationId: null,
      entries: [],
      history: 'idle',
    });
  });
});

describe('robot lines', () => {
  const stored = (seqNo: number, text: string) =>
    message(seqNo, 'ROBOT', text, { robotKey: 'welcome-1' });

  it('show at once, are stored once under their key, and stay one line when loaded again', async () => {
    const h = await loaded();
    let answer: (value: unknown) => void = () => undefined;
    h.client.post.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const line = { key: 'welcome-1', language: 'en' as const, text: 'Welcome!', layers: [] };
    h.store.addRobotMessage(line);
    expect(lastEntry(h)).toMatchObject({
      key: 'welcome-1',
      pending: true,
      status: null,
      message: { source: 'ROBOT', text: 'Welcome!', timestamp: Math.floor(T0 / 1000) },
    });
    await flush();
    expect(h.client.post).toHaveBeenCalledWith(CHAT_ROBOT_PATH, line);
    expect(h.socket.sent).toHaveLength(0);

    // Said again (the onboarding after a reload): still one line, stored once.
    h.store.addRobotMessage({ ...line, text: 'Welcome again!' });
    expect(h.client.post).toHaveBeenCalledTimes(1);
    answer({ message: stored(5, 'Welcome!'), created: true });
    await flush();
    expect(lastEntry(h)).toMatchObject({ key: 'welcome-1', message: { seqNo: 5 } });
    expect(lastEntry(h).pending).toBeUndefined();

    h.client.get.mockResolvedValueOnce(page([...FOUR, stored(5, 'Welcome!')]));
    await h.store.loadLatest();
    expect(h.texts().filter((text) => text.startsWith('ROBOT'))).toEqual(['ROBOT:Welcome!']);
    expect(lastEntry(h).key).toBe('welcome-1');
  });

  it('not stored for want of a connection are stored when the history loads again', async () => {
    const h = await loaded();
    h.client.post.mockRejectedValueOnce(new NetworkError({ path: CHAT_ROBOT_PATH, cause: null }));
    h.store.addRobotMessage({ key: 'welcome-1', language: 'en', text: 'Welcome!', layers: [] });
    await flush();
    expect(lastEntry(h).pending).toBe(true);

    h.client.post.mockResolvedValueOnce({ message: stored(5, 'Welcome!'), created: true });
    h.client.get.mockResolvedValueOnce(page(FOUR));
    await h.store.loadLatest();
    await flush();
    expect(h.client.post).toHaveBeenCalledTimes(2);
    expect(lastEntry(h)).toMatchObject({ key: 'welcome-1', message: { seqNo: 5 } });
  });
});

describe('useChat', () => {
  it('renders the store state and follows its changes', async () => {
    const h = await loaded();
    const { result } = renderHook(() => useChat(h.store));
    expect(result.current.entries).toHaveLength(4);
    act(() => {
      h.socket.part(message(5, 'USER', 'Other tab'));
    });
    expect(result.current.entries).toHaveLength(5);
  });

  it('draws the draft apart: a key typed does not change the state the log is drawn from', async () => {
    const h = await loaded();
    const { result } = renderHook(() => ({ chat: useChat(h.store), draft: useDraft(h.store) }));
    const before = result.current.chat;
    act(() => h.store.setDraft('How is'));
    expect(result.current.draft).toBe('How is');
    expect(result.current.chat).toBe(before);
    void h.store.send('How is');
    expect(h.store.getDraft()).toBe('');
  });
});

describe('dispose', () => {
  it('stops listening and clears the reply timer', async () => {
    const h = await loaded();
    void h.store.send('Mine');
    await flush();
    const before = h.store.getState();
    h.store.dispose();

    expect(h.socket.listenerCount('chat')).toBe(0);
    jest.advanceTimersByTime(REPLY_TIMEOUT_MS * 2);
    expect(h.store.getState()).toBe(before);
  });
});
