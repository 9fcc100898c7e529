// The mocked API's realtime socket as socket.io's own client meets it over msw: the handshake,
// acknowledgements, streamed and replayed replies, the contract's check, and the pings that keep a
// quiet connection open.
import type { ChatAck, ChatMessage, ChatQuestion } from '@coinlens/contract';
import type { Socket } from 'socket.io-client';
import { ANA } from '../fixtures';
import { EventMismatch, loadMockedIo, settle } from './chatSocket';
import { PING_INTERVAL_MS, PING_TIMEOUT_MS } from './socketIo';
import type { MockApiOptions } from './mockApi';
import { takeMockFaults } from './respond';
import { mockApi } from './unitTest';

let socket: Socket | undefined;

/** A mocked API and a socket opened on it with `token` (Ana's, issued by it, by default). */
async function open(options: MockApiOptions = {}, token?: string) {
  const api = mockApi(options);
  const io = await loadMockedIo();
  const auth = { token: token ?? api.tokenFor(ANA) };
  socket = io(window.location.origin, {
    path: '/socket.io',
    auth,
    transports: ['websocket'],
    reconnection: false,
  });
  const parts: ChatMessage[] = [];
  socket.on('chat', (message: ChatMessage) => parts.push(message));
  const errors: Error[] = [];
  socket.on('connect_error', (error: Error) => errors.push(error));
  await settle();
  return { api, socket, parts, errors };
}

function question(text: string, clientId = 'question-1'): ChatQuestion {
  return { clientId, conversationId: 'conv-1', source: 'USER', language: 'en', text };
}

/** Emits `payload` on `chat` and resolves with the server's acknowledgement. */
function ask(on: Socket, payload: ChatQuestion): Promise<ChatAck> {
  return on.timeout(1000).emitWithAck('chat', payload) as Promise<ChatAck>;
}

afterEach(() => {
  socket?.disconnect();
  socket = undefined;
  jest.useRealTimers();
});

it('lets in a token the mocked API issued, and refuses any other with `unauthorized`', async () => {
  const accepted = await open();
  expect(accepted.socket.connected).toBe(true);
  accepted.socket.disconnect();

  const refused = await open({}, 'made-up');
  expect(refused.socket.connected).toBe(false);
  expect(refused.errors.map((error) => error.message)).toEqual(['unauthorized']);
});

it('acknowledges a question with its number and streams the planned reply in parts', async () => {
  const {
    api,
    socket: client,
    parts,
  } = await open({
    chat: { replies: [{ parts: [{ text: 'Ethereum is ' }, { text: 'up.' }], stepMs: 10 }] },
  });
  await expect(ask(client, question('  ETH?  '))).resolves.toEqual({
    code: 200,
    msg: 'ok',
    data: { seqNo: 1, conversationId: 'conv-1', resend: false },
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(parts.map(({ seqNo, text, more }) => ({ seqNo, text, more }))).toEqual([
    { seqNo: 2, text: 'Ethereum is ', more: true },
    { seqNo: 2, text: 'up.', more: false },
  ]);
  expect(api.chat.questions).toEqual([question('  ETH?  ')]);
  expect(api.chat.messages.map(({ source, text }) => `${source}:${text}`)).toEqual([
    'USER:ETH?',
    'ASSISTANT:Ethereum is up.',
  ]);
});

it('replays the reply of a resent question instead of answering it again', async () => {
  const {
    api,
    socket: client,
    parts,
  } = await open({
    chat: { replies: [{ delivery: 'lost', parts: [{ text: 'Solana is down.' }] }] },
  });
  await ask(client, question('SOL?'));
  await settle();
  expect(parts).toHaveLength(0);

  await expect(ask(client, question('SOL?'))).resolves.toMatchObject({
    data: { seqNo: 1, resend: true },
  });
  await settle();
  expect(parts).toEqual([
    expect.objectContaining({ seqNo: 2, text: 'Solana is down.', more: false, replay: true }),
  ]);
  expect(api.chat.messages).toHaveLength(2);
});

it('refuses a question of another conversation with 404, and one past the limit with 429', async () => {
  const { socket: client } = await open({
    chat: { replies: [{ delivery: 'refused', parts: [] }] },
  });
  await expect(ask(client, { ...question('Hi'), conversationId: 'conv-9' })).resolves.toEqual({
    code: 404,
    msg: expect.any(String),
    data: null,
  });
  await expect(ask(client, question('Hi'))).resolves.toEqual({
    code: 429,
    msg: expect.any(String),
    data: { retryAfter: 30 },
  });
});

it('keeps back a part that breaks the contract, and reports it', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const {
    api,
    socket: client,
    parts,
  } = await open({
    chat: {
      replies: [
        {
          delivery: 'manual',
          parts: [
            { text: 'Look:', layers: [{ type: 'report', coinId: 'one' as unknown as number }] },
          ],
        },
      ],
    },
  });
  const ack = await ask(client, question('Report?'));
  expect(ack.code).toBe(200);
  api.chat.next();
  await settle();
  const [fault] = takeMockFaults();
  expect(fault).toBeInstanceOf(EventMismatch);
  expect(fault?.message).toMatch(/`chat` against the contract: \/layers\/0/);
  expect(parts).toHaveLength(0);
});

it('pings a quiet connection, which socket.io-client keeps open past its ping time-out', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  const { socket: client } = await open();
  expect(client.connected).toBe(true);
  for (let waited = 0; waited < 3 * (PING_INTERVAL_MS + PING_TIMEOUT_MS); waited += 5000) {
    jest.advanceTimersByTime(5000);
    await settle();
  }
  expect(client.connected).toBe(true);
});
