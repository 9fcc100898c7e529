// The one way a mocked route answers: `respond(route, status, body)` checks the body against the
// route's answer schema in the contract (`ROUTES`, the schemas the API serializes its answers
// with) before it goes out, so that a handler answering what the real API never would fails the
// story or test that met it, naming the route and the first mismatch. `route(key, resolver)`
// makes the msw handler of a route, typed by the contract from the same key.
import { ROUTES, type RouteKey } from '@coinlens/contract';
import { http, HttpResponse, type HttpHandler, type HttpResponseResolver } from 'msw';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';

type Route<K extends RouteKey> = (typeof ROUTES)[K];
type StaticOf<S> = S extends TSchema ? Static<S> : never;

/** The path parameters of route `K` (`{ file }` for `/api/asset/logo/:file`). */
export type RouteParams<K extends RouteKey> =
  Route<K> extends { params: infer P } ? StaticOf<P> : Record<string, never>;
/** The JSON body route `K` takes (undefined for a route without one). */
export type RouteBody<K extends RouteKey> =
  Route<K> extends { body: infer B } ? StaticOf<B> : undefined;
/** The HTTP statuses route `K` declares an answer for. */
export type RouteStatus<K extends RouteKey> = keyof Route<K>['response'] & number;
/** Any answer route `K` declares, whatever its status. */
export type RouteAnswer<K extends RouteKey> = {
  [S in RouteStatus<K>]: StaticOf<Route<K>['response'][S]>;
}[RouteStatus<K>];

/** An answer that breaks its route's schema: the handler, not the page, is wrong. */
export class ContractMismatch extends Error {
  constructor(
    readonly route: RouteKey,
    readonly status: number,
    detail: string,
  ) {
    super(`The mock of ${route} answered HTTP ${status} against the contract: ${detail}`);
    this.name = 'ContractMismatch';
  }
}

/**
 * The schema an answer of `route` with HTTP `status` must match. A status the route does not
 * declare is one the API's error handler answers for every route (400, 404, 500 ...): its body is
 * the route's failure envelope, which is in the union of its 200 answer, and never a success.
 */
function schemaOf(route: RouteKey, status: number): { schema: TSchema; failureOnly: boolean } {
  const answers: Record<number, TSchema | undefined> = ROUTES[route].response;
  const declared = answers[status];
  if (declared) return { schema: declared, failureOnly: false };
  return { schema: answers[200] as TSchema, failureOnly: true };
}

const isSuccess = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  ((body as { code?: unknown }).code === 200 || (body as { ok?: unknown }).ok === true);

/** Throws a ContractMismatch when `body` is not an answer `route` may give with `status`. */
export function checkAnswer(route: RouteKey, status: number, body: unknown): void {
  const { schema, failureOnly } = schemaOf(route, status);
  if (!Value.Check(schema, body)) {
    const first = Value.Errors(schema, body)[0];
    const where = first?.instancePath || '(the body)';
    throw new ContractMismatch(route, status, `${where} ${first?.message ?? 'does not match'}`);
  }
  if (failureOnly && isSuccess(body)) {
    throw new ContractMismatch(route, status, `a success envelope with an error status`);
  }
}

/** The answer of `route`: `body` as JSON with HTTP `status`, once the contract accepts it. */
export function respond<K extends RouteKey>(
  route: K,
  status: number,
  body: RouteAnswer<K>,
): HttpResponse<RouteAnswer<K>> {
  checkAnswer(route, status, body);
  // Typed by the contract above; msw's JSON type cannot see through the schemas' statics.
  return HttpResponse.json(body as never, { status }) as HttpResponse<RouteAnswer<K>>;
}

type Method = 'get' | 'post' | 'put';

/** What a route's resolver gets: msw's request with the contract's body and path parameters. */
export type RouteResolver<K extends RouteKey> = HttpResponseResolver<
  RouteParams<K> extends Record<string, string> ? RouteParams<K> : Record<string, string>,
  RouteBody<K> extends undefined ? never : RouteBody<K>,
  RouteAnswer<K>
>;

/** The faults of the mocks themselves since the last `takeMockFaults()`, oldest first. */
const mockFaults: Error[] = [];

/**
 * The faults the mocked API met in its own handlers (a contract mismatch, an exception), and
 * forgets them: the Jest setup and the site stories fail a test or story that left any.
 */
export function takeMockFaults(): Error[] {
  return mockFaults.splice(0);
}

/** Keeps `error`, a fault of the mocks themselves, for `takeMockFaults`, and prints it. */
export function reportMockFault(error: unknown): Error {
  const fault = error instanceof Error ? error : new Error(String(error));
  mockFaults.push(fault);
  console.error(fault);
  return fault;
}

/**
 * The msw handler of `route` (`'POST /api/auth/login/dologin'`): the method and path from the key,
 * the request body and the answer typed by the route's schemas. The path is relative: msw matches
 * it against the page's origin, as the site's client (no API origin in stories and tests) asks.
 * A fault of the handler itself (its answer breaks the contract, it throws) is kept for
 * `takeMockFaults` and the request fails as a network error: a page must never read it as an
 * answer the API could give.
 */
export function route<K extends RouteKey>(key: K, resolver: RouteResolver<K>): HttpHandler {
  const [method, path] = key.split(' ') as [Uppercase<Method>, string];
  const verb = method.toLowerCase() as Method;
  const answer = resolver as HttpResponseResolver;
  return http[verb](path, async (info) => {
    try {
      return await answer(info);
    } catch (error) {
      reportMockFault(error);
      return HttpResponse.error();
    }
  });
}
