import '@testing-library/jest-dom';
import { act, screen } from '@testing-library/react';
import { clearToken, setToken } from '../../../data/token';
import { flatStrings, loadStrings, renderWithLocale } from '../../../testing/renderWithLocale';
import { startRealtime } from './connection';
import { fakeIo, settle, type FakeSocket } from '../../../testing/fakeSocket';
import { RealtimeStatus } from './RealtimeStatus';

jest.mock('gatsby', () => jest.requireActual('../../../testing/gatsbyStub'));

const en = flatStrings(loadStrings('en', 'common'));
const zh = flatStrings(loadStrings('zh', 'common'));
let stop: (() => void) | undefined;

/** Signs in and opens a connected socket; answers it, for the test to play the server. */
async function connected(): Promise<FakeSocket> {
  setToken('tok-1');
  const { io, sockets } = fakeIo();
  act(() => {
    stop = startRealtime({ url: 'https://api.coinlens.test', io });
  });
  await act(settle);
  act(() => sockets[0]!.accept());
  return sockets[0]!;
}

beforeEach(() => jest.useFakeTimers());

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
    const socket = await connected();

    act(() => socket.lose());
    act(() => jest.advanceTimersByTime(1900));
    expect(screen.queryByText(en['realtime.reconnecting']!)).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(en['realtime.reconnecting']!);
    expect(status).toHaveAttribute('aria-live', 'polite');

    act(() => socket.accept());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('stays quiet through a blip shorter than 2 s, and counts a later one afresh', async () => {
    renderWithLocale(<RealtimeStatus />);
    const socket = await connected();

    act(() => socket.lose());
    act(() => jest.advanceTimersByTime(1500));
    act(() => socket.accept());
    act(() => socket.lose());
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => jest.advanceTimersByTime(600));
    expect(screen.getByRole('status')).toHaveTextContent(en['realtime.reconnecting']!);
  });

  it('says nothing when the server refuses the token', async () => {
    renderWithLocale(<RealtimeStatus />);
    const socket = await connected();
    act(() => socket.lose());
    act(() => socket.refuse('unauthorized'));
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('speaks the page’s language', async () => {
    renderWithLocale(<RealtimeStatus />, { locale: 'zh' });
    const socket = await connected();
    act(() => socket.lose());
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByRole('status')).toHaveTextContent(zh['realtime.reconnecting']!);
  });
});
