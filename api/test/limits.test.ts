// The sign-in limits under concurrency: a burst sent at once gets no further than the same tries
// one at a time would (the account lock, the per-IP limit), and a flood of password checks waits
// in a short queue instead of stalling the rest of the server.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LOCK_THRESHOLD } from '../src/auth/lockout.js';
import { HashQueue } from '../src/auth/passwords.js';
import type { UserInfo } from '../src/contract/index.js';
import { LOGIN_FAILURES_PER_IP } from '../src/plugins/auth/service.js';
import {
  call,
  sendCode,
  startAuthServer,
  type Answer,
  type AuthTestServer,
} from './helpers/auth.js';

const PASSWORD = 'the right password';
let accounts = 0;
const address = () => `limits${(accounts += 1)}.${process.pid}@example.com`;

async function register(t: AuthTestServer, account: string): Promise<void> {
  const captcha = await sendCode(t.server.url, t.database.dataDir, account, 4);
  const res = await call<UserInfo>(t.server.url, '/api/auth/login/register', {
    body: { account, passwd: PASSWORD, captcha },
  });
  assert.equal(res.code, 200, res.msg);
}

const signIn = (t: AuthTestServer, account: string, passwd: string) =>
  call(t.server.url, '/api/auth/login/dologin', { body: { account, passwd } });

function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.code] = (counts[answer.code] ?? 0) + 1;
  return counts;
}

function assertRetryAfter(answer: Answer): void {
  const header = Number(answer.headers.get('retry-after'));
  assert.ok(Number.isInteger(header) && header > 0, `code ${answer.code} without Retry-After`);
  assert.equal((answer.data as { retryAfter: number }).retryAfter, header);
}

describe('a burst of sign-ins', () => {
  let t: AuthTestServer;

  before(async () => {
    // The production cost, so that the checks are slow beside the bookkeeping, and a queue that
    // takes the whole burst, so that only the limits under test refuse.
    t = await startAuthServer({ passwordCost: 'production', hashQueue: new HashQueue(1, 100) });
  });
  after(async () => {
    await t?.close();
    await t?.database.cleanup();
  });

  it('checks ten passwords of one account, then the right one is locked out too', async () => {
    const account = address();
    await register(t, account);
    let locked: () => void = () => {};
    const lockSeen = new Promise<void>((resolve) => (locked = resolve));
    const wrong = Array.from({ length: 39 }, (_, i) =>
      signIn(t, account, `wrong password ${i}`).then((answer) => {
        if (answer.code === 423) locked();
        return answer;
      }),
    );
    // Sent once the limit is spent, while the burst is still under way: a right password that
    // came before the tenth failure was counted would rightly be let in, as one at a time.
    await Promise.race([lockSeen, Promise.all(wrong)]);
    const right = await signIn(t, account, PASSWORD);
    const answers = await Promise.all(wrong);

    const counts = tally(answers);
    assert.equal(counts[403], LOCK_THRESHOLD - 1, 'nine wrong passwords said so; the tenth locked');
    // The rest are refused: by the lock, or by the per-IP limit on sign-ins under way.
    assert.ok([423, 429].includes(right.code), `the right password got ${right.code} ${right.msg}`);
    for (const answer of [right, ...answers.filter((a) => a.code !== 403)]) {
      assert.ok([423, 429].includes(answer.code), `${answer.code} ${answer.msg}`);
      assertRetryAfter(answer);
    }
    assert.ok(counts[423]! >= 1, 'the tenth wrong password locked the account');
  });

  it(`checks ${LOGIN_FAILURES_PER_IP} passwords from one address, and refuses the rest at once`, async () => {
    // A server of its own: the per-IP count starts at nothing.
    const fresh = await startAuthServer({ hashQueue: new HashQueue(1, 100) });
    let answers: Answer[];
    try {
      answers = await Promise.all(
        Array.from({ length: 50 }, () => signIn(fresh, address(), 'a wrong password')),
      );
    } finally {
      await fresh.close();
      await fresh.database.cleanup();
    }
    const counts = tally(answers);
    assert.equal(counts[403], LOGIN_FAILURES_PER_IP, JSON.stringify(counts));
    assert.equal(counts[429], 50 - LOGIN_FAILURES_PER_IP, JSON.stringify(counts));
    for (const answer of answers.filter((a) => a.code === 429)) assertRetryAfter(answer);
  });
});

describe('a flood of password checks', () => {
  let t: AuthTestServer;
  let siteDir: string;

  before(async () => {
    siteDir = mkdtempSync(join(tmpdir(), 'coinlens-site-'));
    writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>Coinlens</title>');
    t = await startAuthServer({ passwordCost: 'production', siteDir });
  });
  after(async () => {
    await t?.close();
    await t?.database.cleanup();
    rmSync(siteDir, { recursive: true, force: true });
  });

  /** Times each request of `path`, one after another, until `done` settles. */
  async function timeWhile(path: string, done: Promise<unknown>): Promise<number[]> {
    let finished = false;
    void done.finally(() => (finished = true));
    const times: number[] = [];
    while (!finished) {
      const started = performance.now();
      const res = await fetch(`${t.server.url}${path}`);
      await res.arrayBuffer();
      assert.equal(res.status, 200, `${path} answered ${res.status}`);
      times.push(performance.now() - started);
    }
    return times;
  }

  const p99 = (times: number[]) =>
    [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.99) - 1]!;

  it('keeps the health check and the home page within 200 ms of their usual time; the overflow hears 429', async () => {
    // What this machine gives without the flood, in the same run: the build and other suites may
    // be running beside this one, and their load is not the server's doing.
    const quiet = new Promise((resolve) => setTimeout(resolve, 1000));
    const [calmHealth, calmHome] = await Promise.all([
      timeWhile('/api/health', quiet),
      timeWhile('/', quiet),
    ]);
    const flood = Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signIn(t, `flood${i}.${process.pid}@example.com`, 'a wrong password'),
      ),
    );
    const [answers, health, home] = await Promise.all([
      flood,
      timeWhile('/api/health', flood),
      timeWhile('/', flood),
    ]);

    assert.ok(health.length >= 5 && home.length >= 5, 'the flood lasted a few requests at least');
    for (const [what, calm, flooded] of [
      ['health', calmHealth, health],
      ['home', calmHome, home],
    ] as const) {
      const bound = 200 + p99(calm);
      assert.ok(
        p99(flooded) <= bound,
        `${what} p99 ${p99(flooded).toFixed(0)} ms during the flood, ${p99(calm).toFixed(0)} ms before`,
      );
    }
    const counts = tally(answers);
    assert.ok(counts[429]! > 0, JSON.stringify(counts));
    for (const answer of answers.filter((a) => a.code === 429)) assertRetryAfter(answer);
    const busy = answers.filter((a) => a.msg.includes('being checked'));
    assert.ok(busy.length > 0, 'some were turned away by the hash queue, not only the IP limit');
  });
});
