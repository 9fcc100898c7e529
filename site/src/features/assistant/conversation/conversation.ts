// The assistant chat's store: the conversation actor (conversationMachine.ts) with the site's API
// client, realtime socket and token, behind the small interface the chat UI uses (`ChatState` to
// draw, methods to call). Framework-free, with a React hook on top. The wire format is in
// contract/src/chat.ts.
//
// - loadLatest, loadOlder, send, retry and clean never reject: failures land in `error`.
// - One question at a time: send() and retry() are refused (ChatInputError 'busy') while a reply
//   is loading or streaming.
// - A refusal by the server shows the server's words with status 'error'; `crashed` (the
//   generic crash text) is for when this page gave up: time-out, stop, or no acknowledgement.
import type { ChatHistory, Locale, RobotLine as StoredRobotLine } from '@coinlens/contract';
import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { api, type ApiClient } from '../../../data/client';
import { getToken, subscribeToken } from '../../../data/token';
import { getSocket, subscribeRealtime } from '../realtime/connection';
import {
  conversationMachine,
  questionState,
  replyStatusOf,
  type ConversationEvent,
  type ConversationSnapshot,
  type EmitCommand,
  type PageQuery,
  type QuestionState,
  type RobotMessage,
} from './conversationMachine';
import { REPLY_TIMEOUT_MS, type ChatEntry, type MessageStatus } from './messages';

export {
  ChatInputError,
  HISTORY_PAGE_SIZE,
  MAX_QUESTION_LENGTH,
  normalizeQuestion,
  REPLY_TIMEOUT_MS,
  type ChatEntry,
  type MessageStatus,
} from './messages';
export type { QuestionState, RobotMessage } from './conversationMachine';

/** The history call (`size`, `oldestSeqNo`). */
export const CHAT_LIST_PATH = '/api/chat/list';
/** The call that starts a new, empty conversation. */
export const CHAT_CLEAN_PATH = '/api/chat/clean';
/** The call that stores a line of the onboarding robot in the conversation. */
export const CHAT_ROBOT_PATH = '/api/chat/robot';
/** The socket event questions are sent on and reply parts arrive on. */
export const CHAT_EVENT = 'chat';

export interface ChatState {
  /** The conversation shown; null until the history names it. */
  conversationId: string | null;
  /** The bubbles, oldest first. */
  entries: ChatEntry[];
  /** history: 'idle' before the first load, then 'loading' | 'ready' | 'error' */
  history: 'idle' | 'loading' | 'ready' | 'error';
  /** Whether older messages than the first entry exist on the server. */
  hasOlder: boolean;
  /** True while an older page is being fetched. */
  loadingOlder: boolean;
  /** Where the last question asked here is in its life. */
  question: QuestionState;
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
  /** Makes a question's id (unique among the user's questions); defaults to a random one. */
  newId?: () => string;
}

export interface ChatStore {
  /** The current state; a new object after every change. */
  getState(): ChatState;
  /** Calls `listener` after every change of the state; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /**
   * What is typed in the message box and not sent yet. Apart from the state, so that a key typed
   * draws the box again, not the whole conversation.
   */
  getDraft(): string;
  /** Calls `listener` after every change of the draft; answers the unsubscribe. */
  subscribeDraft(listener: () => void): () => void;
  /** The store's clock (ms), which the chat's display times follow. */
  now(): number;
  /** Loads the newest page (GET /api/chat/list?size=10&oldestSeqNo=-1), keeping unsent bubbles. */
  loadLatest(): Promise<void>;
  /** Prepends the next older page (oldestSeqNo = the first message's seqNo). */
  loadOlder(): Promise<void>;
  /** Asks `text`; settles once the server acknowledged or refused it, or waiting ended. */
  send(text: string, context?: unknown): Promise<void>;
  /** Asks a failed or timed-out question again, under its id (its key or its reply's). */
  retry(key: string): Promise<void>;
  /** Stops waiting: the awaited reply ends (status error, crashed). */
  stop(): void;
  /** Starts a new, empty conversation (POST /api/chat/clean). */
  clean(): Promise<void>;
  /** Shows a line of the onboarding robot and stores it in the conversation, once per key. */
  addRobotMessage(line: RobotMessage): void;
  /** Keeps what is typed in the message box. */
  setDraft(text: string): void;
  /** Stops the actor: the socket, the token and the timers are let go. */
  dispose(): void;
}

/** A random id for a question: 22 characters of base64url (128 bits). */
export function makeClientId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The store's view of a snapshot. */
function viewOf(snapshot: ConversationSnapshot): ChatState {
  const { context } = snapshot;
  const history = snapshot.value.history as ChatState['history'];
  return {
    conversationId: context.conversationId,
    entries: context.entries,
    history,
    hasOlder: context.hasOlder,
    loadingOlder: snapshot.matches({ older: 'loading' }),
    question: questionState(snapshot),
    replyStatus: replyStatusOf(snapshot),
    error: context.error,
  };
}

/** Whether two views show the same (each field the same value or object). */
function sameView(a: ChatState, b: ChatState): boolean {
  return (Object.keys(a) as Array<keyof ChatState>).every((key) => Object.is(a[key], b[key]));
}

/** A chat store; nothing is fetched until loadLatest() or send() is called. */
export function createChatStore(options: ChatStoreOptions): ChatStore {
  const client = options.client ?? api;
  const readSocket = options.getSocket ?? getSocket;
  const watchSocket = options.subscribeSocket ?? subscribeRealtime;
  const readToken = options.getToken ?? getToken;
  const watchToken = options.subscribeToken ?? subscribeToken;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? REPLY_TIMEOUT_MS;

  const machine = conversationMachine.provide({
    actors: {
      loadPage: fromPromise<ChatHistory, PageQuery>(({ input }) =>
        client.get<ChatHistory>(CHAT_LIST_PATH, { query: { ...input } }),
      ),
      startOver: fromPromise(() => client.post<{ conversationId: string }>(CHAT_CLEAN_PATH)),
      socket: fromCallback<EmitCommand>(({ sendBack, receive }) => {
        let attached: Socket | null = null;
        let up = false;
        let connections = 0;
        const onChat = (value: unknown) => sendBack({ type: 'SOCKET.MESSAGE', value });
        const check = () => {
          const socket = readSocket();
          if (socket !== attached) {
            attached?.off(CHAT_EVENT, onChat);
            attached = socket;
            attached?.on(CHAT_EVENT, onChat);
            if (up) {
              up = false;
              sendBack({ type: 'SOCKET.DOWN' });
            }
          }
          const connected = socket?.connected === true;
          if (connected && !up) {
            up = true;
            connections += 1;
            sendBack({ type: 'SOCKET.UP', connection: connections });
          } else if (!connected && up) {
            up = false;
            sendBack({ type: 'SOCKET.DOWN' });
          }
        };
        receive(({ attempt, payload }) => {
          // With a time limit, socket.io also drops the emit from its buffer if it never went out.
          const settle = (error: Error | null, answer: unknown) =>
            sendBack({ type: 'SOCKET.ACK', attempt, error, answer });
          if (!attached) settle(new Error('no socket'), null);
          else attached.timeout(timeoutMs).emit(CHAT_EVENT, payload, settle);
        });
        const unsubscribe = watchSocket(check);
        check();
        return () => {
          unsubscribe();
          attached?.off(CHAT_EVENT, onChat);
          attached = null;
        };
      }),
      token: fromCallback(({ sendBack }) => {
        let token = readToken();
        return watchToken(() => {
          const next = readToken();
          if (next === token) return;
          token = next;
          sendBack({ type: 'TOKEN.CHANGED' });
        });
      }),
      storeRobotLine: fromCallback<ConversationEvent, RobotMessage>(({ input, sendBack }) => {
        let gone = false;
        const socketId = readSocket()?.id;
        void Promise.resolve()
          .then(() =>
            client.post<StoredRobotLine>(CHAT_ROBOT_PATH, {
              ...input,
              ...(socketId ? { socketId } : {}),
            }),
          )
          .then(({ message }) => {
            if (!gone) sendBack({ type: 'ROBOT.STORED', key: input.key, message });
          })
          // Shown meanwhile; stored once the history loads again.
          .catch(() => undefined);
        return () => {
          gone = true;
        };
      }),
    },
  });

  const actor = createActor(machine, {
    input: {
      language: options.language,
      now,
      timeoutMs,
      newId: options.newId ?? makeClientId,
    },
  });
  const listeners = new Set<() => void>();
  const draftListeners = new Set<() => void>();
  const waiters = new Set<() => void>();
  let disposed = false;
  let state = viewOf(actor.getSnapshot());
  let draft = actor.getSnapshot().context.draft;

  actor.subscribe((snapshot) => {
    if (snapshot.context.draft !== draft) {
      draft = snapshot.context.draft;
      for (const listener of [...draftListeners]) listener();
    }
    const next = viewOf(snapshot);
    if (sameView(next, state)) return;
    state = next;
    for (const listener of [...listeners]) listener();
  });
  actor.start();
  state = viewOf(actor.getSnapshot());

  /** Resolves once `done` holds for the actor's snapshot (or the store is disposed). */
  function until(done: (snapshot: ConversationSnapshot) => boolean): Promise<void> {
    return new Promise((resolve) => {
      if (disposed || done(actor.getSnapshot())) {
        resolve();
        return;
      }
      const finish = () => {
        subscription.unsubscribe();
        waiters.delete(finish);
        resolve();
      };
      const subscription = actor.subscribe((snapshot) => {
        if (done(snapshot)) finish();
      });
      waiters.add(finish);
    });
  }

  function send(event: ConversationEvent) {
    if (!disposed) actor.send(event);
  }

  /** Sends an ask (SEND or RETRY) and waits until it is acknowledged, refused or given up. */
  function ask(event: ConversationEvent): Promise<void> {
    const before = actor.getSnapshot().context.asked;
    send(event);
    if (actor.getSnapshot().context.asked === before) return Promise.resolve();
    return until(
      (snapshot) =>
        snapshot.context.asked !== before + 1 ||
        !snapshot.matches({ question: { awaiting: 'sending' } }),
    );
  }

  function loadLatest(): Promise<void> {
    send({ type: 'LOAD' });
    return until((snapshot) => !snapshot.matches({ history: 'loading' }));
  }

  function loadOlder(): Promise<void> {
    if (actor.getSnapshot().context.conversationId === null) return loadLatest();
    send({ type: 'LOAD_OLDER' });
    return until((snapshot) => snapshot.matches({ older: 'idle' }));
  }

  function clean(): Promise<void> {
    send({ type: 'CLEAN' });
    return until((snapshot) => snapshot.matches({ cleaning: 'idle' }));
  }

  function dispose() {
    if (disposed) return;
    disposed = true;
    actor.stop();
    listeners.clear();
    draftListeners.clear();
    for (const waiter of [...waiters]) waiter();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getDraft: () => draft,
    subscribeDraft(listener) {
      draftListeners.add(listener);
      return () => {
        draftListeners.delete(listener);
      };
    },
    now,
    loadLatest,
    loadOlder,
    send: (text, context) => ask({ type: 'SEND', text, context }),
    retry: (key) => ask({ type: 'RETRY', key }),
    stop: () => send({ type: 'STOP' }),
    clean,
    addRobotMessage: (line) => send({ type: 'ROBOT', line }),
    setDraft: (text) => send({ type: 'DRAFT', text }),
    dispose,
  };
}

/** The store's state, kept current (useSyncExternalStore); the same on the server. */
export function useChat(store: ChatStore): ChatState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** The store's draft, kept current: only what draws the message box reads it. */
export function useDraft(store: ChatStore): string {
  return useSyncExternalStore(store.subscribeDraft, store.getDraft, store.getDraft);
}
