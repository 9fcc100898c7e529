// The stories' API: a fetch handler that answers `/api/*` the way the reference API does (api/src,
// its types in the contract, @coinlens/contract), from a small in-memory state, so that a story drives a
// dialog through real requests of the site's one API client. Each story gets its own (site.tsx
// installs it before the story renders and restores fetch after), and may make one route misbehave:
// no answer (`network`), an answer that never comes (`hold`), or a refusal.
//
// What it keeps of the real server: the envelope and the HTTP status of each code, the messages in
// the request's `Language` (the contract's), the validation and the order of the checks, one
// code per account and type per 60 s (429 with `retryAfter`), single-use 6-digit codes, tokens
// for the guarded routes (401 without one) and social sign-in answering 501 (no provider keys,
// as on a server where none are configured). What it leaves out: the per-IP limits, the lockout
// after 10 failed sign-ins, code expiry, the lock after 5 wrong codes, the cap of 50 follows and
// the 10,000 common passwords (a few stand in for them).
//
// The latest prices (`GET /api/coin/price?coinIds=1,2`) are the coins' quotes, or the `prices` a
// story gives for coins that moved since, from the `demo` data set unless it says otherwise; the
// limit of 100 ids is left out (the site asks for the coins a user follows).
//
// The monitoring calls (`GET /api/monitor/*`) go to the monitoring server the unit tests use
// (fakeMonitorServer.ts), behind the same token check and in the monitoring
// envelope `{ ok, msg, data }` (failures add `code`), as the reference API answers them.
//
// The assistant's calls (`GET /api/chat/list`, `POST /api/chat/clean`) and its realtime socket
// go to the chat server of fakeChat.ts (`api.chat`); today's hot coins and this week's hot
// sources (the onboarding robot's suggestions) are answered here from the story's coins and
// sources.
import {
  LOCALES,
  httpStatusOf,
  serverMessage,
  type OnboardingProgress,
  type RobotLineInput,
  type Coin,
  type CoinPrice,
  type FollowEntry,
  type ListPage,
  type Locale,
  type MarketSource,
  type MessageKey,
  type MonitorSource,
  type UserInfo,
} from '@coinlens/contract';
import { isMonitorPath } from '../data/client';
import { ApiError } from '../data/errors';
import { createFakeMonitorApi, type FakeMonitorApi, type FakeSource } from './fakeMonitorServer';
import { FakeChatServer, type FakeChatOptions } from './fakeChat';
import { ANA, COINS, QUOTED_AT, type FakeAccount, type MovedPrice } from './fixtures';

export type Method = 'GET' | 'POST' | 'PUT';
/**
 * A route as `METHOD /path`, e.g. `POST /api/auth/login/dologin`. A fault may name one query of
 * it, written as the site's client writes it (names sorted):
 * `GET /api/monitor/source/list?page=1&size=6&status=3`.
 */
export type RouteName = `${Method} /api/${string}`;
/** The `sendMessage` code types: 4 registers, 2 resets a password. */
export type CodeType = 2 | 4;

/** One request as the fake API received it. */
export interface FakeRequest {
  route: RouteName;
  query: URLSearchParams;
  /** The parsed JSON body, or undefined. */
  body: unknown;
  /** The `Language` header (en when missing or unknown, as on the server). */
  language: Locale;
  /** The bearer token sent, or null. */
  token: string | null;
}

/** How a route misbehaves in a story. */
export type Fault =
  /** The request never gets an answer (offline, DNS, a dropped connection): fetch rejects. */
  | 'network'
  /** The answer never comes (a slow server): the caller's loading state stays on screen. */
  | 'hold'
  /**
   * The answer waits until the story lets it through (`openGate(route)`), then comes as usual:
   * a story can check the page before the answer, however long opening it took.
   */
  | 'gate'
  /** The server refuses with this code (the HTTP status is the contract's for the code). */
  | { code: number; key: MessageKey; data?: Record<string, unknown> }
  /** The server answers as usual, this many milliseconds late. */
  | { delayMs: number };

export interface FakeApiOptions {
  /** The accounts that exist (Ana by default). */
  accounts?: FakeAccount[];
  /** The coin catalogue, by rank. */
  coins?: Coin[];
  /** The ids of the coins Ana follows, newest first. */
  follows?: number[];
  /**
   * The latest prices of the coins that moved since their quotes, by coin id (`GET
   * /api/coin/price`; the others answer their quote).
   */
  prices?: Record<number, MovedPrice>;
  /** Where the market numbers come from: `demo` (the API's bundled data set) by default. */
  marketSource?: MarketSource;
  /** Codes mailed before the story starts, which hold their 60 s cooldown. */
  recentCodes?: Array<{ account: string; type: CodeType; secondsAgo: number }>;
  /** The monitored sources there are, and the ids of those Ana follows (most recent first). */
  monitor?: { sources?: FakeSource[]; followed?: number[] };
  /** Ana's conversation with the assistant and the replies the story plans (fakeChat.ts). */
  chat?: FakeChatOptions;
  /** How far Ana got in the welcome onboarding, as the server keeps it (none by default). */
  onboarding?: OnboardingProgress;
  /** Routes that misbehave (until `heal`). */
  faults?: Partial<Record<RouteName, Fault>>;
  /** Milliseconds every answer takes (0 by default: the next task). */
  latencyMs?: number;
}

/** A mail the server sent: the verification code, as a user reads it in the inbox. */
export interface SentMail {
  to: string;
  type: CodeType;
  code: string;
}

/** One code per account and type per 60 s (the contract). */
export const CODE_COOLDOWN_S = 60;
/** The codes mailed, in turn: fixed, so that a story's screenshot is always the same. */
const CODES = ['482913', '730518', '615204', '908341'];
/** Stand-ins for the server's list of the 10,000 most common passwords. */
const COMMON_PASSWORDS = new Set([
  '123456',
  '12345678',
  '123456789',
  'password',
  'qwerty',
  '111111',
]);
/** The server's email rule (api/src/auth/rules.ts, the site's own rule). */
const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Tokens live 30 days. */
const TOKEN_LIFETIME_S = 30 * 24 * 3600;
/** The hot sources are the completed ones of the last 7 days (api/src/monitor/sources.ts). */
const HOT_SOURCE_DAYS = 7;

/** A handled refusal: the contract's code and the key of its message. */
class Refusal extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(key);
  }
}

interface Answer {
  status: number;
  body: unknown;
}

type Handler = (request: FakeRequest) => unknown;

type FieldKind = 'string' | 'number' | 'array';
type Fields<K extends Record<string, FieldKind>> = {
  [Name in keyof K]: K[Name] extends 'string'
    ? string
    : K[Name] extends 'number'
      ? number
      : unknown[];
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const characters = (value: string) => [...value].length;

function languageOf(header: string | undefined): Locale {
  const value = header?.trim().toLowerCase();
  return LOCALES.find((locale) => locale === value) ?? 'en';
}

function headerOf(headers: HeadersInit | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof Headers === 'function' && headers instanceof Headers) {
    return headers.get(name) ?? undefined;
  }
  const entries = Array.isArray(headers) ? headers : Object.entries(headers);
  return entries.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
}

/** What fetch resolves with; jsdom has no Response, and the site's client reads only these. */
function response({ status, body }: Answer): Response {
  const text = JSON.stringify(body);
  return {
    status,
    ok: status >= 200 && status < 300,
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  } as unknown as Response;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export class FakeApi {
  /** Every `/api/*` request, in order. */
  readonly requests: FakeRequest[] = [];
  /** Every mail sent, in order. */
  readonly outbox: SentMail[] = [];
  /** The assistant: Ana's conversation and the socket the page's chat store uses. */
  readonly chat: FakeChatServer;
  /** Ana's onboarding progress, as `GET /api/chat/onboarding` answers it. */
  onboarding: OnboardingProgress | null;

  private readonly accounts: FakeAccount[];
  private readonly coins: Coin[];
  private follows: FollowEntry[];
  private readonly prices: Record<number, MovedPrice>;
  private readonly marketSource: MarketSource;
  private readonly faults: Partial<Record<RouteName, Fault>>;
  private readonly monitorOptions: NonNullable<FakeApiOptions['monitor']>;
  private monitorServer: FakeMonitorApi | undefined;
  /** What ends each request held by a `hold` fault. */
  private readonly held = new Set<() => void>();
  /** What lets through the requests waiting at each route's `gate` fault. */
  private readonly gates = new Map<string, { passed: Promise<void>; open: () => void }>();
  /** Whether the story has ended (`close`): nothing is held any more. */
  private closed = false;
  /** Requests not yet answered, and when the last one was (performance.now() ms). */
  private inFlight = 0;
  private lastAnsweredAt = Number.NEGATIVE_INFINITY;
  private readonly latencyMs: number;
  /** Unspent codes by `type:account`, with when they were sent (ms). */
  private readonly codes = new Map<string, { code: string; sentAt: number }>();
  private readonly tokens = new Map<string, number>();
  private mailed = 0;
  private readonly routes: Record<RouteName, Handler>;

  constructor(options: FakeApiOptions = {}) {
    this.accounts = (options.accounts ?? [ANA]).map((account) => ({ ...account }));
    this.coins = options.coins ?? COINS;
    this.prices = options.prices ?? {};
    this.marketSource = options.marketSource ?? 'demo';
    this.faults = { ...options.faults };
    this.monitorOptions = options.monitor ?? {};
    this.latencyMs = options.latencyMs ?? 0;
    this.chat = new FakeChatServer(options.chat);
    this.onboarding = options.onboarding ?? null;
    this.follows = (options.follows ?? []).map((coinId, index) => ({
      coinId,
      coin: this.coinById(coinId),
      followedAt: QUOTED_AT - 3600 * (index + 1),
    }));
    for (const { account, type, secondsAgo } of options.recentCodes ?? []) {
      this.codes.set(`${type}:${account}`, {
        code: this.nextCode(),
        sentAt: Date.now() - secondsAgo * 1000,
      });
    }
    this.routes = {
      'POST /api/auth/base/sendMessage': (request) => this.sendMessage(request),
      'POST /api/auth/login/dologin': (request) => this.login(request),
      'POST /api/auth/login/register': (request) => this.register(request),
      'POST /api/auth/login/changePassword': (request) => this.changePassword(request),
      'POST /api/auth/login/google': () => {
        throw new Refusal(501, 'googleNotConfigured');
      },
      'POST /api/auth/login/twitterRedirectUrl': () => {
        throw new Refusal(501, 'xNotConfigured');
      },
      'POST /api/auth/login/twitter': () => {
        throw new Refusal(501, 'xNotConfigured');
      },
      'GET /api/user': (request) => this.userInfo(this.signedIn(request), ''),
      'POST /api/system/user/modify': (request) => this.modifyNickname(request),
      'GET /api/asset/list': (request) => this.searchCoins(request),
      'GET /api/follow/list': (request) => {
        this.signedIn(request);
        return this.follows;
      },
      'POST /api/follow/add': (request) => this.addFollows(request),
      'POST /api/follow/delete': (request) => this.removeFollow(request),
      'GET /api/asset/hot': (request) => this.hotCoins(request),
      'GET /api/coin/price': (request) => this.latestPrices(request),
      'GET /api/chat/list': (request) => {
        this.signedIn(request);
        return this.chat.history(
          Number(request.query.get('size') ?? 10),
          Number(request.query.get('oldestSeqNo') ?? -1),
        );
      },
      'POST /api/chat/clean': (request) => {
        this.signedIn(request);
        return this.chat.clean();
      },
      'POST /api/chat/robot': (request) => {
        this.signedIn(request);
        return this.chat.robotLine(request.body as RobotLineInput);
      },
      // The furthest progress is kept, as on the server: the onboarding only moves forward.
      'GET /api/chat/onboarding': (request) => {
        this.signedIn(request);
        return this.onboarding;
      },
      'PUT /api/chat/onboarding': (request) => {
        this.signedIn(request);
        const { progress } = request.body as { progress: OnboardingProgress };
        const stored = this.onboarding;
        if (!stored || progress.finished || (!stored.finished && progress.id >= stored.id)) {
          this.onboarding = progress;
        }
        return this.onboarding;
      },
    };
  }

  /** The fetch that answers `/api/*` and hands anything else to `fallback`. */
  handler(fallback: typeof fetch | undefined): typeof fetch {
    return async (input, init) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://storybook.local',
      );
      if (!url.pathname.startsWith('/api/')) {
        if (!fallback) throw new TypeError(`No fetch for ${url.href}`);
        return fallback(input, init);
      }
      const method = (init?.method ?? 'GET').toUpperCase() as Method;
      const route = `${method} ${url.pathname}` as RouteName;
      const authorization = headerOf(init?.headers, 'authorization');
      const request: FakeRequest = {
        route,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        language: languageOf(headerOf(init?.headers, 'language')),
        token: authorization?.replace(/^Bearer\s+/i, '') || null,
      };
      this.requests.push(request);
      this.inFlight += 1;
      try {
        return await this.reply(request, url, init?.signal ?? undefined);
      } finally {
        this.inFlight -= 1;
        this.lastAnsweredAt = performance.now();
      }
    };
  }

  private async reply(
    request: FakeRequest,
    url: URL,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    const { route } = request;
    await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (signal?.aborted) throw abortError(signal);
    // A fault for the route with this query string wins over one for the route.
    const withQuery = `${route}${url.search}` as RouteName;
    const faultKey = this.faults[withQuery] === undefined ? route : withQuery;
    const fault = this.faults[faultKey];
    if (fault === 'network') throw new TypeError('Failed to fetch');
    if (fault === 'hold') {
      // A request that reaches this point after the story ended (its latency outlived `close`)
      // would be held for good, and the app's cache would hand it to the next story.
      if (this.closed) throw new TypeError('Failed to fetch');
      // Settles only when the caller gives up (its own abort, or the client's time limit), or
      // when the story ends (`close`).
      return new Promise<Response>((_resolve, reject) => {
        const hangUp = () => reject(new TypeError('Failed to fetch'));
        this.held.add(hangUp);
        signal?.addEventListener(
          'abort',
          () => {
            this.held.delete(hangUp);
            reject(abortError(signal));
          },
          { once: true },
        );
      });
    }
    if (fault === 'gate') {
      // After the story ended nothing opens it: the request goes through at once.
      if (!this.closed) await this.gateOf(faultKey).passed;
    } else if (fault && 'delayMs' in fault) {
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    } else if (fault) {
      return response(this.failure(request, new Refusal(fault.code, fault.key, fault.data)));
    }
    return response(
      isMonitorPath(url.pathname) ? await this.monitorAnswer(request) : this.answer(request),
    );
  }

  /**
   * Ends the requests still held, as a connection drops when the page is left: nothing waits
   * for them into the next story (the app's cache would hand a new request of the same resource
   * the old one, still pending).
   */
  close(): void {
    this.closed = true;
    for (const hangUp of this.held) hangUp();
    this.held.clear();
    for (const gate of this.gates.values()) gate.open();
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
      const wait = this.inFlight > 0 ? quietMs : this.lastAnsweredAt + quietMs - now;
      if (wait <= 0 || now >= until) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, until - now)));
    }
  }

  /** Replaces the global fetch; returns what puts the previous one back. */
  install(): () => void {
    const previous = globalThis.fetch as typeof fetch | undefined;
    globalThis.fetch = this.handler(previous?.bind(globalThis));
    return () => {
      globalThis.fetch = previous as typeof fetch;
    };
  }

  /** The requests to `route` so far. */
  calls(route: RouteName): FakeRequest[] {
    return this.requests.filter((request) => request.route === route);
  }

  /** The last code mailed to `account` (what the user reads in the mail). */
  lastCode(account: string): string {
    const mail = this.outbox.filter((sent) => sent.to === account).at(-1);
    if (!mail) throw new Error(`No code was mailed to ${account}`);
    return mail.code;
  }

  /** A token the server accepts for `account`, as sign-in would have issued it. */
  tokenFor(account: FakeAccount): string {
    return this.issueToken(account);
  }

  /** The ids of the coins Ana follows, newest first. */
  followedIds(): number[] {
    return this.follows.map((entry) => entry.coinId);
  }

  /** Makes `route` behave again (the server is back): the next request is answered as usual. */
  heal(route: RouteName): void {
    delete this.faults[route];
  }

  /**
   * Lets the requests waiting at `route`'s `gate` fault through, and the later ones too (`route`
   * as the fault names it, with its query string if it has one).
   */
  openGate(route: RouteName): void {
    this.gateOf(route).open();
  }

  private gateOf(route: string) {
    let gate = this.gates.get(route);
    if (!gate) {
      let open = () => {};
      const passed = new Promise<void>((resolve) => (open = resolve));
      gate = { passed, open };
      this.gates.set(route, gate);
    }
    return gate;
  }

  /**
   * The monitoring server: its sources, Ana's list (`followedIds()`, `readLineId(id)`). Made on
   * first use, so that its clock is the story's (site.tsx sets it after the fake API is made).
   */
  get monitor(): FakeMonitorApi {
    this.monitorServer ??= createFakeMonitorApi({
      sources: this.monitorOptions.sources,
      followed: this.monitorOptions.followed,
      // The token is checked before a request reaches it.
      signedIn: () => true,
      now: () => Date.now(),
    });
    return this.monitorServer;
  }

  private async monitorAnswer(request: FakeRequest): Promise<Answer> {
    const path = request.route.slice(request.route.indexOf(' ') + 1);
    const query = request.query.toString();
    try {
      // The monitoring plugin has only GET routes; the user's list needs a user.
      if (!request.route.startsWith('GET ')) throw new Refusal(404, 'notFound');
      if (path.startsWith('/api/monitor/user/')) this.signedIn(request);
      if (path === '/api/monitor/source/hot') {
        return { status: 200, body: { ok: true, msg: '', data: this.hotSources(request) } };
      }
      const server = this.monitor;
      server.setLanguage(request.language);
      const data = await server.monitorGet<unknown>(query ? `${path}?${query}` : path);
      return { status: 200, body: { ok: true, msg: '', data } };
    } catch (error) {
      if (error instanceof Refusal) return this.failure(request, error);
      if (error instanceof ApiError) {
        return {
          status: error.status,
          body: { ok: false, code: error.code, msg: error.msg, data: error.data },
        };
      }
      return this.failure(request, new Refusal(500, 'internal'));
    }
  }

  private answer(request: FakeRequest): Answer {
    const route = this.routes[request.route];
    // An address the server does not know: code 404 in an HTTP 404 (the server answers itself).
    if (!route) return this.failure(request, new Refusal(404, 'notFound'), 404);
    try {
      return {
        status: 200,
        body: {
          code: 200,
          msg: serverMessage('ok', request.language),
          data: route(request) ?? null,
        },
      };
    } catch (error) {
      if (error instanceof Refusal) return this.failure(request, error);
      return this.failure(request, new Refusal(500, 'internal'));
    }
  }

  private failure(request: FakeRequest, refusal: Refusal, status?: number): Answer {
    const failed = {
      code: refusal.code,
      msg: serverMessage(refusal.key, request.language),
      data: refusal.data,
    };
    const path = request.route.slice(request.route.indexOf(' ') + 1);
    return {
      status: status ?? httpStatusOf(refusal.code),
      // The monitoring routes' failures, the server's own included, carry `ok: false`.
      body: isMonitorPath(path) ? { ok: false, ...failed } : failed,
    };
  }

  /** The body's fields, checked as the route's schema checks them. */
  private body<const K extends Record<string, FieldKind>>(
    request: FakeRequest,
    fields: K,
  ): Fields<K> {
    const { body } = request;
    const valid =
      isRecord(body) &&
      Object.entries(fields).every(([name, kind]) =>
        kind === 'array' ? Array.isArray(body[name]) : typeof body[name] === kind,
      );
    // A body of the wrong shape is the site's bug: HTTP 400, which sends the page to /400/.
    if (!valid) throw new Refusal(400, 'badRequest');
    return body as Fields<K>;
  }

  private account(raw: string): string {
    const account = raw.trim().toLowerCase();
    if (account.length > 254 || !EMAIL_PATTERN.test(account))
      throw new Refusal(422, 'emailInvalid');
    return account;
  }

  private checkPassword(password: string, { isNew }: { isNew: boolean }): void {
    const length = characters(password);
    if (length < 6 || length > 128) throw new Refusal(422, 'passwordLength');
    if (isNew && COMMON_PASSWORDS.has(password.toLowerCase())) {
      throw new Refusal(422, 'passwordCommon');
    }
  }

  private findAccount(account: string): FakeAccount | undefined {
    return this.accounts.find((entry) => entry.account === account);
  }

  private nextCode(): string {
    const code = CODES[this.mailed % CODES.length] ?? '000000';
    this.mailed += 1;
    return code;
  }

  private issueToken(account: FakeAccount): string {
    const token = `story-token-${account.id}-${this.tokens.size + 1}`;
    this.tokens.set(token, account.id);
    return token;
  }

  private userInfo(account: FakeAccount, token: string, times = 0): UserInfo {
    return {
      id: account.id,
      account: account.account,
      nickname: account.nickname,
      avatar: account.avatar,
      times,
      tokenInfo: {
        tokenName: 'Authorization',
        tokenValue: token,
        expiresAt: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_S,
      },
    };
  }

  private signedIn(request: FakeRequest): FakeAccount {
    const id = request.token === null ? undefined : this.tokens.get(request.token);
    const account = this.accounts.find((entry) => entry.id === id);
    if (!account) throw new Refusal(401, 'unauthorized');
    return account;
  }

  /** Spends the code of `type` for `account`; the contract's 403 when it is not the one. */
  private spendCode(account: string, type: CodeType, captcha: string): void {
    const key = `${type}:${account}`;
    if (this.codes.get(key)?.code !== captcha) throw new Refusal(403, 'codeWrong');
    this.codes.delete(key);
  }

  private sendMessage(request: FakeRequest): null {
    const body = this.body(request, { account: 'string', type: 'number' });
    const type: unknown = body.type;
    if (type !== 2 && type !== 4) throw new Refusal(400, 'badRequest');
    const account = this.account(body.account);
    const user = this.findAccount(account);
    if (type === 4 && user) throw new Refusal(409, 'alreadyRegistered');
    const key = `${type}:${account}`;
    const previous = this.codes.get(key);
    const waitMs = previous ? previous.sentAt + CODE_COOLDOWN_S * 1000 - Date.now() : 0;
    if (waitMs > 0) {
      throw new Refusal(429, 'codeCooldown', {
        retryAfter: Math.ceil(waitMs / 1000),
        codeSent: true,
      });
    }
    const code = this.nextCode();
    this.codes.set(key, { code, sentAt: Date.now() });
    // A reset code for an address without an account answers the same, and is not mailed.
    if (type === 2 && !user) return null;
    this.outbox.push({ to: account, type, code });
    return null;
  }

  private login(request: FakeRequest): UserInfo {
    const body = this.body(request, { account: 'string', passwd: 'string' });
    const account = this.account(body.account);
    this.checkPassword(body.passwd, { isNew: false });
    const user = this.findAccount(account);
    if (!user || user.password !== body.passwd) throw new Refusal(403, 'wrongCredentials');
    return this.userInfo(user, this.issueToken(user), 0);
  }

  private register(request: FakeRequest): UserInfo {
    const body = this.body(request, { account: 'string', passwd: 'string', captcha: 'string' });
    const account = this.account(body.account);
    this.checkPassword(body.passwd, { isNew: true });
    if (this.findAccount(account)) throw new Refusal(409, 'alreadyRegistered');
    this.spendCode(account, 4, body.captcha);
    const user: FakeAccount = {
      id: Math.max(0, ...this.accounts.map((entry) => entry.id)) + 1,
      account,
      password: body.passwd,
      nickname: [...account.slice(0, account.lastIndexOf('@'))].slice(0, 32).join(''),
      avatar: null,
    };
    this.accounts.push(user);
    return this.userInfo(user, this.issueToken(user), 1);
  }

  private changePassword(request: FakeRequest): null {
    const body = this.body(request, { account: 'string', passwd: 'string', captcha: 'string' });
    const account = this.account(body.account);
    this.checkPassword(body.passwd, { isNew: true });
    const user = this.findAccount(account);
    if (!user) throw new Refusal(403, 'codeWrong');
    this.spendCode(account, 2, body.captcha);
    user.password = body.passwd;
    return null;
  }

  private modifyNickname(request: FakeRequest): UserInfo {
    const user = this.signedIn(request);
    const body = this.body(request, { nickname: 'string' });
    const nickname = String(body.nickname).trim();
    const length = characters(nickname);
    if (length < 3 || length > 32 || /\p{Cc}/u.test(nickname)) {
      throw new Refusal(422, 'nicknameLength');
    }
    user.nickname = nickname;
    return this.userInfo(user, '');
  }

  private coinById(id: number): Coin {
    const found = this.coins.find((entry) => entry.id === id);
    if (!found) throw new Refusal(404, 'coinNotFound');
    return found;
  }

  private searchCoins(request: FakeRequest): ListPage<Coin> {
    const keyword = (request.query.get('keyword') ?? '').normalize('NFKC').trim().toLowerCase();
    const page = Number(request.query.get('page') ?? 1);
    const size = Number(request.query.get('size') ?? 20);
    // Exact symbol or name first, then prefixes, then anywhere (the server's tiers).
    const tier = (entry: Coin): number | null => {
      const name = entry.name.toLowerCase();
      const symbol = entry.symbol.toLowerCase();
      if (keyword === '') return 0;
      if (symbol === keyword || name === keyword) return 0;
      if (symbol.startsWith(keyword) || name.startsWith(keyword)) return 1;
      if (name.split(/\s+/).some((word) => word.startsWith(keyword))) return 2;
      if (name.includes(keyword) || symbol.includes(keyword)) return 3;
      return null;
    };
    const matches = this.coins
      .map((entry) => ({ entry, tier: tier(entry) }))
      .filter((match): match is { entry: Coin; tier: number } => match.tier !== null)
      .sort((a, b) => a.tier - b.tier || a.entry.rank - b.entry.rank)
      .map((match) => match.entry);
    return {
      records: matches.slice((page - 1) * size, page * size),
      page,
      size,
      total: matches.length,
      has_next: page * size < matches.length,
    };
  }

  /** The biggest movers over 24 h, up or down (the site always asks for 1 to 20). */
  private hotCoins(request: FakeRequest): Coin[] {
    const size = Number(request.query.get('size') ?? 5);
    return [...this.coins]
      .sort(
        (a, b) =>
          Math.abs(b.quotes.percentChange24h) - Math.abs(a.quotes.percentChange24h) ||
          a.rank - b.rank,
      )
      .slice(0, size);
  }

  /**
   * The latest price of each distinct id of `coinIds` (`1,2,3`), in the order asked: 400 when
   * the list is not whole numbers separated by commas, 404 when an id is unknown (the server's
   * checks).
   */
  private latestPrices(request: FakeRequest): CoinPrice[] {
    const ids = (request.query.get('coinIds') ?? '').split(',').map((part) => part.trim());
    if (ids.some((id) => !/^\d{1,9}$/.test(id))) throw new Refusal(400, 'badRequest');
    return [...new Set(ids.map(Number))].map((id) => {
      const { quotes } = this.coinById(id);
      const moved = this.prices[id];
      return {
        coinId: id,
        price: moved?.price ?? quotes.price,
        percentChange24h: moved?.percentChange24h ?? quotes.percentChange24h,
        updatedAt: quotes.updatedAt,
        source: this.marketSource,
      };
    });
  }

  /** The completed sources of the last 7 days, most heat first (1 to 20 of them). */
  private hotSources(request: FakeRequest): MonitorSource[] {
    const size = Number(request.query.get('size') ?? 5);
    const since = Date.now() / 1000 - HOT_SOURCE_DAYS * 86_400;
    return (this.monitorOptions.sources ?? [])
      .filter((source) => source.status === 5 && source.time >= since)
      .sort((a, b) => b.heat - a.heat || b.id - a.id)
      .slice(0, size)
      .map(({ id, logo, author, title, status, time, heat, link }) => ({
        id,
        logo,
        author,
        title,
        status,
        time,
        heat,
        link,
      }));
  }

  private addFollows(request: FakeRequest): FollowEntry[] {
    this.signedIn(request);
    const body = this.body(request, { coinIds: 'array' });
    const { coinIds } = body;
    if (coinIds.length < 1 || coinIds.length > 5) throw new Refusal(422, 'followCount');
    const wanted = [...new Set(coinIds.map(Number))];
    const coins = wanted.map((id) => this.coinById(id));
    const followed = new Set(this.followedIds());
    const now = Math.floor(Date.now() / 1000);
    // The first coin of the call shows first in the newest-first list.
    const fresh = coins
      .filter((entry) => !followed.has(entry.id))
      .map((entry) => ({ coinId: entry.id, coin: entry, followedAt: now }));
    this.follows = [...fresh, ...this.follows];
    return this.follows;
  }

  private removeFollow(request: FakeRequest): FollowEntry[] {
    this.signedIn(request);
    const body = this.body(request, { coinId: 'number' });
    this.coinById(body.coinId);
    this.follows = this.follows.filter((entry) => entry.coinId !== body.coinId);
    return this.follows;
  }
}
