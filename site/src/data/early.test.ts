import {
  EARLY_MAX_AGE_MS,
  EARLY_REQUESTS_KEY,
  EARLY_WAIT_MS,
  takeEarlyResponse,
  type EarlyRequest,
  type EarlyRequests,
} from './early';

const scope = window as unknown as Record<string, unknown>;

function started(overrides: Partial<EarlyRequest> = {}): EarlyRequest {
  return {
    url: '/api/follow/list',
    token: 'tok',
    language: 'en',
    at: 100,
    // A stand-in for fetch's promise: the function only hands it over.
    response: Promise.resolve({} as Response),
    ...overrides,
  };
}

function keep(
  requests: EarlyRequest[],
  later: string[] = [],
  ready: Promise<unknown> = Promise.resolve(),
) {
  const store: EarlyRequests = { requests, later, ready };
  scope[EARLY_REQUESTS_KEY] = store;
  return store;
}

const match = { url: '/api/follow/list', token: 'tok', language: 'en' };
const at = (time: number) => () => time;

afterEach(() => {
  delete scope[EARLY_REQUESTS_KEY];
  jest.useRealTimers();
});

describe('takeEarlyResponse', () => {
  it('takes the request with the same URL, token and language, once', () => {
    const user = started({ url: '/api/user' });
    const follows = started();
    const store = keep([user, follows]);
    expect(takeEarlyResponse(match, at(200))).toBe(follows.response);
    expect(takeEarlyResponse(match, at(200))).toBeNull();
    expect(store.requests).toEqual([user]);
  });

  it.each([
    ['another URL', { url: '/api/follow/list?page=2' }],
    ['another token (a sign-in since)', { token: 'new' }],
    ['no token', { token: null }],
    ['another language', { language: 'zh' }],
  ])('takes none for %s', (_name, other) => {
    keep([started()]);
    expect(takeEarlyResponse({ ...match, ...other }, at(200))).toBeNull();
  });

  it(`drops one older than ${EARLY_MAX_AGE_MS} ms, for fresh data`, () => {
    const store = keep([started(), started()]);
    expect(takeEarlyResponse(match, at(100 + EARLY_MAX_AGE_MS))).not.toBeNull();
    expect(takeEarlyResponse(match, at(101 + EARLY_MAX_AGE_MS))).toBeNull();
    expect(store.requests).toEqual([]);
  });

  it('takes none where the head script started none', () => {
    expect(takeEarlyResponse(match)).toBeNull();
    scope[EARLY_REQUESTS_KEY] = { requests: 'not a list' };
    expect(takeEarlyResponse(match)).toBeNull();
  });

  describe('a request the head script may still start', () => {
    const report = { ...match, url: '/api/analysis/coin?coinId=1' };

    it('is waited for: the request it starts before it is ready', async () => {
      let ready: () => void = () => {};
      const store = keep(
        [],
        ['/api/analysis/coin'],
        new Promise<void>((resolve) => (ready = resolve)),
      );
      const taken = takeEarlyResponse(report, at(200));
      const request = started({ url: report.url });
      store.requests.push(request);
      ready();
      await expect(taken).resolves.toBe(await request.response);
      expect(store.requests).toEqual([]);
    });

    it('is null once it is ready without it, or failed', async () => {
      keep([], ['/api/analysis/coin'], Promise.reject(new Error('follow list failed')));
      await expect(takeEarlyResponse(report, at(200))).resolves.toBeNull();
    });

    it(`is not waited for more than ${EARLY_WAIT_MS} ms`, async () => {
      jest.useFakeTimers();
      keep([], ['/api/analysis/coin'], new Promise<void>(() => {}));
      const taken = takeEarlyResponse(report, at(200));
      const settled = jest.fn();
      void taken?.then(settled);
      await jest.advanceTimersByTimeAsync(EARLY_WAIT_MS - 1);
      expect(settled).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      expect(settled).toHaveBeenCalledWith(null);
    });

    it('is not waited for at other URLs', () => {
      keep([], ['/api/analysis/coin'], new Promise<void>(() => {}));
      expect(takeEarlyResponse({ ...match, url: '/api/analysis/coins' }, at(200))).toBeNull();
    });
  });
});
