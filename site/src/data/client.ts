// The site's one API client: base URL, headers, both envelopes, time limit, and what a 401 body
// code or an HTTP 400 does to the page. The wire format is the contract's (contract/src/, the
// types and schemas the API itself uses), its OpenAPI document at /api/docs/json.
import type { Envelope, Locale, MonitorEnvelope } from '@coinlens/contract';
import { currentLocale } from '../i18n/cookie';
import { localeFromPathname, localizedPath } from '../i18n/locales';
import { inVariant } from '../i18n/variant';
import { ApiError, MalformedResponseError, NetworkError, TimeoutError } from './errors';
import { clearToken, getToken as readStoredToken } from './token';

/** A query parameter's value; null and undefined leave the parameter out, arrays become `1,2,3`. */
export type QueryValue =
  string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/** A request's query parameters. */
export type Query = Readonly<Record<string, QueryValue>>;

export interface GetOptions {
  /** Query parameters, appended to the path. */
  query?: Query;
  /** Cancels the request; the abort error is rethrown as is. */
  signal?: AbortSignal;
}

export interface PostOptions {
  /** Cancels the request; the abort error is rethrown as is. */
  signal?: AbortSignal;
}

export interface ApiClient {
  /** GETs a `{ code, msg, data }` endpoint; resolves with `data` when `code` is 200. */
  get<T>(path: string, options?: GetOptions): Promise<T>;
  /** POSTs `body` as JSON (none when undefined); resolves with `data` when `code` is 200. */
  post<T>(path: string, body?: unknown, options?: PostOptions): Promise<T>;
  /** PUTs `body` as JSON, replacing what the path names; resolves with `data` when `code` is 200. */
  put<T>(path: string, body: unknown, options?: PostOptions): Promise<T>;
  /** GETs a `/api/monitor/*` endpoint (`{ ok, msg, data }`); resolves with `data` when `ok`. */
  monitorGet<T>(path: string, options?: GetOptions): Promise<T>;
}

export interface ApiClientOptions {
  /** The API origin; empty means the site's own. Defaults to `GATSBY_API_URL` at build time. */
  baseUrl?: string;
  /** The bearer token, or null when signed out. Defaults to the stored token. */
  getToken?: () => string | null;
  /** The `Language` header. Defaults to the current page's locale. */
  getLanguage?: () => Locale;
  /**
   * Called on a 401 body code, once per token: further 401s while the token is what the first
   * call left (cleared, by default) are the same burst. Defaults to clearing the token and going
   * to the current locale's home with the login dialog open.
   */
  onUnauthorized?: (event: { error: ApiError }) => void;
  /**
   * Called on HTTP 400, once for the requests in flight together. Defaults to going to the
   * current locale's /400/ page (from a mobile page, /mobile/400/).
   */
  onBadRequest?: (event: { error: ApiError | MalformedResponseError }) => void;
  /** How the default handlers leave the page. Defaults to `window.location.assign`. */
  navigate?: (target: { url: string }) => void;
  /** The page's path, which names its locale. Defaults to `window.location.pathname`. */
  getPathname?: () => string;
  /** The fetch to use. Defaults to the global one. */
  fetch?: typeof fetch;
  /** Milliseconds before a request is abandoned as a TimeoutError. */
  timeoutMs?: number;
}

/** How long a request may take before it is abandoned. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/** The paths that answer the monitoring envelope. */
export const MONITOR_PATH_PREFIX = '/api/monitor/';

/** Whether `path` answers `{ ok, msg, data }` rather than `{ code, msg, data }`. */
export function isMonitorPath(path: string): boolean {
  return path.startsWith(MONITOR_PATH_PREFIX);
}

/**
 * `path` with `query` appended. Names are sorted so that one resource has one spelling, which
 * SWR uses as its cache key.
 */
export function requestPath(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    if (value === undefined || value === null) continue;
    params.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/**
 * The URL of a file the API serves, such as a coin's logo: an absolute URL (or a `data:` one) as it
 * is, a path on the API's origin (`/api/asset/logo/btc.svg`) under the API base URL
 * (`GATSBY_API_URL`; empty means the site's own origin), anything else as it is.
 */
export function apiAssetUrl(path: string): string {
  // `//host/x` is absolute too (the page's scheme); prefixing it would make it a path.
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const baseUrl = (process.env.GATSBY_API_URL ?? '').replace(/\/+$/, '');
  return `${baseUrl}${path}`;
}

export { localeFromPathname };

type Outcome =
  { success: true; data: unknown } | { success: false; code: number; msg: string; data: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return isRecord(body) && typeof body.code === 'number' && typeof body.msg === 'string';
}

function isMonitorEnvelope(body: unknown): body is MonitorEnvelope<unknown> {
  return (
    isRecord(body) &&
    typeof body.ok === 'boolean' &&
    typeof body.msg === 'string' &&
    (body.code === undefined || typeof body.code === 'number')
  );
}

/** What an answer says, or null when `body` is no envelope. */
function readEnvelope(body: unknown, monitor: boolean, status: number): Outcome | null {
  if (monitor && isMonitorEnvelope(body)) {
    const { ok, code, msg, data = null } = body;
    if (ok) return { success: true, data };
    // 0 rather than 200 when a refusal names no code, so that no one reads it as success.
    return { success: false, code: code ?? (status >= 400 ? status : 0), msg, data };
  }
  // Monitoring routes share the server's error handler (400, 401, 500), which answers the
  // standard envelope, so a monitoring call reads that one too.
  if (!isEnvelope(body)) return null;
  const { code, msg, data = null } = body;
  return code === 200 ? { success: true, data } : { success: false, code, msg, data };
}

function browserPathname(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

function browserNavigate({ url }: { url: string }): void {
  window.location.assign(url);
}

/** Builds an API client; every option has a browser default. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? process.env.GATSBY_API_URL ?? '').replace(/\/+$/, '');
  const getToken = options.getToken ?? readStoredToken;
  const navigate = options.navigate ?? browserNavigate;
  const getPathname = options.getPathname ?? browserPathname;
  // The language of the page being read; the cookie (the last choice) where there is no page.
  const getLanguage =
    options.getLanguage ??
    (() => (typeof window === 'undefined' ? currentLocale() : localeFromPathname(getPathname())));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const onUnauthorized =
    options.onUnauthorized ??
    (() => {
      clearToken();
      const pathname = getPathname();
      navigate({
        url: localizedPath(localeFromPathname(pathname), inVariant('/?t=login', pathname)),
      });
    });
  const onBadRequest =
    options.onBadRequest ??
    (() => {
      const pathname = getPathname();
      navigate({ url: localizedPath(localeFromPathname(pathname), inVariant('/400/', pathname)) });
    });

  // A page fires several requests at once; when the token dies they all come back 401, and SWR
  // refetches what is on screen once the token is cleared. Only the first 401 for a token acts:
  // later ones while the token is still what handling left behind are the same burst. Signing in
  // again gives a new token, so its own death acts again, while a slow 401 for the old one, which
  // says nothing about the new session, does not.
  let unauthorizedHandled: { tokenAfter: string | null } | null = null;
  // An HTTP 400 is a bug in the page; the requests in flight together go to /400/ once.
  let badRequestGeneration = 0;

  async function request<T>(init: {
    method: 'GET' | 'POST' | 'PUT';
    path: string;
    query?: Query;
    body?: unknown;
    signal?: AbortSignal;
    monitor: boolean;
  }): Promise<T> {
    const { signal, monitor } = init;
    const path = requestPath(init.path, init.query);
    const startedIn = badRequestGeneration;

    const language = getLanguage();
    const headers: Record<string, string> = { Accept: 'application/json', Language: language };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    // Only with a body: Fastify answers 400 to a JSON content type with an empty body, which
    // would send the user to /400/ on every body-less POST (logout, chat clean).
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) forwardAbort();
    else signal?.addEventListener('abort', forwardAbort, { once: true });

    const fetchImpl = options.fetch ?? fetch;
    const url = `${baseUrl}${path}`;
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(url, {
        method: init.method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: controller.signal,
      });
      status = response.status;
      // Read inside the time limit too: a server can stall after its headers.
      text = await response.text();
    } catch (cause) {
      if (signal?.aborted) throw cause;
      if (timedOut) throw new TimeoutError({ path, timeoutMs });
      throw new NetworkError({ path, cause });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }

    let error: ApiError | MalformedResponseError;
    if (text.trim() === '') {
      error =
        status >= 400
          ? new ApiError({ code: status, msg: '', status, data: null, path })
          : new MalformedResponseError({ status, path });
    } else {
      let outcome: Outcome | null = null;
      let cause: unknown;
      try {
        outcome = readEnvelope(JSON.parse(text), monitor, status);
      } catch (parseError) {
        cause = parseError;
      }
      if (outcome?.success) return outcome.data as T;
      error = outcome
        ? new ApiError({ code: outcome.code, msg: outcome.msg, status, data: outcome.data, path })
        : new MalformedResponseError({ status, path, cause });
    }

    if (status === 400 && startedIn === badRequestGeneration) {
      badRequestGeneration += 1;
      onBadRequest({ error });
    }
    if (error instanceof ApiError && error.code === 401) {
      const current = getToken();
      if (token === current && unauthorizedHandled?.tokenAfter !== current) {
        try {
          onUnauthorized({ error });
        } finally {
          unauthorizedHandled = { tokenAfter: getToken() };
        }
      }
    }
    throw error;
  }

  return {
    get: <T>(path: string, { query, signal }: GetOptions = {}) =>
      request<T>({ method: 'GET', path, query, signal, monitor: false }),
    post: <T>(path: string, body?: unknown, { signal }: PostOptions = {}) =>
      request<T>({ method: 'POST', path, body, signal, monitor: false }),
    put: <T>(path: string, body: unknown, { signal }: PostOptions = {}) =>
      request<T>({ method: 'PUT', path, body, signal, monitor: false }),
    monitorGet: <T>(path: string, { query, signal }: GetOptions = {}) =>
      request<T>({ method: 'GET', path, query, signal, monitor: true }),
  };
}

let sharedClient: ApiClient | undefined;

// Built on first use, so that importing this module on the server (Gatsby's render) reads
// neither the environment nor the window.
function shared(): ApiClient {
  sharedClient ??= createApiClient();
  return sharedClient;
}

/** The site's client with the browser defaults. */
export const api: ApiClient = {
  get: (path, options) => shared().get(path, options),
  post: (path, body, options) => shared().post(path, body, options),
  put: (path, body, options) => shared().put(path, body, options),
  monitorGet: (path, options) => shared().monitorGet(path, options),
};
