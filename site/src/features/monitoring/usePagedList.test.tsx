// usePagedList lives in src/data (the coin search uses it too); its tests are here, beside the
// monitoring lists that brought it, with the mocked API serving a transcript's pages.
import '@testing-library/jest-dom';
import type { ContentLine } from '@coinlens/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createApiClient, type ApiClient } from '../../data/client';
import { ApiError, NetworkError } from '../../data/errors';
import { FETCH_MIN_DELAY_MS } from '../../data/minDelay';
import { ApiProvider } from '../../data/swr';
import { usePagedList } from '../../data/usePagedList';
import { fakeLines, fakeSource, type MockApi, type RouteName } from '../../testing/api';
import { mockApi } from '../../testing/api/unitTest';

const NOW = Date.UTC(2024, 4, 6, 14, 5, 0);

const pageOf = (sourceId: number) => (page: number) =>
  `/api/monitor/source/content?page=${page}&size=20&sourceId=${sourceId}`;
// Stable page functions: a new function is a new list.
const LONG = pageOf(1);
const SHORT = pageOf(2);
/** The route of a request path, as a fault names it. */
const get = (path: string) => `GET ${path}` as RouteName;

let server: MockApi;
let client: ApiClient;

// A fresh cache per render, no deduping and no retries, so that each test asks afresh.
const TEST_SWR = { provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false };

function Wrapper({ children }: { children: ReactNode }) {
  return (
    <ApiProvider client={client} config={TEST_SWR}>
      {children}
    </ApiProvider>
  );
}

type Props = { pageKey: ((page: number) => string) | null; refreshInterval?: number };

function renderList(initialProps: Props) {
  return renderHook(
    ({ pageKey, refreshInterval }: Props) =>
      usePagedList<ContentLine>(pageKey, { refreshInterval }),
    { wrapper: Wrapper, initialProps },
  );
}

const ids = (lines: ContentLine[]) => lines.map((line) => line.id);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
  // 45 lines: pages of 20, 20 and 5; and a short one of 3.
  server = mockApi({
    monitor: {
      sources: [
        fakeSource(1, { status: 5, lines: fakeLines(45) }),
        fakeSource(2, { status: 5, lines: fakeLines(3, 100) }),
      ],
    },
  });
  client = createApiClient({ getToken: () => null, getLanguage: () => 'en', navigate: jest.fn() });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('usePagedList', () => {
  it('fetches nothing without a page key', async () => {
    const { result } = renderList({ pageKey: null });
    act(() => result.current.loadMore());
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(server.paths()).toEqual([]);
    expect(result.current).toMatchObject({
      items: [],
      loading: false,
      loadingMore: false,
      hasMore: false,
      error: undefined,
      pages: 0,
      total: undefined,
    });
  });

  it('shows the first page once it has taken at least 200 ms', async () => {
    const { result } = renderList({ pageKey: LONG });
    expect(result.current.loading).toBe(true);
    // The server answers at once; the hook holds the answer back for the minimum delay.
    await act(() => jest.advanceTimersByTimeAsync(FETCH_MIN_DELAY_MS - 1));
    expect(server.paths()).toEqual([LONG(1)]);
    expect(result.current).toMatchObject({ loading: true, items: [], pages: 0 });
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(result.current).toMatchObject({
      loading: false,
      loadingMore: false,
      hasMore: true,
      pages: 1,
      total: 45,
      error: undefined,
    });
    expect(ids(result.current.items)).toEqual(range(1, 20));
  });

  it('loads one further page at a time, without fetching the first again, to the end', async () => {
    const { result } = renderList({ pageKey: LONG });
    await waitFor(() => expect(result.current.pages).toBe(1));

    act(() => result.current.loadMore());
    expect(result.current.loadingMore).toBe(true);
    // Asking again while a page loads asks for nothing more.
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.pages).toBe(2));
    expect(result.current.loadingMore).toBe(false);
    expect(ids(result.current.items)).toEqual(range(1, 40));

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.pages).toBe(3));
    expect(ids(result.current.items)).toEqual(range(1, 45));
    expect(result.current.hasMore).toBe(false);

    // At the end, asking for more does nothing.
    act(() => result.current.loadMore());
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(server.paths()).toEqual([LONG(1), LONG(2), LONG(3)]);
    expect(result.current.loadingMore).toBe(false);
  });

  it('reports a failed first page, and shows it loading again on retry', async () => {
    const stop = server.fault(get(LONG(1)), 'network');
    const { result } = renderList({ pageKey: LONG });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(NetworkError));
    expect(result.current).toMatchObject({ loading: false, items: [], pages: 0, hasMore: false });

    stop();
    act(() => result.current.retry());
    // While it runs again, the failure is not shown.
    await waitFor(() => expect(result.current.loading).toBe(true));
    expect(result.current.error).toBeUndefined();
    await waitFor(() => expect(result.current.pages).toBe(1));
    expect(ids(result.current.items)).toEqual(range(1, 20));
    expect(result.current.error).toBeUndefined();
  });

  it('keeps the pages loaded when a further one fails, and fetches only that one again', async () => {
    const { result } = renderList({ pageKey: LONG });
    await waitFor(() => expect(result.current.pages).toBe(1));
    const stop = server.fault(get(LONG(2)), { code: 500, key: 'internal' });

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect(result.current).toMatchObject({ loadingMore: false, hasMore: false, pages: 1 });
    expect(ids(result.current.items)).toEqual(range(1, 20));

    // No more is asked for after a failure, only the retry asks again.
    act(() => result.current.loadMore());
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(server.paths()).toEqual([LONG(1), LONG(2)]);

    stop();
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.pages).toBe(2));
    expect(ids(result.current.items)).toEqual(range(1, 40));
    expect(result.current).toMatchObject({ error: undefined, hasMore: true });
    expect(server.paths()).toEqual([LONG(1), LONG(2), LONG(2)]);
  });

  it('starts a new list from its page 1, with nothing of the old one on screen', async () => {
    const { result, rerender } = renderList({ pageKey: LONG });
    await waitFor(() => expect(result.current.pages).toBe(1));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.pages).toBe(2));

    rerender({ pageKey: SHORT });
    expect(result.current).toMatchObject({ items: [], loading: true, pages: 0 });
    await waitFor(() => expect(result.current.pages).toBe(1));
    expect(ids(result.current.items)).toEqual([100, 101, 102]);
    expect(result.current).toMatchObject({ hasMore: false, total: 3 });
  });

  it('never lets a late answer for an earlier list replace the newer one', async () => {
    const release = server.holdNext(get(LONG(1)));
    const { result, rerender } = renderList({ pageKey: LONG });
    await act(() => jest.advanceTimersByTimeAsync(FETCH_MIN_DELAY_MS));
    rerender({ pageKey: SHORT });
    await waitFor(() => expect(result.current.pages).toBe(1));

    await act(async () => {
      release();
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(ids(result.current.items)).toEqual([100, 101, 102]);
    expect(server.paths()).toEqual([LONG(1), SHORT(1)]);
  });

  it('fetches every loaded page again on mutate()', async () => {
    const { result } = renderList({ pageKey: LONG });
    await waitFor(() => expect(result.current.pages).toBe(1));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.pages).toBe(2));

    server.monitor.put(fakeSource(1, { status: 5, lines: fakeLines(45, 1001) }));
    act(() => void result.current.mutate());
    await waitFor(() => expect(ids(result.current.items)).toEqual(range(1001, 1040)));
    expect(server.paths()).toEqual([LONG(1), LONG(2), LONG(1), LONG(2)]);
  });

  it('fetches the loaded pages again every refreshInterval ms when asked, and only then', async () => {
    const growing = fakeSource(1, { status: 5, lines: fakeLines(3) });
    server.monitor.put(growing);
    const { result } = renderList({ pageKey: LONG, refreshInterval: 15_000 });
    await waitFor(() => expect(result.current.pages).toBe(1));
    expect(ids(result.current.items)).toEqual([1, 2, 3]);

    server.monitor.put({ ...growing, lines: fakeLines(5) });
    await act(() => jest.advanceTimersByTimeAsync(15_000 + FETCH_MIN_DELAY_MS));
    expect(server.paths()).toEqual([LONG(1), LONG(1)]);
    expect(ids(result.current.items)).toEqual([1, 2, 3, 4, 5]);
  });

  it('does not fetch again on a timer by default', async () => {
    const { result } = renderList({ pageKey: SHORT });
    await waitFor(() => expect(result.current.pages).toBe(1));
    await act(() => jest.advanceTimersByTimeAsync(120_000));
    expect(server.paths()).toEqual([SHORT(1)]);
  });

  it('says that it needs the ApiProvider when used without it', async () => {
    const { result } = renderHook(() => usePagedList<ContentLine>(pageOf(77)));
    await waitFor(() =>
      expect(result.current.error?.message).toBe('usePagedList needs the ApiProvider around it'),
    );
    expect(result.current.loading).toBe(false);
  });
});
