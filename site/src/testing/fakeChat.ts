// The assistant's side of the mocked API (api/chatHttp.ts): the current conversation as the
// reference API keeps it (api/src/chat/store.ts and service.ts), which GET /api/chat/list pages
// through and POST /api/chat/clean replaces, and the realtime socket the page's chat store talks
// to. A question emitted on `chat` is stored under the next number and acknowledged with it (a
// resend of the same question id is recognised and its reply replayed, not answered again, as on
// the server), and the reply the story planned for it comes back in parts on `chat`, written to
// the history before its last part goes out.
//
// Where a play function must see a state between two parts, the story plans a `manual` reply and
// plays the server's timing itself with `next()`; a `lost` reply stands for a connection that
// dropped the parts (the history has the reply, the page never hears of it).
import {
  serverMessage,
  type ChatHistory,
  type ChatLayer,
  type ChatMessage,
  type Locale,
  type RobotLine,
  type RobotLineInput,
} from '@coinlens/contract';
import type { Socket } from 'socket.io-client';
import { CHAT_EVENT } from '../features/assistant/conversation/conversation';
import { FakeChatSocket, type ChatPayload, type SentEvent } from './fakeChatSocket';

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

export interface FakeChatOptions {
  /** The current conversation (`conv-1` by default). */
  conversationId?: string;
  /** Its messages, oldest first, numbered from 1 (a question, then its reply). */
  messages?: ChatMessage[];
  /** The replies to the questions the story asks, in turn; the last one answers the rest. */
  replies?: ChatReply[];
}

/** What a question gets when the story planned no reply (someone trying the story by hand). */
const DEFAULT_REPLY: ChatReply = {
  parts: [{ text: 'This story has no answer planned; ' }, { text: 'ask the next one.' }],
};
const STEP_MS = 200;

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

/** The socket as the page has it: every emit reaches the fake server. */
class ServerSocket extends FakeChatSocket {
  constructor(private readonly onEmit: (sent: SentEvent) => void) {
    super();
  }

  override timeout(ms: number): { emit: (event: string, ...args: unknown[]) => FakeChatSocket } {
    const flagged = super.timeout(ms);
    return {
      emit: (event, ...args) => {
        flagged.emit(event, ...args);
        this.onEmit(this.last());
        return this;
      },
    };
  }

  override emit(event: string, ...args: unknown[]): this {
    super.emit(event, ...args);
    this.onEmit(this.last());
    return this;
  }
}

export class FakeChatServer {
  /** The page's realtime socket, connected for the whole story. */
  readonly socket: FakeChatSocket;
  private conversationId: string;
  private conversations = 1;
  private stored: Stored[];
  private readonly replies: ChatReply[];
  private answered = 0;
  private streaming: Streaming | null = null;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(options: FakeChatOptions = {}) {
    this.conversationId = options.conversationId ?? 'conv-1';
    this.stored = (options.messages ?? []).map((message) => ({
      message: { ...message },
      complete: true,
      clientId: message.clientId ?? null,
    }));
    this.replies = options.replies ?? [];
    this.socket = new ServerSocket((sent) => this.later(0, () => this.receive(sent)));
  }

  /** The socket as the chat store's `getSocket` answers it. */
  asSocket(): Socket {
    return this.socket as unknown as Socket;
  }

  /** What the page emitted on `chat`, in order (a resend is there again). */
  get questions(): ChatPayload[] {
    return this.socket.sent.filter((sent) => sent.event === CHAT_EVENT).map((sent) => sent.payload);
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

  /** Stops every reply under way (the story ended: nothing reaches the next one). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.streaming = null;
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

  private receive(sent: SentEvent) {
    if (sent.event !== CHAT_EVENT) return;
    const payload = sent.payload;
    const language: Locale = payload.language;
    const ok = (seqNo: number, resend: boolean) =>
      this.socket.ack(
        {
          code: 200,
          msg: serverMessage('ok', language),
          data: { seqNo, conversationId: this.conversationId, resend },
        },
        sent,
      );
    if (payload.conversationId !== this.conversationId) {
      // The server's chatConversationUnknown (404), in the words the fake API has.
      this.socket.ack({ code: 404, msg: serverMessage('notFound', language), data: null }, sent);
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
        this.socket.ack(
          { code: 429, msg: serverMessage('tooManyRequests', language), data: { retryAfter: 30 } },
          sent,
        );
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
      clientId: payload.clientId,
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
    this.socket.part({
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
    this.socket.part({
      ...streaming.reply.message,
      text: part.text,
      layers: part.layers ?? [],
      more: !last,
      timestamp: this.now(),
    });
  }
}
