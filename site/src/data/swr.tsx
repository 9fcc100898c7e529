// SWR on top of the API client: one cache key per resource (its request path and query), retries
// only for failures that may pass, and a cache that forgets one user's data when the token changes.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import useSWR, { SWRConfig, useSWRConfig, type KeyedMutator, type SWRConfiguration } from 'swr';
import { api, isMonitorPath, requestPath, type ApiClient, type Query } from './client';
import { isTransientFailure, type ApiFailure } from './errors';
import { subscribeToken } from './token';

/** A key the fetcher understands: a request path with its query, or `[path, query]`. */
export type ApiKey = string | readonly [path: string, query?: Query];

/** Retries after a transient failure, before SWR gives up until the next focus or reconnect. */
export const MAX_RETRIES = 3;

/** The wait before retry number `retryCount` (1-based): 1 s, 2 s, 4 s, each ±50 % jitter. */
export function retryDelayMs(retryCount: number, random: () => number = Math.random): number {
  // Jitter spreads the retries of many tabs that failed at the same moment (a restart).
  return Math.round(1000 * 2 ** (retryCount - 1) * (0.5 + random()));
}

/** The cache key of `path` with `query`, or null (nothing to fetch) when `path` is null. */
export function apiKey(path: string | null, query?: Query): string | null {
  return path === null ? null : requestPath(path, query);
}

/** The SWR fetcher for `client`: the monitoring envelope under /api/monitor/, else the standard. */
export function createApiFetcher(client: ApiClient): (key: ApiKey) => Promise<unknown> {
  return (key) => {
    const [path, query] = typeof key === 'string' ? [key, undefined] : key;
    return isMonitorPath(path) ? client.monitorGet(path, { query }) : client.get(path, { query });
  };
}

/** The SWR settings every API hook shares. */
export function apiSwrConfig(client: ApiClient): SWRConfiguration {
  return {
    fetcher: createApiFetcher(client),
    revalidateOnFocus: true,
    dedupingInterval: 2000,
    keepPreviousData: true,
    shouldRetryOnError: isTransientFailure,
    onErrorRetry: (_error, _key, _config, revalidate, { retryCount }) => {
      if (retryCount > MAX_RETRIES) return;
      // A hidden tab retries when it is shown again (revalidateOnFocus), not in the background.
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      setTimeout(() => void revalidate({ retryCount }), retryDelayMs(retryCount));
    },
  };
}

/** Drops every cached answer when the token changes (sign-in, sign-out, another tab). */
function ForgetOnTokenChange() {
  const { mutate } = useSWRConfig();
  const [changes, setChanges] = useState(0);
  useEffect(
    // Keys are paths, not users, so user A's follow list would otherwise show to user B: the
    // cache is emptied at once, before anything renders with the new token.
    () =>
      subscribeToken(() => {
        void mutate(() => true, undefined, { revalidate: false });
        setChanges((count) => count + 1);
      }),
    [mutate],
  );
  useEffect(() => {
    // What is on screen is fetched again once the change has rendered: by then the hooks that
    // need a signed-in user have dropped their keys. Refetching from the listener itself would
    // still find them (e.g. GET /api/user just after sign-out), ask without a token, meet a 401
    // and send the visitor to the login dialog instead of where signing out goes.
    if (changes > 0) void mutate(() => true);
  }, [changes, mutate]);
  return null;
}

export interface ApiProviderProps {
  /** The client the hooks fetch through; the site's shared one by default. */
  client?: ApiClient;
  /** SWR settings laid over the API defaults (tests pass `provider` for a fresh cache). */
  config?: SWRConfiguration;
  children?: ReactNode;
}

/** Gives `useApi` its fetcher and settings; wraps the app once. */
export function ApiProvider({ client = api, config, children }: ApiProviderProps) {
  const value = useMemo(() => ({ ...apiSwrConfig(client), ...config }), [client, config]);
  return (
    <SWRConfig value={value}>
      <ForgetOnTokenChange />
      {children}
    </SWRConfig>
  );
}

export interface ApiResource<T> {
  /** The answer's data; the previous key's while a new key loads; undefined before any. */
  data: T | undefined;
  /** Why the last fetch failed, or undefined when it did not. */
  error: ApiFailure | undefined;
  /** True while there is no data yet and a fetch is under way (show a placeholder). */
  isLoading: boolean;
  /** True while any fetch is under way, including a refresh of data already shown. */
  isValidating: boolean;
  /** Replaces the cached data (after a change the caller made) and, by default, refetches. */
  mutate: KeyedMutator<T>;
}

/**
 * The resource at `path` with `query`, fetched through the API client and cached under its
 * request path. A null `path` fetches nothing (e.g. signed out).
 */
export function useApi<T>(
  path: string | null,
  query?: Query,
  config?: SWRConfiguration<T, ApiFailure>,
): ApiResource<T> {
  const { data, error, isLoading, isValidating, mutate } = useSWR<T, ApiFailure>(
    apiKey(path, query),
    config ?? {},
  );
  return { data, error, isLoading, isValidating, mutate };
}
