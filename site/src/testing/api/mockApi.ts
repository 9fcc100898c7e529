// One mocked API for a story or a test: the state the reference API would hold (accounts and
// codes, coins and follows, monitored sources, the assistant's conversation, the alerts, the
// feeds) and the msw handlers that answer `/api/*` from it (auth.ts, coins.ts, monitor.ts,
// chatHttp.ts, alerts.ts, feeds.ts), each answer
// checked against the contract (respond.ts), and the realtime socket at `/socket.io/` (an msw
// WebSocket handler speaking socket.io, chatSocket.ts). A story or test may make a route misbehave: no
// answer (`network`: msw's network error), an answer that never comes (`hold`), one that waits
// until the story lets it through (`gate`), a late one, or a refusal. Each fault is a handler in
// front of the route's own, which hands the request on to it once the fault is done.
//
// Every `/api/*` request is logged (`requests`, `calls`) from msw's life-cycle events, faulted
// ones included, and counted until answered, so that a story's end can wait for what is under
// way (`settled`).
import {
  ALERT_SOCKET_EVENT,
  AlertNotice,
  httpStatusOf,
  type MessageKey,
  type OnboardingProgress,
  type RouteKey,
} from '@coinlens/contract';
import { HttpResponse, delay, type HttpHandler, type WebSocketHandler } from 'msw';
import type { SetupWorker } from 'msw/browser';
import type { FakeAccount } from '../fixtures';
import { AlertState, alertHandlers, type AlertOptions } from './alerts';
import { AuthState, authHandlers, type AuthOptions, type SentMail } from './auth';
import { chatHandlers, type OnboardingStore } from './chatHttp';
import { ChatServer, type ChatServerOptions } from './chatSocket';
import { CoinState, coinHandlers, type CoinOptions } from './coins';
import { FeedsState, feedHandlers, type FeedOptions } from './feeds';
import { MarketState, marketHandlers, type MarketOptions } from './market';
import { MonitorState, monitorHandlers, type MonitorOptions } from './monitor';
import { PushMockState, pushHandlers, type PushOptions } from './push';
import { respond, route, type RouteAnswer } from './respond';
import { failure, languageOf, Refusal, type MockRequest, type RouteName } from './request';

/** How a route misbehaves. */
export type Fault =
  /** The request never gets an answer (offline, DNS, a dropped connection): fetch rejects. */
  | 'network'
  /**
   * The answer never comes (a slow server): the caller's loading state stays on screen. The
   * request fails as `network` does when the story or test ends (`close`).
   */
  | 'hold'
  /**
   * The answer waits until the story lets it through (`openGate(route)`), then comes as usual:
   * a story can check the page before the answer, however long opening it took.
   */
  | 'gate'
  /** The server refuses with this code (the HTTP status is the contract's for the code). */
  | { code: number; key: MessageKey; data?: { retryAfter: number; codeSent?: true } }
  /** The server answers as usual, this many milliseconds late. */
  | { delayMs: number };

export interface MockApiOptions extends AuthOptions, CoinOptions {
  /** The monitored sources there are, and the ids of those Ana follows (most recent first). */
  monitor?: MonitorOptions;
  /** The market provider's state: stale figures, unavailable, slow (market.ts). */
  market?: MarketOptions;
  /**
   * Ana's conversation with the assistant, the replies the story plans and how the realtime
   * socket's handshakes are answered (chatSocket.ts).
   */
  chat?: ChatServerOptions;
  /** Ana's alerts, the alerts that fired and how they are mailed (alerts.ts). */
  alerts?: AlertOptions;
  /** The feeds the server reads, which its operators (`operators`) see (feeds.ts). */
  feeds?: FeedOptions;
  /** The browsers that get Ana's alerts as notifications (push.ts). */
  push?: PushOptions;
  /** How far Ana got in the welcome onboarding, as the server keeps it (none by default). */
  onboarding?: OnboardingProgress;
  /** Routes that misbehave (until `heal`). */
  faults?: Partial<Record<RouteName, Fault>>;
}

/** Where the handlers go: Storybook's worker (msw-storybook-addon) or a test's msw server. */
export type MswTarget = Pick<SetupWorker, 'use' | 'events'>;

interface Gate {
  passed: Promise<void>;
  open: () => void;
}

interface FaultRule {
  target: RouteName;
  fault: Fault;
  /** How many more requests it applies to. */
  times: number;
  gate: Gate;
}

function makeGate(): Gate {
  let open = () => {};
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open };
}

export class MockApi implements OnboardingStore {
  /** Every `/api/*` request, in order. */
  readonly requests: MockRequest[] = [];
  /** The accounts, their tokens and the codes mailed. */
  readonly auth: AuthState;
  /** The coins, the latest prices and Ana's follow list. */
  readonly coins: CoinState;
  /** The market list, the sparklines and the provider's status. */
  readonly market: MarketState;
  /** The assistant: Ana's conversation and the realtime socket the page's chat store uses. */
  readonly chat: ChatServer;
  /** Ana's alerts, what fired (`fire` plays an evaluation) and how it is mailed. */
  readonly alerts: AlertState;
  /** The browsers that get Ana's alerts as notifications. */
  readonly push: PushMockState;
  /** The feeds the server reads. */
  readonly feeds: FeedsState;
  /** Ana's onboarding progress, as `GET /api/chat/onboarding` answers it. */
  onboarding: OnboardingProgress | null;

  private readonly monitorOptions: MonitorOptions;
  private monitorState: MonitorState | undefined;
  private readonly rules: FaultRule[] = [];
  /** The faults' handlers made before the API was put in place, the route's own after them. */
  private readonly routeHandlers: HttpHandler[];
  private faultHandlers: HttpHandler[] = [];
  private target: MswTarget | null = null;
  /** Whether the story or test has ended (`close`): nothing is held any more. */
  private closed = false;
  /** What ends each request held by a `hold` fault. */
  private readonly hangUps = new Set<() => void>();
  /** The msw ids of the requests not yet answered, and when the last one was (ms). */
  private readonly inFlight = new Set<string>();
  private lastAnsweredAt = Number.NEGATIVE_INFINITY;

  constructor(options: MockApiOptions = {}) {
    this.auth = new AuthState(options);
    this.coins = new CoinState(options);
    this.market = new MarketState(this.coins, options.market);
    this.chat = new ChatServer(options.chat ?? {}, this.auth);
    this.onboarding = options.onboarding ?? null;
    this.monitorOptions = options.monitor ?? {};
    this.alerts = new AlertState(
      options.alerts ?? {},
      this.coins,
      () => this.monitor,
      (notice) => this.chat.notify(ALERT_SOCKET_EVENT, AlertNotice, notice),
    );
    this.push = new PushMockState(options.push);
    this.feeds = new FeedsState(options.feeds);
    this.routeHandlers = [
      ...authHandlers(this.auth),
      ...coinHandlers(this.coins, this.auth),
      ...marketHandlers(this.market),
      ...monitorHandlers(() => this.monitor, this.auth),
      ...chatHandlers(this.chat, this, this.auth),
      ...alertHandlers(this.alerts, this.auth),
      ...pushHandlers(this.push, this.auth),
      ...feedHandlers(this.feeds, this.auth),
    ];
    // A fault for a route with a query string goes before one for the whole route, so it wins.
    const faults = Object.entries(options.faults ?? {}) as Array<[RouteName, Fault]>;
    faults.sort(([a], [b]) => Number(b.includes('?')) - Number(a.includes('?')));
    for (const [target, fault] of faults) this.fault(target, fault);
  }

  /** Every handler, the faults' first, and the realtime socket's. */
  get handlers(): Array<HttpHandler | WebSocketHandler> {
    return [...this.faultHandlers, ...this.routeHandlers, this.chat.handler];
  }

  /** Every mail sent, in order. */
  get outbox(): SentMail[] {
    return this.auth.outbox;
  }

  /**
   * The monitoring state: its sources, Ana's list (`followedIds()`, `readLineId(id)`). Made on
   * first use, so that its clock is the story's (site.tsx sets it after the API is made).
   */
  get monitor(): MonitorState {
    this.monitorState ??= new MonitorState(this.monitorOptions);
    return this.monitorState;
  }

  /** The last code mailed to `account` (what the user reads in the mail). */
  lastCode(account: string): string {
    return this.auth.lastCode(account);
  }

  /** A token the server accepts for `account`, as sign-in would have issued it. */
  tokenFor(account: FakeAccount): string {
    return this.auth.issueToken(account);
  }

  /** The ids of the coins Ana follows, newest first. */
  followedIds(): number[] {
    return this.coins.followedIds();
  }

  /** The requests to `route` so far. */
  calls(route: RouteKey): MockRequest[] {
    return this.requests.filter((request) => request.route === route);
  }

  /** The paths asked for with their query (as the client wrote it); only those under `pathname`. */
  paths(pathname?: string): string[] {
    return this.requests
      .map((request) => request.path)
      .filter(
        (path) => pathname === undefined || path === pathname || path.startsWith(`${pathname}?`),
      );
  }

  /** Forgets the requests made so far. */
  clearRequests(): void {
    this.requests.length = 0;
  }

  /**
   * Puts the handlers in front of `target`'s and logs its `/api/*` requests; returns what stops
   * the logging (the handlers go with the target's next `resetHandlers`).
   */
  listen(target: MswTarget): () => void {
    this.target = target;
    target.use(...this.handlers);
    const started = ({ request, requestId }: { request: Request; requestId: string }) => {
      const url = new URL(request.url);
      if (!url.pathname.startsWith('/api/')) return;
      const authorization = request.headers.get('authorization');
      const logged: MockRequest = {
        route: `${request.method} ${url.pathname}` as RouteKey,
        path: `${url.pathname}${url.search}`,
        query: url.searchParams,
        body: undefined,
        language: languageOf(request.headers.get('language')),
        token: authorization?.replace(/^Bearer\s+/i, '') || null,
      };
      this.requests.push(logged);
      this.inFlight.add(requestId);
      if (request.method !== 'GET') {
        void request
          .clone()
          .text()
          .then((text) => {
            logged.body = text === '' ? undefined : (JSON.parse(text) as unknown);
          })
          .catch(() => {});
      }
    };
    const ended = ({ requestId }: { requestId: string }) => {
      if (!this.inFlight.delete(requestId)) return;
      this.lastAnsweredAt = performance.now();
    };
    target.events.on('request:start', started);
    target.events.on('request:end', ended);
    return () => {
      target.events.removeListener('request:start', started);
      target.events.removeListener('request:end', ended);
      if (this.target === target) this.target = null;
    };
  }

  /**
   * Makes the next `times` requests to `target` (a route, or a route with one query string)
   * misbehave as `fault` says; returns what makes it behave again.
   */
  fault(target: RouteName, fault: Fault, times = Number.POSITIVE_INFINITY): () => void {
    const rule: FaultRule = { target, fault, times, gate: makeGate() };
    this.rules.push(rule);
    const handler = this.faultHandler(rule);
    if (this.target) this.target.use(handler);
    else this.faultHandlers = [...this.faultHandlers, handler];
    return () => {
      rule.times = 0;
      rule.gate.open();
    };
  }

  /**
   * Holds the next request to `target` until the returned function is called (then it is
   * answered from the state of that moment).
   */
  holdNext(target: RouteName): () => void {
    return this.fault(target, 'gate', 1);
  }

  /** Makes `route` behave again (the server is back): the next request is answered as usual. */
  heal(route: RouteName): void {
    for (const rule of this.rules) if (rule.target === route) rule.times = 0;
  }

  /**
   * Lets the requests waiting at `route`'s `gate` fault through, and the later ones too (`route`
   * as the fault names it, with its query string if it has one).
   */
  openGate(route: RouteName): void {
    for (const rule of this.rules) if (rule.target === route) rule.gate.open();
  }

  /**
   * Ends the requests still held, as a connection drops when the page is left: nothing waits
   * for them into the next story (the app's cache would hand a new request of the same resource
   * the old one, still pending).
   */
  close(): void {
    this.closed = true;
    for (const hangUp of this.hangUps) hangUp();
    this.hangUps.clear();
    for (const rule of this.rules) rule.gate.open();
    this.chat.close();
  }

  /**
   * Resolves once no request has been under way for `quietMs` (at most `limitMs` from now): by
   * then what the page does with the last answers (lists hold theirs 200 ms) is done.
   */
  async settled(quietMs: number, limitMs = 2000): Promise<void> {
    const until = performance.now() + limitMs;
    for (;;) {
      const now = performance.now();
      const wait = this.inFlight.size > 0 ? quietMs : this.lastAnsweredAt + quietMs - now;
      if (wait <= 0 || now >= until) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, until - now)));
    }
  }

  private faultHandler(rule: FaultRule): HttpHandler {
    const [key, query] = rule.target.split('?') as [RouteKey, string | undefined];
    return route(key, async ({ request }) => {
      if (rule.times <= 0) return undefined;
      if (query !== undefined && new URL(request.url).search !== `?${query}`) return undefined;
      rule.times -= 1;
      const { fault } = rule;
      if (fault === 'network') return HttpResponse.error();
      if (fault === 'hold') {
        // Settles when the caller gives up, or when the story or test ends (`close`).
        if (!this.closed) {
          await new Promise<void>((resolve) => {
            this.hangUps.add(resolve);
            request.signal.addEventListener('abort', () => resolve(), { once: true });
          });
        }
        return HttpResponse.error();
      }
      if (fault === 'gate') {
        // After the story ended nothing opens it: the request goes through at once.
        if (!this.closed) await rule.gate.passed;
        return undefined;
      }
      if ('delayMs' in fault) {
        await delay(fault.delayMs);
        return undefined;
      }
      const refusal = new Refusal(fault.code, fault.key, fault.data ?? null);
      const body = failure(key, languageOf(request.headers.get('language')), refusal);
      return respond(key, httpStatusOf(fault.code), body as RouteAnswer<typeof key>);
    });
  }
}
