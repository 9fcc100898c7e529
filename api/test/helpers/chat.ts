// Chat over a real socket.io client, for the tests that talk to the server's `chat` event: open
// sockets (and close them all after), wait for parts, send questions, read acknowledgements.
import assert from 'node:assert/strict';
import { io as connect, type Socket } from 'socket.io-client';
import type { Assistant, AssistantInput, ReplyPart } from '../../src/chat/types.js';
import type { ChatAck, ChatAckData, ChatHistory, ChatMessage } from '@coinlens/contract';
import { call } from './auth.js';

/** The sockets a test file opened, to disconnect them all when it ends. */
export class ChatSockets {
  readonly #sockets: Socket[] = [];

  constructor(private readonly url: () => string) {}

  /** A socket for the token; `connected` or `refused` tells how its handshake went. */
  open(token: string | null, options: { origin?: string; via?: 'auth' | 'query' } = {}): Socket {
    const socket = connect(this.url(), {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(token === null
        ? {}
        : options.via === 'query'
          ? { query: { token } }
          : { auth: { token } }),
      ...(options.origin ? { extraHeaders: { origin: options.origin } } : {}),
    });
    this.#sockets.push(socket);
    return socket;
  }

  closeAll(): void {
    for (const socket of this.#sockets) socket.disconnect();
  }
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

export function refused(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** Collects `chat` events from now on until one for which `until` is true (that one included). */
export function collect(
  socket: Socket,
  until: (message: ChatMessage) => boolean,
): Promise<ChatMessage[]> {
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

/** The last part of the reply numbered `seqNo`. */
export const lastPart = (seqNo: number) => (m: ChatMessage) => m.seqNo === seqNo && !m.more;

export async function conversationOf(url: string, token: string): Promise<string> {
  const res = await call<ChatHistory>(url, '/api/chat/list', { token });
  assert.equal(res.code, 200, res.msg);
  return res.data.conversationId;
}

/** Emits `chat` and answers its acknowledgement. */
export function send(socket: Socket, payload: Record<string, unknown>): Promise<ChatAck> {
  return socket.timeout(5000).emitWithAck('chat', payload);
}

/** The tab's id of question `n`: the same `n` is the same question (a resend). */
export const clientIdOf = (n: number | string) => `question-${n}`;

/** The payload of question `n`. */
export const question = (
  conversationId: string,
  n: number | string,
  text: string,
  language = 'en',
) => ({
  clientId: clientIdOf(n),
  conversationId,
  source: 'USER',
  language,
  text,
  context: { page: 'welcome' },
});

/** The data of an acknowledgement that must be 200. */
export function accepted(ack: ChatAck): ChatAckData {
  assert.equal(ack.code, 200, ack.msg);
  return ack.data as ChatAckData;
}

/** Reply parts with these texts, one after the other. */
export async function* parts(...texts: string[]): AsyncIterable<ReplyPart> {
  for (const text of texts) yield { text, layers: [] };
}

/** An assistant that answers as the test scripts it, and keeps what it was asked. */
export class ScriptedAssistant implements Assistant {
  /** How the next questions are answered. */
  script: (input: AssistantInput) => AsyncIterable<ReplyPart> = () => parts();
  /** The questions it was asked, in order. */
  readonly asked: string[] = [];

  reply(input: AssistantInput): AsyncIterable<ReplyPart> {
    this.asked.push(input.text);
    return this.script(input);
  }
}
