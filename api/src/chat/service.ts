// What happens to a chat message: checked, stored (a resend is recognised), acknowledged with its
// number, shown on the user's other sockets, and answered by the assistant in streamed parts
// that reach every socket of the user, the reply being in the history before its last part.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../auth/clock.js';
import { SlidingWindowLimiter } from '../auth/rateLimit.js';
import type { ChatLayer, ChatMessage, Locale } from '../contract/index.js';
import { localeOf, t, type MessageKey } from '../i18n.js';
import type { ChatStore } from './store.js';
import type { Assistant, AssistantData, ReplyPart } from './types.js';

/** Longest question, in characters. */
export const MAX_CHAT_TEXT = 2000;
/** Questions per user per minute. */
export const MAX_MESSAGES_PER_MINUTE = 20;
/** Largest `context`, as JSON. */
const MAX_CONTEXT_BYTES = 4096;
/** A reply that takes longer is cut off with an error part. */
export const REPLY_TIMEOUT_MS = 60_000;
/** Messages of the conversation the assistant sees. */
const HISTORY_FOR_ASSISTANT = 20;

/** The acknowledgement of a `chat` emit. */
export interface ChatAck {
  code: number;
  msg: string;
  data: { seqNo: number } | { retryAfter: number } | null;
}

export interface ChatTransport {
  /** Sends to every socket of the user, except `exceptSocket` when given. */
  toUser(userId: number, message: ChatMessage, exceptSocket?: string): void;
}

export interface ChatServiceOptions {
  store: ChatStore;
  assistant: Assistant;
  dataFor(userId: number): AssistantData;
  transport: ChatTransport;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class ChatService {
  /** Each user's questions of the last minute; a user who asked nothing for a minute is dropped. */
  #recent: SlidingWindowLimiter;
  /** Replies under way, so that closing the server stops them and waits for them. */
  #replies = new Set<AbortController>();
  #running = new Set<Promise<void>>();

  constructor(private readonly options: ChatServiceOptions) {
    this.#recent = new SlidingWindowLimiter(MAX_MESSAGES_PER_MINUTE, 60_000, options.clock);
  }

  /** Users with questions counted in the last minute (kept for the per-minute limit). */
  get usersCounted(): number {
    return this.#recent.size;
  }

  #refuse(code: number, key: MessageKey, locale: Locale, data: ChatAck['data'] = null): ChatAck {
    return { code, msg: t(key, locale), data };
  }

  /** Handles one `chat` emit from a socket of the user; answers its acknowledgement. */
  async handle(userId: number, socketId: string, payload: unknown): Promise<ChatAck> {
    const locale = localeOf(isRecord(payload) ? payload.language : undefined);
    if (!isRecord(payload)) return this.#refuse(400, 'badRequest', locale);
    const { conversationId, seqNo, source, language, text, context } = payload;
    if (
      typeof conversationId !== 'string' ||
      conversationId.length === 0 ||
      conversationId.length > 64 ||
      typeof seqNo !== 'number' ||
      !Number.isInteger(seqNo) ||
      seqNo < 0 ||
      seqNo > 2_147_483_647 ||
      source !== 'USER' ||
      typeof language !== 'string' ||
      localeOf(language) !== language.trim().toLowerCase() ||
      typeof text !== 'string'
    ) {
      return this.#refuse(400, 'badRequest', locale);
    }
    // PostgreSQL text cannot hold NUL; nothing a person types has one.
    const question = text.replaceAll('\u0000', '').trim();
    if (question.length === 0 || [...question].length > MAX_CHAT_TEXT) {
      return this.#refuse(422, 'chatTextLength', locale);
    }
    let storedContext: unknown = null;
    if (context !== undefined && context !== null) {
      const json = JSON.stringify(context);
      if (
        json === undefined ||
        Buffer.byteLength(json) > MAX_CONTEXT_BYTES ||
        json.includes('\\u0000')
      ) {
        return this.#refuse(422, 'chatContextTooLarge', locale);
      }
      storedContext = JSON.parse(json);
    }
    // The slot is taken before anything is awaited: a burst of emits sent without waiting for
    // their acks gets 20 questions through, not every one that passed the check meanwhile.
    const now = this.options.clock.now();
    const wait = this.#recent.take(userId);
    if (wait > 0) {
      const ack = this.#refuse(429, 'chatTooMany', locale, {
        retryAfter: Math.max(1, Math.ceil(wait / 1000)),
      });
      // Shown in the conversation, where the user is looking.
      this.options.transport.toUser(userId, {
        conversationId,
        seqNo,
        source: 'ASSISTANT',
        language: locale,
        text: ack.msg,
        layers: [],
        more: false,
        error: true,
        timestamp: Math.floor(now / 1000),
      });
      return ack;
    }

    const { store } = this.options;
    let stored: Awaited<ReturnType<ChatStore['ask']>>;
    try {
      if (!(await store.owns(userId, conversationId))) {
        this.#recent.release(userId);
        return this.#refuse(404, 'chatConversationUnknown', locale);
      }
      stored = await store.ask(userId, {
        conversationId,
        clientSeqNo: seqNo,
        language: locale,
        text: question,
        context: storedContext,
      });
    } catch (error) {
      this.#recent.release(userId);
      throw error;
    }
    if (stored.duplicate) {
      // A resend of a question already counted.
      this.#recent.release(userId);
      return { code: 200, msg: t('ok', locale), data: { seqNo: stored.message.seqNo } };
    }
    this.options.transport.toUser(userId, stored.message, socketId);
    const running = this.#answer(userId, stored.message, stored.replySeqNo)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'chat reply failed'))
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
    return { code: 200, msg: t('ok', locale), data: { seqNo: stored.message.seqNo } };
  }

  /** Streams the assistant's reply to every socket of the user. */
  async #answer(userId: number, question: ChatMessage, replySeqNo: number): Promise<void> {
    const { store, assistant, transport, clock, log } = this.options;
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
    const controller = new AbortController();
    this.#replies.add(controller);
    const timer = setTimeout(
      () => controller.abort(new Error('reply timed out')),
      REPLY_TIMEOUT_MS,
    );
    const parts: ReplyPart[] = [];
    // The newest part waits until the next one (or the end) says whether more follow.
    let held: ReplyPart | null = null;
    try {
      const history = await store.recent(question.conversationId, HISTORY_FOR_ASSISTANT);
      for await (const next of assistant.reply({
        text: question.text,
        locale,
        history,
        data: this.options.dataFor(userId),
        signal: controller.signal,
      })) {
        if (controller.signal.aborted) throw controller.signal.reason;
        if (held) transport.toUser(userId, part(held.text, held.layers, true));
        held = next;
        parts.push(next);
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
      if (held) transport.toUser(userId, part(held.text, held.layers, true));
      const failure = t('assistantFailed', locale);
      await store.complete(question.conversationId, replySeqNo, {
        text: [...parts.map((p) => p.text), parts.length > 0 ? '\n\n' : '', failure].join(''),
        layers: parts.flatMap((p) => p.layers),
        error: true,
      });
      transport.toUser(userId, part(failure, [], false, true));
    } finally {
      clearTimeout(timer);
      this.#replies.delete(controller);
    }
  }

  /** Stops every reply under way and waits until each has written its end (server closing). */
  async stop(): Promise<void> {
    for (const controller of this.#replies) controller.abort(new Error('server closing'));
    await Promise.all([...this.#running]);
  }
}
