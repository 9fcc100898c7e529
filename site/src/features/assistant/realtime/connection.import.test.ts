// socket.io-client itself: loaded by a dynamic import only once a token exists, so that it never
// weighs on a page whose visitor is signed out, and used in the task after its chunk's.
import type * as EngineIo from 'engine.io-client';
import type * as SocketIo from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { clearToken, setToken } from '../../../data/token';
import { getSocket, startRealtime, type IoFactory } from './connection';
import { ioOverGlobals, settle } from '../../../testing/api';
import { mockApi } from '../../../testing/api/unitTest';

/** socket.io-client's `io` over the mocked network, as the module's import gives it. */
const mockIo = jest.fn<Socket, Parameters<IoFactory>>();
let mockLoads = 0;

jest.mock('socket.io-client', () => {
  mockLoads += 1;
  const actual = jest.requireActual<typeof SocketIo>('socket.io-client');
  const transports = jest.requireActual<typeof EngineIo>('engine.io-client');
  mockIo.mockImplementation(ioOverGlobals({ ...transports, io: actual.io }));
  return { ...actual, io: mockIo };
});

let stop: (() => void) | undefined;
const apiUrl = process.env.GATSBY_API_URL;

afterEach(() => {
  stop?.();
  stop = undefined;
  clearToken();
  if (apiUrl === undefined) delete process.env.GATSBY_API_URL;
  else process.env.GATSBY_API_URL = apiUrl;
});

it('imports socket.io-client only once a token exists, then opens at the API origin', async () => {
  const server = mockApi({ chat: { handshakes: 'manual' } }).chat;
  process.env.GATSBY_API_URL = 'https://api.coinlens.test/';
  stop = startRealtime();
  await settle();
  expect(mockLoads).toBe(0);
  expect(getSocket()).toBeNull();

  setToken('tok-1');
  await settle();
  expect(mockLoads).toBe(1);
  // The socket opens in the task after the one the chunk's code ran in.
  expect(mockIo).not.toHaveBeenCalled();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await settle();
  expect(mockIo).toHaveBeenCalledWith(
    'https://api.coinlens.test',
    expect.objectContaining({ path: '/socket.io', query: { token: 'tok-1' } }),
  );
  expect(getSocket()).toBe(mockIo.mock.results[0]?.value);
  expect(server.connections[0]?.url.origin).toBe('wss://api.coinlens.test');
});
