// The requests a signed-in area's head script starts while the page's scripts load
// (start/earlyRequests.ts), and the API client's way to take their answers instead of asking again.
// The page's data is then on its way, or already here, when the page hydrates and asks for it.

/** The global (on `window`) under which the head script keeps its requests. */
export const EARLY_REQUESTS_KEY = '__coinlensEarly';

/**
 * How old an early request may be when the client takes it (from its start). An older one is
 * dropped (the head script drops it then too): a page that asks that late asks again, for fresh
 * data.
 */
export const EARLY_MAX_AGE_MS = 30_000;

/**
 * How long the client waits for the head script to start its later requests (those that need an
 * earlier answer: a report needs the follow list) before it asks itself. The page asks for them
 * only after that same answer, so the wait is the head script's reading of it; the bound keeps a
 * busy or broken head script from holding the page.
 */
export const EARLY_WAIT_MS = 1000;

/** One request the head script started. */
export interface EarlyRequest {
  /** The URL asked for: the API's base URL, the request path and its query (`requestPath`). */
  url: string;
  /** The bearer token it was sent with. */
  token: string;
  /** Its `Language` header. */
  language: string;
  /** When it started (`performance.now()`). */
  at: number;
  /**
   * `fetch`'s promise. The head script reads each answer's body (a clone), so that the browser
   * finishes the request whether or not the page takes it, and handles a rejection, which the
   * taker meets again.
   */
  response: Promise<Response>;
}

/** What the head script keeps under EARLY_REQUESTS_KEY. */
export interface EarlyRequests {
  /** The requests started and not taken yet. */
  requests: EarlyRequest[];
  /** URLs (without query) of the requests it may still start, once `ready` has settled. */
  later: string[];
  /** Settles when it has started all its requests (or given up on those it could not). */
  ready: Promise<unknown>;
}

/** What the client is about to ask for: a GET with these headers. */
export interface EarlyMatch {
  url: string;
  token: string | null;
  language: string;
}

function earlyRequests(): EarlyRequests | null {
  if (typeof window === 'undefined') return null;
  const store = (window as unknown as Record<string, unknown>)[EARLY_REQUESTS_KEY] as
    Partial<EarlyRequests> | undefined;
  return store && Array.isArray(store.requests) ? (store as EarlyRequests) : null;
}

/** Takes the request for exactly `match` out of `store`, when it is young enough. */
function take(store: EarlyRequests, match: EarlyMatch, now: number): Promise<Response> | null {
  const index = store.requests.findIndex(
    (request) =>
      request.url === match.url &&
      request.token === match.token &&
      request.language === match.language,
  );
  if (index < 0) return null;
  const [request] = store.requests.splice(index, 1);
  return request && now - request.at <= EARLY_MAX_AGE_MS ? request.response : null;
}

/**
 * The response of the early request for exactly `match` (the same URL, token and language), which
 * it takes out of the list, so that each is used once; null when there is none, or when it is
 * older than EARLY_MAX_AGE_MS. For a URL the head script may still ask for, a promise: of that
 * request's response once the head script has started it, or of null when it did not, or did not
 * within EARLY_WAIT_MS (the client then asks itself).
 */
export function takeEarlyResponse(
  match: EarlyMatch,
  now: () => number = () => performance.now(),
): Promise<Response | null> | null {
  const store = earlyRequests();
  if (!store || match.token === null) return null;
  const taken = take(store, match, now());
  if (taken) return taken;
  const url = match.url.split('?')[0];
  if (!store.later.includes(url ?? '')) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, EARLY_WAIT_MS);
  });
  return Promise.race([Promise.resolve(store.ready).catch(() => {}), waited]).then(() => {
    clearTimeout(timer);
    return take(store, match, now());
  });
}
