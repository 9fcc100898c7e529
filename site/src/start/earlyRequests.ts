// The requests a signed-in area's head script starts for the page's first data, while the page's
// scripts load: otherwise each waits for the part that shows it to hydrate, and the reports for
// the follow list's answer after that (docs/benchmarks.md). The API client takes each answer
// instead of asking again (data/early.ts), so the page renders what it would have, sooner; its
// first render (the hydration) still has no data, as the static HTML had none.
//
// Every path here is spelt as the page's own hooks spell it (`requestPath`), or the client would
// not find it and would ask a second time; the tests hold them together.
import type { FollowEntry } from '@coinlens/api/contract';
import { requestPath } from '../data/client';
import {
  EARLY_MAX_AGE_MS,
  EARLY_REQUESTS_KEY,
  type EarlyRequest,
  type EarlyRequests,
} from '../data/early';
import { intlLocale, localeFromPathname, splitLocale } from '../i18n/locales';

// The API paths the head script asks for, as the features that ask for them spell them
// (features/auth/session.ts, features/coins/follows.ts, features/reporting/reports.ts; the tests
// compare them). Written out rather than imported: those modules bring React and SWR, which would
// then be in the inline script of every signed-in area's page.
export const USER_PATH = '/api/user';
export const FOLLOWS_PATH = '/api/follow/list';
export const REPORT_PATH = '/api/analysis/coin';
export const PRICE_PATH = '/api/coin/price';

/** The page paths (without language prefix) whose head script asks for their first data. */
type EarlyPage = '/reporting/' | '/monitoring/' | '/monitoring/detail/' | '/welcome/';

/** A page's path without its language prefix: `/zh/mobile/` -> `/mobile/`. */
const pageOf = (pathname: string) => splitLocale(pathname).path.replace(/\/?$/, '/');

/** Starts a request for `path`; the promise of its answer's body text. */
type Get = (path: string) => Promise<string>;

interface PageRequests {
  /** Starts the page's requests with `get`; the promise of its last step. */
  run: (get: Get) => Promise<unknown>;
  /** The paths (without query) it asks for only after an answer: the client waits for them. */
  later: string[];
}

/** The envelope's data of a successful answer's body, else null. */
function envelopeData(text: string): unknown {
  const body = JSON.parse(text) as { code?: unknown; data?: unknown } | null;
  return body && body.code === 200 ? body.data : null;
}

/** What each page asks for beyond the signed-in user (`GET /api/user`, in every page's header). */
const PAGE_REQUESTS: Partial<Record<EarlyPage, PageRequests>> = {
  // The follow list; then the first card's report (the card on screen, which asks at once) and
  // the prices of every followed coin, in one request, by id (features/reporting/reports.ts).
  '/reporting/': {
    run: (get) =>
      get(FOLLOWS_PATH)
        .then(envelopeData)
        .then((list) => {
          if (!Array.isArray(list) || list.length === 0) return;
          const ids = (list as FollowEntry[]).map((entry) => entry.coinId);
          void get(requestPath(REPORT_PATH, { coinId: ids[0] }));
          const unique = [...new Set(ids)].sort((a, b) => a - b);
          void get(requestPath(PRICE_PATH, { coinIds: unique }));
        }),
    later: [REPORT_PATH, PRICE_PATH],
  },
};

/**
 * The pages whose first data render formats numbers or dates for a signed-in user. The browser's
 * first format starts its whole internationalization library (ICU): 50-80 ms in one piece (about
 * 250 ms at a phone's 4x slowdown), where later formats take a millisecond or less
 * (src/i18n/usePreparedFormats.ts). Their head script starts it in two tasks of its own (the
 * locale's data, then the formats') while the page's scripts load, so that it neither joins a
 * render's long task nor waits for one; the page still makes its own formats once it has hydrated.
 * The mobile page is not a signed-in area (a visitor sees it too), but a signed-in user's has
 * their coins' prices.
 */
const FORMATTING_PAGES: ReadonlySet<string> = new Set([
  '/reporting/',
  '/monitoring/',
  '/monitoring/detail/',
  '/mobile/',
]);

/** What the head script's requests and formats use of the page's window (stand-ins in tests). */
export interface EarlyWindow {
  fetch(url: string, init: RequestInit): Promise<Response>;
  setTimeout(run: () => void, delay: number): unknown;
  performance: { now(): number };
  Intl: Pick<typeof Intl, 'Locale' | 'NumberFormat'>;
  /** Where the requests are kept for the API client (data/early.ts). */
  [EARLY_REQUESTS_KEY]?: EarlyRequests;
}

/**
 * On a page of FORMATTING_PAGES, starts the browser's formats in the language of `pathname`, in
 * two tasks of their own, as usePreparedFormats does; on any other page, nothing.
 */
export function startPageFormats(pathname: string, page: Pick<EarlyWindow, 'setTimeout' | 'Intl'>) {
  if (!FORMATTING_PAGES.has(pageOf(pathname))) return;
  const locale = intlLocale(localeFromPathname(pathname));
  page.setTimeout(() => {
    try {
      new page.Intl.Locale(locale).maximize();
    } catch {
      // An old browser: the first format starts the whole library, as before.
    }
    page.setTimeout(() => {
      try {
        new page.Intl.NumberFormat(locale).format(0);
      } catch {
        // The page makes its own formats later, and meets the failure there.
      }
    }, 0);
  }, 0);
}

/** What a signed-in area's head script starts its requests with. */
export interface EarlyStart {
  /** The page's path (`location.pathname`): its page and its language. */
  pathname: string;
  /** The API's base URL (GATSBY_API_URL); empty for the page's own origin. */
  baseUrl: string;
  /** The token the browser keeps. */
  token: string;
}

/**
 * Starts the first requests of a signed-in area's page, with the headers the API client would send
 * (the base URL, the token, the page's language), and keeps them in `page` under
 * EARLY_REQUESTS_KEY (data/early.ts). It reads each answer's body, so that the browser finishes
 * every request whether or not the page takes it, and drops one the page has not taken after
 * EARLY_MAX_AGE_MS. A failure is left for the client, which meets it again when it takes the
 * request. On a page that formats its data it also starts the browser's formats.
 */
export function startEarlyRequests({ pathname, baseUrl, token }: EarlyStart, page: EarlyWindow) {
  const language = localeFromPathname(pathname);
  const base = baseUrl.replace(/\/+$/, '');
  const requests = PAGE_REQUESTS[pageOf(pathname) as EarlyPage];
  const early: EarlyRequests = {
    requests: [],
    later: (requests?.later ?? []).map((path) => base + path),
    ready: Promise.resolve(),
  };
  page[EARLY_REQUESTS_KEY] = early;
  const get: Get = (path) => {
    const url = base + path;
    const response = page.fetch(url, {
      headers: { Accept: 'application/json', Language: language, Authorization: `Bearer ${token}` },
    });
    const request: EarlyRequest = { url, token, language, at: page.performance.now(), response };
    early.requests.push(request);
    page.setTimeout(() => {
      const index = early.requests.indexOf(request);
      if (index >= 0) early.requests.splice(index, 1);
    }, EARLY_MAX_AGE_MS);
    const text = response.then((answer) => answer.clone().text());
    text.catch(() => {});
    return text;
  };
  try {
    void get(USER_PATH);
  } catch {
    // No fetch to start it with: the page asks itself.
  }
  startPageFormats(pathname, page);
  early.ready = Promise.resolve()
    .then(() => requests?.run(get))
    .catch(() => {});
}
