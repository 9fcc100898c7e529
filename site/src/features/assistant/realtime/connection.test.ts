// The connection on socket.io's client, over the mocked API's realtime socket (msw), whose every
// handshake waits for the test to play the server: accept, refuse, lose, kick.
import type { Socket } from 'socket.io-client';
import { clearToken, getToken, setToken } from '../../../data/token';
import {
  getRealtimeState,
  getSocket,
  RECONNECT_DELAY_MAX_MS,
  reconnectDelay,
  startRealtime,
  subscribeRealtime,
  type IoFactory,
} from './connection';
import { loadMockedIo, settle, type ChatServer } from '../../../testing/api';
import { mockApi } from '../../../testing/api/unitTest';

const URL = 'https://api.coinlens.test';
let stop: (() => void) | undefined;
/** The mocked API's realtime socket, which the test plays. */
let server: ChatServer;

/** socket.io-client's `io` over the mocked network, recording how each socket was opened. */
async function mockedIo() {
  return jest.fn<Socket, Parameters<IoFactory>>(await loadMockedIo());
}
type MockedIo = Awaited<ReturnType<typeof mockedIo>>;

function start(io: MockedIo) {
  stop = startRealtime({ url: URL, io });
  return stop;
}

/** The sockets `io` opened, oldest first. */
const opened = (io: MockedIo): Socket[] => io.mock.results.map((result) => result.value as Socket);

function only(io: MockedIo): Socket {
  expect(io).toHaveBeenCalledTimes(1);
  return opened(io)[0]!;
}

/** Socket.io's own timers and the connection's retries run on Jest's clock; the network does not. */
function useFakeTimers() {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
}

beforeEach(() => {
  server = mockApi({ chat: { handshakes: 'manual' } }).chat;
});

afterEach(() => {
  stop?.();
  stop = undefined;
  clearToken();
  jest.useRealTimers();
});

describe('opening the realtime socket', () => {
  it('opens one on load with the stored token in the handshake query and auth', async () => {
    setToken('tok-1');
    const io = await mockedIo();
    start(io);
    expect(getRealtimeState()).toBe('connecting');
    await settle();

    expect(io).toHaveBeenCalledWith(
      URL,
      expect.objectContaining({
        path: '/socket.io',
        query: { token: 'tok-1' },
        auth: { token: 'tok-1' },
        transports: ['websocket', 'polling'],
        reconnection: true,
        reconnectionDelay: 1000,
        reconnectionDelayMax: 30000,
        randomizationFactor: 0.5,
      }),
    );
    const socket = only(io);
    expect(getSocket()).toBe(socket);
    // The server hears the token both ways, over a WebSocket (tried first).
    const [connection] = server.connections;
    expect(connection?.url.searchParams.get('token')).toBe('tok-1');
    expect(connection?.url.searchParams.get('transport')).toBe('websocket');
    expect(connection?.auth).toEqual({ token: 'tok-1' });
    await server.accept();
    expect(getRealtimeState()).toBe('connected');
  });

  it('opens only once however often it is started (a Layout per page)', async () => {
    setToken('tok-1');
    const io = await mockedIo();
    const first = start(io);
    expect(startRealtime({ url: URL, io })).toBe(first);
    expect(startRealtime()).toBe(first);
    await settle();
    expect(io).toHaveBeenCalledTimes(1);
    expect(server.connections).toHaveLength(1);
  });

  it('opens nothing while signed out, then one socket on sign-in', async () => {
    const io = await mockedIo();
    start(io);
    await settle();
    expect(io).not.toHaveBeenCalled();
    expect(getRealtimeState()).toBe('idle');
    expect(getSocket()).toBeNull();

    setToken('tok-1');
    await settle();
    expect(io.mock.calls[0]?.[1].auth).toEqual({ token: 'tok-1' });
    await server.accept();
    expect(getRealtimeState()).toBe('connected');
  });

  it('uses the page’s origin when no API origin is given', async () => {
    setToken('tok-1');
    const io = await mockedIo();
    stop = startRealtime({ io });
    await settle();
    expect(io).toHaveBeenCalledWith(window.location.origin, expect.anything());
    expect(server.connections[0]?.url.origin).toBe(window.location.origin.replace(/^http/, 'ws'));
  });

  it('tells subscribers about each change of state', async () => {
    const states: string[] = [];
    const unsubscribe = subscribeRealtime(() => states.push(getRealtimeState()));
    setToken('tok-1');
    const io = await mockedIo();
    start(io);
    await settle();
    await server.accept();
    unsubscribe();
    expect(states).toEqual(['connecting', 'connecting', 'connected']);
  });
});

describe('following the token', () => {
  it('replaces the socket when the token changes, disconnecting the old one', async () => {
    setToken('tok-1');
    const io = await mockedIo();
    start(io);
    await settle();
    const [old] = opened(io);

    setToken('tok-2');
    expect(old!.disconnected).toBe(true);
    expect(old!.active).toBe(false);
    expect(getSocket()).toBeNull();
    expect(getRealtimeState()).toBe('connecting');
    await settle();

    expect(io).toHaveBeenCalledTimes(2);
    const fresh = opened(io)[1]!;
    expect(io.mock.calls[1]?.[1].query).toEqual({ token: 'tok-2' });
    expect(getSocket()).toBe(fresh);
    // The old socket's handshake is let in late: that is not this connection's.
    server.connections[0]?.accept();
    await settle();
    expect(getRealtimeState()).toBe('connecting');
    await server.accept();
    expect(getRealtimeState()).toBe('connected');
  });

  it('tells subscribers the socket went when a token changes before it connected', async () => {
    setToken('tok-1');
    const io = await mockedIo();
    start(io);
    await settle();
    const seen: unknown[] = [];
    const unsubscribe = subscribeRealtime(() => seen.push(getSocket()));
    setToken('tok-2');
    await settle();
    unsubscribe();
    expect(seen).toEqual([null, opened(io)[1]]);
  });

  it('does not reopen when the token is stored again unchanged', async () => {
    setToken('tok-1');
    const io = await mockedIo();
    start(io);
    await settle();
    setToken('tok-1');
    await settle();
    expect(io).toHaveBeenCalledTimes(1);
  });

  it('disconnects and goes idle when the token is cleared (log out or a 401)', async () => {
    setToken('tok-1');
    const io = await mockedIo();
    start(io);
    await settle();
    await server.accept();

    clearToken();
    expect(only(io).disconnected).toBe(true);
    expect(only(io).active).toBe(false);
    expect(getRealtimeState()).toBe('idle');
    expect(getSocket()).toBeNull();
    await settle();
    expect(server.connections[0]?.state).toBe('closed');
  });

  it('follows a sign-in in another tab (a storage event)', async () => {
    const io = await mockedIo();
    start(io);
    // Another tab wrote the token; this tab hears of it through the storage event.
    window.localStorage.setItem('token', 'tok-other');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'tok-other' }));
    await settle();
    expect(io.mock.calls[0]?.[1].auth).toEqual({ token: 'tok-other' });
  });

  it('opens no socket for a token cleared while socket.io-client was loading', async () => {
    setToken('tok-1');
    const io = await mockedIo();
    start(io);
    clearToken();
    await settle();
    expect(io).not.toHaveBeenCalled();
    expect(getRealtimeState()).toBe('idle');
  });

  it('closes the socket when stopped', async () => {
    setToken('tok-1');
    const io = await mockedIo();
    start(io)();
    await settle();
    expect(io).not.toHaveBeenCalled();

    const stopAgain = start(io);
    await settle();
    stopAgain();
    expect(only(io).disconnected).toBe(true);
    expect(only(io).active).toBe(false);
    expect(getRealtimeState()).toBe('idle');
  });
});

describe('losing the connection', () => {
  it('goes refused on `unauthorized`, keeps the token and tries no more', async () => {
    useFakeTimers();
    setToken('dead');
    const io = await mockedIo();
    start(io);
    await settle();
    const socket = only(io);
    const connect = jest.spyOn(socket, 'connect');

    await server.refuse('unauthorized');
    expect(getRealtimeState()).toBe('refused');
    expect(getSocket()).toBeNull();
    expect(socket.active).toBe(false);
    jest.advanceTimersByTime(10 * RECONNECT_DELAY_MAX_MS);
    await settle();
    expect(connect).not.toHaveBeenCalled();
    expect(io).toHaveBeenCalledTimes(1);
    expect(server.connections).toHaveLength(1);
    // The API client's 401 handling owns the token.
    expect(getToken()).toBe('dead');

    // A new sign-in opens a new socket.
    setToken('fresh');
    await settle();
    expect(io).toHaveBeenCalledTimes(2);
    await server.accept();
    expect(getRealtimeState()).toBe('connected');
  });

  it('reconnects after a lost transport: reconnecting, then connected again', async () => {
    useFakeTimers();
    setToken('tok-1');
    const io = await mockedIo();
    start(io);
    await settle();
    const socket = only(io);
    await server.accept();
    const connect = jest.spyOn(socket, 'connect');

    await server.lose();
    expect(getRealtimeState()).toBe('reconnecting');
    expect(getSocket()).toBe(socket);
    // socket.io's own reconnection (after 1 s ± 50 %) brings the same socket back.
    jest.advanceTimersByTime(1500);
    await server.accept();
    expect(getRealtimeState()).toBe('connected');
    expect(getSocket()).toBe(socket);
    expect(server.connections).toHaveLength(2);
    expect(connect).not.toHaveBeenCalled();
  });

  it('retries with backoff after a refusal other than `unauthorized`', async () => {
    useFakeTimers();
    setToken('tok-1');
    const io = await mockedIo();
    start(io);
    await settle();
    const socket = only(io);
    const connect = jest.spyOn(socket, 'connect');

    await server.refuse('too many connections');
    expect(getRealtimeState()).toBe('reconnecting');
    // The first try after 1 s ± 50 %, the next after 2 s ± 50 %.
    jest.advanceTimersByTime(499);
    expect(connect).toHaveBeenCalledTimes(0);
    jest.advanceTimersByTime(1002);
    expect(connect).toHaveBeenCalledTimes(1);

    await server.refuse('unavailable');
    jest.advanceTimersByTime(999);
    expect(connect).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(2002);
    expect(connect).toHaveBeenCalledTimes(2);

    await server.accept();
    expect(getRealtimeState()).toBe('connected');
    expect(server.connections).toHaveLength(3);
  });

  it('reconnects by itself after the server disconnects it (a restart)', async () => {
    useFakeTimers();
    setToken('tok-1');
    const io = await mockedIo();
    start(io);
    await settle();
    const socket = only(io);
    await server.accept();
    const connect = jest.spyOn(socket, 'connect');

    await server.kick();
    expect(getRealtimeState()).toBe('reconnecting');
    jest.advanceTimersByTime(1501);
    expect(connect).toHaveBeenCalledTimes(1);
    await server.accept();
    expect(getRealtimeState()).toBe('connected');
  });

  it('drops a pending retry when the token is cleared', async () => {
    useFakeTimers();
    setToken('tok-1');
    const io = await mockedIo();
    start(io);
    await settle();
    const connect = jest.spyOn(only(io), 'connect');
    await server.accept();
    await server.kick();
    clearToken();
    jest.advanceTimersByTime(RECONNECT_DELAY_MAX_MS);
    await settle();
    expect(connect).not.toHaveBeenCalled();
    expect(server.connections).toHaveLength(1);
    expect(getRealtimeState()).toBe('idle');
  });
});

describe('reconnectDelay', () => {
  it.each([
    [0, 0.5, 1000],
    [1, 0.5, 2000],
    [3, 0.5, 8000],
    [0, 0, 500],
    [0, 1, 1500],
    [5, 0.5, 30000],
    [40, 1, 30000],
  ])('try %p with random %p waits %p ms', (attempt, random, expected) => {
    expect(reconnectDelay(attempt, () => random)).toBe(expected);
  });
});
