import '@testing-library/jest-dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient, GetOptions, Query } from './client';
import { ApiError, NetworkError } from './errors';
import { ApiProvider, MAX_RETRIES, apiKey, retryDelayMs, useApi } from './swr';
import { clearToken, getToken, setToken, subscribeToken } from './token';

interface Coin {
  name: string;
}

/** A client whose `get` and `monitorGet` answer from `respond`; the client is the boundary. */
function fakeClient(respond: (path: string) => unknown) {
  const answer = async (path: string, _options?: GetOptions) => respond(path);
  const get = jest.fn(answer);
  const monitorGet = jest.fn(answer);
  // The hooks only read; `post` is there to make the shape whole.
  const client = { get, monitorGet, post: jest.fn() } as unknown as ApiClient;
  return { client, get, monitorGet };
}

function Providers({ client, children }: { client: ApiClient; children: ReactNode }) {
  // A fresh cache per test, and no deduping, so that one test's answers never leak into another.
  return (
    <ApiProvider client={client} config={{ provider: () => new Map(), dedupingInterval: 0 }}>
      {children}
    </ApiProvider>
  );
}

function CoinName({ path, query }: { path: string | null; query?: Query }) {
  const { data, error, isLoading } = useApi<Coin>(path, query);
  if (error) return <p role="alert">{error.message}</p>;
  if (isLoading) return <p>Loading</p>;
  return <p>{data ? data.name : 'Nothing asked'}</p>;
}

afterEach(() => {
  jest.useRealTimers();
  clearToken();
});

describe('useApi', () => {
  it('shows what the client answers for the path and query', async () => {
    const fake = fakeClient(() => ({ name: 'Bitcoin' }));
    render(
      <Providers client={fake.client}>
        <CoinName path="/api/analysis/coin" query={{ coinId: 1 }} />
      </Providers>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Bitcoin')).toBeInTheDocument();
    expect(fake.get).toHaveBeenCalledWith('/api/analysis/coin?coinId=1', { query: undefined });
  });

  it('reads monitoring paths through the monitoring envelope', async () => {
    const fake = fakeClient(() => ({ name: 'A Space' }));
    render(
      <Providers client={fake.client}>
        <CoinName path="/api/monitor/source/detail" query={{ sourceId: 7 }} />
      </Providers>,
    );
    expect(await screen.findByText('A Space')).toBeInTheDocument();
    expect(fake.monitorGet).toHaveBeenCalledTimes(1);
    expect(fake.get).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    const fake = fakeClient(() => {
      throw new ApiError({ code: 404, msg: 'No such coin', status: 200, data: null, path: '/x' });
    });
    render(
      <Providers client={fake.client}>
        <CoinName path="/api/analysis/coin" query={{ coinId: 999 }} />
      </Providers>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('No such coin');
  });

  it('fetches nothing for a null path', () => {
    const fake = fakeClient(() => ({ name: 'Bitcoin' }));
    render(
      <Providers client={fake.client}>
        <CoinName path={null} />
      </Providers>,
    );
    expect(screen.getByText('Nothing asked')).toBeInTheDocument();
    expect(fake.get).not.toHaveBeenCalled();
  });

  it('fetches one resource once for two components that show it', async () => {
    const fake = fakeClient(() => ({ name: 'Ether' }));
    render(
      <ApiProvider client={fake.client} config={{ provider: () => new Map() }}>
        <CoinName path="/api/analysis/coin" query={{ coinId: 2, lang: undefined }} />
        <CoinName path="/api/analysis/coin" query={{ coinId: 2 }} />
      </ApiProvider>,
    );
    expect(await screen.findAllByText('Ether')).toHaveLength(2);
    expect(fake.get).toHaveBeenCalledTimes(1);
  });

  it('fetches again with the new token when the user changes', async () => {
    let user = 'Ann';
    const fake = fakeClient(() => ({ name: user }));
    render(
      <Providers client={fake.client}>
        <CoinName path="/api/user" />
      </Providers>,
    );
    expect(await screen.findByText('Ann')).toBeInTheDocument();
    user = 'Bob';
    act(() => setToken('bob-token'));
    expect(await screen.findByText('Bob')).toBeInTheDocument();
  });

  it('asks nothing without a token for what needs one when the user signs out', async () => {
    // Like the session: the user's details are only asked for while a token is kept.
    function Signed() {
      const token = useSyncExternalStore(subscribeToken, getToken);
      const { data } = useApi<Coin>(token ? '/api/user' : null);
      return <p>{token ? (data?.name ?? 'Loading') : 'Signed out'}</p>;
    }
    const tokensSent: (string | null)[] = [];
    const fake = fakeClient((path) => {
      tokensSent.push(getToken());
      return { name: path === '/api/user' ? 'Ann' : 'Bitcoin' };
    });
    act(() => setToken('ann-token'));
    render(
      <Providers client={fake.client}>
        <Signed />
        <CoinName path="/api/coins" />
      </Providers>,
    );
    expect(await screen.findByText('Ann')).toBeInTheDocument();
    expect(await screen.findByText('Bitcoin')).toBeInTheDocument();
    act(() => clearToken());
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    // The public resource on screen is fetched again, signed out; the user's details are not.
    await waitFor(() => expect(tokensSent).toEqual(['ann-token', 'ann-token', null]));
    expect(fake.get.mock.calls.map(([path]) => path)).toEqual([
      '/api/user',
      '/api/coins',
      '/api/coins',
    ]);
  });
});

describe('retries', () => {
  it('retries a network failure and then shows the answer', async () => {
    jest.useFakeTimers();
    let calls = 0;
    const fake = fakeClient(() => {
      calls += 1;
      if (calls === 1) throw new NetworkError({ path: '/api/user', cause: new TypeError() });
      return { name: 'Back online' };
    });
    render(
      <Providers client={fake.client}>
        <CoinName path="/api/user" />
      </Providers>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('no answer from the server');
    await act(() => jest.advanceTimersByTimeAsync(retryDelayMs(1, () => 1)));
    expect(await screen.findByText('Back online')).toBeInTheDocument();
  });

  it(`gives up on a server fault after ${MAX_RETRIES} retries`, async () => {
    jest.useFakeTimers();
    const fake = fakeClient(() => {
      throw new ApiError({ code: 500, msg: 'Fault', status: 500, data: null, path: '/x' });
    });
    render(
      <Providers client={fake.client}>
        <CoinName path="/api/follow/list" />
      </Providers>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Fault');
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(fake.get).toHaveBeenCalledTimes(1 + MAX_RETRIES);
  });

  it('does not retry a refusal, which would answer the same', async () => {
    jest.useFakeTimers();
    const fake = fakeClient(() => {
      throw new ApiError({ code: 403, msg: 'Wrong', status: 200, data: null, path: '/x' });
    });
    render(
      <Providers client={fake.client}>
        <CoinName path="/api/user" />
      </Providers>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong');
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(fake.get).toHaveBeenCalledTimes(1);
  });

  it.each([
    [1, 0, 500],
    [1, 1, 1500],
    [2, 0.5, 2000],
    [3, 0.5, 4000],
  ])('waits before retry %i (random %d) %i ms', (retryCount, random, expected) => {
    expect(retryDelayMs(retryCount, () => random)).toBe(expected);
  });
});

describe('apiKey', () => {
  it('is the request path, so one resource has one key', () => {
    expect(apiKey('/api/asset/list', { size: 20, keyword: 'eth', page: undefined })).toBe(
      '/api/asset/list?keyword=eth&size=20',
    );
    expect(apiKey('/api/follow/list')).toBe('/api/follow/list');
    expect(apiKey(null, { page: 1 })).toBeNull();
  });
});
