// The chat service on its own, with a store and a transport in memory: what a resend is sent when
// the reply it waits for is being written but not by this process, which only several API
// processes, or a process that ended mid-reply, can bring about; and that the per-minute count
// of questions forgets the users who stopped asking.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Clock } from '../src/auth/clock.js';
import { ChatService, type ChatTransport, type ReplayRequest } from '../src/chat/service.js';
import type { ChatStore, StoredQuestion } from '../src/chat/store.js';
import type { Assistant, AssistantData, ReplyPart } from '../src/chat/types.js';
import type { ChatAck, ChatLayer, ChatMessage } from '@coinlens/contract';

const QUESTION: ChatMessage = {
  conversationId: 'c1',
  seqNo: 1,
  source: 'USER',
  language: 'en',
  text: 'still there?',
  layers: [],
  more: false,
  clientId: 'question-1',
  timestamp: 1,
};

const REPLY: ChatMessage = {
  ...QUESTION,
  seqNo: 2,
  source: 'ASSISTANT',
  text: 'finished elsewhere',
  clientId: undefined,
};

interface Setup {
  /** Whether another process answers the replay request. */
  elsewhere: boolean;
  /** What the store reads of the reply after asking the other processes. */
  reply: ChatMessage | null;
  /** What storing a question answers; default: a resend whose reply is being written. */
  stored?: StoredQuestion;
  clock?: Clock;
}

function service({ elsewhere, reply, stored: storing, clock }: Setup) {
  const toUser: ChatMessage[] = [];
  const toSocket: [string, ChatMessage][] = [];
  const asked: ReplayRequest[] = [];
  const completed: { text: string; error: boolean }[] = [];
  const transport: ChatTransport = {
    toUser: (_userId, message) => toUser.push(message),
    toSocket: (socketId, message) => toSocket.push([socketId, message]),
    replayElsewhere: async (request) => {
      asked.push(request);
      return elsewhere;
    },
  };
  const stored: StoredQuestion = storing ?? {
    kind: 'resend',
    message: QUESTION,
    replySeqNo: 2,
    reply: null,
  };
  const store = {
    owns: async () => true,
    ask: async () => stored,
    known: async () => null,
    recent: async () => [QUESTION],
    completeReply: async () => reply,
    complete: async (
      _conversationId: string,
      _seqNo: number,
      written: { text: string; layers: ChatLayer[]; error: boolean },
    ) => {
      completed.push({ text: written.text, error: written.error });
      return { ...REPLY, text: written.text };
    },
  } as unknown as ChatStore;
  const assistant: Assistant = {
    async *reply(): AsyncIterable<ReplyPart> {
      yield { text: 'answered ', layers: [] };
      yield { text: 'again', layers: [] };
    },
  };
  const chat = new ChatService({
    store,
    assistant,
    dataFor: () => ({}) as AssistantData,
    transport,
    clock: clock ?? { now: () => 1_000 },
    log: { warn: () => undefined, error: () => undefined },
  });
  return { chat, toUser, toSocket, asked, completed };
}

/** Sends question 1 as `userId` (7: the user of the resends). */
async function resend(chat: ChatService, userId = 7): Promise<ChatAck> {
  let ack: ChatAck | undefined;
  await chat.handle(
    userId,
    'socket-1',
    {
      clientId: 'question-1',
      conversationId: 'c1',
      source: 'USER',
      language: 'en',
      text: 'still there?',
    },
    (answer) => (ack = answer),
  );
  assert.ok(ack);
  return ack;
}

describe('a resend whose reply this process is not writing', () => {
  it('leaves it to the process that streams the reply', async () => {
    const { chat, toUser, toSocket, asked } = service({ elsewhere: true, reply: null });
    const ack = await resend(chat);
    assert.deepEqual(ack.data, { seqNo: 1, conversationId: 'c1', resend: true });
    assert.deepEqual(asked, [{ conversationId: 'c1', seqNo: 2, socketId: 'socket-1' }]);
    await chat.stop();
    assert.deepEqual([toUser, toSocket], [[], []]);
  });

  it('sends the reply whole when it was completed meanwhile', async () => {
    const { chat, toUser, toSocket } = service({ elsewhere: false, reply: REPLY });
    await resend(chat);
    await chat.stop();
    assert.deepEqual(toSocket, [['socket-1', { ...REPLY, more: false, replay: true }]]);
    assert.deepEqual(toUser, []);
  });

  it('answers it anew when nobody streams it any more (its process ended)', async () => {
    const { chat, toUser, toSocket, completed } = service({ elsewhere: false, reply: null });
    await resend(chat);
    // Until the last part went out (stop() would cut the reply short).
    while (!toUser.some((m) => !m.more)) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(toSocket, []);
    assert.deepEqual(
      toUser.map((m) => [m.seqNo, m.text, m.more, m.replay ?? false]),
      [
        [2, '', true, true],
        [2, 'answered ', true, false],
        [2, 'again', false, false],
      ],
    );
    assert.deepEqual(completed, [{ text: 'answered again', error: false }]);
  });
});

describe("the count of each user's questions of the last minute", () => {
  it('keeps nobody who asked nothing for a minute', async () => {
    let now = 1_000;
    const { chat } = service({
      elsewhere: false,
      reply: null,
      stored: { kind: 'new', message: QUESTION, replySeqNo: 2 },
      clock: { now: () => now },
    });
    for (let user = 1; user <= 100; user += 1) {
      assert.equal((await resend(chat, user)).code, 200);
    }
    assert.equal(chat.usersCounted, 100);
    now += 60_000;
    assert.equal((await resend(chat, 101)).code, 200);
    assert.equal(chat.usersCounted, 1, 'the hundred who asked a minute ago are forgotten');
    await chat.stop();
  });
});
