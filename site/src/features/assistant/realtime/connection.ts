// The site's one realtime connection to the API (socket.io at the API origin, path /socket.io,
// the token in the handshake). It follows the stored token: a token opens a socket for it, a new
// token replaces the socket, no token closes it. socket.io-client is loaded with a dynamic
// import() the first time a token exists, so it is never part of a page's first load.
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { useSyncExternalStore } from 'react';
import { reloadOnChunkError } from '../../../shell/chunkReload';
import { inNextTask } from '../../../shell/loadChunk';
import { getToken, subscribeToken } from '../../../data/token';

/**
 * `idle`: no token, no socket. `connecting`: opening the socket for a token. `connected`: open.
 * `reconnecting`: lost (or not reached yet), retrying with backoff. `refused`: the server said the
 * token is no good; no more tries until the token changes.
 */
export type RealtimeState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'refused';

/** The options a socket is opened with. */
export type RealtimeSocketOptions = Partial<ManagerOptions & SocketOptions>;

/** socket.io-client's `io`, or a stand-in for it in tests. */
export type IoFactory = (url: string, options: RealtimeSocketOptions) => Socket;

export interface StartRealtimeOptions {
  /** The API origin. Defaults to `GATSBY_API_URL`'s origin, or the page's own when that is empty. */
  url?: string;
  /** Opens a socket. Defaults to socket.io-client's `io`, imported when first needed. */
  io?: IoFactory;
}

/** The error message of a handshake the server refuses for a missing or bad token. */
export const UNAUTHORIZED_MESSAGE = 'unauthorized';

/** The first retry's delay (ms); each further one doubles it, up to RECONNECT_DELAY_MAX_MS. */
export const RECONNECT_DELAY_MS = 1000;
/** The longest wait between two tries (ms). */
export const RECONNECT_DELAY_MAX_MS = 30_000;
/** How far (as a share) a delay is moved at random, so that many tabs do not retry together. */
export const RECONNECT_JITTER = 0.5;

type Listener = () => void;
const listeners = new Set<Listener>();

let state: RealtimeState = 'idle';
let socket: Socket | null = null;
// The token the current socket (or the one being loaded) is for.
let socketToken: string | null = null;
// Bumped whenever the socket is dropped, so that a late import or timer for it does nothing.
let generation = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryAttempts = 0;
let stopCurrent: (() => void) | null = null;

function notify() {
  for (const listener of [...listeners]) listener();
}

function update(next: { state: RealtimeState; socket?: Socket | null }) {
  const nextSocket = next.socket === undefined ? socket : next.socket;
  if (next.state === state && nextSocket === socket) return;
  state = next.state;
  socket = nextSocket;
  notify();
}

/** The connection's state ('idle' on the server). */
export function getRealtimeState(): RealtimeState {
  return state;
}

/**
 * The current socket, or null when there is none (signed out, refused, or socket.io-client still
 * loading). Emits made while it is reconnecting are buffered by socket.io and sent on reconnect.
 * A new token brings a new socket: listeners belong on the one `useRealtimeSocket()` returns.
 * It is shared: listen and emit on it, never disconnect it (signing out does that).
 */
export function getSocket(): Socket | null {
  return socket;
}

/** Calls `listener` whenever the state or the socket changes; returns the unsubscribe. */
export function subscribeRealtime(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The connection's state, kept current; 'idle' during the server render and hydration. */
export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(subscribeRealtime, getRealtimeState, () => 'idle');
}

/** The current socket (see `getSocket`), kept current; null during the server render. */
export function useRealtimeSocket(): Socket | null {
  return useSyncExternalStore(subscribeRealtime, getSocket, () => null);
}

/**
 * How long to wait before try number `attempt` (0 first): socket.io's own backoff, so that the
 * tries this module makes itself space out like the ones socket.io makes.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = RECONNECT_DELAY_MS * 2 ** Math.min(attempt, 30);
  const deviation = RECONNECT_JITTER * base * (random() * 2 - 1);
  return Math.round(Math.min(RECONNECT_DELAY_MAX_MS, Math.max(0, base + deviation)));
}

function apiOrigin(): string {
  const base = process.env.GATSBY_API_URL ?? '';
  // The origin alone: socket.io would read a path in the URL as a namespace.
  return new URL(base || window.location.origin, window.location.href).origin;
}

/**
 * socket.io's client, from its chunk. The socket opens in the task after the one the chunk's code
 * ran in, not in the same long task.
 */
async function importIo(): Promise<IoFactory> {
  const { io } = await import('socket.io-client').then(inNextTask);
  return io;
}

function clearRetry() {
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
}

/**
 * Closes the current socket (if any) and drops whatever was pending for it; its events are ignored
 * from now on. The caller then says, through `update`, what takes its place.
 */
function dropSocket() {
  generation += 1;
  clearRetry();
  retryAttempts = 0;
  socket?.disconnect();
}

/** Runs `action` after the next backoff delay, unless the socket is dropped meanwhile. */
function retryLater(action: () => void) {
  clearRetry();
  const forGeneration = generation;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (forGeneration === generation) action();
  }, reconnectDelay(retryAttempts));
  retryAttempts += 1;
}

/** The options the socket for `token` is opened with. */
export function realtimeSocketOptions(token: string): RealtimeSocketOptions {
  return {
    path: '/socket.io',
    // The contract names the query; the API also reads `auth`, and prefers it.
    query: { token },
    auth: { token },
    transports: ['websocket', 'polling'],
    // A socket per token: a cached manager would keep the previous token's query.
    forceNew: true,
    reconnection: true,
    reconnectionDelay: RECONNECT_DELAY_MS,
    reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
    randomizationFactor: RECONNECT_JITTER,
  };
}

function open(io: IoFactory, url: string, token: string) {
  const opened = io(url, realtimeSocketOptions(token));
  const forGeneration = generation;
  const current = () => forGeneration === generation;
  // socket.io retries a lost transport by itself (the socket stays `active`); after a refusal by
  // the server's middleware or a disconnect the server asked for, it does not, so this does.
  const retryIfIdle = () => {
    if (!opened.active) retryLater(() => opened.connect());
  };

  opened.on('connect', () => {
    if (!current()) return;
    clearRetry();
    retryAttempts = 0;
    update({ state: 'connected' });
  });
  opened.on('connect_error', (error: Error) => {
    if (!current()) return;
    if (error.message === UNAUTHORIZED_MESSAGE) {
      // The token is dead. The API client's 401 handling drops it; a new one opens a new socket.
      dropSocket();
      update({ state: 'refused', socket: null });
      return;
    }
    update({ state: 'reconnecting' });
    retryIfIdle();
  });
  opened.on('disconnect', (reason: Socket.DisconnectReason) => {
    // 'io client disconnect': someone closed this socket on purpose; it stays closed.
    if (!current() || reason === 'io client disconnect') return;
    update({ state: 'reconnecting' });
    retryIfIdle();
  });
  update({ state: 'connecting', socket: opened });
}

/** Follows the stored token: opens, replaces or closes the socket to match it. */
function follow(options: StartRealtimeOptions) {
  const token = getToken();
  if (token === socketToken) return;
  dropSocket();
  socketToken = token;
  if (token === null) {
    update({ state: 'idle', socket: null });
    return;
  }
  update({ state: 'connecting', socket: null });
  const url = options.url ?? apiOrigin();
  const forGeneration = generation;
  const attempt = () => {
    const load = options.io ? Promise.resolve(options.io) : importIo();
    load.then(
      (io) => {
        if (forGeneration === generation) open(io, url, token);
      },
      async (error: unknown) => {
        if (forGeneration !== generation) return;
        // After a deploy the old build's chunk is gone: a reload fetches the new one (at most
        // once a minute). With the server down, or another failure, try again later, like a
        // lost connection.
        if (await reloadOnChunkError({ error })) return;
        if (forGeneration !== generation) return;
        update({ state: 'reconnecting' });
        retryLater(attempt);
      },
    );
  };
  attempt();
}

/**
 * Starts the realtime connection on the client: from now on a socket is open whenever a token is
 * stored. Later calls do nothing until the returned stop function is called (tests stop it; the
 * site never does, so that the socket outlives page navigations).
 */
export function startRealtime(options: StartRealtimeOptions = {}): () => void {
  if (stopCurrent) return stopCurrent;
  const unsubscribe = subscribeToken(() => follow(options));
  const stop = () => {
    if (stopCurrent !== stop) return;
    stopCurrent = null;
    unsubscribe();
    dropSocket();
    socketToken = null;
    update({ state: 'idle', socket: null });
  };
  stopCurrent = stop;
  follow(options);
  return stop;
}
