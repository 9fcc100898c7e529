// A fake CoinGecko v3 on 127.0.0.1: answers /coins/markets, /coins/{id}/market_chart and
// /coins/{id} (the description call) from the recorded shapes in test/fixtures/coingecko, records every request with its headers, and can be
// switched to the ways the real one fails (429 with Retry-After, no answer, malformed JSON, JSON
// of another shape, HTTP 500), or taken down and brought back on the same port.
import { existsSync, readFileSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The fixtures, found from the source (test/helpers) or the compiled file (dist-*\/test/helpers). */
function fixturesDir(): string {
  for (const relative of ['../fixtures/coingecko/', '../../../test/fixtures/coingecko/']) {
    const dir = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(`${dir}markets.json`)) return dir;
  }
  throw new Error('test/fixtures/coingecko not found');
}

const FIXTURES = fixturesDir();

export function fixtureText(name: string): string {
  return readFileSync(`${FIXTURES}${name}`, 'utf8');
}

export function fixture<T = unknown>(name: string): T {
  return JSON.parse(fixtureText(name)) as T;
}

/** How the fake answers. */
export type FakeMode =
  /** From the fixtures. */
  | 'ok'
  /** 429 with CoinGecko's error body and the Retry-After of `retryAfter`. */
  | 'rate-limit'
  /** Takes the request and never answers. */
  | 'hang'
  /** 200, content-type JSON, a cut-off body. */
  | 'malformed'
  /** 200 with valid JSON of another shape. */
  | 'wrong-shape'
  /** 500. */
  | 'error';

export interface FakeRequest {
  method: string;
  /** Path without the query, e.g. /api/v3/coins/markets. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface FakeCoinGecko {
  /** The API base, e.g. http://127.0.0.1:43210/api/v3. */
  readonly baseUrl: string;
  readonly port: number;
  /** Every request received, in order (also those it did not answer). */
  readonly requests: FakeRequest[];
  mode: FakeMode;
  /** The Retry-After header in 'rate-limit' mode (seconds); null: none. */
  retryAfter: string | null;
  /** Replaces the /coins/markets body in 'ok' mode (any JSON value); null: the fixture. */
  marketsBody: unknown;
  /**
   * How many of the next requests get their connection closed without an answer, as a kept-alive
   * connection the server closes just as a request goes out.
   */
  dropNext: number;
  /** Requests whose path ends with `suffix` ('/coins/markets', '/market_chart', '/coins/bitcoin'). */
  requestsTo(suffix: string): FakeRequest[];
  /** Back to 'ok', the fixtures, and no recorded requests. */
  reset(): void;
  /** Closes the port (requests then fail to connect). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

const PREFIX = '/api/v3';

export async function startFakeCoinGecko(): Promise<FakeCoinGecko> {
  const marketsText = fixtureText('markets.json');
  const knownIds = new Set(fixture<Array<{ id: string }>>('markets.json').map((coin) => coin.id));
  const rateLimitText = fixtureText('error_429.json');
  const notFoundText = fixtureText('coin_not_found.json');

  const requests: FakeRequest[] = [];
  const state = {
    mode: 'ok' as FakeMode,
    retryAfter: '30' as string | null,
    marketsBody: null as unknown,
    dropNext: 0,
  };

  function send(res: ServerResponse, status: number, body: string): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  }

  function answer(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      at: Date.now(),
    });
    if (state.dropNext > 0) {
      state.dropNext -= 1;
      req.socket.destroy();
      return;
    }
    const path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : null;
    const chart = path === null ? null : /^\/coins\/([^/]+)\/market_chart$/.exec(path);
    const coin =
      path === null || path === '/coins/markets' || chart ? null : /^\/coins\/([^/]+)$/.exec(path);
    if (path !== '/coins/markets' && !chart && !coin) {
      send(res, 404, '{"error":"Incorrect path. Please check https://www.coingecko.com/api/"}');
      return;
    }
    switch (state.mode) {
      case 'hang':
        return;
      case 'rate-limit':
        res.writeHead(429, {
          'content-type': 'application/json; charset=utf-8',
          ...(state.retryAfter === null ? {} : { 'retry-after': state.retryAfter }),
        });
        res.end(rateLimitText);
        return;
      case 'malformed':
        send(
          res,
          200,
          chart ? '{"prices":[[1717200000000,67000.1],[17172' : '[{"id":"bitcoin","sym',
        );
        return;
      case 'wrong-shape':
        send(
          res,
          200,
          chart
            ? '{"prices":{"1717200000000":67000.1},"market_caps":[],"total_volumes":[]}'
            : '{"coins":[{"id":"bitcoin","current_price":67000}]}',
        );
        return;
      case 'error':
        send(res, 500, '{"error":"Internal Server Error"}');
        return;
      case 'ok':
        break;
    }
    if (coin) {
      const id = decodeURIComponent(coin[1] as string);
      const name = `coin_${id}.json`;
      const only = ['tickers', 'market_data', 'community_data', 'developer_data', 'sparkline'];
      if (
        !knownIds.has(id) ||
        !existsSync(`${FIXTURES}${name}`) ||
        url.searchParams.get('localization') !== 'true' ||
        only.some((flag) => url.searchParams.get(flag) !== 'false')
      ) {
        send(res, 404, notFoundText);
        return;
      }
      send(res, 200, fixtureText(name));
      return;
    }
    if (chart) {
      const id = decodeURIComponent(chart[1] as string);
      const name = `market_chart_${id}.json`;
      if (
        !knownIds.has(id) ||
        !existsSync(`${FIXTURES}${name}`) ||
        url.searchParams.get('vs_currency') !== 'usd' ||
        url.searchParams.get('days') !== '90'
      ) {
        send(res, 404, notFoundText);
        return;
      }
      send(res, 200, fixtureText(name));
      return;
    }
    send(res, 200, state.marketsBody === null ? marketsText : JSON.stringify(state.marketsBody));
  }

  const server: Server = createServer(answer);
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const closeServer = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) {
        resolve();
        return;
      }
      server.close(() => resolve());
      // Hanging requests would keep close() waiting forever.
      server.closeAllConnections();
    });

  await listen(0);
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}${PREFIX}`,
    port,
    requests,
    get mode() {
      return state.mode;
    },
    set mode(mode: FakeMode) {
      state.mode = mode;
    },
    get retryAfter() {
      return state.retryAfter;
    },
    set retryAfter(value: string | null) {
      state.retryAfter = value;
    },
    get dropNext() {
      return state.dropNext;
    },
    set dropNext(count: number) {
      state.dropNext = count;
    },
    get marketsBody() {
      return state.marketsBody;
    },
    set marketsBody(value: unknown) {
      state.marketsBody = value;
    },
    requestsTo: (suffix) => requests.filter((request) => request.path.endsWith(suffix)),
    reset() {
      state.mode = 'ok';
      state.retryAfter = '30';
      state.marketsBody = null;
      state.dropNext = 0;
      requests.length = 0;
    },
    down: closeServer,
    up: () => listen(port),
    close: closeServer,
  };
}
