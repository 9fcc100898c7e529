// Accounts and sign-in over HTTP against the real server: every auth route and every code it can
// answer, with a clock the tests move to expire codes, locks and tokens.
// Both engines: accounts, codes and locks are written in transactions, which run at once only
// on PostgreSQL; without Redis its tokens are read from the database on every request.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { RetryAfter, UserInfo } from '@coinlens/contract';
import {
  call,
  DAY,
  HOUR,
  lastMail,
  MINUTE,
  otherCode,
  readOutbox,
  sendCode,
  startAuthServer,
  type AuthTestServer,
} from './helpers/auth.js';

let t: AuthTestServer;
let url: string;
let dataDir: string;
let serial = 0;

/** A fresh address per use, so that tests do not share cooldowns, codes or locks. */
function address(label = 'user'): string {
  serial += 1;
  return `${label}.${serial}@example.com`;
}

const PASSWORD = 'correct horse battery';

async function register(account = address(), passwd = PASSWORD): Promise<UserInfo> {
  const captcha = await sendCode(url, dataDir, account, 4);
  const res = await call<UserInfo>(url, '/api/auth/login/register', {
    body: { account, passwd, captcha },
  });
  assert.equal(res.code, 200, res.msg);
  return res.data;
}

async function login(account: string, passwd = PASSWORD) {
  return call<UserInfo>(url, '/api/auth/login/dologin', { body: { account, passwd } });
}

before(async () => {
  t = await startAuthServer();
  url = t.server.url;
  dataDir = t.database.dataDir;
});

after(async () => {
  await t?.close();
  await t?.database.cleanup();
});

// Per-IP windows (every request here comes from 127.0.0.1) start afresh for each test.
beforeEach(() => t.clock.advance(HOUR + MINUTE));

describe('POST /api/auth/base/sendMessage', () => {
  it('writes the code to the outbox before answering, to the normalised address', async () => {
    const account = address('Ada');
    const res = await call(url, '/api/auth/base/sendMessage', {
      body: { account: `  ${account.toUpperCase()} `, type: 4 },
    });
    assert.deepEqual(
      { status: res.status, code: res.code, msg: res.msg, data: res.data },
      {
        status: 200,
        code: 200,
        msg: 'ok',
        data: null,
      },
    );
    const mail = lastMail(dataDir, account.toLowerCase(), 4);
    assert.match(mail.code, /^\d{6}$/);
    assert.equal(mail.subject, 'Your Coinlens verification code');
    assert.match(mail.text, new RegExp(`${mail.code}[\\s\\S]*10 minutes`));
    assert.ok(Math.abs(mail.at - t.clock.now() / 1000) < 5, 'at is Unix seconds from the clock');
    assert.deepEqual(Object.keys(mail).sort(), ['at', 'code', 'subject', 'text', 'to', 'type']);
  });

  it('refuses a second code within 60 s with 429 and retryAfter, and sends one after', async () => {
    const account = address();
    await sendCode(url, dataDir, account, 4);
    t.clock.advance(15_000);
    const again = await call<RetryAfter>(url, '/api/auth/base/sendMessage', {
      body: { account, type: 4 },
    });
    assert.equal(again.status, 429);
    assert.equal(again.code, 429);
    // The client shows the code step: the code mailed 15 s ago still works.
    assert.equal(again.data.codeSent, true);
    assert.ok(
      again.data.retryAfter >= 44 && again.data.retryAfter <= 45,
      `${again.data.retryAfter}`,
    );
    assert.equal(again.headers.get('retry-after'), String(again.data.retryAfter));
    assert.equal(readOutbox(dataDir).filter((mail) => mail.to === account).length, 1);
    // The other purpose has a cooldown of its own.
    const reset = await call(url, '/api/auth/base/sendMessage', { body: { account, type: 2 } });
    assert.equal(reset.code, 200);
    t.clock.advance(45_000);
    const later = await call(url, '/api/auth/base/sendMessage', { body: { account, type: 4 } });
    assert.equal(later.code, 200);
    assert.equal(
      readOutbox(dataDir).filter((mail) => mail.to === account && mail.type === 4).length,
      2,
    );
  });

  it('answers a reset for an unknown address with 200 and mails nothing, cooldown included', async () => {
    const account = address('nobody');
    const before = readOutbox(dataDir).length;
    const res = await call(url, '/api/auth/base/sendMessage', { body: { account, type: 2 } });
    assert.equal(res.status, 200);
    assert.equal(res.code, 200);
    assert.equal(readOutbox(dataDir).length, before);
    // Exactly like a known address: a second ask inside 60 s is refused.
    const again = await call(url, '/api/auth/base/sendMessage', { body: { account, type: 2 } });
    assert.equal(again.code, 429);
  });

  it('mails a reset code to a registered address', async () => {
    const user = await register();
    const code = await sendCode(url, dataDir, user.account, 2);
    assert.match(code, /^\d{6}$/);
    assert.equal(lastMail(dataDir, user.account, 2).subject, 'Reset your Coinlens password');
  });

  it('answers 409 to a register code for a registered address, and mails nothing', async () => {
    const user = await register();
    const before = readOutbox(dataDir).length;
    const res = await call(url, '/api/auth/base/sendMessage', {
      body: { account: user.account.toUpperCase(), type: 4 },
    });
    assert.equal(res.status, 200);
    assert.equal(res.code, 409);
    assert.equal(res.msg, 'This email is already registered; log in instead');
    assert.equal(readOutbox(dataDir).length, before);
  });

  for (const bad of [
    'plain',
    'a@b',
    'a@b.c',
    'a b@example.com',
    'a+tag@example.com',
    'a@example.c0m',
    '',
  ]) {
    it(`answers 422 to the address "${bad}"`, async () => {
      const res = await call(url, '/api/auth/base/sendMessage', {
        body: { account: bad, type: 4 },
      });
      assert.equal(res.status, 200);
      assert.equal(res.code, 422);
      assert.equal(res.msg, 'Enter a valid email address');
    });
  }

  for (const [label, body] of [
    ['an unknown type', { account: 'a@example.com', type: 3 }],
    ['a type given as text', { account: 'a@example.com', type: '4' }],
    ['no account', { type: 4 }],
    ['an account that is not text', { account: 42, type: 4 }],
  ] as const) {
    it(`answers 400 (HTTP 400) to ${label}`, async () => {
      const res = await call(url, '/api/auth/base/sendMessage', { body });
      assert.equal(res.status, 400);
      assert.equal(res.code, 400);
    });
  }

  it('caps one client IP at 20 codes an hour (429), whatever the addresses', async () => {
    for (let i = 0; i < 20; i += 1) {
      const res = await call(url, '/api/auth/base/sendMessage', {
        body: { account: address('burst'), type: 2 },
      });
      assert.equal(res.code, 200, `send ${i + 1}: ${res.msg}`);
      t.clock.advance(1000);
    }
    const capped = await call<RetryAfter>(url, '/api/auth/base/sendMessage', {
      body: { account: address('burst'), type: 2 },
    });
    assert.equal(capped.status, 429);
    assert.equal(capped.code, 429);
    assert.equal(capped.msg, 'Too many requests from your network; try again later');
    // No code went out for this address: the client must not send the user to a code step.
    assert.equal('codeSent' in capped.data, false);
    // The oldest of the 20 leaves the window an hour after it was sent, 20 s ago.
    assert.ok(
      capped.data.retryAfter > 3500 && capped.data.retryAfter <= 3600,
      `${capped.data.retryAfter}`,
    );
    t.clock.advance(capped.data.retryAfter * 1000);
    const afterWait = await call(url, '/api/auth/base/sendMessage', {
      body: { account: address('burst'), type: 2 },
    });
    assert.equal(afterWait.code, 200);
  });
});

describe('POST /api/auth/login/register', () => {
  it('creates the account from the mailed code and answers UserInfo with times 1 and a token', async () => {
    const account = address('grace.hopper');
    const captcha = await sendCode(url, dataDir, account, 4);
    const res = await call<UserInfo>(url, '/api/auth/login/register', {
      body: { account: ` ${account.toUpperCase()}`, passwd: PASSWORD, captcha },
    });
    assert.equal(res.code, 200);
    const { id, tokenInfo, ...rest } = res.data;
    assert.ok(Number.isInteger(id) && id > 0);
    assert.deepEqual(rest, {
      account,
      nickname: account.split('@')[0],
      avatar: null,
      times: 1,
      priceColors: null,
      operator: false,
    });
    assert.equal(tokenInfo.tokenName, 'Authorization');
    assert.match(tokenInfo.tokenValue, /^[A-Za-z0-9_-]{43}$/);
    const thirtyDays = Math.floor(t.clock.now() / 1000) + 30 * 24 * 3600;
    assert.ok(Math.abs(tokenInfo.expiresAt - thirtyDays) < 5);
    const me = await call<UserInfo>(url, '/api/user', { token: tokenInfo.tokenValue });
    assert.equal(me.code, 200);
    assert.equal(me.data.id, id);
  });

  it('cuts the default nickname to 32 characters', async () => {
    const local = 'a'.repeat(40);
    serial += 1;
    const user = await register(`${local}${serial}@example.com`);
    assert.equal(user.nickname, 'a'.repeat(32));
  });

  it('answers 409 when the address is registered, before looking at the code', async () => {
    const user = await register();
    const res = await call(url, '/api/auth/login/register', {
      body: { account: user.account, passwd: PASSWORD, captcha: '000000' },
    });
    assert.equal(res.code, 409);
  });

  it('answers 403 to a wrong code, and to a code never sent', async () => {
    const account = address();
    const captcha = await sendCode(url, dataDir, account, 4);
    const wrong = await call(url, '/api/auth/login/register', {
      body: { account, passwd: PASSWORD, captcha: otherCode(captcha) },
    });
    assert.equal(wrong.status, 200);
    assert.equal(wrong.code, 403);
    assert.equal(wrong.msg, 'The verification code is incorrect or has already been used');
    const neverSent = await call(url, '/api/auth/login/register', {
      body: { account: address(), passwd: PASSWORD, captcha },
    });
    assert.equal(neverSent.code, 403);
  });

  it('answers 410 once the code is 10 minutes old', async () => {
    const account = address();
    const captcha = await sendCode(url, dataDir, account, 4);
    t.clock.advance(10 * MINUTE - 2000);
    // Still alive just before: a wrong try is a plain 403.
    const before = await call(url, '/api/auth/login/register', {
      body: { account, passwd: PASSWORD, captcha: otherCode(captcha) },
    });
    assert.equal(before.code, 403);
    t.clock.advance(2000);
    const res = await call(url, '/api/auth/login/register', {
      body: { account, passwd: PASSWORD, captcha },
    });
    assert.equal(res.code, 410);
    assert.equal(res.msg, 'The verification code has expired; ask for a new one');
    // A new code works.
    const fresh = await sendCode(url, dataDir, account, 4);
    const ok = await call(url, '/api/auth/login/register', {
      body: { account, passwd: PASSWORD, captcha: fresh },
    });
    assert.equal(ok.code, 200);
  });

  it('kills the code after 5 wrong tries: 423, even for the right code, until a new one is sent', async () => {
    const account = address();
    const captcha = await sendCode(url, dataDir, account, 4);
    const wrong = otherCode(captcha);
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await call(url, '/api/auth/login/register', {
        body: { account, passwd: PASSWORD, captcha: wrong },
      });
      codes.push(res.code);
    }
    assert.deepEqual(codes, [403, 403, 403, 403, 423]);
    const right = await call<{ retryAfter: number }>(url, '/api/auth/login/register', {
      body: { account, passwd: PASSWORD, captcha },
    });
    assert.equal(right.code, 423);
    assert.equal(right.msg, 'Too many wrong codes; ask for a new code');
    assert.ok(right.data.retryAfter >= 0 && right.data.retryAfter <= 60);
    t.clock.advance(60_000);
    const fresh = await sendCode(url, dataDir, account, 4);
    const ok = await call(url, '/api/auth/login/register', {
      body: { account, passwd: PASSWORD, captcha: fresh },
    });
    assert.equal(ok.code, 200);
  });

  it('counts parallel guesses too: 5 tries in all, however many arrive at once', async () => {
    const account = address();
    const captcha = await sendCode(url, dataDir, account, 4);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(captcha) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((guess) =>
        call(url, '/api/auth/login/register', {
          body: { account, passwd: PASSWORD, captcha: guess },
        }),
      ),
    );
    assert.equal(answers.filter((res) => res.code === 403).length, 4);
    assert.equal(answers.filter((res) => res.code === 423).length, 8);
    const right = await call(url, '/api/auth/login/register', {
      body: { account, passwd: PASSWORD, captcha },
    });
    assert.equal(right.code, 423);
  });

  it('registers once when the same code arrives twice at the same moment', async () => {
    const account = address();
    const captcha = await sendCode(url, dataDir, account, 4);
    const answers = await Promise.all(
      [1, 2].map(() =>
        call(url, '/api/auth/login/register', { body: { account, passwd: PASSWORD, captcha } }),
      ),
    );
    const codes = answers.map((res) => res.code).sort();
    assert.equal(codes[0], 200);
    // The second finds the account made (409) or the code used (403), depending on timing.
    assert.ok(codes[1] === 403 || codes[1] === 409, `${codes[1]}`);
  });

  for (const [label, passwd, msg] of [
    ['a password under 6 characters', 'abc12', 'The password must be 6 to 128 characters long'],
    [
      'a password over 128 characters',
      'x'.repeat(129),
      'The password must be 6 to 128 characters long',
    ],
    [
      'a common password',
      'password',
      'This password is too common and easy to guess; choose another one',
    ],
    [
      'a common password in other case',
      'QwErTy123',
      'This password is too common and easy to guess; choose another one',
    ],
  ] as const) {
    it(`answers 422 to ${label}, without spending a try of the code`, async () => {
      const account = address();
      const captcha = await sendCode(url, dataDir, account, 4);
      const res = await call(url, '/api/auth/login/register', {
        body: { account, passwd, captcha },
      });
      assert.equal(res.code, 422);
      assert.equal(res.msg, msg);
      const ok = await call(url, '/api/auth/login/register', {
        body: { account, passwd: PASSWORD, captcha },
      });
      assert.equal(ok.code, 200);
    });
  }

  it('takes 6 and 128 characters, counted as characters', async () => {
    assert.equal((await register(address(), 'zq8#Lw')).times, 1);
    // 128 emoji are 256 UTF-16 units, yet 128 characters.
    assert.equal((await register(address(), '🔐'.repeat(128))).times, 1);
    const tooLong = await call(url, '/api/auth/login/register', {
      body: { account: address(), passwd: '🔐'.repeat(129), captcha: '000000' },
    });
    assert.equal(tooLong.code, 422);
  });

  it('answers 422 to a malformed address and 400 to a missing field', async () => {
    const bad = await call(url, '/api/auth/login/register', {
      body: { account: 'not-an-email', passwd: PASSWORD, captcha: '123456' },
    });
    assert.equal(bad.code, 422);
    const missing = await call(url, '/api/auth/login/register', {
      body: { account: address(), passwd: PASSWORD },
    });
    assert.equal(missing.status, 400);
    assert.equal(missing.code, 400);
  });
});

describe('POST /api/auth/login/dologin', () => {
  it('signs in with any case of the address and answers times 0 with a new token', async () => {
    const user = await register();
    const res = await login(` ${user.account.toUpperCase()} `);
    assert.equal(res.code, 200);
    assert.equal(res.data.times, 0);
    assert.equal(res.data.id, user.id);
    assert.notEqual(res.data.tokenInfo.tokenValue, user.tokenInfo.tokenValue);
    assert.match(res.data.tokenInfo.tokenValue, /^[A-Za-z0-9_-]{43}$/);
  });

  it('answers 403 with one message for a wrong password and for an unknown address', async () => {
    const user = await register();
    const wrongPassword = await login(user.account, 'not the password');
    const unknown = await login(address('ghost'));
    assert.equal(wrongPassword.status, 200);
    assert.equal(wrongPassword.code, 403);
    assert.equal(unknown.code, 403);
    assert.equal(wrongPassword.msg, 'The email or password is incorrect');
    assert.equal(unknown.msg, wrongPassword.msg);
  });

  it('answers 422 to a malformed address or a password under 6', async () => {
    assert.equal((await login('nope')).code, 422);
    const short = await login(address(), '12345');
    assert.equal(short.code, 422);
    assert.equal(short.msg, 'The password must be 6 to 128 characters long');
  });

  it('locks the address for 15 minutes after 10 failures in 15 minutes, even for the right password', async () => {
    const user = await register();
    const codes: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      codes.push((await login(user.account, `wrong password ${i}`)).code);
      t.clock.advance(30_000);
    }
    assert.deepEqual(codes, [403, 403, 403, 403, 403, 403, 403, 403, 403, 423]);
    const locked = await login(user.account);
    assert.equal(locked.status, 200);
    assert.equal(locked.code, 423);
    assert.equal(
      locked.msg,
      'Too many failed sign-in attempts; this account is locked for a while',
    );
    const retryAfter = (locked.data as unknown as { retryAfter: number }).retryAfter;
    // 15 minutes from the tenth failure, 30 s ago.
    assert.ok(retryAfter > 860 && retryAfter <= 870, `${retryAfter}`);
    // Tries while locked do not extend the lock.
    t.clock.advance(retryAfter * 1000 - 1000);
    assert.equal((await login(user.account, 'still wrong')).code, 423);
    t.clock.advance(1000);
    const free = await login(user.account);
    assert.equal(free.code, 200);
  });

  it('counts failures in a sliding 15-minute window, and a good sign-in resets the count', async () => {
    const user = await register();
    for (let i = 0; i < 9; i += 1) assert.equal((await login(user.account, 'nope nope')).code, 403);
    assert.equal((await login(user.account)).code, 200);
    for (let i = 0; i < 9; i += 1) assert.equal((await login(user.account, 'nope nope')).code, 403);
    // Old failures leave the window: 16 minutes later, 9 more do not lock.
    t.clock.advance(16 * MINUTE);
    for (let i = 0; i < 9; i += 1) assert.equal((await login(user.account, 'nope nope')).code, 403);
    assert.equal((await login(user.account)).code, 200);
  });

  it('locks an unknown address the same way, so a lock says nothing about who is registered', async () => {
    const account = address('ghost');
    const codes: number[] = [];
    for (let i = 0; i < 10; i += 1) codes.push((await login(account, 'whatever1')).code);
    assert.deepEqual(codes.slice(-2), [403, 423]);
  });

  it('refuses sign-ins from a client IP with 30 failures in 15 minutes (429), before checking', async () => {
    const victims = await Promise.all([register(), register(), register(), register()]);
    let failures = 0;
    for (const victim of victims) {
      for (let i = 0; i < 8 && failures < 30; i += 1, failures += 1) {
        assert.equal((await login(victim.account, 'guess guess')).code, 403);
      }
    }
    const limited = await login(victims[3]!.account);
    assert.equal(limited.status, 429);
    assert.equal(limited.code, 429);
    const retryAfter = (limited.data as unknown as { retryAfter: number }).retryAfter;
    assert.ok(retryAfter > 0 && retryAfter <= 900);
    t.clock.advance(15 * MINUTE);
    assert.equal((await login(victims[3]!.account)).code, 200);
  });
});

describe('tokens and GET /api/user', () => {
  it('answers the user without a new token: empty tokenValue, the current expiry', async () => {
    const user = await register();
    const me = await call<UserInfo>(url, '/api/user', { token: user.tokenInfo.tokenValue });
    assert.equal(me.code, 200);
    assert.deepEqual(me.data, {
      ...user,
      times: 0,
      tokenInfo: { ...user.tokenInfo, tokenValue: '' },
    });
  });

  it('answers 401 (HTTP 401) without a token, with a malformed or unknown one', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer not-a-token' },
      { authorization: `Bearer ${'A'.repeat(43)}` },
    ]) {
      const res = await fetch(`${url}/api/user`, { headers });
      assert.equal(res.status, 401);
      assert.deepEqual(await res.json(), {
        code: 401,
        msg: 'Please log in to continue',
        data: null,
      });
    }
  });

  it('accepts the scheme in any case', async () => {
    const user = await register();
    const res = await fetch(`${url}/api/user`, {
      headers: { authorization: `bearer ${user.tokenInfo.tokenValue}` },
    });
    assert.equal(res.status, 200);
  });

  it('slides the expiry forward on use, at most once an hour, and expires after 30 unused days', async () => {
    const user = await register();
    const token = user.tokenInfo.tokenValue;
    t.clock.advance(30 * MINUTE);
    const soon = await call<UserInfo>(url, '/api/user', { token });
    assert.equal(
      soon.data.tokenInfo.expiresAt,
      user.tokenInfo.expiresAt,
      'not moved within the hour',
    );
    t.clock.advance(31 * MINUTE);
    const later = await call<UserInfo>(url, '/api/user', { token });
    assert.ok(Math.abs(later.data.tokenInfo.expiresAt - (user.tokenInfo.expiresAt + 61 * 60)) < 5);
    t.clock.advance(29 * DAY);
    assert.equal((await call(url, '/api/user', { token })).code, 200, 'still alive: it slid');
    t.clock.advance(30 * DAY + MINUTE);
    const expired = await call(url, '/api/user', { token });
    assert.equal(expired.status, 401);
    assert.equal(expired.code, 401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the presented token only', async () => {
    const user = await register();
    const other = (await login(user.account)).data.tokenInfo.tokenValue;
    const out = await call(url, '/api/auth/logout', {
      token: user.tokenInfo.tokenValue,
      method: 'POST',
    });
    assert.deepEqual([out.status, out.code, out.data], [200, 200, null]);
    const again = await call(url, '/api/user', { token: user.tokenInfo.tokenValue });
    assert.equal(again.status, 401);
    assert.equal(
      (await call(url, '/api/auth/logout', { token: user.tokenInfo.tokenValue, method: 'POST' }))
        .code,
      401,
    );
    assert.equal((await call(url, '/api/user', { token: other })).code, 200);
  });

  it('answers 401 without a token', async () => {
    const res = await call(url, '/api/auth/logout', { method: 'POST' });
    assert.equal(res.status, 401);
    assert.equal(res.code, 401);
  });
});

describe('POST /api/auth/login/changePassword', () => {
  it('sets the new password from the reset code and revokes every token of the account', async () => {
    const user = await register();
    const second = (await login(user.account)).data.tokenInfo.tokenValue;
    const captcha = await sendCode(url, dataDir, user.account, 2);
    const res = await call(url, '/api/auth/login/changePassword', {
      body: { account: user.account.toUpperCase(), passwd: 'a brand new secret', captcha },
    });
    assert.deepEqual([res.status, res.code, res.data], [200, 200, null]);
    for (const token of [user.tokenInfo.tokenValue, second]) {
      assert.equal((await call(url, '/api/user', { token })).status, 401);
    }
    assert.equal((await login(user.account)).code, 403);
    assert.equal((await login(user.account, 'a brand new secret')).code, 200);
    // The code was used.
    const reuse = await call(url, '/api/auth/login/changePassword', {
      body: { account: user.account, passwd: 'yet another secret', captcha },
    });
    assert.equal(reuse.code, 403);
  });

  it('lifts a sign-in lock: the owner proved they hold the address', async () => {
    const user = await register();
    for (let i = 0; i < 10; i += 1) await login(user.account, 'wrong wrong');
    assert.equal((await login(user.account)).code, 423);
    const captcha = await sendCode(url, dataDir, user.account, 2);
    await call(url, '/api/auth/login/changePassword', {
      body: { account: user.account, passwd: 'after the lock', captcha },
    });
    assert.equal((await login(user.account, 'after the lock')).code, 200);
  });

  it('answers an unknown address like a known one: 403 for any code, 410 once expired', async () => {
    const account = address('nobody');
    assert.equal(
      (await call(url, '/api/auth/base/sendMessage', { body: { account, type: 2 } })).code,
      200,
    );
    const wrong = await call(url, '/api/auth/login/changePassword', {
      body: { account, passwd: PASSWORD, captcha: '123456' },
    });
    assert.equal(wrong.code, 403);
    t.clock.advance(10 * MINUTE);
    const expired = await call(url, '/api/auth/login/changePassword', {
      body: { account, passwd: PASSWORD, captcha: '123456' },
    });
    assert.equal(expired.code, 410);
  });

  it('answers 403, 410 and 423 for codes as register does, and 422 for a weak password', async () => {
    const user = await register();
    const captcha = await sendCode(url, dataDir, user.account, 2);
    const body = { account: user.account, passwd: 'fine new secret', captcha };
    const common = await call(url, '/api/auth/login/changePassword', {
      body: { ...body, passwd: '123456789' },
    });
    assert.equal(common.code, 422);
    assert.equal(
      (await call(url, '/api/auth/login/changePassword', { body: { ...body, passwd: 'short' } }))
        .code,
      422,
    );
    const wrongCode = await call(url, '/api/auth/login/changePassword', {
      body: { ...body, captcha: otherCode(captcha) },
    });
    assert.equal(wrongCode.code, 403);
    for (let i = 0; i < 3; i += 1) {
      await call(url, '/api/auth/login/changePassword', {
        body: { ...body, captcha: otherCode(captcha) },
      });
    }
    const spent = await call(url, '/api/auth/login/changePassword', {
      body: { ...body, captcha: otherCode(captcha) },
    });
    assert.equal(spent.code, 423);
    t.clock.advance(MINUTE);
    const fresh = await sendCode(url, dataDir, user.account, 2);
    t.clock.advance(10 * MINUTE);
    const expired = await call(url, '/api/auth/login/changePassword', {
      body: { ...body, captcha: fresh },
    });
    assert.equal(expired.code, 410);
  });
});

describe('POST /api/system/user/modify', () => {
  it('trims and saves a nickname of 3 to 32 characters and answers the user', async () => {
    const user = await register();
    const token = user.tokenInfo.tokenValue;
    for (const [given, saved] of [
      ['  Ada L.  ', 'Ada L.'],
      ['小明明', '小明明'],
      ['n'.repeat(32), 'n'.repeat(32)],
    ]) {
      const res = await call<UserInfo>(url, '/api/system/user/modify', {
        token,
        body: { nickname: given },
      });
      assert.equal(res.code, 200);
      assert.equal(res.data.nickname, saved);
      assert.equal(res.data.id, user.id);
      assert.equal(res.data.tokenInfo.tokenValue, '');
      const me = await call<UserInfo>(url, '/api/user', { token });
      assert.equal(me.data.nickname, saved);
    }
  });

  for (const nickname of ['ab', '   ab   ', '', 'n'.repeat(33)]) {
    it(`answers 422 to the nickname "${nickname.length > 10 ? `${nickname.length} characters` : nickname}"`, async () => {
      const user = await register();
      const res = await call(url, '/api/system/user/modify', {
        token: user.tokenInfo.tokenValue,
        body: { nickname },
      });
      assert.equal(res.code, 422);
      assert.equal(res.msg, 'The nickname must be 3 to 32 characters long');
    });
  }

  it('answers 401 without a token and 400 to a nickname that is not text', async () => {
    const anonymous = await call(url, '/api/system/user/modify', { body: { nickname: 'Someone' } });
    assert.equal(anonymous.status, 401);
    const user = await register();
    const wrongType = await call(url, '/api/system/user/modify', {
      token: user.tokenInfo.tokenValue,
      body: { nickname: 12345 },
    });
    assert.equal(wrongType.status, 400);
  });
});

describe("messages and mails in the request's language", () => {
  it('writes msg in zh and pt-br', async () => {
    const cases = [
      ['zh', '邮箱或密码错误', '请输入有效的邮箱地址', '请先登录', '昵称长度须为 3 到 32 个字符'],
      [
        'pt-br',
        'E-mail ou senha incorretos',
        'Informe um endereço de e-mail válido',
        'Entre na sua conta para continuar',
        'O apelido deve ter de 3 a 32 caracteres',
      ],
    ] as const;
    const user = await register();
    for (const [language, wrong, email, unauthorized, nickname] of cases) {
      assert.equal(
        (
          await call(url, '/api/auth/login/dologin', {
            language,
            body: { account: address(), passwd: 'whatever1' },
          })
        ).msg,
        wrong,
      );
      assert.equal(
        (
          await call(url, '/api/auth/base/sendMessage', {
            language,
            body: { account: 'x', type: 4 },
          })
        ).msg,
        email,
      );
      assert.equal((await call(url, '/api/user', { language })).msg, unauthorized);
      assert.equal(
        (
          await call(url, '/api/system/user/modify', {
            language,
            token: user.tokenInfo.tokenValue,
            body: { nickname: 'x' },
          })
        ).msg,
        nickname,
      );
      const ok = await call(url, '/api/user', { language, token: user.tokenInfo.tokenValue });
      assert.equal(ok.msg, language === 'zh' ? '成功' : 'ok');
    }
  });

  it('mails codes in zh and pt-br, stating the code and its 10 minutes', async () => {
    for (const [language, registerSubject, registerText, resetSubject, resetText] of [
      ['zh', 'Coinlens 注册验证码', '10 分钟内有效', '重置 Coinlens 密码', '10 分钟内有效'],
      [
        'pt-br',
        'Seu código de verificação do Coinlens',
        'expira em 10 minutos',
        'Redefina sua senha do Coinlens',
        'expira em 10 minutos',
      ],
    ] as const) {
      const account = address(language);
      await call(url, '/api/auth/base/sendMessage', { language, body: { account, type: 4 } });
      const registerMail = lastMail(dataDir, account, 4);
      assert.equal(registerMail.subject, registerSubject);
      assert.ok(
        registerMail.text.includes(registerMail.code) && registerMail.text.includes(registerText),
      );
      const captcha = registerMail.code;
      await call(url, '/api/auth/login/register', { body: { account, passwd: PASSWORD, captcha } });
      await call(url, '/api/auth/base/sendMessage', { language, body: { account, type: 2 } });
      const resetMail = lastMail(dataDir, account, 2);
      assert.equal(resetMail.subject, resetSubject);
      assert.ok(resetMail.text.includes(resetMail.code) && resetMail.text.includes(resetText));
    }
  });
});
