// What every mocked route shares: a request read as the API reads it (its route, query, JSON
// body, `Language` and bearer token), a handled refusal (the contract's code and message key),
// and the envelopes around an answer: `{ code, msg, data }`, or `{ ok, msg, data }` on the
// monitoring routes, with the HTTP status the contract gives each code.
import {
  LOCALES,
  ROUTES,
  httpStatusOf,
  serverMessage,
  type Locale,
  type MessageKey,
  type RouteKey,
} from '@coinlens/contract';
import type { HttpHandler } from 'msw';
import { Value } from 'typebox/value';
import { respond, route, type RouteAnswer, type RouteBody } from './respond';

/**
 * A route as its key in the contract (`POST /api/auth/login/dologin`), or with one query of it as
 * the site's client writes it (names sorted): `GET /api/monitor/source/list?page=1&size=6&status=3`.
 */
export type RouteName = RouteKey | `${RouteKey}?${string}`;

/** One request as the mocked API received it. */
export interface MockRequest<Body = unknown> {
  /** Its method and path, as the contract's route keys say them. */
  route: RouteKey;
  /** The path with the query string, as the client wrote it. */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or undefined. */
  body: Body;
  /** The `Language` header (en when missing or unknown, as on the server). */
  language: Locale;
  /** The bearer token sent, or null. */
  token: string | null;
}

/** A handled refusal: the contract's code, the key of its message and its data. */
export class Refusal extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly data: { retryAfter: number; codeSent?: true } | null = null,
  ) {
    super(key);
    this.name = 'Refusal';
  }
}

/** Whether `path` answers the monitoring envelope `{ ok, msg, data }`. */
export const isMonitorRoute = (path: string) => path.startsWith('/api/monitor/');

/** The language a `Language` header names (en when missing or unknown, as on the server). */
export function languageOf(header: string | null): Locale {
  const value = header?.trim().toLowerCase();
  return LOCALES.find((locale) => locale === value) ?? 'en';
}

/** `request` as the mocked API reads it, the JSON body parsed (a body that is not JSON: 400). */
export async function readRequest(key: RouteKey, request: Request): Promise<MockRequest> {
  const url = new URL(request.url);
  const authorization = request.headers.get('authorization');
  const text = request.method === 'GET' ? '' : await request.text();
  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      throw new Refusal(400, 'badRequest');
    }
  }
  return {
    route: key,
    path: `${url.pathname}${url.search}`,
    query: url.searchParams,
    body,
    language: languageOf(request.headers.get('language')),
    token: authorization?.replace(/^Bearer\s+/i, '') || null,
  };
}

/** The failure envelope of `refusal` on route `key`, in the request's language. */
export function failure(key: RouteKey, language: Locale, refusal: Refusal) {
  const failed = {
    code: refusal.code,
    msg: serverMessage(refusal.key, language),
    data: refusal.data,
  };
  const path = key.slice(key.indexOf(' ') + 1);
  return isMonitorRoute(path) ? { ok: false as const, ...failed, data: null } : failed;
}

/** The answer to `refusal` on route `key`: its envelope, with the contract's HTTP status. */
export function refuse(key: RouteKey, language: Locale, refusal: Refusal) {
  return respond(
    key,
    httpStatusOf(refusal.code),
    failure(key, language, refusal) as RouteAnswer<typeof key>,
  );
}

/** Who may call a guarded route: the account a request's token belongs to (401 otherwise). */
export interface Guard {
  signedIn(request: MockRequest): unknown;
}

/**
 * The handler of route `key` as the API runs one: the token checked first when `guard` is given
 * (401), then the body against the route's schema (400, as Fastify validates it), then `answer`,
 * whose data goes out in the route's success envelope, and whose Refusal goes out as a failure.
 */
export function envelopeRoute<K extends RouteKey>(
  key: K,
  guard: Guard | null,
  answer: (request: MockRequest<RouteBody<K>>) => unknown,
): HttpHandler {
  return route(key, async ({ request }) => {
    let language: Locale = languageOf(request.headers.get('language'));
    try {
      const read = await readRequest(key, request);
      language = read.language;
      if (guard) guard.signedIn(read);
      const schema = (ROUTES[key] as { body?: Parameters<typeof Value.Check>[0] }).body;
      if (schema && !Value.Check(schema, read.body)) throw new Refusal(400, 'badRequest');
      const data = (await answer(read as MockRequest<RouteBody<K>>)) ?? null;
      const path = key.slice(key.indexOf(' ') + 1);
      const body = isMonitorRoute(path)
        ? { ok: true, msg: '', data }
        : { code: 200, msg: serverMessage('ok', language), data };
      return respond(key, 200, body as RouteAnswer<K>);
    } catch (error) {
      if (error instanceof Refusal) return refuse(key, language, error);
      // A fault of the mock itself (a contract mismatch included) goes to route()'s handling.
      throw error;
    }
  });
}
