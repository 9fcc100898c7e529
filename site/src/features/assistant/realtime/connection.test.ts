import { clearToken, getToken, setToken } from '../../../data/token';
import {
  getRealtimeState,
  getSocket,
  RECONNECT_DELAY_MAX_MS,
  reconnectDelay,
  startRealtime,
  subscribeRealtime,
} from './connection';
import { fakeIo, settle, type FakeSocket } from '../../../testing/fakeSocket';

const URL = 'https://api.coinlens.test';
let stop: (() => void) | undefined;

function start(io: ReturnType<typeof fakeIo>['io']) {
  stop = startRealtime({ url: URL, io });
  return stop;
}

function only(sockets: FakeSocket[]): FakeSocket {
  expect(sockets).toHaveLength(1);
  return sockets[0]!;
}

afterEach(() => {
  stop?.();
  stop = undefined;
  clearToken();
  jest.useRealTimers();
});

describe('opening the realtime socket', () => {
  it('opens one on load with the stored token in the handshake query and auth', async () => {
    setToken('tok-1');
    const { io, sockets } = fakeIo();
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
    const socket = only(sockets);
    expect(getSocket()).toBe(socket);
    socket.accept();
    expect(getRealtimeState()).toBe('connected');
  });

  it('opens only once however often it is started (a Layout per page)', async () => {
    setToken('tok-1');
    const { io } = fakeIo();
    const first = start(io);
    expect(startRealtime({ url: URL, io })).toBe(first);
    expect(startRealtime()).toBe(first);
    await settle();
    expect(io).toHaveBeenCalledTimes(1);
  });

  it('opens nothing while signed out, then one socket on sign-in', async () => {
    const { io, sockets } = fakeIo();
    start(io);
    await settle();
    expect(io).not.toHaveBeenCalled();
    expect(getRealtimeState()).toBe('idle');
    expect(getSocket()).toBeNull();

    setToken('tok-1');
    await settle();
    expect(only(sockets).options.auth).toEqual({ token: 'tok-1' });
    only(sockets).accept();
    expect(getRealtimeState()).toBe('connected');
  });

  it('uses the page’s origin when no API origin is given', async () => {
    setToken('tok-1');
    const { io } = fakeIo();
    stop = startRealtime({ io });
    await settle();
    expect(io).toHaveBeenCalledWith(window.location.origin, expect.anything());
  });

  it('tells subscribers about each change of state', async () => {
    const states: string[] = [];
    const unsubscribe = subscribeRealtime(() => states.push(getRealtimeState()));
    setToken('tok-1');
    const { io, sockets } = fakeIo();
    start(io);
    await settle();
    only(sockets).accept();
    unsubscribe();
    expect(states).toEqual(['connecting', 'connecting', 'connected']);
  });
});

describe('following the token', () => {
  it('replaces the socket when the token changes, disconnecting the old one', async () => {
    setToken('tok-1');
    const { io, sockets } = fakeIo();
    start(io);
    await settle();
    const [old] = sockets;
    old!.accept();

    setToken('tok-2');
    expect(old!.disconnected).toBe(true);
    expect(getSocket()).toBeNull();
    expect(getRealtimeState()).toBe('connecting');
    await settle();

    expect(sockets).toHaveLength(2);
    const fresh = sockets[1]!;
    expect(fresh.options.query).toEqual({ token: 'tok-2' });
    expect(getSocket()).toBe(fresh);
    // The old socket's late events are not this connection's.
    old!.accept();
    expect(getRealtimeState()).toBe('connecting');
    fresh.accept();
    expect(getRealtimeState()).toBe('connected');
  });

  it('tells subscribers the socket went when a token changes before it connected', async () => {
    setToken('tok-1');
    const { io, sockets } = fakeIo();
    start(io);
    await settle();
    const seen: unknown[] = [];
    const unsubscribe = subscribeRealtime(() => seen.push(getSocket()));
    setToken('tok-2');
    await settle();
    unsubscribe();
    expect(seen).toEqual([null, sockets[1]]);
  });

  it('does not reopen when the token is stored again unchanged', async () => {
    setToken('tok-1');
    const { io } = fakeIo();
    start(io);
    await settle();
    setToken('tok-1');
    await settle();
    expect(io).toHaveBeenCalledTimes(1);
  });

  it('disconnects and goes idle when the token is cleared (log out or a 401)', async () => {
    setToken('tok-1');
    const { io, sockets } = fakeIo();
    start(io);
    await settle();
    only(sockets).accept();

    clearToken();
    expect(only(sockets).disconnected).toBe(true);
    expect(getRealtimeState()).toBe('idle');
    expect(getSocket()).toBeNull();
  });

  it('follows a sign-in in another tab (a storage event)', async () => {
    const { io, sockets } = fakeIo();
    start(io);
    // Another tab wrote the token; this tab hears of it through the storage event.
    window.localStorage.setItem('token', 'tok-other');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'tok-other' }));
    await settle();
    expect(only(sockets).options.auth).toEqual({ token: 'tok-other' });
  });

  it('opens no socket for a token cleared while socket.io-client was loading', async () => {
    setToken('tok-1');
    const { io } = fakeIo();
    start(io);
    clearToken();
    await settle();
    expect(io).not.toHaveBeenCalled();
    expect(getRealtimeState()).toBe('idle');
  });

  it('closes the socket when stopped', async () => {
    setToken('tok-1');
    const { io, sockets } = fakeIo();
    start(io)();
    await settle();
    expect(io).not.toHaveBeenCalled();

    const stopAgain = start(io);
    await settle();
    stopAgain();
    expect(only(sockets).disconnected).toBe(true);
    expect(getRealtimeState()).toBe('idle');
  });
});

describe('losing the connection', () => {
  it('goes refused on `unauthorized`, keeps the token and tries no more', async () => {
    jest.useFakeTimers();
    setToken('dead');
    const { io, sockets } = fakeIo();
    start(io);
    await settle();
    const socket = only(sockets);

    socket.refuse('unauthorized');
    expect(getRealtimeState()).toBe('refused');
    expect(getSocket()).toBeNull();
    expect(socket.disconnected).toBe(true);
    jest.advanceTimersByTime(10 * RECONNECT_DELAY_MAX_MS);
    expect(socket.connectCalls).toBe(0);
    expect(io).toHaveBeenCalledTimes(1);
    // The API client's 401 handling owns the token.
    expect(getToken()).toBe('dead');

    // A new sign-in opens a new socket.
    setToken('fresh');
    await settle();
    expect(sockets).toHaveLength(2);
    sockets[1]!.accept();
    expect(getRealtimeState()).toBe('connected');
  });

  it('reconnects after a lost transport: reconnecting, then connected again', async () => {
    setToken('tok-1');
    const { io, sockets } = fakeIo();
    start(io);
    await settle();
    const socket = only(sockets);
    socket.accept();

    socket.lose();
    expect(getRealtimeState()).toBe('reconnecting');
    expect(getSocket()).toBe(socket);
    // socket.io's own reconnection brings the same socket back.
    socket.accept();
    expect(getRealtimeState()).toBe('connected');
    expect(socket.connectCalls).toBe(0);
  });

  it('retries with backoff after a refusal other than `unauthorized`', async () => {
    jest.useFakeTimers();
    setToken('tok-1');
    const { io, sockets } = fakeIo();
    start(io);
    await settle();
    const socket = only(sockets);

    socket.refuse('too many connections');
    expect(getRealtimeState()).toBe('reconnecting');
    // The first try after 1 s ± 50 %, the next after 2 s ± 50 %.
    jest.advanceTimersByTime(499);
    expect(socket.connectCalls).toBe(0);
    jest.advanceTimersByTime(1002);
    expect(socket.connectCalls).toBe(1);

    socket.refuse('unavailable');
    jest.advanceTimersByTime(999);
    expect(socket.connectCalls).toBe(1);
    jest.advanceTimersByTime(2002);
    expect(socket.connectCalls).toBe(2);

    socket.accept();
    expect(getRealtimeState()).toBe('connected');
  });

  it('reconnects by itself after the server disconnects it (a restart)', async () => {
    jest.useFakeTimers();
    setToken('tok-1');
    const { io, sockets } = fakeIo();
    start(io);
    await settle();
    const socket = only(sockets);
    socket.accept();

    socket.kick();
    expect(getRealtimeState()).toBe('reconnecting');
    jest.advanceTimersByTime(1501);
    expect(socket.connectCalls).toBe(1);
    socket.accept();
    expect(getRealtimeState()).toBe('connected');
  });

  it('drops a pending retry when the token is cleared', async () => {
    jest.useFakeTimers();
    setToken('tok-1');
    const { io, sockets } = fakeIo();
    start(io);
    await settle();
    only(sockets).kick();
    clearToken();
    jest.advanceTimersByTime(RECONNECT_DELAY_MAX_MS);
    expect(only(sockets).connectCalls).toBe(0);
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
