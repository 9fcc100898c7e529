// One conversation with the assistant as an XState actor. Its four regions run side by side:
//
// - `history`: the newest page (the loader is a child actor); a page from another conversation
//   (started in another tab) replaces this one;
// - `older`: the page before the oldest shown, as the reader scrolls up;
// - `cleaning`: starting a new, empty conversation;
// - `question`: the life of the last question asked here: `sending` (waiting for a conversation,
//   a connected socket and the acknowledgement), `acknowledged`, `streaming`, then `done`,
//   `timedOut` (35 s without a part: from the send and again after every part), `refused` (by the
//   server), `failed` (never acknowledged) or `stopped` (by the user).
//
// The socket is a child actor too: it tells the machine when it is connected and what comes on
// `chat`, and emits what the machine asks. Each question carries an id made here (`clientId`):
// once the socket is back after a drop, the question is sent again under it, and the server,
// which recognises it, replays the reply so far instead of answering twice. A retry does the
// same. The plain list updates are in messages.ts.
import type { ChatHistory, ChatLayer, ChatMessage, ChatQuestion, Locale } from '@coinlens/contract';
import {
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
  type SnapshotFrom,
} from 'xstate';
import { ApiError, TimeoutError } from '../../../data/errors';
import {
  applyLatest,
  HISTORY_PAGE_SIZE,
  idOf,
  mergePart,
  normalizeQuestion,
  numbered,
  oldestShown,
  ordered,
  patch,
  placeMessage,
  prependOlder,
  readAcknowledgement,
  readMessage,
  REPLY_TIMEOUT_MS,
  statusOf,
  storedRobotLine,
  ChatInputError,
  type ChatEntry,
  type MessageStatus,
} from './messages';

/** The `path` of errors about the socket call, for logs. */
export const SOCKET_PATH = 'socket:chat';

/** A question asked here, kept for a retry. */
export interface Question {
  key: string;
  /** Made here, sent with every try: the server tells a resend by it. */
  clientId: string;
  text: string;
  context: unknown;
  language: Locale;
  /** The number the server stored it under, once acknowledged. */
  seqNo: number | null;
  /** The server refused it last time (it is not stored). */
  refused: boolean;
}

/** The question being waited for (or waited for last), and its reply's bubble. */
export interface Awaited {
  questionKey: string;
  replyKey: string;
  /** The reply's number, once the acknowledgement gave it. */
  replySeqNo: number | null;
  /** The number of the last emit of it, so that an older emit's answer is told apart. */
  attempt: number;
  /** The connection it was last emitted on: it goes again on a new one until acknowledged. */
  emittedOn: number | null;
  /** The server acknowledged it (a resend's acknowledgement changes nothing then). */
  acked: boolean;
}

/** A line of the onboarding robot, kept with the conversation under its key. */
export interface RobotMessage {
  key: string;
  text: string;
  language: Locale;
  layers: ChatLayer[];
}

export interface ConversationContext {
  conversationId: string | null;
  entries: ChatEntry[];
  hasOlder: boolean;
  /** Why the last call failed (an ApiFailure, a TimeoutError or a ChatInputError), or null. */
  error: unknown;
  /** What is typed in the box and not sent: it stays when the chat is drawn again elsewhere. */
  draft: string;
  questions: Readonly<Record<string, Question>>;
  awaited: Awaited | null;
  /** Replies complete or given up (`ASSISTANT:7`): a part of theirs is not merged again. */
  closed: ReadonlySet<string>;
  /** The status the last reply ended with. */
  lastStatus: MessageStatus | null;
  /** The connected socket's number (a new one after each reconnect), or null when there is none. */
  connection: number | null;
  /** Questions asked and retried so far (the store waits on it). */
  asked: number;
  /** Keys made so far, for new bubbles. */
  keys: number;
  /** Emits made so far. */
  emits: number;
  language: () => Locale;
  now: () => number;
  timeoutMs: number;
  newId: () => string;
}

export interface ConversationInput {
  /** The language a question is asked in, read when it is sent. */
  language: () => Locale;
  /** The clock (ms since the epoch). */
  now?: () => number;
  /** Silence after which a reply is given up (ms). */
  timeoutMs?: number;
  /** Makes a question's id. */
  newId: () => string;
}

/** What the machine asks the socket actor to do. */
export interface EmitCommand {
  type: 'EMIT';
  attempt: number;
  payload: ChatQuestion;
}

export type ConversationEvent =
  | { type: 'LOAD' }
  | { type: 'LOAD_OLDER' }
  | { type: 'SEND'; text: string; context?: unknown }
  | { type: 'RETRY'; key: string }
  | { type: 'STOP' }
  | { type: 'CLEAN' }
  | { type: 'DRAFT'; text: string }
  | { type: 'ROBOT'; line: RobotMessage }
  | { type: 'ROBOT.STORED'; key: string; message: ChatMessage }
  | { type: 'SOCKET.MESSAGE'; value: unknown }
  | { type: 'SOCKET.UP'; connection: number }
  | { type: 'SOCKET.DOWN' }
  | { type: 'SOCKET.ACK'; attempt: number; error: Error | null; answer: unknown }
  | { type: 'TOKEN.CHANGED' }
  | { type: 'CONVERSATION.READY' }
  | { type: 'CONVERSATION.FAILED'; error: unknown }
  | { type: 'CONVERSATION.REPLACED' }
  | { type: 'REPLY.FOUND' };

/** What the page loaders are asked: a page of `size` before `oldestSeqNo` (-1: the newest). */
export interface PageQuery {
  size: number;
  oldestSeqNo: number;
}

const notProvided = (what: string) => () => {
  throw new Error(`conversationMachine: provide the "${what}" actor`);
};

type Event<T extends ConversationEvent['type']> = Extract<ConversationEvent, { type: T }>;

/** A fresh key for a bubble, and the count after it. */
function nextKey(context: ConversationContext): [string, number] {
  const keys = context.keys + 1;
  return [`local-${keys}`, keys];
}

/** The key of the question a bubble belongs to (itself, for a question). */
function questionKeyOf(context: ConversationContext, key: string): string | undefined {
  const entry = context.entries.find((item) => item.key === key);
  return entry?.message.source === 'USER' ? entry.key : entry?.questionKey;
}

/** The reply bubble of the question `questionKey`, the newest if it was retried. */
function replyOf(context: ConversationContext, questionKey: string): ChatEntry | undefined {
  for (let i = context.entries.length - 1; i >= 0; i -= 1) {
    const entry = context.entries[i];
    if (entry?.questionKey === questionKey) return entry;
  }
  return undefined;
}

/** The acknowledgement of the emit being waited for, read (null: none or not that emit's). */
function currentAck(context: ConversationContext, event: Event<'SOCKET.ACK'>) {
  if (!context.awaited || event.attempt !== context.awaited.attempt) return null;
  if (event.error) return { lost: true as const };
  const ack = readAcknowledgement(event.answer);
  return ack ? { lost: false as const, ack } : { lost: true as const };
}

/** The bubble another tab's socket already filled for the reply numbered `seqNo`. */
function shownReply(context: ConversationContext, seqNo: number): ChatEntry | undefined {
  return context.entries.find(
    (entry) =>
      numbered(entry) &&
      entry.key !== context.awaited?.replyKey &&
      entry.message.source === 'ASSISTANT' &&
      entry.message.seqNo === seqNo,
  );
}

/** The awaited reply's part in `event`, or null. */
function awaitedPart(context: ConversationContext, event: Event<'SOCKET.MESSAGE'>) {
  const replySeqNo = context.awaited?.replySeqNo;
  if (replySeqNo == null) return null;
  const message = readMessage(event.value);
  if (
    !message ||
    message.source !== 'ASSISTANT' ||
    message.conversationId !== context.conversationId ||
    message.seqNo !== replySeqNo
  ) {
    return null;
  }
  return message;
}

/** The reply bubble after giving up: the crash text, its question marked failed if unsent. */
function gaveUp(context: ConversationContext, error: unknown): Partial<ConversationContext> {
  const { awaited } = context;
  if (!awaited) return {};
  const closed = new Set(context.closed);
  if (awaited.replySeqNo !== null) closed.add(`ASSISTANT:${awaited.replySeqNo}`);
  return {
    entries: context.entries.map((entry) => {
      if (entry.key === awaited.replyKey) {
        return {
          ...entry,
          message: { ...entry.message, more: false, error: true },
          status: 'error',
          crashed: true,
        };
      }
      // An acknowledgement that comes after all sets it to 'sent' again.
      if (entry.key === awaited.questionKey && entry.delivery === 'sending') {
        return { ...entry, delivery: 'failed' };
      }
      return entry;
    }),
    closed,
    lastStatus: 'error',
    ...(error === null ? {} : { error }),
  };
}

/** A conversation with nothing in it (and nothing awaited), named `conversationId`. */
function emptyConversation(conversationId: string | null): Partial<ConversationContext> {
  return {
    conversationId,
    entries: [],
    hasOlder: false,
    error: null,
    questions: {},
    awaited: null,
    closed: new Set<string>(),
    lastStatus: null,
  };
}

/** What `emit` needs of XState's enqueuer. */
interface EmitEnqueuer {
  assign: (patch: Partial<ConversationContext>) => void;
  sendTo: (to: 'socket', command: EmitCommand) => void;
}

/** Emits the awaited question when a socket is connected and it has not gone out on it. */
function emitQuestion(context: ConversationContext, enqueue: EmitEnqueuer): void {
  const { awaited, connection, conversationId } = context;
  if (!awaited || connection === null || conversationId === null) return;
  if (awaited.emittedOn === connection) return;
  const question = context.questions[awaited.questionKey];
  if (!question) return;
  const attempt = context.emits + 1;
  const payload: ChatQuestion = {
    clientId: question.clientId,
    conversationId,
    source: 'USER',
    language: question.language,
    text: question.text,
    ...(question.context === undefined ? {} : { context: question.context as never }),
  };
  enqueue.assign({
    emits: attempt,
    awaited: { ...awaited, attempt, emittedOn: connection },
    questions: { ...context.questions, [question.key]: { ...question, refused: false } },
  });
  enqueue.sendTo('socket', { type: 'EMIT', attempt, payload });
}

export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
    input: {} as ConversationInput,
  },
  actors: {
    /** A page of the history (GET /api/chat/list). */
    loadPage: fromPromise<ChatHistory, PageQuery>(notProvided('loadPage')),
    /** A new, empty conversation (POST /api/chat/clean). */
    startOver: fromPromise<{ conversationId: string }>(notProvided('startOver')),
    /** The realtime socket: SOCKET.UP, SOCKET.DOWN, SOCKET.MESSAGE, SOCKET.ACK; takes EMIT. */
    socket: fromCallback<EmitCommand>(notProvided('socket')),
    /** The signed-in user's token: TOKEN.CHANGED. */
    token: fromCallback(notProvided('token')),
    /** Stores a robot line (POST /api/chat/robot): ROBOT.STORED. */
    storeRobotLine: fromCallback<ConversationEvent, RobotMessage>(notProvided('storeRobotLine')),
  },
  delays: {
    replyTimeout: ({ context }) => context.timeoutMs,
  },
  guards: {
    invalidQuestion: ({ event }) =>
      event.type === 'SEND' && 'error' in normalizeQuestion(event.text),
    retryable: ({ context, event }) => {
      if (event.type !== 'RETRY') return false;
      const key = questionKeyOf(context, event.key);
      const question = key === undefined ? undefined : context.questions[key];
      const entry = question && context.entries.find((item) => item.key === question.key);
      if (!question || !entry) return false;
      return entry.delivery === 'failed' || replyOf(context, question.key)?.status === 'error';
    },
    hasOlder: ({ context }) =>
      context.conversationId !== null && context.hasOlder && oldestShown(context.entries) !== null,
    noConversation: ({ context }) => context.conversationId === null,
    finalPartOfAwaited: ({ context, event }) =>
      event.type === 'SOCKET.MESSAGE' && awaitedPart(context, event)?.more === false,
    partOfAwaited: ({ context, event }) =>
      event.type === 'SOCKET.MESSAGE' && awaitedPart(context, event) !== null,
    /** An answer to another emit, or a second acknowledgement (of a resend after a reconnect). */
    ackToIgnore: ({ context, event }) =>
      event.type === 'SOCKET.ACK' &&
      (currentAck(context, event) === null || context.awaited?.acked === true),
    ackLost: ({ context, event }) =>
      event.type === 'SOCKET.ACK' && currentAck(context, event)?.lost === true,
    ackRefused: ({ context, event }) => {
      if (event.type !== 'SOCKET.ACK') return false;
      const read = currentAck(context, event);
      return read?.lost === false && !read.ack.accepted;
    },
    /** Accepted, and the reply is already here and complete (another tab's socket brought it). */
    ackedReplyComplete: ({ context, event }) => {
      if (event.type !== 'SOCKET.ACK') return false;
      const read = currentAck(context, event);
      if (read?.lost !== false || !read.ack.accepted) return false;
      const shown = shownReply(context, read.ack.data.seqNo + 1);
      return shown?.status === 'success' || shown?.status === 'error';
    },
    /** Accepted, and the reply has begun (here on a retry, or on another tab's socket). */
    ackedReplyUnderway: ({ context, event }) => {
      if (event.type !== 'SOCKET.ACK') return false;
      const read = currentAck(context, event);
      if (read?.lost !== false || !read.ack.accepted) return false;
      const own = context.entries.find((entry) => entry.key === context.awaited?.replyKey);
      return shownReply(context, read.ack.data.seqNo + 1) !== undefined || own?.status === 'concat';
    },
  },
  actions: {
    setDraft: assign(({ event }) => (event.type === 'DRAFT' ? { draft: event.text } : {})),
    refuseInput: assign(({ event }) => {
      if (event.type !== 'SEND') return {};
      const checked = normalizeQuestion(event.text);
      return 'error' in checked ? { error: checked.error } : {};
    }),
    refuseBusy: assign({ error: () => new ChatInputError('busy') }),

    ask: assign(({ context, event }) => {
      if (event.type !== 'SEND') return {};
      const checked = normalizeQuestion(event.text);
      if ('error' in checked) return {};
      const [questionKey] = nextKey(context);
      const [replyKey, keys] = nextKey({ ...context, keys: context.keys + 1 });
      const language = context.language();
      const clientId = context.newId();
      const question: Question = {
        key: questionKey,
        clientId,
        text: checked.text,
        context: event.context,
        language,
        seqNo: null,
        refused: false,
      };
      const base = {
        conversationId: context.conversationId ?? '',
        seqNo: 0,
        language,
        layers: [],
        more: false,
        timestamp: Math.floor(context.now() / 1000),
      };
      const asked: ChatEntry = {
        key: questionKey,
        message: {
          ...base,
          source: 'USER',
          text: checked.text,
          clientId,
          ...(event.context === undefined ? {} : { context: event.context }),
        },
        status: null,
        delivery: 'sending',
        pending: true,
      };
      const placeholder: ChatEntry = {
        key: replyKey,
        message: { ...base, source: 'ASSISTANT', text: '' },
        status: 'loading',
        questionKey,
        pending: true,
      };
      return {
        keys,
        questions: { ...context.questions, [questionKey]: question },
        entries: [...context.entries, asked, placeholder],
        awaited: {
          questionKey,
          replyKey,
          replySeqNo: null,
          attempt: 0,
          emittedOn: null,
          acked: false,
        },
        asked: context.asked + 1,
        error: null,
        // The box empties as its question shows in the log (a question asked from elsewhere,
        // a chip say, leaves what is typed alone).
        draft: event.text === context.draft ? '' : context.draft,
      };
    }),

    askAgain: assign(({ context, event }) => {
      if (event.type !== 'RETRY') return {};
      const questionKey = questionKeyOf(context, event.key);
      const question = questionKey === undefined ? undefined : context.questions[questionKey];
      const questionEntry = question && context.entries.find((item) => item.key === question.key);
      if (!question || !questionEntry) return {};
      const reply = replyOf(context, question.key);
      const [replyKey, keys] = nextKey(context);
      // A question stored before keeps its numbers: its reply's parts are known at once.
      const replySeqNo = question.seqNo === null ? null : question.seqNo + 1;
      const placeholder: ChatEntry = {
        key: replyKey,
        message: {
          conversationId: questionEntry.message.conversationId,
          seqNo: replySeqNo ?? 0,
          source: 'ASSISTANT',
          language: question.language,
          text: '',
          layers: [],
          more: false,
          timestamp: Math.floor(context.now() / 1000),
        },
        status: 'loading',
        questionKey: question.key,
        ...(replySeqNo === null ? { pending: true } : {}),
      };
      const entries = context.entries
        .filter((item) => item !== reply)
        .map((item) =>
          item.key === question.key ? { ...item, delivery: 'sending' as const } : item,
        );
      // In the crashed reply's place, or right after the question.
      const at = reply
        ? context.entries.indexOf(reply)
        : entries.findIndex((item) => item.key === question.key) + 1;
      entries.splice(at, 0, placeholder);
      const closed = new Set(context.closed);
      // The replay of the reply given up on counts again.
      if (replySeqNo !== null) closed.delete(`ASSISTANT:${replySeqNo}`);
      return {
        keys,
        entries,
        closed,
        awaited: {
          questionKey: question.key,
          replyKey,
          replySeqNo,
          attempt: 0,
          emittedOn: null,
          acked: false,
        },
        asked: context.asked + 1,
        error: null,
      };
    }),

    /** Loads the conversation first when there is none yet; emits otherwise. */
    prepare: enqueueActions(({ context, enqueue }) => {
      if (context.conversationId === null) enqueue.raise({ type: 'LOAD' });
      else emitQuestion(context, enqueue);
    }),

    /** Emits the awaited question when a socket is connected and it has not gone out on it. */
    emit: enqueueActions(({ context, enqueue }) => emitQuestion(context, enqueue)),

    connect: assign(({ event }) =>
      event.type === 'SOCKET.UP' ? { connection: event.connection } : {},
    ),
    disconnect: assign({ connection: null }),

    acknowledge: assign(({ context, event }) => {
      if (event.type !== 'SOCKET.ACK' || !context.awaited) return {};
      const read = currentAck(context, event);
      if (read?.lost !== false || !read.ack.accepted) return {};
      const { seqNo, conversationId } = read.ack.data;
      const { awaited } = context;
      const question = context.questions[awaited.questionKey];
      const replySeqNo = seqNo + 1;
      const shown = shownReply(context, replySeqNo);
      const replyKey = shown?.key ?? awaited.replyKey;
      const entries = context.entries
        // The reply came first on this socket, under its number: that bubble is the reply.
        .filter((entry) => !(shown && entry.key === awaited.replyKey))
        .map((entry) => {
          if (entry.key === awaited.questionKey) {
            const { pending: _pending, ...rest } = entry;
            return {
              ...rest,
              message: { ...entry.message, seqNo, conversationId },
              delivery: 'sent' as const,
            };
          }
          if (entry.key === replyKey) {
            const { pending: _pending, ...rest } = entry;
            return {
              ...rest,
              questionKey: awaited.questionKey,
              message: { ...entry.message, seqNo: replySeqNo, conversationId },
            };
          }
          return entry;
        });
      const closed = new Set(context.closed);
      closed.delete(`ASSISTANT:${replySeqNo}`);
      const complete = shown?.status === 'success' || shown?.status === 'error';
      return {
        entries: ordered(entries),
        closed,
        awaited: { ...awaited, replyKey, replySeqNo, acked: true },
        questions: question
          ? { ...context.questions, [question.key]: { ...question, seqNo, refused: false } }
          : context.questions,
        ...(complete ? { lastStatus: shown.status } : {}),
      };
    }),

    /** An acknowledgement after the page stopped waiting: the question is stored after all. */
    lateAck: assign(({ context, event }) => {
      if (event.type !== 'SOCKET.ACK' || !context.awaited) return {};
      const read = currentAck(context, event);
      if (read?.lost !== false) return {};
      const { awaited } = context;
      const question = context.questions[awaited.questionKey];
      if (!question) return {};
      if (!read.ack.accepted) {
        return {
          questions: { ...context.questions, [question.key]: { ...question, refused: true } },
        };
      }
      const { seqNo } = read.ack.data;
      const closed = new Set(context.closed);
      // Its reply is given up here: later parts are not merged (a retry replays it).
      closed.add(`ASSISTANT:${seqNo + 1}`);
      return {
        closed,
        questions: { ...context.questions, [question.key]: { ...question, seqNo } },
        entries: context.entries.map((entry) => {
          if (entry.key !== question.key) return entry;
          const { pending: _pending, ...rest } = entry;
          return { ...rest, message: { ...entry.message, seqNo }, delivery: 'sent' as const };
        }),
      };
    }),

    refuse: assign(({ context, event }) => {
      if (event.type !== 'SOCKET.ACK' || !context.awaited) return {};
      const read = currentAck(context, event);
      if (read?.lost !== false || read.ack.accepted) return {};
      const { ack } = read;
      const { awaited } = context;
      const question = context.questions[awaited.questionKey];
      return {
        questions: question
          ? { ...context.questions, [question.key]: { ...question, refused: true } }
          : context.questions,
        entries: context.entries.map((entry) => {
          if (entry.key === awaited.questionKey) return { ...entry, delivery: 'failed' as const };
          if (entry.key === awaited.replyKey) {
            return {
              ...entry,
              message: { ...entry.message, text: ack.msg, layers: [], more: false, error: true },
              status: 'error' as const,
              crashed: false,
            };
          }
          return entry;
        }),
        lastStatus: 'error' as const,
        error: new ApiError({
          code: ack.code,
          msg: ack.msg,
          status: ack.code,
          data: ack.data ?? null,
          path: SOCKET_PATH,
        }),
      };
    }),

    failDelivery: assign(({ context, event }) =>
      gaveUp(
        context,
        event.type === 'CONVERSATION.FAILED'
          ? event.error
          : new TimeoutError({ path: SOCKET_PATH, timeoutMs: context.timeoutMs }),
      ),
    ),
    timeOut: assign(({ context }) =>
      gaveUp(context, new TimeoutError({ path: SOCKET_PATH, timeoutMs: context.timeoutMs })),
    ),
    stopReply: assign(({ context }) => gaveUp(context, null)),

    mergeAwaited: assign(({ context, event }) => {
      if (event.type !== 'SOCKET.MESSAGE' || !context.awaited) return {};
      const part = awaitedPart(context, event);
      if (!part) return {};
      const entries = patch(context.entries, context.awaited.replyKey, (entry) =>
        mergePart(entry, part),
      );
      if (part.more) return { entries };
      const closed = new Set(context.closed);
      closed.add(idOf(part));
      return { entries, closed, lastStatus: statusOf(part) };
    }),

    /** A message that is not the awaited reply's: another tab's, a robot's, or too late. */
    place: assign(({ context, event }) => {
      if (event.type !== 'SOCKET.MESSAGE') return {};
      const message = readMessage(event.value);
      if (!message || message.conversationId !== context.conversationId) return {};
      const entries = ordered(placeMessage(context.entries, message, context.closed));
      if (message.source !== 'ASSISTANT' || message.more) return { entries };
      const closed = new Set(context.closed);
      closed.add(idOf(message));
      return { entries, closed };
    }),

    finishFromHistory: assign(({ context }) => {
      const reply = context.entries.find((entry) => entry.key === context.awaited?.replyKey);
      return { lastStatus: reply?.status ?? 'success' };
    }),

    applyLatest: enqueueActions(({ context, event, enqueue }) => {
      const page = (event as unknown as { output: ChatHistory }).output;
      const same =
        context.conversationId === null || page.conversationId === context.conversationId;
      const awaited = same ? context.awaited : null;
      const applied = applyLatest(context.entries, page, same, awaited);
      const closed = new Set(same ? context.closed : []);
      for (const id of applied.complete) closed.add(id);
      enqueue.assign({
        conversationId: page.conversationId,
        entries: applied.entries,
        hasOlder: page.has_more,
        closed,
        ...(same ? {} : { questions: {}, awaited: null }),
      });
      if (!same) enqueue.raise({ type: 'CONVERSATION.REPLACED' });
      else if (applied.awaitedReply) enqueue.raise({ type: 'REPLY.FOUND' });
      enqueue.raise({ type: 'CONVERSATION.READY' });
      // Robot lines shown while the server could not be reached are stored now.
      const stored = new Set(page.messages.map((message) => message.robotKey));
      for (const entry of applied.entries) {
        const { robotKey } = entry.message;
        if (entry.pending && robotKey !== undefined && !stored.has(robotKey)) {
          enqueue.spawnChild('storeRobotLine', {
            input: {
              key: robotKey,
              text: entry.message.text,
              language: entry.message.language,
              layers: entry.message.layers,
            },
          });
        }
      }
    }),

    prependOlder: assign(({ context, event }) => {
      const page = (event as unknown as { output: ChatHistory }).output;
      // The list answers the current conversation; another tab started a new one, whose
      // messages are not older ones of this.
      if (page.conversationId !== context.conversationId) return { hasOlder: false };
      const older = prependOlder(context.entries, page);
      const closed = new Set(context.closed);
      for (const id of older.complete) closed.add(id);
      return { entries: older.entries, hasOlder: page.has_more, closed };
    }),

    setError: assign(({ event }) => ({
      error: (event as unknown as { error: unknown }).error,
    })),

    addRobotLine: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'ROBOT') return;
      const { line } = event;
      if (context.entries.some((entry) => entry.message.robotKey === line.key)) return;
      enqueue.assign({
        entries: [
          ...context.entries,
          {
            key: line.key,
            message: {
              conversationId: context.conversationId ?? '',
              seqNo: 0,
              source: 'ROBOT',
              language: line.language,
              text: line.text,
              layers: line.layers,
              more: false,
              robotKey: line.key,
              timestamp: Math.floor(context.now() / 1000),
            },
            status: null,
            pending: true,
          },
        ],
      });
      enqueue.spawnChild('storeRobotLine', { input: line });
    }),

    robotLineStored: assign(({ context, event }) => {
      if (event.type !== 'ROBOT.STORED') return {};
      if (
        context.conversationId !== null &&
        event.message.conversationId !== context.conversationId
      ) {
        return {};
      }
      return {
        entries: ordered(
          context.entries.map((entry) =>
            entry.message.robotKey === event.key && entry.pending
              ? storedRobotLine(entry, event.message)
              : entry,
          ),
        ),
      };
    }),

    /** Forgets the conversation and what is typed: another user, or none, is signed in. */
    forget: assign(() => ({ ...emptyConversation(null), draft: '' })),

    startedOver: assign(({ event }) =>
      emptyConversation(
        (event as unknown as { output: { conversationId: string } }).output.conversationId,
      ),
    ),
  },
}).createMachine({
  id: 'conversation',
  type: 'parallel',
  context: ({ input }) => ({
    conversationId: null,
    entries: [],
    hasOlder: false,
    error: null,
    draft: '',
    questions: {},
    awaited: null,
    closed: new Set<string>(),
    lastStatus: null,
    connection: null,
    asked: 0,
    keys: 0,
    emits: 0,
    language: input.language,
    now: input.now ?? Date.now,
    timeoutMs: input.timeoutMs ?? REPLY_TIMEOUT_MS,
    newId: input.newId,
  }),
  invoke: [
    { id: 'socket', src: 'socket' },
    { id: 'token', src: 'token' },
  ],
  // Only events that no region takes: a region's own would run beside these.
  on: {
    DRAFT: { actions: 'setDraft' },
    ROBOT: { actions: 'addRobotLine' },
    'ROBOT.STORED': { actions: 'robotLineStored' },
    'SOCKET.DOWN': { actions: 'disconnect' },
    // Another user, or none: nothing of this conversation may stay on screen.
    'TOKEN.CHANGED': {
      target: ['.history.idle', '.older.idle', '.cleaning.idle', '.question.idle'],
      actions: 'forget',
    },
  },
  states: {
    history: {
      initial: 'idle',
      states: {
        idle: { on: { LOAD: 'loading' } },
        loading: {
          // A second LOAD while one is in flight shares it.
          invoke: {
            src: 'loadPage',
            input: { size: HISTORY_PAGE_SIZE, oldestSeqNo: -1 },
            onDone: { target: 'ready', actions: 'applyLatest' },
            onError: {
              target: 'error',
              actions: [
                'setError',
                enqueueActions(({ event, enqueue }) =>
                  enqueue.raise({ type: 'CONVERSATION.FAILED', error: event.error }),
                ),
              ],
            },
          },
        },
        ready: { on: { LOAD: 'loading' } },
        error: { on: { LOAD: 'loading' } },
      },
    },
    older: {
      initial: 'idle',
      states: {
        idle: { on: { LOAD_OLDER: { guard: 'hasOlder', target: 'loading' } } },
        loading: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({
              size: HISTORY_PAGE_SIZE,
              oldestSeqNo: oldestShown(context.entries) ?? -1,
            }),
            onDone: { target: 'idle', actions: 'prependOlder' },
            // What is loaded stays; scrolling up again tries again.
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
    cleaning: {
      initial: 'idle',
      states: {
        idle: { on: { CLEAN: { target: 'posting', actions: assign({ error: null }) } } },
        posting: {
          invoke: {
            src: 'startOver',
            onDone: {
              target: [
                '#conversation.history.ready',
                '#conversation.older.idle',
                '#conversation.question.idle',
                'idle',
              ],
              actions: 'startedOver',
            },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
    question: {
      initial: 'idle',
      on: {
        SEND: [
          { guard: 'invalidQuestion', actions: 'refuseInput' },
          { target: '.awaiting', actions: 'ask' },
        ],
        RETRY: { guard: 'retryable', target: '.awaiting', actions: 'askAgain' },
        'SOCKET.UP': { actions: 'connect' },
        'SOCKET.MESSAGE': { actions: 'place' },
        'SOCKET.ACK': { actions: 'lateAck' },
        // Cleaned in another tab: the question asked in the old conversation is dropped with it.
        'CONVERSATION.REPLACED': { target: '.idle' },
      },
      states: {
        idle: {},
        awaiting: {
          initial: 'sending',
          after: { replyTimeout: { target: 'timedOut', actions: 'timeOut' } },
          on: {
            SEND: [{ guard: 'invalidQuestion', actions: 'refuseInput' }, { actions: 'refuseBusy' }],
            RETRY: { guard: 'retryable', actions: 'refuseBusy' },
            STOP: { target: 'stopped', actions: 'stopReply' },
            // Sent again on a new connection until acknowledged, and after a drop while the
            // reply came: the server replays what this socket missed.
            'SOCKET.UP': { actions: ['connect', 'emit'] },
            'SOCKET.MESSAGE': [
              { guard: 'finalPartOfAwaited', target: 'done', actions: 'mergeAwaited' },
              // Every part starts the 35 s again.
              {
                guard: 'partOfAwaited',
                target: '.streaming',
                reenter: true,
                actions: 'mergeAwaited',
              },
              { actions: 'place' },
            ],
            'SOCKET.ACK': [
              { guard: 'ackToIgnore' },
              { guard: 'ackLost', target: 'failed', actions: 'failDelivery' },
              { guard: 'ackRefused', target: 'refused', actions: 'refuse' },
              { guard: 'ackedReplyComplete', target: 'done', actions: 'acknowledge' },
              { guard: 'ackedReplyUnderway', target: '.streaming', actions: 'acknowledge' },
              { target: '.acknowledged', actions: 'acknowledge' },
            ],
            'CONVERSATION.READY': { actions: 'emit' },
            'REPLY.FOUND': { target: 'done', actions: 'finishFromHistory' },
          },
          states: {
            sending: {
              entry: 'prepare',
              on: {
                'CONVERSATION.FAILED': {
                  guard: 'noConversation',
                  target: '#conversation.question.failed',
                  actions: 'failDelivery',
                },
              },
            },
            acknowledged: {},
            streaming: {},
          },
        },
        done: {},
        timedOut: {},
        refused: {},
        failed: {},
        stopped: {},
      },
    },
  },
});

export type ConversationSnapshot = SnapshotFrom<typeof conversationMachine>;

/** The question region's state, by name (for the view, the stories and the tests). */
export type QuestionState =
  | 'idle'
  | 'sending'
  | 'acknowledged'
  | 'streaming'
  | 'done'
  | 'timedOut'
  | 'refused'
  | 'failed'
  | 'stopped';

export function questionState(snapshot: ConversationSnapshot): QuestionState {
  const value = snapshot.value as { question: string | { awaiting: string } };
  const { question } = value;
  return typeof question === 'string'
    ? (question as QuestionState)
    : (question.awaiting as QuestionState);
}

/** How the last question's reply is doing, as the bubbles show it. */
export function replyStatusOf(snapshot: ConversationSnapshot): MessageStatus | null {
  switch (questionState(snapshot)) {
    case 'idle':
      return null;
    case 'sending':
    case 'acknowledged':
      return 'loading';
    case 'streaming':
      return 'concat';
    case 'done':
      return snapshot.context.lastStatus ?? 'success';
    default:
      return 'error';
  }
}
