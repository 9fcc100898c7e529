// The ways an API call can fail, as classes, so that a caller (a toast, SWR's retry rule, a
// machine's guard) can tell "the server said no" from "we never heard back".

/** The server answered with an envelope whose code is not success. */
export class ApiError<D = unknown> extends Error {
  override readonly name = 'ApiError';
  /** The body's code (the source of truth); the HTTP status when the answer had no body. */
  readonly code: number;
  /** The server's message, in the request's language; may be empty. */
  readonly msg: string;
  /** The HTTP status, which differs from `code` for every handled failure but 400/401/429/500. */
  readonly status: number;
  /** The envelope's data, e.g. `{ retryAfter }` on 423 and 429; null when there was none. */
  readonly data: D | null;
  /** The request path (with its query), for logs. */
  readonly path: string;

  constructor(init: { code: number; msg: string; status: number; data: D | null; path: string }) {
    super(init.msg || `${init.path} answered code ${init.code}`);
    this.code = init.code;
    this.msg = init.msg;
    this.status = init.status;
    this.data = init.data;
    this.path = init.path;
  }

  /** Seconds to wait before trying again (423, 429), or null when the server named none. */
  get retryAfter(): number | null {
    const data: unknown = this.data;
    if (typeof data !== 'object' || data === null || !('retryAfter' in data)) return null;
    const { retryAfter } = data;
    return typeof retryAfter === 'number' && Number.isFinite(retryAfter) ? retryAfter : null;
  }

  /**
   * Whether the server says a code for this address and purpose went out inside the resend
   * cooldown (sendMessage's 429), so the code in the mailbox still works; false on any other
   * answer.
   */
  get codeSent(): boolean {
    const data: unknown = this.data;
    return (
      typeof data === 'object' && data !== null && 'codeSent' in data && data.codeSent === true
    );
  }
}

/** The request never got an answer: offline, DNS, CORS, a dropped connection. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly path: string;

  constructor(init: { path: string; cause: unknown }) {
    super(`${init.path}: no answer from the server`, { cause: init.cause });
    this.path = init.path;
  }
}

/** The server took longer than the client's time limit; the request was aborted. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly path: string;
  readonly timeoutMs: number;

  constructor(init: { path: string; timeoutMs: number }) {
    super(`${init.path}: no answer within ${init.timeoutMs} ms`);
    this.path = init.path;
    this.timeoutMs = init.timeoutMs;
  }
}

/**
 * An answer that is not an envelope: not JSON, or JSON without the envelope's fields. Typically a
 * proxy's or CDN's own error page (an HTML 502) standing in front of the API.
 */
export class MalformedResponseError extends Error {
  override readonly name = 'MalformedResponseError';
  readonly status: number;
  readonly path: string;

  constructor(init: { status: number; path: string; cause?: unknown }) {
    super(`${init.path}: HTTP ${init.status} without an envelope`, { cause: init.cause });
    this.status = init.status;
    this.path = init.path;
  }
}

/** Any failure the client reports (a caller's own abort is rethrown as is and is not one). */
export type ApiFailure = ApiError | NetworkError | TimeoutError | MalformedResponseError;

/**
 * Whether trying the same request again may help: no answer, a late one, or a server fault.
 * Refusals (403, 404, 422, 429 ...) and 501 (a feature not configured) answer the same again.
 */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TimeoutError) return true;
  if (error instanceof ApiError) {
    return error.status >= 500 || (error.code >= 500 && error.code !== 501);
  }
  // A gateway's HTML 502/503/504 while the API restarts is the commonest transient fault.
  if (error instanceof MalformedResponseError) return error.status >= 500;
  return false;
}

/** Whether `error` is an abort (the caller's signal), which callers ignore rather than show. */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error as { name: unknown }).name === 'AbortError'
  );
}
