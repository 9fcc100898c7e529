import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from './auth/clock.js';
import type { SocialSettings } from './auth/oauth.js';
import { Operators } from './auth/operators.js';
import type { HashQueue } from './auth/passwords.js';
import { Changes } from './changes.js';
import type { DatabaseHandle } from './db/client.js';
import { registerEnvelopeHandlers, sendApiNotFound } from './envelope.js';
import { createMailer, type MailSettings } from './mail/index.js';
import { apiPolicy } from './plugins/api-policy.js';
import { createAssistantData } from './chat/data.js';
import { OnboardingStore } from './chat/onboarding.js';
import { createAssistant } from './chat/openai.js';
import { InAppAlerts } from './alerts/deliver.js';
import { AlertEvaluator } from './alerts/evaluate.js';
import { AlertMailJob, AlertMailSettings } from './alerts/mail.js';
import { AlertService } from './alerts/service.js';
import {
  defaultVapidSubject,
  PushAlerts,
  PushSubscriptions,
  VapidKeyStore,
  type VapidSettings,
} from './alerts/push.js';
import { AlertWebhookJob, AlertWebhookSettings } from './alerts/webhook.js';
import { FeedPoller } from './feeds/poller.js';
import { FeedStates } from './feeds/states.js';
import type { FeedSettings } from './feeds/settings.js';
import { FetchGuard } from './net/guard.js';
import { attachRealtime } from './chat/realtime.js';
import { ChatService, type ReplyTimers } from './chat/service.js';
import { ChatStore } from './chat/store.js';
import type { Assistant } from './chat/types.js';
import { CoinCatalog } from './market/catalog.js';
import { createCoinGeckoProvider, type CoinGeckoSettings } from './market/coingecko.js';
import { FollowService } from './market/follows.js';
import { MarketOverview } from './market/overview.js';
import { ReportService } from './market/reports.js';
import { createSnapshotProvider } from './market/snapshot.js';
import type { MarketProvider } from './market/types.js';
import { SourceLifecycle } from './monitor/lifecycle.js';
import { seedDemoSources } from './monitor/seed.js';
import { MonitorService } from './monitor/sources.js';
import { createSummarizer } from './monitor/summarizer.js';
import type { Summarizer } from './monitor/types.js';
import { alertRoutes } from './plugins/alerts/index.js';
import { createJobRunner, type JobRunnerSettings } from './jobs/index.js';
import { auth } from './plugins/auth/index.js';
import { chat } from './plugins/chat/index.js';
import { coins } from './plugins/coins/index.js';
import { market as marketRoutes } from './plugins/market/index.js';
import { monitor } from './plugins/monitor/index.js';
import { docs } from './plugins/docs.js';
import { healthRoutes } from './plugins/health.js';
import { siteRoutes } from './plugins/site.js';
import type { SiteRules } from './site-rules.js';
import { validatorCompiler } from './validation.js';

export interface AppOptions {
  database: DatabaseHandle;
  /** A built static site to serve on the same origin, or null for the API alone. */
  siteDir?: string | null;
  /**
   * The site's device redirect and security headers for its pages (see SITE_RULES), or null to
   * serve the site's files as they are.
   */
  siteRules?: SiteRules | null;
  /** pino log level, or false for no log. */
  logLevel?: string | false;
  version?: string;
  /** The time (ms) behind code, lock and token expiry; tests pass one they can move. Default: real. */
  clock?: Clock;
  /** Where verification mails go: SMTP, else `<dataDir>/outbox.jsonl`; unset: only logged. */
  mail?: MailSettings;
  /** log2 of scrypt's N for new password hashes (default 15); tests may lower it to run fast. */
  passwordCost?: number;
  /** Admission to password hashing (default: a hash per core but one, and a short queue). */
  hashQueue?: HashQueue;
  /** Exact origins allowed to call the API cross-origin (CORS_ORIGINS); default none. */
  corsOrigins?: string[];
  /** Google and X sign-in (GOOGLE_CLIENT_ID, X_CLIENT_ID ...); default: neither (code 501). */
  social?: SocialSettings;
  /**
   * Market data: a provider (tests), or settings (MARKET_PROVIDER, COINGECKO_*). Default: the
   * bundled demo data set on `clock`.
   */
  market?: MarketProvider | CoinGeckoSettings;
  /**
   * What summarises transcripts: a summarizer (tests), or an OpenAI-compatible endpoint
   * (ASSISTANT_*), falling back to the built-in extractive one. Default: the extractive one.
   */
  summarizer?: Summarizer | AssistantSettings | null;
  /** Writes the bundled demo sources on a database's first start (DEMO_SOURCES); default true. */
  demoSources?: boolean;
  /**
   * Between two ticks of the source lifecycle in ms (default 15 000); false for none, so that a
   * test ticks it by hand (`app.lifecycle.tick()`).
   */
  lifecycleIntervalMs?: number | false;
  /**
   * Between two evaluations of the alerts in ms (default: the market provider's refresh); false
   * for none, so that a test evaluates by hand (`app.alertEvaluator.evaluate()`).
   */
  alertIntervalMs?: number | false;
  /**
   * Between two runs of the alert mail job in ms (default 15 000); false for none, so that a test
   * runs it by hand (`app.alertMail.run()`).
   */
  alertMailIntervalMs?: number | false;
  /**
   * Between two runs of the alert webhook job in ms (default 10 000); false for none, so that a
   * test runs it by hand (`app.alertWebhooks.run()`).
   */
  alertWebhookIntervalMs?: number | false;
  /** How long an alert webhook post waits for its receiver, in ms (default 10 000). */
  alertWebhookTimeoutMs?: number;
  /**
   * The server's own requests (alert webhooks, feeds) may go to private and other special
   * addresses (ALLOW_PRIVATE_FETCH), and to http:// ones: for tests and development only.
   * Default false.
   */
  allowPrivateFetch?: boolean;
  /** The Web Push keys (VAPID_*); unset: a pair made once and kept in the database. */
  vapid?: VapidSettings;
  /** The site's public origin (SITE_URL), for the links in alert mails; default localhost:8000. */
  siteUrl?: string | null;
  /** The API's public origin (PUBLIC_API_URL), for unsubscribe links; default `siteUrl`. */
  apiUrl?: string | null;
  /**
   * Who answers in the chat: an assistant (tests), else an OpenAI-compatible endpoint
   * (ASSISTANT_*: `assistantEndpoint`), else the built-in, data-grounded analyst.
   */
  assistant?: Assistant;
  assistantEndpoint?: AssistantSettings | null;
  /** The timers of the chat's reply time-out (tests: fake ones); default the real ones. */
  chatTimers?: ReplyTimers;
  /** Redis (REDIS_URL) between several API processes for socket.io; unset: one process. */
  redisUrl?: string | null;
  /**
   * Where the repeating jobs run (src/jobs): BullMQ on `redisUrl`, else pg-boss on
   * `databaseUrl`; unset, in this process.
   */
  jobs?: JobRunnerSettings;
  /** The feeds read into monitored sources (FEEDS, FEEDS_REFRESH_MINUTES); default none. */
  feeds?: FeedSettings;
  /**
   * Between two runs of the feed poll job in ms (default 60 000; each feed is read when it is
   * due); false for none, so that a test runs it by hand (`app.feeds.run()`).
   */
  feedIntervalMs?: number | false;
  /** How long a feed or transcript request may take, in ms (default 15 000). */
  feedTimeoutMs?: number;
  /** The most read of a feed or transcript, in bytes (default 5 MiB). */
  feedMaxBytes?: number;
  /** OPERATOR_EMAILS: the accounts that may see the feeds' state; default none. */
  operatorEmails?: readonly string[];
}

type AssistantSettings = NonNullable<Parameters<typeof createSummarizer>[0]['assistant']>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The coins the API knows (ids, search, quotes). */
    catalog: CoinCatalog;
    /** Moves monitored sources along on the clock. */
    lifecycle: SourceLifecycle;
    /** Evaluates every active alert once: what fired. */
    alertEvaluator: AlertEvaluator;
    /** Mails the alerts that fired, as each user chose (also run every 15 s): the mails sent. */
    alertMail: AlertMailJob;
    /** Posts the alerts that fired to their users' webhooks (also run every 10 s): posts taken. */
    alertWebhooks: AlertWebhookJob;
    /** Pushes what fired to the browsers that turned notifications on (src/alerts/push.ts). */
    alertPush: PushAlerts;
    /** The server's requests to addresses users give: public addresses only (src/net/guard.ts). */
    fetchGuard: FetchGuard;
    /** Reads the operator's feeds into monitored sources (also run every minute): what it read. */
    feeds: FeedPoller;
    /** Disconnects the chat sockets whose token expired (also run every minute). */
    sweepExpiredSockets(): Promise<void>;
  }
}

function isProvider(value: MarketProvider | CoinGeckoSettings): value is MarketProvider {
  return typeof (value as MarketProvider).coins === 'function';
}

function isSummarizer(value: Summarizer | AssistantSettings): value is Summarizer {
  return typeof (value as Summarizer).summarize === 'function';
}

/** Locale path prefixes of the site (English has none). */
export const SITE_LOCALE_PREFIXES = ['zh', 'pt-br'] as const;

// Every answer's baseline; with site rules, HTML answers get the site's own list on top.
const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Builds the server: API routes, envelope handling and, when given, the static site. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel === false ? false : { level: options.logLevel ?? 'info' },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    // A request Node cannot parse (headers past its 16 KB limit, a broken request line) never
    // reaches a route: answer it with the contract's envelope too. Its Language is unknown.
    clientErrorHandler(error, socket) {
      if (!socket.writable) return;
      const tooLarge = (error as NodeJS.ErrnoException).code === 'HPE_HEADER_OVERFLOW';
      const body = JSON.stringify({
        code: 400,
        msg: tooLarge ? 'The request headers are too large' : 'The request is malformed',
        data: null,
      });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  app.addHook('onSend', async (request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    // API answers are personal or change by the second; the few that may be cached (coin logos)
    // say so themselves.
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // Error mapping must cover every plugin's routes, so it is installed at the root.
  await app.register(
    fp(async (root) => {
      registerEnvelopeHandlers(root);
    }),
  );
  // Both before the route plugins: their onRoute hooks only see routes added after them.
  await app.register(apiPolicy, { corsOrigins: options.corsOrigins ?? [] });
  await app.register(docs, { version: options.version ?? '0.0.0' });
  await app.register(healthRoutes, {
    database: options.database,
    version: options.version ?? '0.0.0',
  });
  // One process on PGlite (its data directory is locked), or several that share Redis: either way
  // every process hears each change, so signed-in reads can be kept in memory (cache.ts).
  const changes = new Changes(app.log.child({ module: 'changes' }));
  if (options.redisUrl) {
    await changes.connect(options.redisUrl);
    app.addHook('onClose', async () => changes.close());
  }
  const cached = options.database.driver === 'pglite' || changes.shared;
  const operators = new Operators(options.operatorEmails);
  await app.register(auth, {
    operators,
    changes,
    tokenCache: cached,
    database: options.database,
    clock: options.clock,
    mail: options.mail,
    passwordCost: options.passwordCost,
    hashQueue: options.hashQueue,
    social: options.social,
  });

  const clock = options.clock ?? systemClock;
  const { db } = options.database;
  const market = options.market;
  const provider: MarketProvider =
    market && isProvider(market)
      ? market
      : market?.provider === 'coingecko'
        ? createCoinGeckoProvider({
            baseUrl: market.baseUrl,
            apiKey: market.apiKey,
            refreshIntervalMs: market.refreshIntervalMs,
            clock,
            log: app.log.child({ module: 'coingecko' }),
          })
        : createSnapshotProvider({ clock });
  const summarizer =
    options.summarizer && isSummarizer(options.summarizer)
      ? options.summarizer
      : createSummarizer({ assistant: options.summarizer ?? null, log: app.log });
  const catalog = new CoinCatalog(db, provider);
  const monitorService = new MonitorService(db, catalog, clock, changes, { cache: cached });
  const lifecycle = new SourceLifecycle({
    db,
    clock,
    summarizer,
    catalog,
    log: app.log.child({ module: 'sources' }),
    changes,
    intervalMs: options.lifecycleIntervalMs === false ? undefined : options.lifecycleIntervalMs,
  });
  app.decorate('catalog', catalog);
  app.decorate('lifecycle', lifecycle);
  app.addHook('onReady', async () => {
    await provider.start();
    // A database that fails here still lets the server answer (health says 503); the coins
    // sync on the first request that needs them, the demo sources on the next start.
    try {
      await catalog.ready();
      if (options.demoSources ?? true) {
        const written = await seedDemoSources(db, clock);
        if (written) {
          app.log.info(written, 'demo sources written');
          changes.publish({ kind: 'sources' });
        }
      }
    } catch (error) {
      app.log.error({ err: error }, 'could not prepare the coins and demo sources');
    }
    if (options.lifecycleIntervalMs !== false) lifecycle.start();
  });
  const follows = new FollowService(db, catalog, clock, changes, { cache: cached });
  const reports = new ReportService(catalog, clock, (coinId) => monitorService.related(coinId));
  await app.register(coins, { catalog, follows, reports });
  await app.register(marketRoutes, { catalog, overview: new MarketOverview(catalog, clock) });
  await app.register(monitor, {
    service: monitorService,
    feeds: new FeedStates(db, options.feeds?.rules),
    operators,
  });
  const alertService = new AlertService(db, catalog, clock);
  const siteUrl = options.siteUrl ?? 'http://localhost:8000';
  const alertMailSettings = new AlertMailSettings(db, clock);
  const fetchGuard = new FetchGuard({ allowPrivate: options.allowPrivateFetch ?? false });
  if (options.allowPrivateFetch) {
    app.log.warn(
      'ALLOW_PRIVATE_FETCH is set: webhooks and feeds may reach private addresses (tests only)',
    );
  }
  app.decorate('fetchGuard', fetchGuard);
  const vapidKeys = new VapidKeyStore(
    db,
    options.vapid ?? { publicKey: null, privateKey: null, subject: null },
    defaultVapidSubject(siteUrl, options.mail?.from ?? null),
    clock,
  );
  const pushSubscriptions = new PushSubscriptions(db, clock, fetchGuard, vapidKeys);
  const pushAlerts = new PushAlerts({
    db,
    keys: vapidKeys,
    guard: fetchGuard,
    siteUrl,
    log: app.log.child({ module: 'alert-push' }),
  });
  app.decorate('alertPush', pushAlerts);
  // The pushes under way end before the guard's connections and the database close.
  app.addHook('onClose', async () => pushAlerts.close());
  app.addHook('onClose', async () => fetchGuard.close());
  const alertWebhookSettings = new AlertWebhookSettings(db, clock, fetchGuard);
  await app.register(alertRoutes, {
    service: alertService,
    mail: alertMailSettings,
    webhooks: alertWebhookSettings,
    push: pushSubscriptions,
    siteUrl,
  });
  const alertMailer = createMailer(options.mail ?? {}, app.log.child({ module: 'mail' }), clock);
  app.addHook('onClose', async () => alertMailer.close());
  const alertMail = new AlertMailJob({
    db,
    mailer: alertMailer,
    clock,
    log: app.log.child({ module: 'alert-mail' }),
    siteUrl,
    apiUrl: options.apiUrl ?? siteUrl,
  });
  app.decorate('alertMail', alertMail);
  const alertWebhooks = new AlertWebhookJob({
    db,
    guard: fetchGuard,
    clock,
    log: app.log.child({ module: 'alert-webhook' }),
    siteUrl,
    ...(options.alertWebhookTimeoutMs ? { timeoutMs: options.alertWebhookTimeoutMs } : {}),
  });
  app.decorate('alertWebhooks', alertWebhooks);
  const alertEvaluator = new AlertEvaluator(db, catalog, reports, clock);
  app.decorate('alertEvaluator', alertEvaluator);
  const jobs = await createJobRunner(options.jobs ?? {}, app.log.child({ module: 'jobs' }));

  const chatStore = new ChatStore(db, clock, changes, { cache: cached });
  let chatService: ChatService | null = null;
  const realtime = await attachRealtime(app, {
    corsOrigins: options.corsOrigins ?? [],
    redisUrl: options.redisUrl ?? null,
    authenticate: (token) => app.authenticate(token),
    changes,
    clock,
    service: () => chatService!,
  });
  chatService = new ChatService({
    store: chatStore,
    assistant:
      options.assistant ?? createAssistant({ assistant: options.assistantEndpoint ?? null }),
    dataFor: (userId) =>
      createAssistantData(userId, {
        catalog,
        reports,
        follows,
        monitor: monitorService,
        clock,
        alerts: { service: alertService, mail: alertMailSettings },
      }),
    transport: realtime.transport,
    clock,
    ...(options.chatTimers ? { timers: options.chatTimers } : {}),
    log: app.log.child({ module: 'chat' }),
  });
  const service = chatService;
  app.decorate('sweepExpiredSockets', realtime.sweepExpired);
  // The alerts are evaluated once per refresh of the market figures, and what fired reaches its
  // user's tabs at once.
  const inApp = new InAppAlerts(alertService, realtime.notify);
  app.addHook('onReady', async () => {
    if (options.alertIntervalMs === false) return;
    await jobs.every({
      name: 'alerts.evaluate',
      everyMs: options.alertIntervalMs ?? provider.status().refreshSeconds * 1000,
      run: async () => {
        const fired = await alertEvaluator.evaluate();
        if (fired.length === 0) return;
        app.log.info({ fired: fired.length }, 'alerts fired');
        await inApp.deliver(fired);
        void pushAlerts.send(fired.map(({ event }) => ({ id: event.id, userId: event.userId })));
      },
    });
  });
  // The mails of what fired go out from a queue written with each firing; the job is safe to run
  // in several processes at once.
  app.addHook('onReady', async () => {
    if (options.alertMailIntervalMs === false) return;
    await jobs.every({
      name: 'alerts.mail',
      everyMs: options.alertMailIntervalMs ?? 15_000,
      run: async () => {
        await alertMail.run();
      },
    });
  });
  // The webhook posts of what fired, from their own queue, as the mails.
  app.addHook('onReady', async () => {
    if (options.alertWebhookIntervalMs === false) return;
    await jobs.every({
      name: 'alerts.webhook',
      everyMs: options.alertWebhookIntervalMs ?? 10_000,
      run: async () => {
        await alertWebhooks.run();
      },
    });
  });
  // The operator's feeds, read into monitored sources when each is due; the job is safe to run in
  // several processes at once (a feed is claimed before it is read).
  const feedPoller = new FeedPoller({
    db,
    guard: fetchGuard,
    clock,
    log: app.log.child({ module: 'feeds' }),
    changes,
    refreshMinutes: options.feeds?.refreshMinutes,
    timeoutMs: options.feedTimeoutMs,
    maxBytes: options.feedMaxBytes,
    rules: options.feeds?.rules,
  });
  app.decorate('feeds', feedPoller);
  app.addHook('onReady', async () => {
    try {
      await feedPoller.sync(options.feeds?.urls ?? []);
    } catch (error) {
      app.log.error({ err: error }, 'could not record the configured feeds');
    }
    if (options.feedIntervalMs === false) return;
    await jobs.every({
      name: 'feeds.poll',
      everyMs: options.feedIntervalMs ?? 60_000,
      run: async () => {
        await feedPoller.run();
      },
    });
  });
  // Before the database closes (server.ts adds that hook after this one): replies write their
  // end, the lifecycle finishes its tick.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await service.stop();
    await lifecycle.stop();
    await provider.stop();
  });
  await app.register(chat, {
    store: chatStore,
    onboarding: new OnboardingStore(db, clock),
    transport: realtime.transport,
    clock,
  });

  if (options.siteDir) {
    await app.register(fp(siteRoutes), {
      root: options.siteDir,
      localePrefixes: SITE_LOCALE_PREFIXES,
      rules: options.siteRules ?? null,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || !app.sendSiteNotFound) return sendApiNotFound(request, reply);
    return app.sendSiteNotFound(request, reply);
  });

  return app;
}
