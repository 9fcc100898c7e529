// The assistant chat's data (its wire format: api/src/contract/index.ts): history pages, questions
// sent over the realtime socket and acknowledged with the server's number, streamed reply parts
// merged into bubbles, the 35 s reply time-out, retry, stop, a new conversation, and a reset on
// sign-out. Framework-free, with a React hook on top; the chat UI renders `ChatState` and calls the
// store's methods.
//
// Choices made here, where more than one would do:
// - A reply is waited for by identity, not by position: once the acknowledgement names the
//   question's number, parts with the next number go into its bubble wherever it is (another
//   tab's question may have been appended after it). Before the acknowledgement, an assistant
//   part goes into the waiting placeholder unless it answers a question this page already shows.
// - The time-out counts from the send and again from every part: 35 s of silence ends waiting.
// - After a time-out or stop, later parts of that reply are ignored and the crash bubble stays;
//   retry() resends and, when the server recognises the resend (it never answers twice), reads
//   the finished reply from the history instead of waiting for parts that will not come again.
// - One question at a time: send() and retry() are refused (ChatInputError 'busy') while a
//   reply is loading or streaming.
// - A refusal by the server (an error part, or an acknowledgement with a code other than 200)
//   shows the server's words with status 'error'; `crashed` (the generic crash text) is for
//   when this page gave up: time-out, stop, or no connection.
// - loadLatest, loadOlder, send, retry and clean never reject: failures land in `error`.
//   probe() rejects, since "no history" and "could not tell" must not look alike.
import type { ChatHistory, ChatMessage, ChatSource, Locale } from '@coinlens/api/contract';
import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { api, type ApiClient } from '../../data/client';
import { ApiError, TimeoutError } from '../../data/errors';
import { getToken, subscribeToken } from '../../data/token';
import { getSocket, subscribeRealtime } from '../realtime/connection';

/** How a reply is doing: waiting, streaming, failed, or complete. */
export type MessageStatus = 'loading' | 'concat' | 'error' | 'success';

/** Silence after which a reply is given up. */
export const REPLY_TIMEOUT_MS = 35_000;
/** Messages per history page. */
export const HISTORY_PAGE_SIZE = 10;
/** The longest question, in characters (code points), as the API counts them. */
export const MAX_QUESTION_LENGTH = 2000;
/** A bubble shows its time when more than this has passed since the last time shown. */
export const DISPLAY_TIME_GAP_MS = 3_600_000;

/** The history call (`size`, `oldestSeqNo`). */
export const CHAT_LIST_PATH = '/api/chat/list';
/** The call that starts a new, empty conversation. */
export const CHAT_CLEAN_PATH = '/api/chat/clean';
/** The socket event questions are sent on and reply parts arrive on. */
export const CHAT_EVENT = 'chat';
/** The `path` of errors about the socket call, for logs. */
const SOCKET_PATH = 'socket:chat';

/** One bubble. */
export interface ChatEntry {
  /** Stable React key; it survives renumbering by the server and reloads of the history. */
  key: string;
  /** The message as merged so far (text appended, layers concatenated). */
  message: ChatMessage;
  /** For assistant replies and placeholders this page waits for or streams; null for the rest. */
  status: MessageStatus | null;
  /** The user's question this reply answers (for retry), when known. */
  questionKey?: string;
  /** True when this bubble is the crash text (Robot_message_crash) after a timeout/error/stop. */
  crashed?: boolean;
  /** For a USER message this page sent: 'sending' until acknowledged, then 'sent', or 'failed'. */
  delivery?: 'sending' | 'sent' | 'failed';
  /** True for a message only this page has (the onboarding robot's lines), never stored. */
  local?: boolean;
}

export interface ChatState {
  /** The conversation shown; null until the history (or a probe) names it. */
  conversationId: string | null;
  /** The bubbles, oldest first. */
  entries: ChatEntry[];
  /** history: 'idle' before the first load, then 'loading' | 'ready' | 'error' */
  history: 'idle' | 'loading' | 'ready' | 'error';
  /** Whether older messages than the first entry exist on the server. */
  hasOlder: boolean;
  /** True while an older page is being fetched. */
  loadingOlder: boolean;
  /**
   * The status of the reply to this page's last question: 'loading' or 'concat' while it is
   * awaited, then 'success' or 'error'; null before the first question.
   */
  replyStatus: MessageStatus | null;
  /** Why the last send/clean/history call failed (an ApiFailure or a ChatInputError), or null. */
  error: unknown;
}

export interface ChatStoreOptions {
  /** The API client; defaults to the site's. */
  client?: ApiClient;
  /** The realtime socket, or null while there is none; defaults to the site's connection. */
  getSocket?: () => Socket | null;
  /** Calls the listener when the socket (or its state) changes; answers the unsubscribe. */
  subscribeSocket?: (listener: () => void) => () => void;
  /** The language questions are asked in. */
  language: () => Locale;
  /** The clock (ms). */
  now?: () => number;
  /** Silence after which a reply is given up (ms); defaults to REPLY_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The signed-in user's token; a change resets the store. Defaults to the stored token. */
  getToken?: () => string | null;
  /** Calls the listener when the token changes; answers the unsubscribe. */
  subscribeToken?: (listener: () => void) => () => void;
}

export interface ChatStore {
  /** The current state; a new object after every change. */
  getState(): ChatState;
  /** Calls `listener` after every change; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Loads the newest page (GET /api/chat/list?size=10&oldestSeqNo=-1), keeping unsent bubbles. */
  loadLatest(): Promise<void>;
  /** Prepends the next older page (oldestSeqNo = the first message's seqNo). */
  loadOlder(): Promise<void>;
  /** Whether the conversation has any message (a size 1 page); rejects when it cannot tell. */
  probe(): Promise<boolean>;
  /** Asks `text`; settles once the server acknowledged or refused it, or waiting ended. */
  send(text: string, context?: unknown): Promise<void>;
  /** Resends a failed or timed-out question (its key or its reply's) with the same seqNo. */
  retry(key: string): Promise<void>;
  /** Stops waiting: the awaited reply ends (status error, crashed). */
  stop(): void;
  /** Starts a new, empty conversation (POST /api/chat/clean). */
  clean(): Promise<void>;
  /** Adds a local ROBOT message (the onboarding robot's lines), not sent to the server. */
  addRobotMessage(
    message: Omit<ChatMessage, 'conversationId' | 'seqNo' | 'timestamp'> & { key?: string },
  ): void;
  /** Unsubscribes from the socket and the token and clears the timers. */
  dispose(): void;
}

/** Why send() or retry() did nothing: the question is empty or too long, or a reply is awaited. */
export class ChatInputError extends Error {
  override readonly name = 'ChatInputError';
  readonly reason: 'empty' | 'tooLong' | 'busy';
  /** The longest question allowed (characters). */
  readonly limit = MAX_QUESTION_LENGTH;

  constructor(reason: 'empty' | 'tooLong' | 'busy') {
    super(
      reason === 'empty'
        ? 'The question is empty'
        : reason === 'tooLong'
          ? `The question is longer than ${MAX_QUESTION_LENGTH} characters`
          : 'A reply is still awaited',
    );
    this.reason = reason;
  }
}

/** The question with the API's own clean-up (no NUL, trimmed), or why it cannot be sent. */
export function normalizeQuestion(text: string): { text: string } | { error: ChatInputError } {
  // The API strips NUL and trims, then counts code points; the same here, so that a question
  // this page accepts is one the API accepts.
  const question = text.replaceAll('\u0000', '').trim();
  if (question.length === 0) return { error: new ChatInputError('empty') };
  if ([...question].length > MAX_QUESTION_LENGTH) return { error: new ChatInputError('tooLong') };
  return { text: question };
}

/**
 * The ChatBubble display times: shown only when more than an hour passed since the last shown
 * one. Answers, per entry, the time to show (ms since the epoch) or null.
 */
export function displayTimes(
  entries: readonly ChatEntry[],
  gapMs: number = DISPLAY_TIME_GAP_MS,
): Array<number | null> {
  let lastShown: number | null = null;
  return entries.map(({ message }) => {
    const at = message.timestamp * 1000;
    if (lastShown !== null && at - lastShown <= gapMs) return null;
    lastShown = at;
    return at;
  });
}

/** The acknowledgement of a `chat` emit. */
interface ChatAck {
  code: number;
  msg: string;
  data: unknown;
}

/** A question this page asked, kept for retry. */
interface Question {
  key: string;
  text: string;
  context: unknown;
  language: Locale;
  /** The number it is sent under, chosen at the first emit and kept for every resend. */
  clientSeqNo: number | null;
  /** The number the server stored it under, once an acknowledgement said so. */
  storedSeqNo: number | null;
  /** True when the last acknowledgement refused it (so it is not stored). */
  refused: boolean;
}

/** One wait for a reply: a send or a retry. */
interface Attempt {
  question: Question;
  replyKey: string;
  epoch: number;
  /** The reply's number, once known (from the acknowledgement, or a part before it). */
  replySeqNo: number | null;
  /** 'open' while waiting; 'replied' after the last part; 'gaveUp' after time-out, stop or refusal. */
  outcome: 'open' | 'replied' | 'gaveUp';
  /** Whether the question went out on a socket. */
  emitted: boolean;
  /** A resend that the server may recognise: its reply may be finished already. */
  resend: boolean;
  /**
   * The socket was lost while the reply was awaited: the parts the server sent meanwhile never
   * came, so the reply is read from the history once it is complete.
   */
  interrupted: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  settle: () => void;
}

const SOURCES: ReadonlySet<string> = new Set<ChatSource>(['USER', 'ASSISTANT', 'ROBOT']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A `chat` event's message, made whole, or null when it is none. */
function readPart(value: unknown): ChatMessage | null {
  if (!isRecord(value)) return null;
  const { conversationId, seqNo, source, text } = value;
  if (
    typeof conversationId !== 'string' ||
    typeof seqNo !== 'number' ||
    typeof source !== 'string' ||
    !SOURCES.has(source) ||
    typeof text !== 'string'
  ) {
    return null;
  }
  return {
    ...(value as unknown as ChatMessage),
    layers: Array.isArray(value.layers) ? (value.layers as ChatMessage['layers']) : [],
    more: value.more === true,
  };
}

function readAck(value: unknown): ChatAck | null {
  if (!isRecord(value) || typeof value.code !== 'number') return null;
  return {
    code: value.code,
    msg: typeof value.msg === 'string' ? value.msg : '',
    data: value.data,
  };
}

function ackedSeqNo(ack: ChatAck): number | null {
  return isRecord(ack.data) && typeof ack.data.seqNo === 'number' ? ack.data.seqNo : null;
}

const idOf = (source: ChatSource, seqNo: number) => `${source}:${seqNo}`;

/** The last item matching `test` (Array.prototype.findLast is ES2023, newer than the target). */
function findLast<T>(items: readonly T[], test: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const item = items[i] as T;
    if (test(item)) return item;
  }
  return undefined;
}

const INITIAL_STATE: ChatState = {
  conversationId: null,
  entries: [],
  history: 'idle',
  hasOlder: false,
  loadingOlder: false,
  replyStatus: null,
  error: null,
};

/** A chat store; nothing is fetched until loadLatest(), probe() or send() is called. */
export function createChatStore(options: ChatStoreOptions): ChatStore {
  const client = options.client ?? api;
  const readSocket = options.getSocket ?? getSocket;
  const subscribeSocket = options.subscribeSocket ?? subscribeRealtime;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? REPLY_TIMEOUT_MS;
  const readToken = options.getToken ?? getToken;
  const watchToken = options.subscribeToken ?? subscribeToken;

  let state: ChatState = INITIAL_STATE;
  const listeners = new Set<() => void>();
  let disposed = false;
  // Bumped when the conversation is dropped (clean, sign-out, dispose): late answers for the
  // old one are ignored.
  let epoch = 0;
  let keyCounter = 0;
  /** The highest number the server is known to have used or reserved in this conversation. */
  let highestSeqNo = 0;
  /** The highest client number this page sent under in this conversation. */
  let lastClientSeqNo = 0;
  /** Replies (`ASSISTANT:7`) that are complete, or given up: parts for them are ignored. */
  const closed = new Set<string>();
  /** Entries whose seqNo is this page's guess, not the server's (unacknowledged questions). */
  const tentative = new Set<string>();
  /** The questions this page asked, by entry key. */
  const questions = new Map<string, Question>();
  let current: Attempt | null = null;
  let latestLoad: Promise<void> | null = null;
  let olderLoad: Promise<void> | null = null;

  function notify() {
    if (disposed) return;
    for (const listener of [...listeners]) listener();
  }

  function setState(patch: Partial<ChatState>) {
    state = { ...state, ...patch };
    notify();
  }

  function newKey(): string {
    keyCounter += 1;
    return `local-${keyCounter}`;
  }

  function serverKey(message: ChatMessage): string {
    const base = `${message.source}-${message.seqNo}`;
    let key = base;
    for (let n = 2; state.entries.some((entry) => entry.key === key); n += 1) key = `${base}-${n}`;
    return key;
  }

  function timestamp(): number {
    return Math.floor(now() / 1000);
  }

  function find(key: string): ChatEntry | undefined {
    return state.entries.find((entry) => entry.key === key);
  }

  /** Applies `change` to the entry with `key` (if still there), in one state update. */
  function patchEntry(key: string, change: (entry: ChatEntry) => ChatEntry, extra = {}) {
    setState({
      entries: state.entries.map((entry) => (entry.key === key ? change(entry) : entry)),
      ...extra,
    });
  }

  /** Whether `entry` carries a number the server gave it. */
  function confirmed(entry: ChatEntry): boolean {
    return !entry.local && !tentative.has(entry.key);
  }

  function noteSeqNo(seqNo: number) {
    highestSeqNo = Math.max(highestSeqNo, seqNo);
  }

  function nextClientSeqNo(): number {
    lastClientSeqNo = Math.max(highestSeqNo, lastClientSeqNo) + 1;
    return lastClientSeqNo;
  }

  // ---- waiting for a reply ------------------------------------------------------------------

  function clearTimer(attempt: Attempt) {
    if (attempt.timer !== null) clearTimeout(attempt.timer);
    attempt.timer = null;
  }

  function armTimer(attempt: Attempt) {
    clearTimer(attempt);
    attempt.timer = setTimeout(() => {
      attempt.timer = null;
      giveUp(attempt, new TimeoutError({ path: SOCKET_PATH, timeoutMs }));
    }, timeoutMs);
  }

  /** Ends waiting without a reply: the bubble becomes the crash text; late parts are ignored. */
  function giveUp(attempt: Attempt, error: unknown) {
    if (attempt.outcome !== 'open' || attempt.epoch !== epoch) return;
    attempt.outcome = 'gaveUp';
    clearTimer(attempt);
    if (attempt.replySeqNo !== null) closed.add(idOf('ASSISTANT', attempt.replySeqNo));
    setState({
      entries: state.entries.map((entry) => {
        if (entry.key === attempt.replyKey) {
          return {
            ...entry,
            message: { ...entry.message, more: false, error: true },
            status: 'error',
            crashed: true,
          };
        }
        // An acknowledgement that comes after all sets it to 'sent' again.
        if (entry.key === attempt.question.key && entry.delivery === 'sending') {
          return { ...entry, delivery: 'failed' };
        }
        return entry;
      }),
      replyStatus: 'error',
      ...(error === null ? {} : { error }),
    });
    attempt.settle();
  }

  /** Ends waiting with the reply's last part (or the finished reply from the history). */
  function finish(attempt: Attempt, status: MessageStatus) {
    attempt.outcome = 'replied';
    clearTimer(attempt);
    if (attempt.replySeqNo !== null) closed.add(idOf('ASSISTANT', attempt.replySeqNo));
    attempt.settle();
    return { replyStatus: status };
  }

  /** Drops the attempt without touching its bubbles (the conversation they belong to is gone). */
  function abandon() {
    if (!current) return;
    clearTimer(current);
    if (current.outcome === 'open') current.outcome = 'gaveUp';
    current.settle();
    current = null;
  }

  function isBusy(): boolean {
    return state.replyStatus === 'loading' || state.replyStatus === 'concat';
  }

  function startAttempt(question: Question, replyKey: string, resend: boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      let settled = false;
      const attempt: Attempt = {
        question,
        replyKey,
        epoch,
        replySeqNo: null,
        outcome: 'open',
        emitted: false,
        resend,
        interrupted: false,
        timer: null,
        settle: () => {
          if (settled) return;
          settled = true;
          resolve();
        },
      };
      current = attempt;
      armTimer(attempt);
      void prepare(attempt);
    });
  }

  /** Makes sure there is a conversation and a number, then emits when a socket exists. */
  async function prepare(attempt: Attempt) {
    if (state.conversationId === null) {
      await loadLatest();
      if (attempt.outcome !== 'open' || attempt.epoch !== epoch) return;
      if (state.conversationId === null) {
        giveUp(attempt, state.error);
        return;
      }
    }
    const { question } = attempt;
    if (question.clientSeqNo === null) {
      question.clientSeqNo = nextClientSeqNo();
      const conversationId = state.conversationId;
      const seqNo = question.clientSeqNo;
      setState({
        entries: state.entries.map((entry) =>
          entry.key === question.key || entry.key === attempt.replyKey
            ? {
                ...entry,
                message: {
                  ...entry.message,
                  conversationId,
                  seqNo: entry.key === question.key ? seqNo : seqNo + 1,
                },
              }
            : entry,
        ),
      });
    }
    emitIfConnected();
  }

  /** Emits the awaited question when it has not gone out yet and a socket exists. */
  function emitIfConnected() {
    const attempt = current;
    if (!attempt || attempt.outcome !== 'open' || attempt.emitted) return;
    const { question } = attempt;
    if (question.clientSeqNo === null || state.conversationId === null) return;
    const socket = readSocket();
    // No socket yet (signed in a moment ago, or socket.io-client still loading): the socket
    // subscription calls this again when one appears; the reply timer bounds the wait.
    if (!socket) return;
    attempt.emitted = true;
    // Unknown again until this emit is answered.
    question.refused = false;
    const payload = {
      conversationId: state.conversationId,
      seqNo: question.clientSeqNo,
      source: 'USER' as const,
      language: question.language,
      text: question.text,
      context: question.context ?? null,
    };
    // With a time limit, socket.io also drops the emit from its buffer if it never went out.
    socket
      .timeout(timeoutMs)
      .emit(CHAT_EVENT, payload, (error: Error | null, answer: unknown) =>
        onAck(attempt, error, answer),
      );
  }

  function onAck(attempt: Attempt, error: Error | null, answer: unknown) {
    if (disposed || attempt.epoch !== epoch) return;
    const { question } = attempt;
    // A retry of the same question is under way: its own acknowledgement says the same.
    if (current !== attempt && current?.question === question) return;
    const ack = error ? null : readAck(answer);
    if (!ack) {
      // No acknowledgement in time (or nonsense): the server may or may not have it; a retry
      // resends under the same number, which the server recognises.
      const failure = new TimeoutError({ path: SOCKET_PATH, timeoutMs });
      if (attempt.outcome === 'open') giveUp(attempt, failure);
      else if (find(question.key)?.delivery === 'sending') {
        patchEntry(question.key, (entry) => ({ ...entry, delivery: 'failed' }));
      }
      return;
    }
    const seqNo = ackedSeqNo(ack);
    if (ack.code !== 200 || seqNo === null) {
      question.refused = true;
      // The server's own notice of a refusal (429) comes as an error part under the client's
      // number; when it comes after this, it must not make a second bubble.
      if (question.clientSeqNo !== null) closed.add(idOf('ASSISTANT', question.clientSeqNo));
      const failure = new ApiError({
        code: ack.code,
        msg: ack.msg,
        status: ack.code,
        data: ack.data ?? null,
        path: SOCKET_PATH,
      });
      const ended = attempt.outcome !== 'open';
      if (!ended) {
        attempt.outcome = 'gaveUp';
        clearTimer(attempt);
        attempt.settle();
      }
      setState({
        entries: state.entries.map((entry) => {
          if (entry.key === question.key) return { ...entry, delivery: 'failed' };
          if (entry.key === attempt.replyKey && (!ended || !entry.crashed)) {
            return {
              ...entry,
              message: { ...entry.message, text: ack.msg, layers: [], more: false, error: true },
              status: 'error',
              crashed: false,
            };
          }
          return entry;
        }),
        replyStatus: ended ? state.replyStatus : 'error',
        error: failure,
      });
      return;
    }

    const storedBefore = question.storedSeqNo;
    question.storedSeqNo = seqNo;
    question.refused = false;
    noteSeqNo(seqNo + 1);
    tentative.delete(question.key);
    const replySeqNo = seqNo + 1;
    const replyId = idOf('ASSISTANT', replySeqNo);
    if (attempt.outcome === 'open') {
      attempt.replySeqNo = replySeqNo;
      tentative.delete(attempt.replyKey);
      // A resend waits for the reply the first try gave up on; its parts count again.
      closed.delete(replyId);
    } else if (attempt.outcome === 'gaveUp') {
      closed.add(replyId);
    }
    setState({
      entries: state.entries.map((entry) => {
        if (entry.key === question.key) {
          return { ...entry, message: { ...entry.message, seqNo }, delivery: 'sent' };
        }
        if (entry.key === attempt.replyKey && attempt.outcome === 'open') {
          return { ...entry, message: { ...entry.message, seqNo: replySeqNo } };
        }
        return entry;
      }),
    });
    attempt.settle();
    // A resend the server recognised (same number as before, or the first acknowledgement was
    // lost) is not answered again: its reply may be finished already.
    if (attempt.resend && (storedBefore === null || storedBefore === seqNo)) {
      void recoverReply(attempt);
    }
  }

  /** Reads the awaited reply from the history when it is complete there. */
  async function recoverReply(attempt: Attempt) {
    const { replySeqNo } = attempt;
    if (replySeqNo === null) return;
    let page: ChatHistory;
    try {
      page = await client.get<ChatHistory>(CHAT_LIST_PATH, {
        query: { size: 1, oldestSeqNo: replySeqNo + 1 },
      });
    } catch {
      // Best effort: the parts or the time-out still decide.
      return;
    }
    if (disposed || attempt.epoch !== epoch || attempt.outcome === 'gaveUp') return;
    if (page.conversationId !== state.conversationId) return;
    const reply = page.messages.at(-1);
    if (!reply || reply.seqNo !== replySeqNo || reply.source !== 'ASSISTANT') return;
    const status: MessageStatus = reply.error ? 'error' : 'success';
    const extra = attempt.outcome === 'open' ? finish(attempt, status) : {};
    patchEntry(attempt.replyKey, (entry) => ({ ...entry, message: reply, status }), extra);
  }

  // ---- incoming messages --------------------------------------------------------------------

  /** Whether an assistant part numbered `seqNo` answers a question another tab asked. */
  function answersOtherQuestion(seqNo: number, own: Question): boolean {
    return state.entries.some(
      (entry) =>
        entry.message.source === 'USER' &&
        entry.key !== own.key &&
        confirmed(entry) &&
        entry.message.seqNo === seqNo - 1,
    );
  }

  function merged(entry: ChatEntry, part: ChatMessage): ChatEntry {
    const status: MessageStatus = part.error ? 'error' : part.more ? 'concat' : 'success';
    return {
      ...entry,
      message: {
        ...entry.message,
        conversationId: part.conversationId,
        seqNo: part.seqNo,
        source: part.source,
        language: part.language,
        text: entry.message.text + part.text,
        layers: [...entry.message.layers, ...part.layers],
        more: part.more,
        ...(part.error ? { error: true } : {}),
        timestamp: part.timestamp,
      },
      status,
    };
  }

  function onChat(value: unknown) {
    if (disposed) return;
    const part = readPart(value);
    if (!part || state.conversationId === null || part.conversationId !== state.conversationId) {
      return;
    }

    if (part.source === 'USER') {
      // Another tab's question (the server does not echo a question to the socket it came on).
      const known = state.entries.some(
        (entry) =>
          entry.message.source === 'USER' && confirmed(entry) && entry.message.seqNo === part.seqNo,
      );
      if (known) return;
      noteSeqNo(part.seqNo + 1);
      setState({
        entries: [
          ...state.entries,
          { key: serverKey(part), message: { ...part, more: false }, status: null },
        ],
      });
      return;
    }

    const id = idOf(part.source, part.seqNo);
    const attempt = current;
    const awaited =
      attempt !== null &&
      attempt.outcome === 'open' &&
      attempt.epoch === epoch &&
      part.source === 'ASSISTANT' &&
      (attempt.replySeqNo === null
        ? !answersOtherQuestion(part.seqNo, attempt.question)
        : attempt.replySeqNo === part.seqNo);
    if (attempt && awaited) {
      if (attempt.replySeqNo === null) attempt.replySeqNo = part.seqNo;
      noteSeqNo(part.seqNo);
      const target = find(attempt.replyKey);
      if (!target) return;
      const next = merged(target, part);
      let extra: Partial<ChatState> = { replyStatus: next.status };
      if (part.more) armTimer(attempt);
      else {
        extra = finish(attempt, next.status ?? 'success');
        // A resent question's reply may have begun before this page listened again, and parts
        // sent while the socket was lost never came: the history has the whole text.
        if ((attempt.resend || attempt.interrupted) && !part.error) void recoverReply(attempt);
      }
      patchEntry(attempt.replyKey, () => next, extra);
      return;
    }

    // A part of a reply that is complete or given up: a replay, or too late.
    if (closed.has(id)) return;
    noteSeqNo(part.seqNo);
    // A reply this page did not ask for (another tab's): merged into its bubble while it
    // streams, a new bubble otherwise.
    const streaming = findLast(
      state.entries,
      (entry) =>
        (entry.status === 'loading' || entry.status === 'concat') &&
        confirmed(entry) &&
        entry.message.source === part.source &&
        entry.message.seqNo === part.seqNo,
    );
    if (!part.more) closed.add(id);
    if (streaming) {
      patchEntry(streaming.key, (entry) => merged(entry, part));
      return;
    }
    const fresh: ChatEntry = {
      key: serverKey(part),
      message: { ...part, text: '', layers: [] },
      status: 'loading',
    };
    setState({ entries: [...state.entries, merged(fresh, part)] });
  }

  // ---- the socket and the token -------------------------------------------------------------

  /**
   * Notes that the socket was lost while a reply was streaming to it (the server does not keep
   * what it sent meanwhile); once it is back, the reply may have finished in between: it is read
   * from the history then, rather than waited for until the time-out.
   */
  function noteConnection() {
    const attempt = current;
    if (!attempt || attempt.outcome !== 'open' || !attempt.emitted) return;
    if (readSocket()?.connected !== true) {
      attempt.interrupted = true;
      return;
    }
    if (attempt.interrupted) void recoverReply(attempt);
  }

  let attached: Socket | null = null;

  function attach() {
    const socket = disposed ? null : readSocket();
    if (socket === attached) return;
    attached?.off(CHAT_EVENT, onChat);
    attached = socket;
    attached?.on(CHAT_EVENT, onChat);
  }

  const unsubscribeSocket = subscribeSocket(() => {
    attach();
    noteConnection();
    emitIfConnected();
  });
  attach();

  let token = readToken();
  const unsubscribeToken = watchToken(() => {
    const next = readToken();
    if (next === token) return;
    token = next;
    // Another user, or none: nothing of this conversation may stay on screen.
    reset(INITIAL_STATE);
  });

  function reset(next: ChatState) {
    epoch += 1;
    abandon();
    highestSeqNo = 0;
    lastClientSeqNo = 0;
    closed.clear();
    tentative.clear();
    questions.clear();
    latestLoad = null;
    olderLoad = null;
    state = next;
    notify();
  }

  // ---- history ------------------------------------------------------------------------------

  function historyEntry(message: ChatMessage, key: string): ChatEntry {
    return { key, message, status: null };
  }

  /** Replaces the entries with the newest page, keeping what the page cannot contain. */
  function applyLatest(page: ChatHistory) {
    if (state.conversationId !== null && page.conversationId !== state.conversationId) {
      // Cleaned in another tab: that conversation is the current one now.
      const robot = state.entries.filter((entry) => entry.local);
      reset({ ...INITIAL_STATE, entries: robot });
    }
    const byId = new Map(
      state.entries
        .filter(confirmed)
        .map((entry) => [idOf(entry.message.source, entry.message.seqNo), entry]),
    );
    const loadedIds = new Set<string>();
    let maxLoaded = 0;
    const loaded = page.messages.map((message) => {
      const id = idOf(message.source, message.seqNo);
      loadedIds.add(id);
      maxLoaded = Math.max(maxLoaded, message.seqNo);
      if (message.source === 'ASSISTANT') closed.add(id);
      const existing = byId.get(id);
      const entry = historyEntry(message, existing?.key ?? '');
      // A bubble this page already shows keeps its key and its link to its question; the
      // history's version is complete, so a streaming or crashed look is over.
      if (existing?.questionKey !== undefined) entry.questionKey = existing.questionKey;
      if (existing?.delivery !== undefined) entry.delivery = 'sent';
      if (existing?.status != null) entry.status = message.error ? 'error' : 'success';
      return entry;
    });
    // Keys for new ones after the lookup, so that they never take an existing entry's key.
    for (const entry of loaded) if (entry.key === '') entry.key = serverKey(entry.message);
    // A question's reply number is reserved with it, even while the reply is not stored yet.
    for (const { message } of loaded) {
      noteSeqNo(message.source === 'USER' ? message.seqNo + 1 : message.seqNo);
    }

    let extra: Partial<ChatState> = {};
    const attempt = current;
    if (
      attempt &&
      attempt.outcome === 'open' &&
      attempt.replySeqNo !== null &&
      loadedIds.has(idOf('ASSISTANT', attempt.replySeqNo))
    ) {
      const reply = loaded.find(
        (entry) =>
          entry.message.source === 'ASSISTANT' && entry.message.seqNo === attempt.replySeqNo,
      );
      if (reply) {
        reply.status = reply.message.error ? 'error' : 'success';
        reply.key = attempt.replyKey;
        extra = finish(attempt, reply.status);
      }
    }
    const loadedKeys = new Set(loaded.map((entry) => entry.key));
    const kept = state.entries.filter(
      (entry) =>
        !loadedKeys.has(entry.key) &&
        (entry.local ||
          !confirmed(entry) ||
          (!loadedIds.has(idOf(entry.message.source, entry.message.seqNo)) &&
            entry.message.seqNo > maxLoaded)),
    );
    setState({
      conversationId: page.conversationId,
      entries: [...loaded, ...kept],
      history: 'ready',
      hasOlder: page.has_more,
      ...extra,
    });
  }

  async function fetchLatest(forEpoch: number): Promise<void> {
    try {
      const page = await client.get<ChatHistory>(CHAT_LIST_PATH, {
        query: { size: HISTORY_PAGE_SIZE, oldestSeqNo: -1 },
      });
      if (disposed || forEpoch !== epoch) return;
      applyLatest(page);
    } catch (error) {
      if (disposed || forEpoch !== epoch) return;
      setState({ history: 'error', error });
    }
  }

  function loadLatest(): Promise<void> {
    // One request at a time: a second call shares the one in flight.
    if (latestLoad) return latestLoad;
    setState({ history: 'loading', error: null });
    const load = fetchLatest(epoch).finally(() => {
      if (latestLoad === load) latestLoad = null;
    });
    latestLoad = load;
    return load;
  }

  async function fetchOlder(forEpoch: number, conversationId: string, oldest: number) {
    try {
      const page = await client.get<ChatHistory>(CHAT_LIST_PATH, {
        query: { size: HISTORY_PAGE_SIZE, oldestSeqNo: oldest },
      });
      if (disposed || forEpoch !== epoch) return;
      if (page.conversationId !== conversationId) {
        // The list always answers the current conversation; another tab started a new one,
        // whose messages are not older ones of this.
        setState({ loadingOlder: false, hasOlder: false });
        return;
      }
      const present = new Set(
        state.entries
          .filter(confirmed)
          .map((entry) => idOf(entry.message.source, entry.message.seqNo)),
      );
      const older: ChatEntry[] = [];
      for (const message of page.messages) {
        const id = idOf(message.source, message.seqNo);
        if (present.has(id)) continue;
        present.add(id);
        if (message.source === 'ASSISTANT') closed.add(id);
        older.push(historyEntry(message, serverKey(message)));
      }
      setState({
        entries: [...older, ...state.entries],
        hasOlder: page.has_more,
        loadingOlder: false,
      });
    } catch (error) {
      if (disposed || forEpoch !== epoch) return;
      // What is loaded stays; scrolling up again tries again.
      setState({ loadingOlder: false, error });
    }
  }

  function loadOlder(): Promise<void> {
    if (olderLoad) return olderLoad;
    if (state.conversationId === null) return loadLatest();
    const numbered = state.entries.filter(confirmed);
    if (!state.hasOlder || numbered.length === 0) return Promise.resolve();
    const oldest = Math.min(...numbered.map((entry) => entry.message.seqNo));
    setState({ loadingOlder: true, error: null });
    const load = fetchOlder(epoch, state.conversationId, oldest).finally(() => {
      if (olderLoad === load) olderLoad = null;
    });
    olderLoad = load;
    return load;
  }

  async function probe(): Promise<boolean> {
    const forEpoch = epoch;
    try {
      const page = await client.get<ChatHistory>(CHAT_LIST_PATH, {
        query: { size: 1, oldestSeqNo: -1 },
      });
      if (!disposed && forEpoch === epoch && state.conversationId === null) {
        // The newest number too, so that a question sent without loading the history is still
        // numbered after what the conversation holds (the server tells resends by that number).
        const newest = page.messages.at(-1);
        if (newest) noteSeqNo(newest.source === 'USER' ? newest.seqNo + 1 : newest.seqNo);
        setState({ conversationId: page.conversationId });
      }
      return page.messages.length > 0;
    } catch (error) {
      if (!disposed && forEpoch === epoch) setState({ error });
      throw error;
    }
  }

  // ---- asking -------------------------------------------------------------------------------

  function send(text: string, context?: unknown): Promise<void> {
    if (disposed) return Promise.resolve();
    if (isBusy()) {
      setState({ error: new ChatInputError('busy') });
      return Promise.resolve();
    }
    const checked = normalizeQuestion(text);
    if ('error' in checked) {
      setState({ error: checked.error });
      return Promise.resolve();
    }
    const question: Question = {
      key: newKey(),
      text: checked.text,
      context,
      language: options.language(),
      clientSeqNo: null,
      storedSeqNo: null,
      refused: false,
    };
    questions.set(question.key, question);
    const replyKey = newKey();
    const base = {
      conversationId: state.conversationId ?? '',
      // This page's guess until the acknowledgement; never used to match anything.
      seqNo: Math.max(highestSeqNo, lastClientSeqNo) + 1,
      language: question.language,
      layers: [],
      more: false,
      timestamp: timestamp(),
    };
    tentative.add(question.key);
    tentative.add(replyKey);
    setState({
      entries: [
        ...state.entries,
        {
          key: question.key,
          message: {
            ...base,
            source: 'USER',
            text: question.text,
            ...(context === undefined ? {} : { context }),
          },
          status: null,
          delivery: 'sending',
        },
        {
          key: replyKey,
          message: { ...base, seqNo: base.seqNo + 1, source: 'ASSISTANT', text: '' },
          status: 'loading',
          questionKey: question.key,
        },
      ],
      replyStatus: 'loading',
      error: null,
    });
    return startAttempt(question, replyKey, false);
  }

  function retry(key: string): Promise<void> {
    if (disposed) return Promise.resolve();
    const entry = find(key);
    const questionKey = entry?.message.source === 'USER' ? entry.key : entry?.questionKey;
    const question = questionKey === undefined ? undefined : questions.get(questionKey);
    const questionEntry = question && find(question.key);
    if (!question || !questionEntry) return Promise.resolve();
    const reply = findLast(state.entries, (item) => item.questionKey === question.key);
    const failed = questionEntry.delivery === 'failed' || reply?.status === 'error';
    if (!failed) return Promise.resolve();
    if (isBusy()) {
      setState({ error: new ChatInputError('busy') });
      return Promise.resolve();
    }
    const replyKey = newKey();
    const placeholder: ChatEntry = {
      key: replyKey,
      message: {
        conversationId: questionEntry.message.conversationId,
        seqNo: (question.storedSeqNo ?? question.clientSeqNo ?? questionEntry.message.seqNo) + 1,
        source: 'ASSISTANT',
        language: question.language,
        text: '',
        layers: [],
        more: false,
        timestamp: timestamp(),
      },
      status: 'loading',
      questionKey: question.key,
    };
    tentative.add(replyKey);
    const entries = state.entries
      .filter((item) => item !== reply)
      .map((item) =>
        item.key === question.key ? { ...item, delivery: 'sending' as const } : item,
      );
    // In the crashed reply's place, or right after the question.
    const at = reply
      ? state.entries.indexOf(reply)
      : entries.findIndex((item) => item.key === question.key) + 1;
    entries.splice(at, 0, placeholder);
    setState({ entries, replyStatus: 'loading', error: null });
    // A question the server refused last time is not stored: nothing to recover.
    return startAttempt(question, replyKey, !question.refused);
  }

  function stop() {
    if (current && current.outcome === 'open') giveUp(current, null);
  }

  async function clean(): Promise<void> {
    const forEpoch = epoch;
    setState({ error: null });
    try {
      const { conversationId } = await client.post<{ conversationId: string }>(CHAT_CLEAN_PATH);
      if (disposed || forEpoch !== epoch) return;
      reset({ ...INITIAL_STATE, conversationId, history: 'ready' });
    } catch (error) {
      if (disposed || forEpoch !== epoch) return;
      setState({ error });
    }
  }

  function addRobotMessage(
    message: Omit<ChatMessage, 'conversationId' | 'seqNo' | 'timestamp'> & { key?: string },
  ) {
    if (disposed) return;
    const { key: wanted, ...fields } = message;
    const entry: ChatEntry = {
      key: wanted ?? newKey(),
      message: {
        ...fields,
        conversationId: state.conversationId ?? '',
        seqNo: -1,
        timestamp: timestamp(),
      },
      status: null,
      local: true,
    };
    // A known key updates that line in place (a line said again after a reload stays one line).
    const exists = state.entries.some((item) => item.key === entry.key);
    setState({
      entries: exists
        ? state.entries.map((item) => (item.key === entry.key ? entry : item))
        : [...state.entries, entry],
    });
  }

  function dispose() {
    if (disposed) return;
    epoch += 1;
    abandon();
    disposed = true;
    unsubscribeSocket();
    unsubscribeToken();
    attached?.off(CHAT_EVENT, onChat);
    attached = null;
    listeners.clear();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    loadLatest,
    loadOlder,
    probe,
    send,
    retry,
    stop,
    clean,
    addRobotMessage,
    dispose,
  };
}

/** The store's state, kept current (useSyncExternalStore); the same on the server. */
export function useChat(store: ChatStore): ChatState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
