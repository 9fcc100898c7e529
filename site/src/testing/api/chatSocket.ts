// The assistant's side of the mocked API: the current conversation as the reference API keeps it
// (api/src/chat/store.ts and service.ts), which the HTTP routes page through and replace
// (chatHttp.ts), and the realtime socket the page's chat store talks to, served at `/socket.io/`
// by an msw WebSocket handler (`ws.link`) that speaks socket.io (socketIo.ts). A handshake is
// let in when its token is one the mocked API issued, and refused with `unauthorized` otherwise,
// as the API's middleware does; a test of the connection itself holds every handshake
// (`handshakes: 'manual'`) and plays the server: `accept`, `refuse`, `lose`, `kick`.
//
// A question emitted on `chat` is stored under the next number and acknowledged with it (a
// resend of the same question id is recognised and its reply replayed, not answered again, as on
// the server), and the reply the story planned for it comes back in parts on `chat`, written to
// the history before its last part goes out. Every part is checked against the contract's
// ChatMessage schema before it goes out, as respond.ts checks an HTTP answer.
//
// Where a play function must see a state between two parts, the story plans a `manual` reply and
// plays the server's timing itself with `next()`; a `lost` reply stands for a connection that
// dropped the parts (the history has the reply, the page never hears of it).
import {
  ChatMessage,
  serverMessage,
  type ChatAck,
  type ChatHistory,
  type ChatLayer,
  type ChatQuestion,
  type Locale,
  type RobotLine,
  type RobotLineInput,
} from '@coinlens/contract';
import { ws, type WebSocketHandler } from 'msw';
import type * as EngineIo from 'engine.io-client';
import type * as SocketIo from 'socket.io-client';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { CHAT_EVENT } from '../../features/assistant/conversation/conversation';
import type { IoFactory } from '../../features/assistant/realtime/connection';
import type { AuthState } from './auth';
import { reportMockFault } from './respond';
import { SocketIoConnection, type Acknowledge, type SocketIoServer } from './socketIo';

/** One part of a planned reply: text appended to the bubble, layers added under it. */
export interface ReplyPart {
  text: string;
  layers?: ChatLayer[];
}

/** How the assistant answers one question of a story. */
export interface ChatReply {
  parts: ReplyPart[];
  /**
   * `stream` (the default): one part every `stepMs`. `manual`: one part each time the play
   * function calls `next()`. `lost`: the reply is complete in the history at once, and no part
   * reaches the page, which waits until its time-out. `unanswered`: the question is never
   * acknowledged (it went nowhere). `refused`: the server refuses it with its rate limit.
   */
  delivery?: 'stream' | 'manual' | 'lost' | 'unanswered' | 'refused';
  /** The pause before each part of a streamed reply (ms). */
  stepMs?: number;
}

export interface ChatServerOptions {
  /** The current conversation (`conv-1` by default). */
  conversationId?: string;
  /** Its messages, oldest first, numbered from 1 (a question, then its reply). */
  messages?: ChatMessage[];
  /** The replies to the questions the story asks, in turn; the last one answers the rest. */
  replies?: ChatReply[];
  /**
   * `token` (the default): a handshake is let in with a token the mocked API issued, refused with
   * `unauthorized` otherwise. `manual`: every handshake waits for the test's `accept()` or
   * `refuse()`.
   */
  handshakes?: 'token' | 'manual';
}

/**
 * The realtime socket's address, at any origin (the page's own, or the API origin a test names):
 * msw reads a socket.io client's `/socket.io/` path as the server's root (its WebSocketHandler
 * does), so the link names the root.
 */
export const SOCKET_IO_URL = '*/';

/** What a question gets when the story planned no reply (someone trying the story by hand). */
const DEFAULT_REPLY: ChatReply = {
  parts: [{ text: 'This story has no answer planned; ' }, { text: 'ask the next one.' }],
};
const STEP_MS = 200;

/** The timers of the page's own clock, as they were before a test made them fake. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Resolves once what is on the mocked network has arrived: msw and socket.io pass frames on in
 * microtasks, which all run before a task of the real clock (taken as the module loaded, so that
 * this works under Jest's fake timers too, which must leave `queueMicrotask` and `nextTick` real).
 */
export function settle(): Promise<void> {
  return new Promise((resolve) => realSetTimeout(resolve, 0));
}

/** socket.io-client's `io`, and the transports of engine.io-client (its own dependency). */
export interface SocketIoClient {
  io: typeof SocketIo.io;
  WebSocket: typeof EngineIo.WebSocket;
  XHR: typeof EngineIo.XHR;
}

/**
 * socket.io-client's `io` with its transports named by class: what `'websocket'` and `'polling'`
 * are in a browser build (engine.io-client's transports over the global WebSocket and
 * XMLHttpRequest, which msw intercepts). In Jest the packages resolve to their Node builds, where
 * those names mean the `ws` package and Node's http, which msw does not see. (socket.io-client
 * re-exports the classes, but its CommonJS build replaces its exports with `io` and loses them.)
 */
export function ioOverGlobals({ io, WebSocket, XHR }: SocketIoClient): IoFactory {
  const byName: Record<string, typeof WebSocket | typeof XHR> = {
    websocket: WebSocket,
    polling: XHR,
  };
  return (url, options) =>
    io(url, {
      ...options,
      transports: (options.transports as string[] | undefined)?.map((name) => {
        const transport = byName[name];
        if (!transport) throw new Error(`No mocked transport for ${name}`);
        return transport;
      }),
    });
}

/**
 * socket.io-client's `io` over the mocked network. Imported when first needed, as the site does:
 * the WebSocket transport takes the global WebSocket as its module loads, and that must be msw's
 * (the browser's worker patches it only once started).
 */
export async function loadMockedIo(): Promise<IoFactory> {
  const [{ io }, { WebSocket, XHR }] = await Promise.all([
    import('socket.io-client'),
    import('engine.io-client'),
  ]);
  return ioOverGlobals({ io, WebSocket, XHR });
}

interface Stored {
  message: ChatMessage;
  /** A reply is in the history only once complete (the API leaves out one still streaming). */
  complete: boolean;
  /** The id the page gave a question, by which a resend is known. */
  clientId: string | null;
  /** A reply's text and layers so far, for a replay. */
  sentText?: string;
  sentLayers?: ChatLayer[];
}

/** A manual reply under way: its parts, how many went out, and the message they belong to. */
interface Streaming {
  parts: ReplyPart[];
  sent: number;
  reply: Stored;
}

/** A part that breaks the contract's ChatMessage: the mock, not the page, is wrong. */
export class EventMismatch extends Error {
  constructor(event: string, detail: string) {
    super(`The mock's socket sent \`${event}\` against the contract: ${detail}`);
    this.name = 'EventMismatch';
  }
}

export class ChatServer implements SocketIoServer {
  /** The msw handler of the realtime socket (in the mocked API's handlers). */
  readonly handler: WebSocketHandler;
  /** Every socket.io connection made to this server, oldest first. */
  readonly connections: SocketIoConnection[] = [];
  /** What the page emitted on `chat`, in order (a resend is there again). */
  readonly questions: ChatQuestion[] = [];
  private conversationId: string;
  private conversations = 1;
  private stored: Stored[];
  private readonly replies: ChatReply[];
  private readonly manual: boolean;
  private answered = 0;
  private streaming: Streaming | null = null;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(
    options: ChatServerOptions,
    private readonly auth: AuthState,
  ) {
    this.conversationId = options.conversationId ?? 'conv-1';
    this.stored = (options.messages ?? []).map((message) => ({
      message: { ...message },
      complete: true,
      clientId: message.clientId ?? null,
    }));
    this.replies = options.replies ?? [];
    this.manual = options.handshakes === 'manual';
    this.handler = ws.link(SOCKET_IO_URL).addEventListener('connection', ({ client }) => {
      if (this.closed) return;
      this.connections.push(new SocketIoConnection(client, this));
    });
  }

  /** The current conversation's complete messages, oldest first (what the history holds). */
  get messages(): ChatMessage[] {
    return this.stored.filter((entry) => entry.complete).map((entry) => entry.message);
  }

  /** The current conversation's id. */
  get conversation(): string {
    return this.conversationId;
  }

  /** `GET /api/chat/list`: the newest `size` messages, or the `size` before `oldestSeqNo`. */
  history(size: number, oldestSeqNo: number): ChatHistory {
    const before = this.messages.filter(
      (message) => oldestSeqNo === -1 || message.seqNo < oldestSeqNo,
    );
    const page = before.slice(Math.max(0, before.length - size));
    return {
      conversationId: this.conversationId,
      messages: page.map((message) => ({ ...message, layers: [...message.layers] })),
      has_more: before.length > page.length,
    };
  }

  /** `POST /api/chat/clean`: a new, empty conversation becomes the current one. */
  clean(): { conversationId: string } {
    this.conversations += 1;
    this.conversationId = `conv-${this.conversations}`;
    this.stored = [];
    this.streaming = null;
    return { conversationId: this.conversationId };
  }

  /** `POST /api/chat/robot`: a robot line, stored once per key in the current conversation. */
  robotLine(line: RobotLineInput): RobotLine {
    const shown = this.stored.find((entry) => entry.message.robotKey === line.key);
    if (shown) return { message: shown.message, created: false };
    const message: ChatMessage = {
      conversationId: this.conversationId,
      seqNo: Math.max(0, ...this.stored.map((entry) => entry.message.seqNo)) + 1,
      source: 'ROBOT',
      language: line.language,
      text: line.text,
      layers: line.layers ?? [],
      more: false,
      robotKey: line.key,
      timestamp: this.now(),
    };
    this.stored.push({ message, complete: true, clientId: null });
    return { message, created: true };
  }

  /** Sends the next part of the manual reply under way (the last one completes it). */
  next(): void {
    const streaming = this.streaming;
    if (!streaming) throw new Error('No manual reply is under way: was the question sent?');
    this.sendPart(streaming);
  }

  /** Whether a manual reply waits for `next()`. */
  get waiting(): boolean {
    return this.streaming !== null;
  }

  /** Lets in the handshake that waits (the latest), once it has arrived. */
  async accept(): Promise<void> {
    (await this.latest('joining')).accept();
    await settle();
  }

  /** Refuses the handshake that waits (the latest) as the API's middleware does, with `message`. */
  async refuse(message: string): Promise<void> {
    (await this.latest('joining')).refuse(message);
    await settle();
  }

  /** The connection breaks (server down, network gone); socket.io-client retries by itself. */
  async lose(): Promise<void> {
    (await this.latest('connected')).drop();
    await settle();
  }

  /** The server disconnects the socket (it is shutting down); socket.io-client does not retry. */
  async kick(): Promise<void> {
    (await this.latest('connected')).disconnect();
    await settle();
  }

  /**
   * Stops every reply under way and goes quiet (the story or test ended: nothing reaches the next
   * one); the page closes its socket itself.
   */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.streaming = null;
    for (const connection of this.connections) connection.silence();
  }

  onConnect(connection: SocketIoConnection): void {
    if (this.manual) return;
    if (this.auth.accountOf(connection.token)) connection.accept();
    else connection.refuse('unauthorized');
  }

  onEvent(
    _connection: SocketIoConnection,
    event: string,
    args: unknown[],
    ack: Acknowledge | null,
  ): void {
    if (event !== CHAT_EVENT) return;
    const question = args[0] as ChatQuestion;
    this.questions.push(question);
    this.receive(question, ack ?? (() => {}));
  }

  /** The latest connection in `state`, once what is under way on the network has arrived. */
  private async latest(state: SocketIoConnection['state']): Promise<SocketIoConnection> {
    await settle();
    const found = [...this.connections].reverse().find((connection) => connection.state === state);
    if (!found) throw new Error(`No socket.io connection is ${state}`);
    return found;
  }

  private later(ms: number, action: () => void) {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) action();
    }, ms);
    this.timers.add(timer);
  }

  private now(): number {
    return Math.floor(Date.now() / 1000);
  }

  /**
   * Sends `payload` on `event` to every socket of the user (another feature's event, e.g. the
   * alerts'), once `schema` (the contract's) accepts it.
   */
  notify(event: string, schema: TSchema, payload: unknown): void {
    if (this.closed) return;
    if (!Value.Check(schema, payload)) {
      const first = Value.Errors(schema, payload)[0];
      const where = first?.instancePath || '(the payload)';
      reportMockFault(new EventMismatch(event, `${where} ${first?.message ?? 'does not match'}`));
      return;
    }
    for (const connection of this.connections) connection.emit(event, payload);
  }

  /** Sends `message` on `chat` to every socket of the user, once the contract accepts it. */
  private broadcast(message: ChatMessage) {
    if (!Value.Check(ChatMessage, message)) {
      const first = Value.Errors(ChatMessage, message)[0];
      const where = first?.instancePath || '(the message)';
      reportMockFault(
        new EventMismatch(CHAT_EVENT, `${where} ${first?.message ?? 'does not match'}`),
      );
      return;
    }
    for (const connection of this.connections) connection.emit(CHAT_EVENT, message);
  }

  private receive(payload: ChatQuestion, acknowledge: (answer: ChatAck) => void) {
    if (this.closed) return;
    const language: Locale = payload.language;
    const ok = (seqNo: number, resend: boolean) =>
      acknowledge({
        code: 200,
        msg: serverMessage('ok', language),
        data: { seqNo, conversationId: this.conversationId, resend },
      });
    if (payload.conversationId !== this.conversationId) {
      // The server's chatConversationUnknown (404), in the words the mocked API has.
      acknowledge({ code: 404, msg: serverMessage('notFound', language), data: null });
      return;
    }
    const resent = this.stored.find(
      (entry) => entry.message.source === 'USER' && entry.clientId === payload.clientId,
    );
    if (resent) {
      ok(resent.message.seqNo, true);
      this.replay(resent.message.seqNo + 1);
      return;
    }
    const planned = this.replies[Math.min(this.answered, this.replies.length - 1)];
    if (planned?.delivery === 'unanswered' || planned?.delivery === 'refused') {
      this.answered += 1;
      if (planned.delivery === 'refused') {
        acknowledge({
          code: 429,
          msg: serverMessage('tooManyRequests', language),
          data: { retryAfter: 30 },
        });
      }
      return;
    }
    const seqNo = Math.max(0, ...this.stored.map((entry) => entry.message.seqNo)) + 1;
    const base = {
      conversationId: this.conversationId,
      language,
      layers: [],
      more: false,
      timestamp: this.now(),
    };
    this.stored.push({
      message: {
        ...base,
        seqNo,
        source: 'USER',
        text: payload.text.trim(),
        clientId: payload.clientId,
      },
      complete: true,
      clientId: payload.clientId ?? null,
    });
    const reply: Stored = {
      message: { ...base, seqNo: seqNo + 1, source: 'ASSISTANT', text: '' },
      complete: false,
      clientId: null,
    };
    this.stored.push(reply);
    ok(seqNo, false);
    this.answer(reply);
  }

  private answer(reply: Stored) {
    const plan = this.replies[Math.min(this.answered, this.replies.length - 1)] ?? DEFAULT_REPLY;
    this.answered += 1;
    const streaming: Streaming = { parts: plan.parts, sent: 0, reply };
    switch (plan.delivery ?? 'stream') {
      case 'lost':
        this.complete(streaming);
        return;
      case 'manual':
        this.streaming = streaming;
        return;
      case 'stream': {
        const step = plan.stepMs ?? STEP_MS;
        plan.parts.forEach((_, index) =>
          this.later(step * (index + 1), () => this.sendPart(streaming)),
        );
        return;
      }
    }
  }

  /** The reply as the history keeps it: every part's text and layers. */
  private complete({ parts, reply }: Streaming) {
    reply.message = {
      ...reply.message,
      text: parts.map((part) => part.text).join(''),
      layers: parts.flatMap((part) => part.layers ?? []),
      timestamp: this.now(),
    };
    reply.complete = true;
  }

  /** A resend's reply, as the server replays it: whole when complete, else what went out so far. */
  private replay(seqNo: number) {
    const reply = this.stored.find(
      (entry) => entry.message.source === 'ASSISTANT' && entry.message.seqNo === seqNo,
    );
    if (!reply) return;
    this.broadcast({
      ...reply.message,
      ...(reply.complete ? {} : { text: reply.sentText ?? '', layers: reply.sentLayers ?? [] }),
      more: !reply.complete,
      replay: true,
      timestamp: this.now(),
    });
  }

  private sendPart(streaming: Streaming) {
    const part = streaming.parts[streaming.sent];
    if (!part) return;
    streaming.sent += 1;
    const last = streaming.sent === streaming.parts.length;
    const { reply } = streaming;
    reply.sentText = (reply.sentText ?? '') + part.text;
    reply.sentLayers = [...(reply.sentLayers ?? []), ...(part.layers ?? [])];
    // In the history before the last part goes out, as on the server.
    if (last) {
      this.complete(streaming);
      if (this.streaming === streaming) this.streaming = null;
    }
    // A part of a conversation cleaned meanwhile still goes out; the page ignores it.
    this.broadcast({
      ...streaming.reply.message,
      text: part.text,
      layers: part.layers ?? [],
      more: !last,
      timestamp: this.now(),
    });
  }
}
