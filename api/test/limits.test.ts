// The sign-in limits under concurrency: a burst sent at once gets no further than the same tries
// one at a time would (the account lock, the per-IP limit), and a flood of password checks waits
// in a short queue instead of stalling the rest of the server.
// Both engines: bursts sent at once run their transactions at once only on PostgreSQL's pool.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LOCK_THRESHOLD } from '../src/auth/lockout.js';
import { HashQueue, type HashTicket } from '../src/auth/passwords.js';
import type { UserInfo } from '@coinlens/contract';
import {
  LOGIN_FAILURES_PER_IP,
  LOGIN_FAILURES_PER_IP_WINDOW_MS,
} from '../src/plugins/auth/service.js';
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

/** The server's hash queue as it is, counting the hashes that run at once. */
class WatchedQueue extends HashQueue {
  hashing = 0;
  /** The most hashes that ran at once. */
  peak = 0;

  override admit(): HashTicket | null {
    const ticket = super.admit();
    if (!ticket) return null;
    return {
      run: <T>(work: () => Promise<T>) =>
        ticket.run(async () => {
          this.hashing += 1;
          this.peak = Math.max(this.peak, this.hashing);
          try {
            return await work();
          } finally {
            this.hashing -= 1;
          }
        }),
      cancel: () => ticket.cancel(),
    };
  }
}

describe('a flood of password checks', () => {
  const ROUNDS = 5;
  const CALM_MS = 500;
  const FLOOD = 60;
  const PROBE_MS = 20;
  let t: AuthTestServer;
  let siteDir: string;
  let queue: WatchedQueue;

  before(async () => {
    siteDir = mkdtempSync(join(tmpdir(), 'coinlens-site-'));
    writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>Coinlens</title>');
    queue = new WatchedQueue();
    t = await startAuthServer({ passwordCost: 'production', siteDir, hashQueue: queue });
  });
  after(async () => {
    await t?.close();
    await t?.database.cleanup();
    rmSync(siteDir, { recursive: true, force: true });
  });

  /**
   * Asks for `path` every PROBE_MS until `done` settles, without waiting for the answers, and
   * answers how long each took. One request after another would hide a stall: a single slow
   * answer among the quick ones after it, where a person clicking meanwhile waits as well.
   */
  async function timeWhile(path: string, done: Promise<unknown>): Promise<number[]> {
    let finished = false;
    void done.finally(() => (finished = true));
    const probes: Promise<number>[] = [];
    while (!finished) {
      const started = performance.now();
      const probe = fetch(`${t.server.url}${path}`).then(async (res) => {
        await res.arrayBuffer();
        assert.equal(res.status, 200, `${path} answered ${res.status}`);
        return performance.now() - started;
      });
      probe.catch(() => undefined);
      probes.push(probe);
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
    }
    return Promise.all(probes);
  }

  const quantile = (times: number[], q: number) =>
    [...times].sort((a, b) => a - b)[Math.max(0, Math.ceil(times.length * q) - 1)]!;

  it('keeps the health check and the home page within 200 ms of their usual time; the overflow hears 429', async () => {
    // Calm and flood take turns, so that a moment of load from beside this suite (the build,
    // other suites) spoils a round, not the verdict: each round compares its flood with the calm
    // just before it, and the verdict is the median round's.
    const slowdowns = { health: [] as number[], home: [] as number[] };
    const answers: Answer[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // A new window of the per-IP limit on failures: the queue, not that limit, holds each flood.
      t.clock.advance(LOGIN_FAILURES_PER_IP_WINDOW_MS);
      const quiet = new Promise((resolve) => setTimeout(resolve, CALM_MS));
      const [calmHealth, calmHome] = await Promise.all([
        timeWhile('/api/health', quiet),
        timeWhile('/', quiet),
      ]);
      const flood = Promise.all(
        Array.from({ length: FLOOD }, (_, i) =>
          signIn(t, `flood${round}.${i}.${process.pid}@example.com`, 'a wrong password'),
        ),
      );
      const [floodAnswers, health, home] = await Promise.all([
        flood,
        timeWhile('/api/health', flood),
        timeWhile('/', flood),
      ]);
      assert.ok(health.length >= 3 && home.length >= 3, 'the flood lasted a few requests at least');
      answers.push(...floodAnswers);
      slowdowns.health.push(quantile(health, 0.9) - quantile(calmHealth, 0.5));
      slowdowns.home.push(quantile(home, 0.9) - quantile(calmHome, 0.5));
    }

    for (const [what, rounds] of Object.entries(slowdowns)) {
      assert.ok(
        quantile(rounds, 0.5) <= 200,
        `${what}: p90 during the flood less the median before it, by round: ${rounds
          .map((ms) => ms.toFixed(0))
          .join(', ')} ms`,
      );
    }
    const counts = tally(answers);
    assert.ok(counts[429]! > 0, JSON.stringify(counts));
    for (const answer of answers.filter((a) => a.code === 429)) assertRetryAfter(answer);
    const busy = answers.filter((a) => a.msg.includes('being checked'));
    assert.ok(busy.length > 0, 'some were turned away by the hash queue, not only the IP limit');
    assert.ok(queue.peak >= 1 && queue.peak <= queue.concurrency, `${queue.peak} hashes at once`);
  });
});
