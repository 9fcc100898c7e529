import type { UserInfo } from '@coinlens/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { SWRConfiguration } from 'swr';
import type { ApiClient } from './client';
import { NetworkError } from './errors';
import { ApiProvider } from './swr';
import { clearToken, setToken } from './token';
import { showsSignedIn, useSession, USER_PATH } from './session';

/** The user's details as the API client hands them over (the hook passes them on as they are). */
const ana = { id: 7, account: 'ana@example.com', nickname: 'Ana' } as UserInfo;

/**
 * `useSession()` under the app's API provider, with a client whose `get` answers from `answer`
 * (the client is the boundary). A failed fetch is tried again when the test calls `retry()`, as
 * the app's back-off would later.
 */
function renderSession(answer: (path: string) => Promise<unknown>) {
  const get = jest.fn(answer);
  const client = { get, monitorGet: jest.fn(), post: jest.fn() } as unknown as ApiClient;
  let again: (() => Promise<unknown>) | undefined;
  const config: SWRConfiguration = {
    provider: () => new Map(),
    dedupingInterval: 0,
    onErrorRetry: (_error, _key, _config, revalidate, { retryCount }) => {
      again = async () => revalidate({ retryCount });
    },
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={client} config={config}>
      {children}
    </ApiProvider>
  );
  const retry = async () => {
    if (!again) throw new Error('no fetch has failed');
    await again();
  };
  return { get, retry, ...renderHook(() => useSession(), { wrapper }) };
}

const unreachable = () => new NetworkError({ path: USER_PATH, cause: new TypeError('offline') });

afterEach(() => clearToken());

describe('useSession', () => {
  it("gives a signed-in user's details once they come, and nothing failed", async () => {
    setToken('secret');
    const { result, get } = renderSession(async () => ana);
    expect(result.current).toEqual({ status: 'signedIn', user: null, userFailed: false });
    await waitFor(() => expect(result.current.user).toEqual(ana));
    expect(result.current.userFailed).toBe(false);
    expect(get).toHaveBeenCalledWith(USER_PATH, { query: undefined });
  });

  it('says when the details cannot be loaded, and stops saying it once they come', async () => {
    setToken('secret');
    let failing = true;
    const { result, get, retry } = renderSession(async () => {
      if (failing) throw unreachable();
      return ana;
    });
    await waitFor(() => expect(result.current.userFailed).toBe(true));
    expect(result.current).toEqual({ status: 'signedIn', user: null, userFailed: true });
    // The API comes back: the fetcher's next try brings them.
    failing = false;
    await act(retry);
    await waitFor(() => expect(result.current.user).toEqual(ana));
    expect(result.current.userFailed).toBe(false);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('asks for nothing and reports no failure when signed out', async () => {
    const { result, get } = renderSession(() => Promise.reject(unreachable()));
    expect(result.current).toEqual({ status: 'signedOut', user: null, userFailed: false });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(get).not.toHaveBeenCalled();
    expect(result.current.userFailed).toBe(false);
  });
});

describe('showsSignedIn', () => {
  it('shows the signed-in state to a signed-in user on every page', () => {
    for (const path of ['/', '/reporting/', '/terms/', '/mobile/']) {
      expect(showsSignedIn('signedIn', path)).toBe(true);
    }
  });

  it('shows it before the session is known only on the signed-in areas', () => {
    for (const path of ['/reporting/', '/monitoring/', '/monitoring/detail/', '/welcome/']) {
      expect(showsSignedIn('unknown', path)).toBe(true);
    }
    for (const path of ['/', '/mobile/', '/terms/', '/privacy/']) {
      expect(showsSignedIn('unknown', path)).toBe(false);
    }
  });

  it('never shows it to a signed-out visitor, in an area or not', () => {
    for (const path of ['/', '/reporting/', '/welcome/']) {
      expect(showsSignedIn('signedOut', path)).toBe(false);
    }
  });
});
