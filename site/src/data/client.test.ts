/**
 * @jest-environment node
 */
// Node's environment, for its real fetch `Response` (jsdom has none); the fake fetch below is the
// only stand-in, everything inside the client runs as in the browser.
import { createApiClient, localeFromPathname, requestPath, type ApiClientOptions } from './client';
import type * as ClientModule from './client';
import { ApiError, MalformedResponseError, NetworkError, TimeoutError } from './errors';
import { clearToken, getToken } from './token';

jest.mock('./token', () => ({ getToken: jest.fn(() => null), clearToken: jest.fn() }));

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type Respond = (call: Call) => Response | Promise<Response>;

/** A fetch that records each call and answers with `respond`; it honours abort like the real one. */
function fakeFetch(respond: Respond) {
  const calls: Call[] = [];
  const impl = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const { signal } = init;
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      Promise.resolve()
        .then(() => respond(call))
        .then(resolve, reject);
    });
  };
  return { fetch: impl as typeof fetch, calls };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const never: Respond = () => new Promise<Response>(() => {});

function client(respond: Respond, options: ApiClientOptions = {}) {
  const fake = fakeFetch(respond);
  const navigate = jest.fn<void, [{ url: string }]>();
  const api = createApiClient({
    baseUrl: 'https://api.test',
    getLanguage: () => 'en',
    navigate,
    getPathname: () => '/reporting/',
    fetch: fake.fetch,
    ...options,
  });
  return { api, calls: fake.calls, navigate };
}

afterEach(() => {
  jest.clearAllMocks();
  jest.useRealTimers();
});

describe('request headers', () => {
  it('sends no Authorization header when signed out', async () => {
    const { api, calls } = client(() => json({ code: 200, msg: 'ok', data: 1 }));
    await api.get('/api/asset/list');
    expect(calls[0]?.headers.get('authorization')).toBeNull();
    expect(calls[0]?.headers.get('accept')).toBe('application/json');
    expect(calls[0]?.headers.get('language')).toBe('en');
  });

  it('sends the token as a bearer and the page language', async () => {
    const { api, calls } = client(() => json({ code: 200, msg: 'ok', data: null }), {
      getToken: () => 'tok-123',
      getLanguage: () => 'pt-br',
    });
    await api.get('/api/user');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer tok-123');
    expect(calls[0]?.headers.get('language')).toBe('pt-br');
  });

  it('reads the stored token when given no getToken', async () => {
    jest.mocked(getToken).mockReturnValue('stored');
    const { api, calls } = client(() => json({ code: 200, msg: 'ok', data: null }));
    await api.get('/api/user');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer stored');
  });

  it('posts JSON with its content type', async () => {
    const { api, calls } = client(() => json({ code: 200, msg: 'ok', data: [] }));
    await api.post('/api/follow/add', { coinIds: [1, 2] });
    expect(calls[0]).toMatchObject({ method: 'POST', body: { coinIds: [1, 2] } });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('puts JSON with its content type', async () => {
    const { api, calls } = client(() => json({ code: 200, msg: 'ok', data: { id: 3 } }));
    await expect(api.put('/api/chat/onboarding', { progress: { id: 3 } })).resolves.toEqual({
      id: 3,
    });
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { progress: { id: 3 } } });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('posts no content type without a body, which the server would refuse as a bad request', async () => {
    const { api, calls } = client(() => json({ code: 200, msg: 'ok', data: null }));
    await api.post('/api/auth/logout');
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[0]?.headers.get('content-type')).toBeNull();
  });
});

describe('query building', () => {
  it.each([
    [{ keyword: 'btc', page: 1, size: 20 }, '/api/asset/list?keyword=btc&page=1&size=20'],
    [{ page: 2, keyword: undefined, status: null }, '/api/asset/list?page=2'],
    [{ sourceIds: [3, 1, 2] }, '/api/asset/list?sourceIds=3%2C1%2C2'],
    [{ status: '' }, '/api/asset/list?status='],
    [{ keyword: 'a b&c' }, '/api/asset/list?keyword=a+b%26c'],
    [{ size: 20, page: 1 }, '/api/asset/list?page=1&size=20'],
    [{}, '/api/asset/list'],
  ])('turns %j into %s', (query, expected) => {
    expect(requestPath('/api/asset/list', query)).toBe(expected);
  });

  it('adds to a query already in the path', () => {
    expect(requestPath('/api/chat/list?size=10', { oldestSeqNo: -1 })).toBe(
      '/api/chat/list?size=10&oldestSeqNo=-1',
    );
  });

  it('sends the query to the server', async () => {
    const { api, calls } = client(() => json({ ok: true, msg: '', data: null }));
    await api.monitorGet('/api/monitor/user/source/add', { query: { sourceIds: [4, 5] } });
    expect(calls[0]?.url).toBe('https://api.test/api/monitor/user/source/add?sourceIds=4%2C5');
  });
});

describe('envelopes', () => {
  it('resolves with data when the code is 200', async () => {
    const page = { records: [{ id: 1 }], page: 1, size: 20, total: 1, has_next: false };
    const { api } = client(() => json({ code: 200, msg: 'ok', data: page }));
    await expect(api.get('/api/asset/list')).resolves.toEqual(page);
  });

  it('resolves a monitoring answer with data when ok is true', async () => {
    const { api } = client(() => json({ ok: true, msg: '', data: { summary: 's' } }));
    await expect(api.monitorGet('/api/monitor/source/summary')).resolves.toEqual({
      summary: 's',
    });
  });

  it('rejects a refusal with its code, message and data', async () => {
    const { api } = client(() => json({ code: 422, msg: 'At most 5', data: null }));
    const error = await api.post('/api/follow/add', { coinIds: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 422,
      msg: 'At most 5',
      status: 200,
      data: null,
      path: '/api/follow/add',
      message: 'At most 5',
    });
  });

  it('rejects a monitoring answer whose ok is false with the server message', async () => {
    const { api } = client(() => json({ ok: false, msg: 'No such source', code: 404, data: null }));
    await expect(
      api.monitorGet('/api/monitor/source/detail', { query: { sourceId: 9 } }),
    ).rejects.toMatchObject({
      name: 'ApiError',
      code: 404,
      msg: 'No such source',
      path: '/api/monitor/source/detail?sourceId=9',
    });
  });

  it('never reads a monitoring refusal without a code as success', async () => {
    const { api } = client(() => json({ ok: false, msg: 'Nope', data: null }));
    await expect(api.monitorGet('/api/monitor/source/list')).rejects.toMatchObject({ code: 0 });
  });

  it('reads the standard envelope that the shared error handler gives monitoring routes', async () => {
    const { api } = client(() => json({ code: 500, msg: 'Internal', data: null }, 500));
    await expect(api.monitorGet('/api/monitor/source/list')).rejects.toMatchObject({
      code: 500,
      status: 500,
    });
  });

  it('takes the code from the body when HTTP says otherwise', async () => {
    const { api } = client(() => json({ code: 500, msg: 'Fault', data: null }, 500));
    await expect(api.get('/api/follow/list')).rejects.toMatchObject({ code: 500, status: 500 });
  });

  it('uses the HTTP status as the code of an error answer with no body', async () => {
    const { api } = client(() => new Response(null, { status: 503 }));
    await expect(api.get('/api/follow/list')).rejects.toMatchObject({
      name: 'ApiError',
      code: 503,
      status: 503,
      msg: '',
    });
  });
});

describe('failures other than a refusal', () => {
  it('reports an unreachable server as a NetworkError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch');
    const { api } = client(() => Promise.reject(cause));
    const error = await api.get('/api/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBe(cause);
  });

  it("reports a proxy's HTML error page as a MalformedResponseError", async () => {
    const { api } = client(
      () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502 }),
    );
    const error = await api.get('/api/asset/list').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error).toMatchObject({ status: 502, path: '/api/asset/list' });
  });

  it.each([
    ['JSON without the envelope fields', { records: [] }],
    ['a bare array', [1, 2]],
    ['a code that is not a number', { code: '200', msg: 'ok', data: null }],
  ])('reports %s as a MalformedResponseError', async (_, body) => {
    const { api } = client(() => json(body));
    await expect(api.get('/api/asset/list')).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('reports an empty success as a MalformedResponseError', async () => {
    const { api } = client(() => new Response(null, { status: 204 }));
    await expect(api.get('/api/user')).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('gives up after 15 s with a TimeoutError', async () => {
    jest.useFakeTimers();
    const { api } = client(never);
    const result = api.get('/api/analysis/coin').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(14_999);
    await jest.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ path: '/api/analysis/coin', timeoutMs: 15_000 });
  });

  it('takes its time limit from the options', async () => {
    jest.useFakeTimers();
    const { api } = client(never, { timeoutMs: 500 });
    const result = api.get('/api/user').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(500);
    await expect(result).resolves.toBeInstanceOf(TimeoutError);
  });

  it("rethrows the caller's own abort as is", async () => {
    const { api } = client(never);
    const controller = new AbortController();
    const result = api.get('/api/asset/list', { signal: controller.signal });
    controller.abort();
    const error = await result.catch((e: unknown) => e);
    expect(error).toBe(controller.signal.reason);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('does not send a request whose signal is already aborted', async () => {
    const { api } = client(() => json({ code: 200, msg: 'ok', data: 1 }));
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/api/user', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('401 in a body', () => {
  const unauthorized = () => json({ code: 401, msg: 'Sign in again', data: null }, 401);

  it('clears the token and opens the login dialog once for requests that fail together', async () => {
    const { api, navigate } = client(unauthorized, { getToken: () => 'dead' });
    const results = await Promise.allSettled([api.get('/api/user'), api.get('/api/follow/list')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith({ url: '/?t=login' });
  });

  it('acts on a 401 code in an HTTP 200 answer too', async () => {
    const { api, navigate } = client(() => json({ code: 401, msg: 'Expired', data: null }));
    await expect(api.get('/api/user')).rejects.toMatchObject({ code: 401, status: 200 });
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith({ url: '/?t=login' });
  });

  it('acts on a 401 code in a monitoring answer', async () => {
    const { api, navigate } = client(() => json({ ok: false, msg: 'Expired', code: 401 }));
    await expect(api.monitorGet('/api/monitor/user/source/list')).rejects.toMatchObject({
      code: 401,
    });
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it("stays on the page's language", async () => {
    const zh = client(unauthorized, { getPathname: () => '/zh/reporting/' });
    const ptBr = client(unauthorized, { getPathname: () => '/pt-br/monitoring/' });
    await Promise.allSettled([zh.api.get('/api/user'), ptBr.api.get('/api/user')]);
    expect(zh.navigate).toHaveBeenCalledWith({ url: '/zh/?t=login' });
    expect(ptBr.navigate).toHaveBeenCalledWith({ url: '/pt-br/?t=login' });
  });

  it('acts again for the next token, not for the same dead one', async () => {
    let token = 'first';
    const onUnauthorized = jest.fn();
    const { api } = client(unauthorized, { getToken: () => token, onUnauthorized });
    await api.get('/api/user').catch(() => {});
    await api.get('/api/user').catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toEqual({ error: expect.any(ApiError) });

    token = 'second';
    await api.get('/api/user').catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('leaves a new session alone when a slow 401 for the old token comes back', async () => {
    let token: string | null = 'old';
    let answer: (response: Response) => void = () => {};
    const late = new Promise<Response>((resolve) => (answer = resolve));
    const { api, navigate } = client(() => late, { getToken: () => token });
    const slow = api.get('/api/follow/list');
    token = 'new';
    answer(unauthorized());
    await expect(slow).rejects.toMatchObject({ code: 401 });
    expect(clearToken).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('HTTP 400', () => {
  const badRequest = () => json({ code: 400, msg: 'Bad request: /size', data: null }, 400);

  it("goes to the page language's /400/ page", async () => {
    const { api, navigate } = client(badRequest, { getPathname: () => '/zh/reporting/' });
    await expect(api.get('/api/asset/list', { query: { size: 'x' } })).rejects.toMatchObject({
      code: 400,
      status: 400,
    });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith({ url: '/zh/400/' });
    expect(clearToken).not.toHaveBeenCalled();
  });

  it('goes to the mobile /400/ page from a mobile page (a phone is sent away from /400/)', async () => {
    const { api, navigate } = client(badRequest, { getPathname: () => '/pt-br/mobile/' });
    await expect(api.post('/api/follow/add', { coinId: 'x' })).rejects.toMatchObject({
      status: 400,
    });
    expect(navigate).toHaveBeenCalledWith({ url: '/pt-br/mobile/400/' });
  });

  it('goes once for requests that fail together', async () => {
    const { api, navigate } = client(badRequest);
    await Promise.allSettled([api.get('/api/a'), api.get('/api/b')]);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith({ url: '/400/' });
  });

  it('does not go for a 400 code in an HTTP 200 answer', async () => {
    const { api, navigate } = client(() => json({ code: 400, msg: 'odd', data: null }));
    await expect(api.get('/api/user')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('429 and 423', () => {
  it.each([429, 423])('exposes retryAfter for %i', async (code) => {
    const { api } = client(() =>
      json({ code, msg: 'Wait', data: { retryAfter: 42 } }, code === 429 ? 429 : 200),
    );
    const error = (await api
      .post('/api/auth/base/sendMessage', { account: 'a@b.co', type: 4 })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.data).toEqual({ retryAfter: 42 });
    expect(error.retryAfter).toBe(42);
  });

  it('has no retryAfter when the server named none', async () => {
    const { api } = client(() => json({ code: 403, msg: 'Wrong', data: null }));
    const error = (await api.get('/api/user').catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfter).toBeNull();
  });

  it('exposes codeSent when the server says a code was sent inside the cooldown', async () => {
    const { api } = client(() =>
      json({ code: 429, msg: 'Wait', data: { retryAfter: 30, codeSent: true } }, 429),
    );
    const error = (await api
      .post('/api/auth/base/sendMessage', { account: 'a@b.co', type: 4 })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.codeSent).toBe(true);
    expect(error.retryAfter).toBe(30);
  });

  it.each([
    ['a 429 without it', { retryAfter: 30 }],
    ['a value other than true', { retryAfter: 30, codeSent: 'yes' }],
    ['no data', null],
  ])('has codeSent false for %s', async (_, data) => {
    const { api } = client(() => json({ code: 429, msg: 'Wait', data }, 429));
    const error = (await api
      .post('/api/auth/base/sendMessage', { account: 'a@b.co', type: 4 })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.codeSent).toBe(false);
  });
});

describe('base URL', () => {
  const saved = process.env.GATSBY_API_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.GATSBY_API_URL;
    else process.env.GATSBY_API_URL = saved;
  });

  it('comes from GATSBY_API_URL, without its trailing slash', async () => {
    process.env.GATSBY_API_URL = 'https://api.example.com/';
    const { api, calls } = client(() => json({ code: 200, msg: 'ok', data: null }), {
      baseUrl: undefined,
    });
    await api.get('/api/user');
    expect(calls[0]?.url).toBe('https://api.example.com/api/user');
  });

  it("is the site's own origin when GATSBY_API_URL is unset", async () => {
    delete process.env.GATSBY_API_URL;
    const { api, calls } = client(() => json({ code: 200, msg: 'ok', data: null }), {
      baseUrl: undefined,
    });
    await api.get('/api/user');
    expect(calls[0]?.url).toBe('/api/user');
  });

  it('is built on first use, not at import', async () => {
    const fake = fakeFetch(() => json({ code: 200, msg: 'ok', data: null }));
    const realFetch = globalThis.fetch;
    globalThis.fetch = fake.fetch;
    try {
      let shared: typeof ClientModule.api | undefined;
      jest.isolateModules(() => {
        ({ api: shared } = jest.requireActual<typeof ClientModule>('./client'));
      });
      process.env.GATSBY_API_URL = 'https://late.example.com';
      await shared?.get('/api/user');
      expect(fake.calls[0]?.url).toBe('https://late.example.com/api/user');
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

describe('localeFromPathname', () => {
  it.each([
    ['/', 'en'],
    ['/reporting/', 'en'],
    ['/zh/', 'zh'],
    ['/zh/monitoring/', 'zh'],
    ['/pt-br/welcome/', 'pt-br'],
    ['/zhx/', 'en'],
  ])('reads %s as %s', (pathname, locale) => {
    expect(localeFromPathname(pathname)).toBe(locale);
  });
});
