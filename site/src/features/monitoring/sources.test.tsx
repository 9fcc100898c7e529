import '@testing-library/jest-dom';
import { serverMessage, type MonitorSource } from '@coinlens/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { createApiClient, type ApiClient } from '../../data/client';
import { ApiError } from '../../data/errors';
import { ApiProvider } from '../../data/swr';
import { clearToken, setToken } from '../../data/token';
import { closeDialog, getOpenDialog } from '../../shell/dialogs';
import { fakeLines, fakeSource, type FakeSource } from '../../testing/api';
import { mockApi } from '../../testing/api/unitTest';
import { ANA } from '../../testing/fixtures';
import {
  addSources,
  contentKey,
  dropFromUserLists,
  fetchFollowedSourceIds,
  isStatusFilter,
  markSourceRead,
  openAddMonitorDialog,
  removeSource,
  sourceSearchKey,
  userSourcesChanged,
  userSourcesKey,
  type StatusFilter,
  useSourceGroup,
  useSourceSearch,
  useUserSources,
} from './sources';

const NOW = Date.UTC(2024, 4, 6, 14, 5, 0);
const NOW_SEC = NOW / 1000;
const USER_LIST = '/api/monitor/user/source/list';

/**
 * The mocked API with these sources, the ids Ana follows, and the site's client signed in as Ana:
 * the network is the boundary.
 */
function serve(sources: FakeSource[], followed: number[] = []) {
  const server = mockApi({ monitor: { sources, followed } });
  const token = server.tokenFor(ANA);
  const client = createApiClient({
    getToken: () => token,
    getLanguage: () => 'en',
    navigate: jest.fn(),
  });
  return { server, client };
}

// A fresh cache per render, no deduping and no retries, so that each test asks afresh.
const TEST_SWR = { provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false };

function wrapperFor(client: ApiClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <ApiProvider client={client} config={TEST_SWR}>
        {children}
      </ApiProvider>
    );
  };
}

/** Six sources in every state, the upcoming ones scheduled out of order. */
function catalogue() {
  return [
    fakeSource(1, { status: 1, time: NOW_SEC + 7200, title: 'Later AMA' }),
    fakeSource(2, { status: 1, time: NOW_SEC + 3600, title: 'Sooner AMA' }),
    fakeSource(3, { status: 2, time: NOW_SEC - 600, title: 'Live space' }),
    fakeSource(4, { status: 3, time: NOW_SEC - 7200, title: 'Ended space' }),
    fakeSource(5, { status: 4, time: NOW_SEC - 3600, title: 'Parsing podcast' }),
    fakeSource(6, { status: 5, time: NOW_SEC - 10800, title: 'Completed devcall' }),
    fakeSource(7, { status: 6, time: NOW_SEC - 1800, title: 'Cancelled AMA' }),
  ];
}

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
});

afterEach(() => {
  act(() => clearToken());
  closeDialog();
  jest.useRealTimers();
});

describe('request paths', () => {
  it('asks for 30 of the user sources a page, with the status of the filter', () => {
    expect(userSourcesKey('all', 1)).toBe('/api/monitor/user/source/list?page=1&size=30');
    expect(userSourcesKey('upcoming', 2)).toBe(
      '/api/monitor/user/source/list?page=2&size=30&status=1',
    );
    expect(userSourcesKey('live', 1)).toBe('/api/monitor/user/source/list?page=1&size=30&status=2');
    expect(userSourcesKey('ended', 1)).toBe(
      '/api/monitor/user/source/list?page=1&size=30&status=3',
    );
  });

  it('searches 20 sources a page, and leaves out an empty search text and status', () => {
    expect(sourceSearchKey('ama', 1)).toBe(
      '/api/monitor/source/list?page=1&searchName=ama&size=20',
    );
    expect(sourceSearchKey('', 1, 4, 1)).toBe('/api/monitor/source/list?page=1&size=4&status=1');
    expect(sourceSearchKey('a&b', 2)).toBe(
      '/api/monitor/source/list?page=2&searchName=a%26b&size=20',
    );
  });

  it('reads a transcript 20 lines a page', () => {
    expect(contentKey(7, 3)).toBe('/api/monitor/source/content?page=3&size=20&sourceId=7');
  });

  it('knows the four filters and nothing else', () => {
    for (const filter of ['all', 'upcoming', 'live', 'ended']) {
      expect(isStatusFilter(filter)).toBe(true);
    }
    for (const other of ['completed', '', 1, undefined, 'All']) {
      expect(isStatusFilter(other)).toBe(false);
    }
  });
});

describe('the calls that change the user list', () => {
  it('follows the ids asked for, as one comma list, and tells the list views', async () => {
    const { server, client } = serve(catalogue(), [6]);
    const { unmount } = renderHook(() => useUserSources('all'), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(server.paths(USER_LIST)).toHaveLength(1));

    // 6 is followed already: the server ignores it, and answers every source asked for.
    let added: MonitorSource[] = [];
    await act(async () => {
      added = await addSources([2, 6, 4], client);
    });
    expect(server.paths('/api/monitor/user/source/add')).toEqual([
      '/api/monitor/user/source/add?sourceIds=2%2C6%2C4',
    ]);
    expect(added.map((source) => source.id)).toEqual([2, 6, 4]);
    expect(server.monitor.followedIds()).toEqual([2, 4, 6]);
    // The list on screen was asked for again.
    await waitFor(() => expect(server.paths(USER_LIST)).toHaveLength(2));
    unmount();
  });

  it('adds nothing and tells no one when an id is unknown', async () => {
    const { server, client } = serve(catalogue());
    renderHook(() => useUserSources('all'), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(server.paths(USER_LIST)).toHaveLength(1));

    await act(async () => {
      await expect(addSources([2, 99], client)).rejects.toMatchObject({
        name: 'ApiError',
        code: 404,
        msg: serverMessage('sourceNotFound', 'en'),
      });
    });
    expect(server.monitor.followedIds()).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(server.paths(USER_LIST)).toHaveLength(1);
  });

  it('stops following a source and tells the list views; a failure tells no one', async () => {
    const { server, client } = serve(catalogue(), [4, 6]);
    const { result } = renderHook(() => useUserSources('all'), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.items.map((s) => s.id)).toEqual([4, 6]));

    await act(() => removeSource(4, client));
    expect(server.paths('/api/monitor/user/source/delete')).toEqual([
      '/api/monitor/user/source/delete?sourceId=4',
    ]);
    await waitFor(() => expect(result.current.items.map((s) => s.id)).toEqual([6]));
    expect(server.paths(USER_LIST)).toHaveLength(2);

    await act(async () => {
      await expect(removeSource(99, client)).rejects.toBeInstanceOf(ApiError);
    });
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(server.paths(USER_LIST)).toHaveLength(2);
  });

  it('marks a source as read without refetching the list', async () => {
    const { server, client } = serve([fakeSource(6, { lines: fakeLines(3, 40) })], [6]);
    const { result } = renderHook(() => useUserSources('all'), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.items[0]?.unread).toBe(true));

    await markSourceRead(6, client);
    expect(server.paths('/api/monitor/user/source/mark')).toEqual([
      '/api/monitor/user/source/mark?sourceId=6',
    ]);
    expect(server.monitor.readLineId(6)).toBe(42);
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(server.paths(USER_LIST)).toHaveLength(1);
    // Marking a source the user does not follow is refused.
    await expect(markSourceRead(99, client)).rejects.toMatchObject({ code: 404 });
  });

  it('tells every list view that is mounted, and none that is gone', async () => {
    const { server, client } = serve(catalogue(), [1, 4]);
    const wrapper = wrapperFor(client);
    const { result: all, unmount: unmountAll } = renderHook(() => useUserSources('all'), {
      wrapper,
    });
    const { result: upcoming, unmount: unmountUpcoming } = renderHook(
      () => useUserSources('upcoming'),
      { wrapper },
    );
    await waitFor(() => expect(all.current.items).toHaveLength(2));
    await waitFor(() => expect(upcoming.current.items.map((s) => s.id)).toEqual([1]));
    expect(server.paths(USER_LIST)).toEqual([
      '/api/monitor/user/source/list?page=1&size=30',
      '/api/monitor/user/source/list?page=1&size=30&status=1',
    ]);

    unmountUpcoming();
    act(() => userSourcesChanged());
    await waitFor(() => expect(server.paths(USER_LIST)).toHaveLength(3));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(server.paths(USER_LIST).at(-1)).toBe('/api/monitor/user/source/list?page=1&size=30');
    expect(server.paths(USER_LIST)).toHaveLength(3);
    unmountAll();
  });

  it('never shows a filter seen before with data from before a change', async () => {
    const { client } = serve(catalogue(), [1, 2, 4]);
    const { result, rerender } = renderHook(({ filter }) => useUserSources(filter), {
      wrapper: wrapperFor(client),
      initialProps: { filter: 'upcoming' as StatusFilter },
    });
    await waitFor(() => expect(result.current.items.map((s) => s.id)).toEqual([1, 2]));
    rerender({ filter: 'all' });
    await waitFor(() => expect(result.current.items.map((s) => s.id)).toEqual([1, 2, 4]));

    // Removed while the upcoming list is not shown; then shown again.
    await act(() => removeSource(2, client));
    await waitFor(() => expect(result.current.items.map((s) => s.id)).toEqual([1, 4]));
    rerender({ filter: 'upcoming' });
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(result.current.items.map((s) => s.id)).toEqual([1]);
  });

  it('drops a removed source from the lists kept for views that come back', async () => {
    const { client } = serve(catalogue(), [1, 2, 4]);
    // One cache for every render, as on the site, where a page left and come back to shares it.
    const cache = new Map();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApiProvider client={client} config={{ ...TEST_SWR, provider: () => cache }}>
        {children}
      </ApiProvider>
    );
    const { result: before, unmount } = renderHook(() => useUserSources('upcoming'), { wrapper });
    await waitFor(() => expect(before.current.items.map((s) => s.id)).toEqual([1, 2]));
    expect(before.current.total).toBe(2);
    unmount();

    // Removed from another page; the list is not on screen to hear of it.
    const { result: config } = renderHook(() => useSWRConfig(), { wrapper });
    await act(() => removeSource(2, client));
    await act(() => dropFromUserLists(config.current.mutate, 2));

    // Back: what the cache draws at once, before it is fetched again, has it no more.
    const { result: after, unmount: leave } = renderHook(() => useUserSources('upcoming'), {
      wrapper,
    });
    expect(after.current.items.map((s) => s.id)).toEqual([1]);
    expect(after.current.total).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(after.current.items.map((s) => s.id)).toEqual([1]);
    leave();
  });

  it('reads every followed id, 100 a page, until the server has no more', async () => {
    const many = Array.from({ length: 230 }, (_, index) => fakeSource(index + 1));
    const followed = many.map((source) => source.id).reverse();
    const { server, client } = serve(many, followed);
    await expect(fetchFollowedSourceIds(client)).resolves.toEqual(followed);
    expect(server.paths()).toEqual([
      '/api/monitor/user/source/list?page=1&size=100',
      '/api/monitor/user/source/list?page=2&size=100',
      '/api/monitor/user/source/list?page=3&size=100',
    ]);
  });

  it('stops at an empty page even if the server says there is more', async () => {
    const monitorGet = jest
      .fn()
      .mockResolvedValueOnce({ records: [{ id: 3 }], has_next: true })
      .mockResolvedValueOnce({ records: [], has_next: true });
    const client = { get: jest.fn(), post: jest.fn(), monitorGet } as unknown as ApiClient;
    await expect(fetchFollowedSourceIds(client)).resolves.toEqual([3]);
    expect(monitorGet).toHaveBeenCalledTimes(2);
  });
});

describe('the lists of the add dialog', () => {
  it('gives a group the first sources of one status, upcoming ones soonest first', async () => {
    const { server, client } = serve(catalogue());
    const { result } = renderHook(() => useSourceGroup(1, 4), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.items.map((s) => s.id)).toEqual([2, 1]));
    expect(server.paths()).toEqual(['/api/monitor/source/list?page=1&size=4&status=1']);
  });

  it('counts every ended source as finished: ended, parsing and completed, newest first', async () => {
    const { server, client } = serve(catalogue());
    const { result } = renderHook(() => useSourceGroup(3, 6), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.items.map((s) => s.id)).toEqual([5, 4, 6]));
    expect(server.paths()).toEqual(['/api/monitor/source/list?page=1&size=6&status=3']);
  });

  it('searches nothing while the text is empty, then titles and hosts in every status', async () => {
    const { server, client } = serve([
      ...catalogue(),
      fakeSource(8, { author: 'Amanda', title: 'Weekly' }),
    ]);
    const { result, rerender } = renderHook(({ text }) => useSourceSearch(text), {
      wrapper: wrapperFor(client),
      initialProps: { text: '' },
    });
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(server.paths()).toEqual([]);
    expect(result.current).toMatchObject({ items: [], loading: false, hasMore: false });

    rerender({ text: 'ama' });
    await waitFor(() => expect(result.current.items.map((s) => s.id)).toEqual([1, 2, 7, 8]));
    expect(server.paths()).toEqual(['/api/monitor/source/list?page=1&searchName=ama&size=20']);
  });
});

describe('the way into the add dialog', () => {
  it('opens the add-monitoring dialog for a signed-in user', () => {
    setToken('tok');
    openAddMonitorDialog();
    expect(getOpenDialog()).toBe('addMonitor');
  });

  it('asks a visitor who is signed out to log in', () => {
    openAddMonitorDialog();
    expect(getOpenDialog()).toBe('login');
  });
});
