// Helpers for the coin and monitoring tests: a clock set to a fixed time the test moves, a
// server on a fresh database with it (the source lifecycle ticked by hand), a signed-in user,
// and calls that read either envelope.
import assert from 'node:assert/strict';
import type { Clock } from '../../src/auth/clock.js';
import type { UserInfo } from '@coinlens/contract';
import type { AppOptions } from '../../src/app.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { call, sendCode, TEST_PASSWORD_COST } from './auth.js';
import { testDatabase, type TestDatabase } from './database.js';

/** A clock standing at `start` until the test moves it. */
export class FixedClock implements Clock {
  constructor(private time: number) {}
  now(): number {
    return this.time;
  }
  set(ms: number): void {
    this.time = ms;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

/** 2026-11-20 12:00 UTC: after the bundled data set's date, so its history is all there. */
export const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);

export interface ApiTestServer {
  server: RunningServer;
  url: string;
  database: TestDatabase;
  clock: FixedClock;
  close(): Promise<void>;
}

export async function startApiServer(
  options: {
    clock?: FixedClock;
    smtpUrl?: string;
    allowPrivateFetch?: boolean;
    operatorEmails?: string[];
  } & Pick<
    AppOptions,
    | 'market'
    | 'summarizer'
    | 'demoSources'
    | 'assistant'
    | 'corsOrigins'
    | 'chatTimers'
    | 'alertIntervalMs'
    | 'alertMailIntervalMs'
    | 'alertWebhookIntervalMs'
    | 'alertWebhookTimeoutMs'
  > = {},
): Promise<ApiTestServer> {
  const database = await testDatabase();
  const clock = options.clock ?? new FixedClock(T0);
  const server = await startServer(
    {
      port: 0,
      host: '127.0.0.1',
      ...database.config,
      siteDir: null,
      logLevel: 'silent',
      corsOrigins: options.corsOrigins ?? [],
      smtpUrl: options.smtpUrl ?? null,
      allowPrivateFetch: options.allowPrivateFetch ?? false,
      operatorEmails: options.operatorEmails ?? [],
    },
    {
      logLevel: false,
      clock,
      passwordCost: TEST_PASSWORD_COST,
      lifecycleIntervalMs: false,
      // Tests evaluate the alerts by hand unless they ask for the timer.
      alertIntervalMs: options.alertIntervalMs ?? false,
      alertMailIntervalMs: options.alertMailIntervalMs ?? false,
      alertWebhookIntervalMs: options.alertWebhookIntervalMs ?? false,
      alertWebhookTimeoutMs: options.alertWebhookTimeoutMs,
      market: options.market,
      summarizer: options.summarizer,
      demoSources: options.demoSources,
      assistant: options.assistant,
      chatTimers: options.chatTimers,
    },
  );
  return {
    server,
    url: server.url,
    database,
    clock,
    async close() {
      await server.close();
      await database.cleanup();
    },
  };
}

let accounts = 0;

/** Registers a new account and answers its token. */
export async function signedInUser(t: ApiTestServer): Promise<string> {
  return (await signedInAccount(t)).token;
}

/** Registers a new account: its token, and what signs it in again. */
export async function signedInAccount(
  t: ApiTestServer,
  account = `user${++accounts}.${process.pid}@example.com`,
): Promise<{ token: string; account: string; passwd: string; user: UserInfo }> {
  const passwd = 'a long enough password';
  const captcha = await sendCode(t.url, t.database.dataDir, account, 4);
  const res = await call<UserInfo>(t.url, '/api/auth/login/register', {
    body: { account, passwd, captcha },
  });
  assert.equal(res.code, 200, res.msg);
  return { token: res.data.tokenInfo.tokenValue, account, passwd, user: res.data };
}

export interface MonitorAnswer<T = unknown> {
  status: number;
  ok: boolean;
  code: number | undefined;
  msg: string;
  data: T;
}

/** Calls a monitoring route and unpacks the `{ ok, msg, data }` envelope. */
export async function monitorCall<T = unknown>(
  baseUrl: string,
  path: string,
  { token, language }: { token?: string; language?: string } = {},
): Promise<MonitorAnswer<T>> {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (language !== undefined) headers.language = language;
  const res = await fetch(`${baseUrl}${path}`, { headers });
  const body = (await res.json()) as { ok: boolean; code?: number; msg: string; data: T };
  return { status: res.status, ok: body.ok, code: body.code, msg: body.msg, data: body.data };
}
