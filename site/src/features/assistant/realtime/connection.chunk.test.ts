// socket.io-client's chunk failing to load. After a deploy it is gone and a reload fetches the new
// build (chunkReload.test.ts); while the site's server is down, a reload would only put the
// browser's error page in place of this one, so the connection waits and tries again.
import { CHUNK_RELOAD_STORAGE_KEY } from '../../../shell/chunkReload';
import { clearToken, setToken } from '../../../data/token';
import type * as EngineIo from 'engine.io-client';
import type * as SocketIo from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import {
  getRealtimeState,
  getSocket,
  RECONNECT_DELAY_MS,
  startRealtime,
  type IoFactory,
} from './connection';
import { ioOverGlobals, settle } from '../../../testing/api';
import { mockApi } from '../../../testing/api/unitTest';

/** socket.io-client's `io` over the mocked network, once its chunk loads. */
const mockIo = jest.fn<Socket, Parameters<IoFactory>>();
let mockChunkGone = true;

jest.mock('socket.io-client', () => {
  if (mockChunkGone)
    throw Object.assign(new Error('Loading chunk 289 failed.'), { name: 'ChunkLoadError' });
  const actual = jest.requireActual<typeof SocketIo>('socket.io-client');
  const transports = jest.requireActual<typeof EngineIo>('engine.io-client');
  mockIo.mockImplementation(ioOverGlobals({ ...transports, io: actual.io }));
  return { ...actual, io: mockIo };
});

let stop: (() => void) | undefined;
const fetchBefore = window.fetch;

afterEach(() => {
  stop?.();
  stop = undefined;
  clearToken();
  window.fetch = fetchBefore;
  jest.useRealTimers();
});

it('keeps the page while the server does not answer, and connects once the chunk loads', async () => {
  // The mocked network's microtasks stay real.
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  const server = mockApi({ chat: { handshakes: 'manual' } }).chat;
  // The server is down: the check before a reload cannot reach it.
  const fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
  window.fetch = fetch as unknown as typeof window.fetch;
  setToken('tok-1');
  stop = startRealtime({ url: 'https://api.coinlens.test' });
  await jest.advanceTimersByTimeAsync(0);
  expect(fetch).toHaveBeenCalledWith(
    window.location.href,
    expect.objectContaining({ method: 'HEAD' }),
  );
  expect(getRealtimeState()).toBe('reconnecting');
  expect(getSocket()).toBeNull();

  // The server is back: the next try loads the chunk.
  mockChunkGone = false;
  await jest.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 2);
  await settle();
  expect(getSocket()).toBe(mockIo.mock.results[0]?.value);
  await server.accept();
  expect(getRealtimeState()).toBe('connected');
  // No reload was made: it would have been recorded for the once-a-minute limit.
  expect(window.sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBeNull();
});
