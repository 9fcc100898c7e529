import '@testing-library/jest-dom';
import { act, screen } from '@testing-library/react';
import { clearToken, setToken } from '../../../data/token';
import { flatStrings, loadStrings, renderWithLocale } from '../../../testing/renderWithLocale';
import { startRealtime } from './connection';
import { loadMockedIo, settle, type ChatServer } from '../../../testing/api';
import { mockApi } from '../../../testing/api/unitTest';
import { RealtimeStatus } from './RealtimeStatus';

jest.mock('gatsby', () => jest.requireActual('../../../testing/gatsbyStub'));

const en = flatStrings(loadStrings('en', 'common'));
const zh = flatStrings(loadStrings('zh', 'common'));
let stop: (() => void) | undefined;

/**
 * Signs in and opens a connected socket on the mocked API's realtime socket; answers the server,
 * which the test plays (every handshake waits for it).
 */
async function connected(): Promise<ChatServer> {
  const server = mockApi({ chat: { handshakes: 'manual' } }).chat;
  setToken('tok-1');
  const io = await loadMockedIo();
  act(() => {
    stop = startRealtime({ url: 'https://api.coinlens.test', io });
  });
  await act(settle);
  await act(() => server.accept());
  return server;
}

/** The server lets the socket in again once socket.io's client has tried (after 1 s ± 50 %). */
async function reconnected(server: ChatServer) {
  act(() => jest.advanceTimersByTime(1500));
  await act(() => server.accept());
}

// socket.io's timers and the notice's run on Jest's clock; the mocked network's microtasks do not.
beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));

afterEach(() => {
  act(() => stop?.());
  stop = undefined;
  clearToken();
  jest.useRealTimers();
});

describe('the reconnecting notice', () => {
  it('says nothing while connected', async () => {
    renderWithLocale(<RealtimeStatus />);
    await connected();
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('appears after 2 s of reconnecting and goes when connected again', async () => {
    renderWithLocale(<RealtimeStatus />);
    const server = await connected();

    await act(() => server.lose());
    act(() => jest.advanceTimersByTime(1900));
    expect(screen.queryByText(en['realtime.reconnecting']!)).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(en['realtime.reconnecting']!);
    expect(status).toHaveAttribute('aria-live', 'polite');

    // socket.io's client has tried again meanwhile; the server lets it in.
    await act(() => server.accept());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('stays quiet through a blip shorter than 2 s, and counts a later one afresh', async () => {
    renderWithLocale(<RealtimeStatus />);
    const server = await connected();

    await act(() => server.lose());
    await reconnected(server);
    await act(() => server.lose());
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => jest.advanceTimersByTime(600));
    expect(screen.getByRole('status')).toHaveTextContent(en['realtime.reconnecting']!);
  });

  it('says nothing when the server refuses the token', async () => {
    renderWithLocale(<RealtimeStatus />);
    const server = await connected();
    await act(() => server.lose());
    act(() => jest.advanceTimersByTime(1500));
    await act(() => server.refuse('unauthorized'));
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('speaks the page’s language', async () => {
    renderWithLocale(<RealtimeStatus />, { locale: 'zh' });
    const server = await connected();
    await act(() => server.lose());
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByRole('status')).toHaveTextContent(zh['realtime.reconnecting']!);
  });
});
