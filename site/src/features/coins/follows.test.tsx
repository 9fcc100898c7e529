import '@testing-library/jest-dom';
import type { Coin, FollowEntry } from '@coinlens/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { mutate } from 'swr';
import type { ApiClient } from '../../data/client';
import { ApiError } from '../../data/errors';
import { ApiProvider } from '../../data/swr';
import { clearToken, setToken } from '../../data/token';
import { closeDialog, getOpenDialog } from '../../shell/dialogs';
import { FOLLOWS_PATH, addFollows, openAddCoinDialog, removeFollow, useFollows } from './follows';

function coin(id: number, name: string, symbol: string): Coin {
  return {
    id,
    name,
    symbol,
    logo: `/api/asset/logo/${symbol.toLowerCase()}.svg`,
    rank: id,
    quotes: { price: 1, percentChange24h: 0, marketCap: 1, volume24h: 1, updatedAt: 0 },
  };
}

const follow = (c: Coin, followedAt: number): FollowEntry => ({
  coinId: c.id,
  coin: c,
  followedAt,
});
const BTC = coin(1, 'Bitcoin', 'BTC');
const ETH = coin(2, 'Ethereum', 'ETH');
const SOL = coin(5, 'Solana', 'SOL');

/** A client that keeps one user's follow list, as the server would. */
function fakeServer(initial: FollowEntry[]) {
  let list = initial;
  const get = jest.fn(async (path: string) => {
    if (path === FOLLOWS_PATH) return list;
    throw new Error(`unexpected GET ${path}`);
  });
  const post = jest.fn(async (path: string, body: unknown) => {
    if (path === '/api/follow/add') {
      const { coinIds } = body as { coinIds: number[] };
      const added = coinIds.map((id) => follow(id === ETH.id ? ETH : SOL, 200));
      list = [...added, ...list];
    } else if (path === '/api/follow/delete') {
      list = list.filter((entry) => entry.coinId !== (body as { coinId: number }).coinId);
    }
    return list;
  });
  const client = { get, post, monitorGet: jest.fn() } as unknown as ApiClient;
  return { client, get, post };
}

// The app's cache (not a fresh one per test): addFollows writes into it, as in the browser.
const TEST_SWR = { dedupingInterval: 0, shouldRetryOnError: false };

function wrapper(client: ApiClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <ApiProvider client={client} config={TEST_SWR}>
        {children}
      </ApiProvider>
    );
  };
}

afterEach(async () => {
  act(() => clearToken());
  closeDialog();
  await act(() => mutate(() => true, undefined, { revalidate: false }));
});

describe('useFollows', () => {
  it('asks for nothing while signed out', () => {
    const server = fakeServer([follow(BTC, 100)]);
    const { result } = renderHook(() => useFollows(), { wrapper: wrapper(server.client) });
    expect(result.current.follows).toBeUndefined();
    expect(result.current.isLoading).toBe(false);
    expect(server.get).not.toHaveBeenCalled();
  });

  it("reads the signed-in user's follows, newest first as the server sends them", async () => {
    setToken('ann');
    const server = fakeServer([follow(ETH, 200), follow(BTC, 100)]);
    const { result } = renderHook(() => useFollows(), { wrapper: wrapper(server.client) });
    await waitFor(() => expect(result.current.follows).toHaveLength(2));
    expect(result.current.follows?.map((entry) => entry.coin.symbol)).toEqual(['ETH', 'BTC']);
    expect(server.get).toHaveBeenCalledWith(FOLLOWS_PATH, { query: undefined });
  });

  it("shows nothing of the user's list once they sign out", async () => {
    setToken('ann');
    const server = fakeServer([follow(BTC, 100)]);
    const { result } = renderHook(() => useFollows(), { wrapper: wrapper(server.client) });
    await waitFor(() => expect(result.current.follows).toHaveLength(1));
    act(() => clearToken());
    await waitFor(() => expect(result.current.follows).toBeUndefined());
  });

  it('reports a failed load', async () => {
    setToken('ann');
    const failing = {
      get: jest.fn(async () => {
        throw new ApiError({
          code: 500,
          msg: 'Fault',
          status: 500,
          data: null,
          path: FOLLOWS_PATH,
        });
      }),
      post: jest.fn(),
      monitorGet: jest.fn(),
    } as unknown as ApiClient;
    const { result } = renderHook(() => useFollows(), { wrapper: wrapper(failing) });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect(result.current.follows).toBeUndefined();
  });
});

describe('changing the follows', () => {
  it('adds coins by id and shows the new list without asking the server again', async () => {
    setToken('ann');
    const server = fakeServer([follow(BTC, 100)]);
    const { result } = renderHook(() => useFollows(), { wrapper: wrapper(server.client) });
    await waitFor(() => expect(result.current.follows).toHaveLength(1));

    let answer: FollowEntry[] | undefined;
    await act(async () => {
      answer = await addFollows([ETH.id, SOL.id], server.client);
    });
    expect(server.post).toHaveBeenCalledWith('/api/follow/add', { coinIds: [2, 5] });
    expect(answer?.map((entry) => entry.coinId)).toEqual([2, 5, 1]);
    expect(result.current.follows?.map((entry) => entry.coinId)).toEqual([2, 5, 1]);
    expect(server.get).toHaveBeenCalledTimes(1);
  });

  it('removes one coin and shows the new list', async () => {
    setToken('ann');
    const server = fakeServer([follow(ETH, 200), follow(BTC, 100)]);
    const { result } = renderHook(() => useFollows(), { wrapper: wrapper(server.client) });
    await waitFor(() => expect(result.current.follows).toHaveLength(2));

    await act(() => removeFollow(ETH.id, server.client));
    expect(server.post).toHaveBeenCalledWith('/api/follow/delete', { coinId: 2 });
    expect(result.current.follows?.map((entry) => entry.coinId)).toEqual([1]);
    expect(server.get).toHaveBeenCalledTimes(1);
  });

  it("throws the server's refusal and leaves the list as it was", async () => {
    setToken('ann');
    const server = fakeServer([follow(BTC, 100)]);
    const refusal = new ApiError({
      code: 422,
      msg: 'At most 5 coins at a time',
      status: 200,
      data: null,
      path: '/api/follow/add',
    });
    server.post.mockRejectedValueOnce(refusal);
    const { result } = renderHook(() => useFollows(), { wrapper: wrapper(server.client) });
    await waitFor(() => expect(result.current.follows).toHaveLength(1));

    await act(async () => {
      await expect(addFollows([1, 2, 3, 4, 5, 6], server.client)).rejects.toBe(refusal);
    });
    expect(result.current.follows?.map((entry) => entry.coinId)).toEqual([1]);
  });
});

describe('openAddCoinDialog', () => {
  it('opens the add-cryptocurrency dialog for a signed-in user', () => {
    setToken('ann');
    openAddCoinDialog();
    expect(getOpenDialog()).toBe('addCoin');
  });

  it('opens the login dialog instead for a visitor who is signed out', () => {
    openAddCoinDialog();
    expect(getOpenDialog()).toBe('login');
  });
});
