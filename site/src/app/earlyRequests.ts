// The requests a signed-in area's head script starts for the page's first data, while the page's
// scripts load: otherwise each waits for the part that shows it to hydrate, and the reports for
// the follow list's answer after that (docs/benchmarks.md). The API client takes each answer
// instead of asking again (data/early.ts), so the page renders what it would have, sooner; its
// first render (the hydration) still has no data, as the static HTML had none.
//
// Every path here is spelt as the page's own hooks spell it (`requestPath`), or the client would
// not find it and would ask a second time; the tests hold them together.
import { USER_PATH } from '../features/auth/session';
import { FOLLOWS_PATH } from '../features/coins/follows';
import { PRICE_PATH, REPORT_PATH } from '../features/reporting/reports';
import { EARLY_MAX_AGE_MS, EARLY_REQUESTS_KEY } from '../data/early';
import { intlLocale, localeFromPathname, splitLocale } from '../i18n/locales';

/** The page paths (without language prefix) whose head script asks for their first data. */
type EarlyPage = '/reporting/' | '/monitoring/' | '/monitoring/detail/' | '/welcome/';

/** A page's path without its language prefix: `/zh/mobile/` -> `/mobile/`. */
const pageOf = (pathname: string) => splitLocale(pathname).path.replace(/\/?$/, '/');

interface PageRequests {
  /**
   * A function body with `get(path)` (starts a request; returns the promise of its answer's
   * body text) and `data(text)` (the envelope's data of a successful answer, else null) in
   * scope; it returns the promise of its last step.
   */
  run: string;
  /** The paths (without query) it asks for only after an answer: the client waits for them. */
  later: string[];
}

/** What each page asks for beyond the signed-in user (`GET /api/user`, in every page's header). */
const PAGE_REQUESTS: Partial<Record<EarlyPage, PageRequests>> = {
  // The follow list; then the first card's report (the card on screen, which asks at once) and
  // the prices of every followed coin, in one request, by id (features/reporting/reports.ts).
  '/reporting/': {
    run: `return get(${JSON.stringify(FOLLOWS_PATH)}).then(data).then(function (list) {
    if (!Array.isArray(list) || list.length === 0) return;
    var ids = list.map(function (entry) { return entry.coinId; });
    get(${JSON.stringify(REPORT_PATH)} + '?' + new URLSearchParams({ coinId: String(ids[0]) }));
    var unique = ids.filter(function (id, index) { return ids.indexOf(id) === index; });
    unique.sort(function (a, b) { return a - b; });
    get(${JSON.stringify(PRICE_PATH)} + '?' + new URLSearchParams({ coinIds: unique.join(',') }));
  });`,
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

/**
 * The statement that starts the browser's formats in the language of `pathname`, in two tasks of
 * their own, on a page of FORMATTING_PAGES; an empty one on any other.
 */
export function startFormatsStatement(pathname: string): string {
  if (!FORMATTING_PAGES.has(pageOf(pathname))) return '';
  const locale = JSON.stringify(intlLocale(localeFromPathname(pathname)));
  // As startFormats does (src/i18n/usePreparedFormats.ts), each step in a task of its own.
  return `setTimeout(function () {
    try { new Intl.Locale(${locale}).maximize(); } catch (error) {}
    setTimeout(function () {
      try { new Intl.NumberFormat(${locale}).format(0); } catch (error) {}
    }, 0);
  }, 0);`;
}

/**
 * The statement a signed-in area's head script runs when it keeps a `token` (a variable in scope):
 * it starts the page's first requests with the headers the API client would send (the base URL
 * `baseUrl`, the token, the language of `pathname`) and keeps them under EARLY_REQUESTS_KEY
 * (data/early.ts). It reads each answer's body, so that the browser finishes every request
 * whether or not the page takes it, and drops one the page has not taken after
 * EARLY_MAX_AGE_MS. A failure is left for the client, which meets it again when it takes the
 * request. On a page that formats its data it also starts the browser's formats (FORMATTING_PAGES).
 */
export function earlyRequestsStatement(pathname: string, baseUrl: string): string {
  const language = localeFromPathname(pathname);
  const page = pageOf(pathname) as EarlyPage;
  const base = baseUrl.replace(/\/+$/, '');
  const requests = PAGE_REQUESTS[page];
  return `{ var early = window[${JSON.stringify(EARLY_REQUESTS_KEY)}] = {
    requests: [], later: ${JSON.stringify((requests?.later ?? []).map((path) => base + path))} };
  var base = ${JSON.stringify(base)};
  var language = ${JSON.stringify(language)};
  var get = function (path) {
    var response = fetch(base + path, { headers: {
      Accept: 'application/json', Language: language, Authorization: 'Bearer ' + token } });
    var request = { url: base + path, token: token, language: language,
      at: performance.now(), response: response };
    early.requests.push(request);
    setTimeout(function () {
      var index = early.requests.indexOf(request);
      if (index >= 0) early.requests.splice(index, 1);
    }, ${EARLY_MAX_AGE_MS});
    var text = response.then(function (answer) { return answer.clone().text(); });
    text.catch(function () {});
    return text;
  };
  var data = function (text) {
    var body = JSON.parse(text);
    return body && body.code === 200 ? body.data : null;
  };
  try { get(${JSON.stringify(USER_PATH)}); } catch (error) {}
  ${startFormatsStatement(pathname)}
  early.ready = Promise.resolve().then(function () { ${requests?.run ?? ''} })
    .catch(function () {}); }`;
}
