import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.js';
import type { ServerConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { loadSiteRules } from './site-rules.js';

const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

export interface RunningServer {
  app: FastifyInstance;
  /** The address the server listens on, e.g. http://127.0.0.1:8000. */
  url: string;
  /** Stops accepting requests, finishes those in flight, closes the database. */
  close(): Promise<void>;
}

/** Opens the database, builds the app and starts listening. */
export async function startServer(
  config: ServerConfig,
  options: { logLevel?: string | false } & Pick<
    AppOptions,
    | 'clock'
    | 'passwordCost'
    | 'hashQueue'
    | 'market'
    | 'summarizer'
    | 'demoSources'
    | 'lifecycleIntervalMs'
    | 'alertIntervalMs'
    | 'alertMailIntervalMs'
    | 'alertWebhookIntervalMs'
    | 'alertWebhookTimeoutMs'
    | 'feedIntervalMs'
    | 'feedTimeoutMs'
    | 'feedMaxBytes'
    | 'assistant'
    | 'chatTimers'
  > = {},
): Promise<RunningServer> {
  // Before the database opens: a wrong SITE_RULES path should fail fast and leave nothing open.
  const siteRules = config.siteRules ? await loadSiteRules(config.siteRules) : null;
  const database = await openDatabase(config.dataDir, { databaseUrl: config.databaseUrl });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      database,
      siteDir: config.siteDir,
      siteRules,
      logLevel: options.logLevel ?? config.logLevel,
      version,
      clock: options.clock,
      passwordCost: options.passwordCost,
      hashQueue: options.hashQueue,
      mail: { dataDir: config.dataDir, smtpUrl: config.smtpUrl, from: config.mailFrom },
      corsOrigins: config.corsOrigins ?? [],
      social: config.social,
      market: options.market ?? config.market,
      summarizer: options.summarizer ?? config.assistant ?? null,
      demoSources: options.demoSources ?? config.demoSources,
      lifecycleIntervalMs: options.lifecycleIntervalMs,
      alertIntervalMs: options.alertIntervalMs,
      assistant: options.assistant,
      chatTimers: options.chatTimers,
      assistantEndpoint: config.assistant ?? null,
      siteUrl: config.siteUrl ?? null,
      apiUrl: config.apiUrl ?? null,
      alertMailIntervalMs: options.alertMailIntervalMs,
      alertWebhookIntervalMs: options.alertWebhookIntervalMs,
      alertWebhookTimeoutMs: options.alertWebhookTimeoutMs,
      allowPrivateFetch: config.allowPrivateFetch ?? false,
      vapid: config.vapid,
      redisUrl: config.redisUrl ?? null,
      jobs: { databaseUrl: config.databaseUrl, redisUrl: config.redisUrl },
      feeds: config.feeds,
      feedIntervalMs: options.feedIntervalMs,
      feedTimeoutMs: options.feedTimeoutMs,
      feedMaxBytes: options.feedMaxBytes,
      operatorEmails: config.operatorEmails,
    });
    app.addHook('onClose', async () => database.close());
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return { app, url: `http://${host}:${port}`, close: () => app.close() };
}
