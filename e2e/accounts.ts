// Real accounts on the started product, made through its API the way the site does: a code is
// sent, read from the server's mail outbox (no SMTP in tests), and used to register.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseUrl } from './browser';

let counter = 0;

/** A fresh address for this test run. */
export function uniqueEmail(name = 'user'): string {
  counter += 1;
  return `${name}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** The newest code the server mailed to `email` for `type` (4 register, 2 reset). */
export function codeFromOutbox(email: string, type: 2 | 4): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through e2e/jest.config.cjs');
  const mails = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; code: string | number; type: number });
  const mail = mails.reverse().find((entry) => entry.to === email && entry.type === type);
  if (!mail) throw new Error(`No code of type ${type} was mailed to ${email}`);
  return String(mail.code);
}

async function call<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path} answered ${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

export interface Account {
  email: string;
  password: string;
  token: string;
}

/** Registers a new account (and names it `nickname` when given); returns its token. */
export async function createAccount(nickname?: string): Promise<Account> {
  const email = uniqueEmail(nickname?.toLowerCase().replace(/\W+/g, '') || 'user');
  const password = 'correct-horse-9';
  await call('/api/auth/base/sendMessage', { account: email, type: 4 });
  const user = await call<{ tokenInfo: { tokenValue: string } }>('/api/auth/login/register', {
    account: email,
    passwd: password,
    captcha: codeFromOutbox(email, 4),
  });
  const token = user.tokenInfo.tokenValue;
  if (nickname) await call('/api/system/user/modify', { nickname }, token);
  return { email, password, token };
}
