// socket.io-client itself: loaded by a dynamic import only once a token exists, so that it never
// weighs on a page whose visitor is signed out, and used in the task after its chunk's.
import { clearToken, setToken } from '../../../data/token';
import { getSocket, startRealtime } from './connection';
import { fakeIo, settle } from '../../../testing/fakeSocket';

const mockSocketIo = fakeIo();
let mockLoads = 0;

jest.mock('socket.io-client', () => {
  mockLoads += 1;
  return { io: mockSocketIo.io };
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
  process.env.GATSBY_API_URL = 'https://api.coinlens.test/';
  stop = startRealtime();
  await settle();
  expect(mockLoads).toBe(0);
  expect(getSocket()).toBeNull();

  setToken('tok-1');
  await settle();
  expect(mockLoads).toBe(1);
  // The socket opens in the task after the one the chunk's code ran in.
  expect(mockSocketIo.io).not.toHaveBeenCalled();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await settle();
  expect(mockSocketIo.io).toHaveBeenCalledWith(
    'https://api.coinlens.test',
    expect.objectContaining({ path: '/socket.io', query: { token: 'tok-1' } }),
  );
  expect(getSocket()).toBe(mockSocketIo.sockets[0]);
});
