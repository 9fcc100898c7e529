// Real accounts on the started product, made through its API the way the site does: a code is
// sent, read from the server's mail outbox (no SMTP in tests), and used to register.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { baseUrl } from './browser';

let counter = 0;

/** A fresh address for this test run. */
export function uniqueEmail(name = 'user'): string {
  counter += 1;
  return `${name}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** A started product: its origin and its data directory (where its mail outbox is). */
export interface Server {
  url: string;
  dataDir: string;
}

/** The product global-setup.ts started for the whole run. */
export function sharedServer(): Server {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts');
  return { url: baseUrl(), dataDir };
}

/** The newest code the server mailed to `email` for `type` (4 register, 2 reset). */
export function codeFromOutbox(email: string, type: 2 | 4, server = sharedServer()): string {
  const { dataDir } = server;
  const mails = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; code: string | number; type: number });
  const mail = mails.reverse().find((entry) => entry.to === email && entry.type === type);
  if (!mail) throw new Error(`No code of type ${type} was mailed to ${email}`);
  return String(mail.code);
}

/**
 * A loopback address of its own for each account this process makes. The API allows one client
 * IP 20 verification codes an hour; the browser tests make more accounts than that in one run,
 * and each is a different person, so each asks from a different address (all of 127.0.0.0/8 is
 * this machine).
 */
function nextClientAddress(): string {
  const n = counter;
  return `127.${1 + (process.pid % 200)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** POSTs `body` as JSON from `localAddress` and reads the envelope; throws unless code 200. */
function call<T>(
  origin: string,
  path: string,
  body: unknown,
  token?: string,
  localAddress?: string,
): Promise<T> {
  const payload = JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const req = request(
      `${origin}${path}`,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              code: number;
              msg: string;
              data: T;
            };
            if (envelope.code !== 200) {
              reject(new Error(`${path} answered ${envelope.code}: ${envelope.msg}`));
            } else resolve(envelope.data);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface Account {
  email: string;
  password: string;
  token: string;
}

/**
 * Registers a new account (and names it `nickname` when given) on `server`, with `email` or a
 * fresh address; returns its token.
 */
export async function createAccount(
  nickname?: string,
  server = sharedServer(),
  email = uniqueEmail(nickname?.toLowerCase().replace(/\W+/g, '') || 'user'),
): Promise<Account> {
  const password = 'correct-horse-9';
  const from = nextClientAddress();
  await call(
    server.url,
    '/api/auth/base/sendMessage',
    { account: email, type: 4 },
    undefined,
    from,
  );
  const user = await call<{ tokenInfo: { tokenValue: string } }>(
    server.url,
    '/api/auth/login/register',
    { account: email, passwd: password, captcha: codeFromOutbox(email, 4, server) },
    undefined,
    from,
  );
  const token = user.tokenInfo.tokenValue;
  if (nickname) await call(server.url, '/api/system/user/modify', { nickname }, token);
  return { email, password, token };
}

/**
 * Calls the started product's API as `token`'s user: GET, or POST with `body` as JSON. Reads
 * either envelope (`{ code, msg, data }`, or monitoring's `{ ok, msg, data }`) and answers `data`;
 * throws on a failure. `origin` is another product's (a test's own server).
 */
export async function callApi<T>(
  path: string,
  token: string,
  body?: unknown,
  origin = baseUrl(),
): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code?: number; ok?: boolean; msg: string; data: T };
  if (envelope.ok === false || (envelope.ok === undefined && envelope.code !== 200)) {
    throw new Error(`${path} answered ${envelope.code ?? ''} ${envelope.msg}`);
  }
  return envelope.data;
}

/**
 * Marks the user's onboarding as done on the server, as finishing it on any device does: the chat
 * opens at once, on every device.
 */
export async function onboardingDone(token: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/chat/onboarding`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      progress: { version: 1, id: 24, finished: true, tasks: { 1: 'done', 2: 'done' } },
    }),
  });
  const envelope = (await response.json()) as { code: number; msg: string };
  if (envelope.code !== 200)
    throw new Error(`onboarding answered ${envelope.code} ${envelope.msg}`);
}

/**
 * A new account (named `nickname`) that follows the asset list's first `coins` coins and the
 * source list's first `sources` sources; returns its token.
 */
export async function accountFollowing(
  nickname: string,
  { coins, sources }: { coins: number; sources: number },
): Promise<string> {
  const { token } = await createAccount(nickname);
  const coinList = await callApi<{ records: Array<{ id: number }> }>(
    `/api/asset/list?page=1&size=${coins}`,
    token,
  );
  await callApi('/api/follow/add', token, { coinIds: coinList.records.map((coin) => coin.id) });
  const sourceList = await callApi<{ records: Array<{ id: number }> }>(
    `/api/monitor/source/list?page=1&size=${sources}`,
    token,
  );
  const sourceIds = sourceList.records.map((source) => source.id).join(',');
  await callApi(`/api/monitor/user/source/add?sourceIds=${sourceIds}`, token);
  return token;
}
