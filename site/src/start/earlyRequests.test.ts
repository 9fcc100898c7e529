/**
 * @jest-environment node
 */
// Node's environment, for its real fetch `Response` and `URLSearchParams`. The requests start as
// the page's head script starts them (inline/areaStart.ts); the page's fetch and timers are the
// only stand-ins.
import { USER_PATH } from '../features/auth/session';
import { FOLLOWS_PATH } from '../features/coins/follows';
import { PRICE_PATH, REPORT_PATH } from '../features/reporting/reports';
import { createApiClient } from '../data/client';
import { EARLY_MAX_AGE_MS, EARLY_REQUESTS_KEY } from '../data/early';
import { apiKey, createApiFetcher } from '../data/swr';
import { localeFromPathname } from '../i18n/locales';
import * as head from './earlyRequests';
import { startEarlyRequests, startPageFormats, type EarlyWindow } from './earlyRequests';

jest.mock('../data/token', () => ({
  ...jest.requireActual<object>('../data/token'),
  getToken: jest.fn(() => null),
  clearToken: jest.fn(),
}));

const BASE = 'https://api.test';

interface Sent {
  url: string;
  headers: Headers;
}

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });

/** The page's window, where the head script keeps its requests: the API client reads it there. */
const browserWindow = globalThis as unknown as { window?: Record<string, unknown> };

afterEach(() => {
  delete browserWindow.window;
});

/**
 * A stand-in for the browser's Intl that records the Locale and NumberFormat it is asked to make
 * (kind and locale, in order), and throws instead of making a `broken` one.
 */
function recordingIntl(broken?: 'Locale' | 'NumberFormat') {
  const made: [string, string][] = [];
  // Functions, not arrows: they are called with `new`.
  const recording = <T>(kind: 'Locale' | 'NumberFormat', make: (tag: string) => T) =>
    function (tag: string) {
      made.push([kind, tag]);
      if (kind === broken) throw new RangeError('Internal error. Icu error.');
      return make(tag);
    };
  const intl = {
    Locale: recording('Locale', (tag) => new Intl.Locale(tag)),
    NumberFormat: recording('NumberFormat', (tag) => new Intl.NumberFormat(tag)),
  } as unknown as Pick<typeof Intl, 'Locale' | 'NumberFormat'>;
  return { intl, made };
}

/**
 * Runs the first waiting timer of 0 ms, as the browser's next task would (it may set the next);
 * false when none waits.
 */
function runNextTask(timers: { run: () => void; delay: number }[]): boolean {
  const index = timers.findIndex(({ delay }) => delay === 0);
  if (index < 0) return false;
  const [next] = timers.splice(index, 1);
  next!.run();
  return true;
}

/**
 * Starts the early requests of `pathname` with the token `tok`, as the head script does; the fake
 * fetch answers `answers[path]` (an empty success for any other path). Resolves once its requests
 * have settled.
 */
async function runHead(
  pathname: string,
  answers: Record<string, () => Response | Promise<Response>> = {},
  intl: Pick<typeof Intl, 'Locale' | 'NumberFormat'> = Intl,
) {
  const sent: Sent[] = [];
  // The head script's timers (each request's expiry, the formats' start), recorded rather than
  // left running.
  const timers: { run: () => void; delay: number }[] = [];
  const page: EarlyWindow = {
    fetch: (url, init) => {
      sent.push({ url, headers: new Headers(init.headers) });
      const path = url.slice(BASE.length);
      return Promise.resolve().then(answers[path] ?? (() => ok(null)));
    },
    setTimeout: (run, delay) => timers.push({ run, delay }),
    performance,
    Intl: intl,
  };
  browserWindow.window = page as unknown as Record<string, unknown>;
  startEarlyRequests({ pathname, baseUrl: `${BASE}/`, token: 'tok' }, page);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { sent, timers, early: page[EARLY_REQUESTS_KEY] };
}

const followList = () => ok([{ coinId: 3 }, { coinId: 1 }, { coinId: 2 }]);

describe('the early requests of a signed-in area', () => {
  it('ask /reporting/ for the user, the follow list, the first report and every price', async () => {
    const { sent, early, timers } = await runHead('/reporting/', {
      [FOLLOWS_PATH]: followList,
    });
    expect(sent.map((request) => request.url)).toEqual([
      `${BASE}${USER_PATH}`,
      `${BASE}${FOLLOWS_PATH}`,
      // Spelt as the reporting page's hooks spell them (features/reporting/reports.ts).
      `${BASE}${apiKey(REPORT_PATH, { coinId: 3 })}`,
      `${BASE}${apiKey(PRICE_PATH, { coinIds: [1, 2, 3] })}`,
    ]);
    expect(early?.requests.map(({ token, language }) => [token, language])).toEqual(
      Array(4).fill(['tok', 'en']),
    );
    // Each is dropped if the page has not taken it when it is too old to be.
    expect(timers.filter(({ delay }) => delay === EARLY_MAX_AGE_MS)).toHaveLength(4);
    // The client waits for these two: they come after the follow list.
    expect(early?.later).toEqual([`${BASE}${REPORT_PATH}`, `${BASE}${PRICE_PATH}`]);
  });

  it.each([
    ['/reporting/', 'en'],
    ['/zh/reporting/', 'zh'],
    ['/pt-br/reporting/', 'pt-br'],
  ])('send the headers the API client sends, on %s', async (pathname, language) => {
    const { sent } = await runHead(pathname, { [FOLLOWS_PATH]: followList });
    expect(sent).toHaveLength(4);
    for (const { headers } of sent) {
      expect(Object.fromEntries(headers)).toEqual({
        accept: 'application/json',
        authorization: 'Bearer tok',
        language,
      });
    }
    expect(localeFromPathname(pathname)).toBe(language);
  });

  it.each([
    ['an empty follow list', () => ok([])],
    ['a refusal', () => ok(null)],
    ['an error answer', () => new Response('{"code":500,"msg":"down"}', { status: 500 })],
    ['a proxy page', () => new Response('<html>Bad gateway</html>', { status: 200 })],
    ['a failed request', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('ask for no report after %s, and leave no failure unhandled', async (_name, answer) => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { sent } = await runHead('/reporting/', { [FOLLOWS_PATH]: answer });
      expect(sent.map((request) => request.url)).toEqual([
        `${BASE}${USER_PATH}`,
        `${BASE}${FOLLOWS_PATH}`,
      ]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it.each(['/monitoring/', '/zh/monitoring/detail/', '/pt-br/welcome/'])(
    'ask %s for the user only',
    async (pathname) => {
      const { sent } = await runHead(pathname);
      expect(sent.map((request) => request.url)).toEqual([`${BASE}${USER_PATH}`]);
    },
  );

  it.each([
    ['/reporting/', 'en'],
    ['/zh/monitoring/', 'zh-CN'],
    ['/pt-br/monitoring/detail/', 'pt-BR'],
  ])('start the formats on %s, in two tasks of their own', async (pathname, locale) => {
    const { intl, made } = recordingIntl();
    const { timers } = await runHead(pathname, { [FOLLOWS_PATH]: followList }, intl);
    // Not while the head script runs: in the next tasks, before the page's scripts.
    expect(made).toEqual([]);
    expect(runNextTask(timers)).toBe(true);
    expect(made).toEqual([['Locale', locale]]);
    expect(runNextTask(timers)).toBe(true);
    expect(made).toEqual([
      ['Locale', locale],
      ['NumberFormat', locale],
    ]);
    expect(runNextTask(timers)).toBe(false);
  });

  it('start no formats on /welcome/, which formats nothing at first', async () => {
    const { timers } = await runHead('/welcome/');
    expect(timers.filter(({ delay }) => delay === 0)).toEqual([]);
  });

  it.each(['Locale', 'NumberFormat'] as const)(
    'start the formats quietly where the browser cannot make an Intl.%s',
    async (broken) => {
      const { intl, made } = recordingIntl(broken);
      const { timers } = await runHead('/reporting/', {}, intl);
      expect(() => runNextTask(timers)).not.toThrow();
      expect(() => runNextTask(timers)).not.toThrow();
      // The other step was made all the same.
      expect(made.map(([kind]) => kind)).toEqual(['Locale', 'NumberFormat']);
    },
  );

  it('are what the page then asks for: the API client sends none of them again', async () => {
    const { early } = await runHead('/zh/reporting/', { [FOLLOWS_PATH]: followList });
    const { asked, fetcher } = pageClient();
    await fetcher(USER_PATH);
    await expect(fetcher(FOLLOWS_PATH)).resolves.toHaveLength(3);
    await fetcher(apiKey(REPORT_PATH, { coinId: 3 })!);
    await fetcher(apiKey(PRICE_PATH, { coinIds: [1, 2, 3] })!);
    expect(asked).toEqual([]);
    expect(early?.requests).toEqual([]);
  });

  it('are waited for when the page asks for a report before the head script has', async () => {
    // The page asks as soon as it has the follow list, which the head script reads too: the
    // client waits for the head script's report request rather than sending its own.
    let answer: (response: Response) => void = () => {};
    const list = new Promise<Response>((resolve) => (answer = resolve));
    const head = runHead('/zh/reporting/', { [FOLLOWS_PATH]: () => list });
    const { asked, fetcher } = pageClient();
    const report = fetcher(apiKey(REPORT_PATH, { coinId: 3 })!);
    answer(followList());
    const { sent } = await head;
    await report;
    expect(asked).toEqual([]);
    expect(sent.filter(({ url }) => url.includes(REPORT_PATH))).toHaveLength(1);
  });
});

/** The API client as the page makes it in the browser, with the window the head script wrote. */
function pageClient() {
  const asked: string[] = [];
  const client = createApiClient({
    baseUrl: BASE,
    getToken: () => 'tok',
    // The page's language, as the client reads it in the browser.
    getLanguage: () => localeFromPathname('/zh/reporting/'),
    fetch: (input) => {
      asked.push(String(input));
      return Promise.resolve(ok(null));
    },
  });
  return { asked, fetcher: createApiFetcher(client) };
}

describe('startPageFormats', () => {
  it.each([
    ['/mobile/', 'en'],
    ['/zh/mobile/', 'zh-CN'],
    ['/pt-br/mobile', 'pt-BR'],
  ])(
    'starts the formats of a signed-in user’s %s in two tasks of their own',
    (pathname, locale) => {
      const timers: { run: () => void; delay: number }[] = [];
      const { intl, made } = recordingIntl();
      startPageFormats(pathname, {
        setTimeout: (run, delay) => timers.push({ run, delay }),
        Intl: intl,
      });
      expect(made).toEqual([]);
      expect(runNextTask(timers)).toBe(true);
      expect(runNextTask(timers)).toBe(true);
      expect(made).toEqual([
        ['Locale', locale],
        ['NumberFormat', locale],
      ]);
    },
  );

  it.each(['/', '/zh/', '/welcome/', '/pt-br/terms/', '/mobile/privacy/', '/404/'])(
    'starts none on %s, which formats nothing at first',
    (pathname) => {
      const setTimeout = jest.fn();
      startPageFormats(pathname, { setTimeout, Intl });
      expect(setTimeout).not.toHaveBeenCalled();
    },
  );
});

describe('the paths of the early requests', () => {
  it('are spelt as the features that ask for them spell them', () => {
    expect([head.USER_PATH, head.FOLLOWS_PATH, head.REPORT_PATH, head.PRICE_PATH]).toEqual([
      USER_PATH,
      FOLLOWS_PATH,
      REPORT_PATH,
      PRICE_PATH,
    ]);
  });
});
