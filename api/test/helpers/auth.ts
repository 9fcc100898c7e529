// Helpers for the auth tests: a clock the test moves, a server on a fresh database with it, a
// small HTTP client that reads the envelope, and the mail outbox.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../src/auth/clock.js';
import type { HashQueue } from '../../src/auth/passwords.js';
import { OUTBOX_FILE, type OutboxLine } from '../../src/mail/index.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { testDatabase, type TestDatabase } from './database.js';

/** Real time plus an offset the test moves forward. */
export class TestClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** scrypt N = 2^10 in tests that sign in many times (production: 2^15; see auth-restart.test.ts). */
export const TEST_PASSWORD_COST = 10;

export interface AuthTestServer {
  server: RunningServer;
  database: TestDatabase;
  clock: TestClock;
  close(): Promise<void>;
}

export async function startAuthServer(
  options: {
    /** log2 of scrypt's N; 'production' for the server's default (15). */
    passwordCost?: number | 'production';
    /** Default: a fresh one. */
    database?: TestDatabase;
    clock?: TestClock;
    /** Admission to password hashing; default: the server's. */
    hashQueue?: HashQueue;
    /** A static site to serve beside the API; default none. */
    siteDir?: string;
  } = {},
): Promise<AuthTestServer> {
  const database = options.database ?? (await testDatabase());
  const clock = options.clock ?? new TestClock();
  const server = await startServer(
    {
      port: 0,
      host: '127.0.0.1',
      ...database.config,
      siteDir: options.siteDir ?? null,
      logLevel: 'silent',
    },
    {
      logLevel: false,
      clock,
      hashQueue: options.hashQueue,
      passwordCost:
        options.passwordCost === 'production'
          ? undefined
          : (options.passwordCost ?? TEST_PASSWORD_COST),
    },
  );
  return { server, database, clock, close: () => server.close() };
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  code: number;
  msg: string;
  data: T;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  language?: string;
  method?: 'GET' | 'POST' | 'PUT';
}

/** Calls the API and unpacks the envelope. */
export async function call<T = unknown>(
  baseUrl: string,
  path: string,
  { body, token, language, method }: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (language !== undefined) headers.language = language;
  const res = await fetch(`${baseUrl}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  return { status: res.status, headers: res.headers, ...envelope };
}

/** Every mail in `<dataDir>/outbox.jsonl`, oldest first. */
export function readOutbox(dataDir: string): OutboxLine[] {
  const file = join(dataDir, OUTBOX_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** The newest mail to `to` of `type`; fails the test when there is none. */
export function lastMail(dataDir: string, to: string, type: 4 | 2): OutboxLine {
  const mail = readOutbox(dataDir)
    .filter((line) => line.to === to && line.type === type)
    .at(-1);
  assert.ok(mail, `no mail of type ${type} to ${to} in the outbox`);
  return mail;
}

/** Asks for a code and reads it from the outbox. */
export async function sendCode(
  baseUrl: string,
  dataDir: string,
  account: string,
  type: 4 | 2,
): Promise<string> {
  const sent = await call(baseUrl, '/api/auth/base/sendMessage', { body: { account, type } });
  assert.equal(sent.code, 200, `sendMessage answered ${sent.code} ${sent.msg}`);
  return lastMail(dataDir, account, type).code;
}

/** A code that is not `code` (same shape). */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
