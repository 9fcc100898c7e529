// What happens to a chat message: checked, stored (a resend is recognised by the id its tab gave
// it), acknowledged with its number, shown on the user's other sockets, and answered by the
// assistant in streamed parts that reach every socket of the user, the reply being in the history
// before its last part. A resend is never met with silence: its socket is sent the stored reply,
// or the reply so far followed by the rest, or, when the reply had failed, a new answer.
import {
  MAX_CHAT_TEXT,
  serverMessage,
  type ChatAck,
  type ChatLayer,
  type ChatMessage,
  type Locale,
  type MessageKey,
} from '@coinlens/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../auth/clock.js';
import { SlidingWindowLimiter } from '../auth/rateLimit.js';
import { localeOf } from '../i18n.js';
import { readContext, storedContext } from './context.js';
import { clientSeqKey, type ChatStore, type KnownQuestion } from './store.js';
import type { Assistant, AssistantData, ReplyPart } from './types.js';

/** Questions per user per minute. */
export const MAX_MESSAGES_PER_MINUTE = 20;
/**
 * Silence after which a reply is cut off with an error part: counted from the question and again
 * from each part sent, as the site counts its own wait
 * (site/src/features/assistant/conversation/conversationMachine.ts), so that the server never
 * streams on to a page that gave up, nor cuts off a reply the page still waits for.
 */
export const REPLY_TIMEOUT_MS = 35_000;
/** Messages of the conversation the assistant sees. */
const HISTORY_FOR_ASSISTANT = 20;
/** A question's id, made by the tab that sends it. */
export const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

export interface ChatTransport {
  /** Sends to every socket of the user, except `exceptSocket` when given. */
  toUser(userId: number, message: ChatMessage, exceptSocket?: string): void;
  /** Sends to one socket, on whichever API process it is connected. */
  toSocket(socketId: string, message: ChatMessage): void;
  /**
   * Asks the other API processes to send `socketId` the reply they are streaming, so far; true
   * when one did. False at once with one process.
   */
  replayElsewhere(request: ReplayRequest): Promise<boolean>;
}

/** A socket that wants a reply streaming somewhere, so far. */
export interface ReplayRequest {
  conversationId: string;
  seqNo: number;
  socketId: string;
}

/** Timers of the reply time-out; tests give fake ones that run on the test's clock. */
export interface ReplyTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const REAL_TIMERS: ReplyTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface ChatServiceOptions {
  store: ChatStore;
  assistant: Assistant;
  dataFor(userId: number): AssistantData;
  transport: ChatTransport;
  clock: Clock;
  timers?: ReplyTimers;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** A reply being streamed by this process: what its parts have said so far. */
interface Stream {
  /** The reply's fields but text and layers, as its parts carry them. */
  message: ChatMessage;
  text: string;
  layers: ChatLayer[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const streamKey = (conversationId: string, seqNo: number) => `${conversationId} ${seqNo}`;

export class ChatService {
  /** Each user's questions of the last minute; a user who asked nothing for a minute is dropped. */
  #recent: SlidingWindowLimiter;
  /** Replies under way, so that closing the server stops them and waits for them. */
  #replies = new Set<AbortController>();
  #running = new Set<Promise<void>>();
  /** Replies this process streams, by conversation and number. */
  #streams = new Map<string, Stream>();
  #timers: ReplyTimers;

  constructor(private readonly options: ChatServiceOptions) {
    this.#recent = new SlidingWindowLimiter(MAX_MESSAGES_PER_MINUTE, 60_000, options.clock);
    this.#timers = options.timers ?? REAL_TIMERS;
  }

  /** Users with questions counted in the last minute (kept for the per-minute limit). */
  get usersCounted(): number {
    return this.#recent.size;
  }

  #refuse(code: number, key: MessageKey, locale: Locale, data: ChatAck['data'] = null): ChatAck {
    return { code, msg: serverMessage(key, locale), data };
  }

  /**
   * Handles one `chat` emit from a socket of the user: `reply` is called once with its
   * acknowledgement, before anything else goes to that socket about it.
   */
  async handle(
    userId: number,
    socketId: string,
    payload: unknown,
    reply: (ack: ChatAck) => void,
  ): Promise<void> {
    const locale = localeOf(isRecord(payload) ? payload.language : undefined);
    if (!isRecord(payload)) return reply(this.#refuse(400, 'badRequest', locale));
    // The server numbers messages itself: a client's `seqNo` only recognises the resend of a
    // question sent without a tab's id, as the API contract allows (store.ts, `clientSeqKey`).
    const { seqNo, conversationId, source, language, text, context } = payload;
    const clientId = typeof payload.clientId === 'string' ? payload.clientId : undefined;
    if (
      (payload.clientId === undefined
        ? typeof seqNo !== 'number' || !Number.isSafeInteger(seqNo) || seqNo < 0
        : clientId === undefined || !CLIENT_ID.test(clientId)) ||
      typeof conversationId !== 'string' ||
      conversationId.length === 0 ||
      conversationId.length > 64 ||
      source !== 'USER' ||
      typeof language !== 'string' ||
      localeOf(language) !== language.trim().toLowerCase() ||
      typeof text !== 'string'
    ) {
      return reply(this.#refuse(400, 'badRequest', locale));
    }
    const key = clientId ?? clientSeqKey(conversationId, seqNo as number);
    // PostgreSQL text cannot hold NUL; nothing a person types has one.
    const question = text.replaceAll('\u0000', '').trim();
    if (question.length === 0 || [...question].length > MAX_CHAT_TEXT) {
      return reply(this.#refuse(422, 'chatTextLength', locale));
    }
    const reading = readContext(context);
    if (!reading.ok) {
      return reply(
        this.#refuse(
          reading.code,
          reading.code === 422 ? 'chatContextTooLarge' : 'badRequest',
          locale,
        ),
      );
    }

    const { store } = this.options;
    // The slot is taken before anything is awaited: a burst of emits sent without waiting for
    // their acks gets 20 questions through, not every one that passed the check meanwhile.
    const wait = this.#recent.take(userId);
    if (wait > 0) {
      // A resend costs nothing: past the limit it is still answered, unless its reply failed
      // and would have to be asked again.
      const known = await store.known(userId, key);
      if (known && !known.reply?.error) {
        reply(this.#accepted(known.message, locale, true));
        return this.#replay(userId, socketId, known);
      }
      const ack = this.#refuse(429, 'chatTooMany', locale, {
        retryAfter: Math.max(1, Math.ceil(wait / 1000)),
      });
      // Shown in the conversation, where the user is looking.
      this.options.transport.toUser(userId, {
        conversationId,
        seqNo: 0,
        source: 'ASSISTANT',
        language: locale,
        text: ack.msg,
        layers: [],
        more: false,
        error: true,
        ...(clientId === undefined ? {} : { clientId }),
        timestamp: Math.floor(this.options.clock.now() / 1000),
      });
      return reply(ack);
    }

    let stored: Awaited<ReturnType<ChatStore['ask']>>;
    try {
      if (!(await store.owns(userId, conversationId))) {
        this.#recent.release(userId);
        return reply(this.#refuse(404, 'chatConversationUnknown', locale));
      }
      stored = await store.ask(userId, {
        conversationId,
        clientId: key,
        language: locale,
        text: question,
        context: reading.context,
      });
    } catch (error) {
      this.#recent.release(userId);
      throw error;
    }
    switch (stored.kind) {
      case 'new':
        reply(this.#accepted(stored.message, locale, false));
        this.options.transport.toUser(userId, stored.message, socketId);
        this.#start(userId, stored.message, stored.replySeqNo, false);
        return;
      case 'retry':
        // Answered again: it counts as a question.
        reply(this.#accepted(stored.message, locale, true));
        this.#start(userId, stored.message, stored.replySeqNo, true);
        return;
      case 'resend':
        // A resend of a question already counted.
        this.#recent.release(userId);
        reply(this.#accepted(stored.message, locale, true));
        return this.#replay(userId, socketId, stored);
    }
  }

  #accepted(question: ChatMessage, locale: Locale, resend: boolean): ChatAck {
    return {
      code: 200,
      msg: serverMessage('ok', locale),
      data: { seqNo: question.seqNo, conversationId: question.conversationId, resend },
    };
  }

  /**
   * Sends a resending socket its question's reply: the stored one when it is complete; what has
   * been streamed so far when it is under way (the rest reaches the socket with the user's other
   * sockets); a new answer when nobody streams it any more (its API process ended meanwhile).
   */
  async #replay(
    userId: number,
    socketId: string,
    known: Pick<KnownQuestion, 'message' | 'replySeqNo' | 'reply'>,
  ): Promise<void> {
    const { transport, store } = this.options;
    const { conversationId } = known.message;
    const request = { conversationId, seqNo: known.replySeqNo, socketId };
    const sendWhole = (reply: ChatMessage) =>
      transport.toSocket(socketId, { ...reply, more: false, replay: true });
    if (known.reply) return sendWhole(known.reply);
    if (this.replaySoFar(request)) return;
    if (await transport.replayElsewhere(request)) return;
    // It may have ended meanwhile.
    const reply = await store.completeReply(conversationId, known.replySeqNo);
    if (reply) return sendWhole(reply);
    if (this.replaySoFar(request)) return;
    this.#start(userId, known.message, known.replySeqNo, true);
  }

  /**
   * Sends `socketId` what this process has streamed so far of the reply (possibly nothing yet),
   * marked as a replay; false when this process is not streaming it.
   */
  replaySoFar(request: ReplayRequest): boolean {
    const stream = this.#streams.get(streamKey(request.conversationId, request.seqNo));
    if (!stream) return false;
    this.options.transport.toSocket(request.socketId, {
      ...stream.message,
      text: stream.text,
      layers: [...stream.layers],
      more: true,
      replay: true,
      timestamp: Math.floor(this.options.clock.now() / 1000),
    });
    return true;
  }

  #start(userId: number, question: ChatMessage, replySeqNo: number, again: boolean): void {
    const running = this.#answer(userId, question, replySeqNo, again)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'chat reply failed'))
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  /**
   * Streams the assistant's reply to every socket of the user. `again`: the reply failed before
   * (or its process ended) and starts over, which a first, empty replay part tells every tab.
   */
  async #answer(
    userId: number,
    question: ChatMessage,
    replySeqNo: number,
    again: boolean,
  ): Promise<void> {
    const { store, assistant, transport, clock, log } = this.options;
    const timers = this.#timers;
    const locale = question.language;
    const part = (
      text: string,
      layers: ChatLayer[],
      more: boolean,
      error = false,
    ): ChatMessage => ({
      conversationId: question.conversationId,
      seqNo: replySeqNo,
      source: 'ASSISTANT',
      language: locale,
      text,
      layers,
      more,
      ...(error ? { error: true } : {}),
      timestamp: Math.floor(clock.now() / 1000),
    });
    const key = streamKey(question.conversationId, replySeqNo);
    const stream: Stream = { message: part('', [], true), text: '', layers: [] };
    this.#streams.set(key, stream);
    const controller = new AbortController();
    this.#replies.add(controller);
    let timer: unknown;
    const arm = () => {
      timers.clearTimeout(timer);
      timer = timers.setTimeout(
        () => controller.abort(new Error('reply timed out')),
        REPLY_TIMEOUT_MS,
      );
    };
    // The wait ends with the abort, whether or not the assistant heeds its signal.
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), {
        once: true,
      });
    });
    aborted.catch(() => undefined);
    /** Sends a part that is not the last to every socket; the silence counts again from it. */
    const sendPart = (next: ReplyPart) => {
      transport.toUser(userId, part(next.text, next.layers, true));
      stream.text += next.text;
      stream.layers.push(...next.layers);
      arm();
    };
    arm();
    if (again) transport.toUser(userId, { ...part('', [], true), replay: true });
    const parts: ReplyPart[] = [];
    // The newest part waits until the next one (or the end) says whether more follow.
    let held: ReplyPart | null = null;
    let iterator: AsyncIterator<ReplyPart> | null = null;
    try {
      // Without the robot's lines: they are the same scripted welcome for every user, so they
      // tell the assistant nothing about this one and would only crowd out the conversation.
      const history = (
        await Promise.race([store.recent(question.conversationId, HISTORY_FOR_ASSISTANT), aborted])
      ).filter((message) => message.source !== 'ROBOT');
      const reply = assistant.reply({
        text: question.text,
        seqNo: question.seqNo,
        locale,
        history,
        context: storedContext(question.context),
        data: this.options.dataFor(userId),
        signal: controller.signal,
      });
      iterator = reply[Symbol.asyncIterator]();
      for (;;) {
        const next = iterator.next();
        next.catch(() => undefined);
        const step = await Promise.race([next, aborted]);
        if (step.done) break;
        if (held) sendPart(held);
        held = step.value;
        parts.push(step.value);
      }
      if (controller.signal.aborted) throw controller.signal.reason;
      await store.complete(question.conversationId, replySeqNo, {
        text: parts.map((p) => p.text).join(''),
        layers: parts.flatMap((p) => p.layers),
        error: false,
      });
      transport.toUser(userId, part(held?.text ?? '', held?.layers ?? [], false));
    } catch (error) {
      log.warn({ err: error, userId }, 'the assistant failed');
      // Not awaited: an assistant that does not heed its signal may never return.
      iterator?.return?.().catch(() => undefined);
      if (held) sendPart(held);
      const failure = serverMessage('assistantFailed', locale);
      await store.complete(question.conversationId, replySeqNo, {
        text: [...parts.map((p) => p.text), parts.length > 0 ? '\n\n' : '', failure].join(''),
        layers: parts.flatMap((p) => p.layers),
        error: true,
      });
      transport.toUser(userId, part(failure, [], false, true));
    } finally {
      timers.clearTimeout(timer);
      this.#replies.delete(controller);
      this.#streams.delete(key);
    }
  }

  /** Stops every reply under way and waits until each has written its end (server closing). */
  async stop(): Promise<void> {
    for (const controller of this.#replies) controller.abort(new Error('server closing'));
    await Promise.all([...this.#running]);
  }
}
