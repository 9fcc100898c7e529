// The auth building blocks on their own: rules, password hashing, codes, the per-IP limiter,
// bearer parsing and the mail texts.
import { dictionary } from '@zxcvbn-ts/language-common';
import fc from 'fast-check';
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { describe, it } from 'node:test';
import { generateCode, hashCode } from '../src/auth/codes.js';
import {
  hashConcurrency,
  HashQueue,
  isCommonPassword,
  PasswordHasher,
  threadpoolSize,
} from '../src/auth/passwords.js';
import { SlidingWindowLimiter } from '../src/auth/rateLimit.js';
import { bearerToken } from '../src/auth/requireUser.js';
import {
  defaultNickname,
  isValidEmail,
  isValidNickname,
  isValidPasswordLength,
  normalizeAccount,
} from '../src/auth/rules.js';
import { hashToken } from '../src/auth/tokens.js';
import { toUserInfo } from '../src/auth/users.js';
import { verificationMail } from '../src/mail/index.js';

describe('email rule (the site’s)', () => {
  const cases: [string, boolean][] = [
    ['ada@example.com', true],
    ['a.b_c-d@mail.example.co', true],
    ['X9@sub.domain.travel', true],
    ['ada@example', false],
    ['ada@example.c', false],
    ['ada@example.c0m', false],
    ['ada+tag@example.com', false],
    ['ada lovelace@example.com', false],
    ['@example.com', false],
    ['ada@@example.com', false],
    ['ada@.example.com', false],
    ['ada@example..com', false],
    ['ada@-x.example.com', true],
    ['', false],
    [`${'a'.repeat(250)}@x.io`, false],
  ];
  for (const [address, valid] of cases) {
    it(`${valid ? 'accepts' : 'refuses'} "${address.length > 40 ? `${address.length} characters` : address}"`, () => {
      assert.equal(isValidEmail(normalizeAccount(address)), valid);
    });
  }

  it('normalises by trimming and lower-casing, idempotently', () => {
    assert.equal(normalizeAccount('  Ada@Example.COM\t'), 'ada@example.com');
    fc.assert(
      fc.property(fc.string(), (value) => {
        const once = normalizeAccount(value);
        return normalizeAccount(once) === once;
      }),
    );
  });
});

describe('password, nickname and default nickname rules', () => {
  it('counts characters, not UTF-16 units', () => {
    assert.equal(isValidPasswordLength('12345'), false);
    assert.equal(isValidPasswordLength('123456'), true);
    assert.equal(isValidPasswordLength('🔐'.repeat(128)), true);
    assert.equal(isValidPasswordLength('🔐'.repeat(129)), false);
    assert.equal(isValidNickname('😀😀'), false);
    assert.equal(isValidNickname('😀😀😀'), true);
    assert.equal(isValidNickname('x'.repeat(33)), false);
    // Control characters: a NUL cannot be stored by PostgreSQL, none can be shown.
    assert.equal(isValidNickname('\u0000 !'), false);
    assert.equal(isValidNickname('Ada\tL'), false);
  });

  it('names a new account after its local part, at most 32 characters', () => {
    assert.equal(defaultNickname('grace.hopper@example.com'), 'grace.hopper');
    assert.equal(defaultNickname(`${'b'.repeat(40)}@example.com`), 'b'.repeat(32));
  });
});

describe('common passwords', () => {
  it('refuses the 10,000 most common ones in any case, and not the ones after', () => {
    const list = dictionary.passwords;
    assert.equal(isCommonPassword('password'), true);
    assert.equal(isCommonPassword('PaSsWoRd'), true);
    assert.equal(isCommonPassword(list[9_999] ?? ''), true);
    const first = new Set(list.slice(0, 10_000).map((entry) => entry.toLowerCase()));
    const later = list.slice(10_000).find((entry) => !first.has(entry.toLowerCase()));
    assert.ok(later);
    assert.equal(isCommonPassword(later), false);
    assert.equal(isCommonPassword('correct horse battery'), false);
  });
});

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(10);

  it('stores the parameters and a 16-byte salt with the hash, and verifies', async () => {
    const stored = await hasher.hash('s3cret words');
    assert.match(stored, /^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    assert.equal(await hasher.verify('s3cret words', stored), true);
    assert.equal(await hasher.verify('s3cret wordS', stored), false);
    assert.notEqual(await hasher.hash('s3cret words'), stored, 'a fresh salt each time');
  });

  it('treats the same text in composed and decomposed Unicode as one password', async () => {
    const stored = await hasher.hash('caf\u00e9 au lait');
    assert.equal(await hasher.verify('cafe\u0301 au lait', stored), true);
  });

  it('refuses damaged or foreign hashes instead of throwing', async () => {
    for (const stored of [
      '',
      'bcrypt$x',
      'scrypt$99$8$1$c2FsdA$a2V5',
      'scrypt$10$8$1$$',
      'scrypt$10$8$1$a$b$c',
    ]) {
      assert.equal(await hasher.verify('anything', stored), false, stored);
    }
  });

  it('spends a check on accounts that do not exist and says no', async () => {
    assert.equal(await hasher.verifyNobody('whatever'), false);
  });

  it('tells which hashes were made at another cost', async () => {
    const stored = await hasher.hash('s3cret words');
    assert.equal(hasher.isOutdated(stored), false);
    assert.equal(new PasswordHasher(11).isOutdated(stored), true);
  });
});

describe('codes and tokens', () => {
  it('draws codes of exactly 6 digits', () => {
    for (let i = 0; i < 2000; i += 1) assert.match(generateCode(), /^\d{6}$/);
  });

  it('binds a code hash to the secret, the address and the purpose', () => {
    const secret = Buffer.alloc(32, 7);
    const base = hashCode(secret, 'a@example.com', 4, '123456');
    assert.equal(hashCode(secret, 'a@example.com', 4, '123456'), base);
    assert.notEqual(hashCode(secret, 'b@example.com', 4, '123456'), base);
    assert.notEqual(hashCode(secret, 'a@example.com', 2, '123456'), base);
    assert.notEqual(hashCode(Buffer.alloc(32, 8), 'a@example.com', 4, '123456'), base);
    assert.doesNotMatch(base, /123456/);
  });

  it('stores tokens as their SHA-256', () => {
    assert.equal(hashToken('abc'), 'ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });

  it('reads the bearer token of an Authorization header', () => {
    assert.equal(bearerToken('Bearer abc'), 'abc');
    assert.equal(bearerToken('bearer   abc '), 'abc');
    assert.equal(bearerToken('Bearer'), null);
    assert.equal(bearerToken('Basic abc'), null);
    assert.equal(bearerToken('Bearer a b'), null);
    assert.equal(bearerToken(undefined), null);
  });

  it('writes UserInfo with expiresAt in Unix seconds', () => {
    const info = toUserInfo(
      { id: 3, account: 'a@example.com', nickname: 'ada', avatar: null, priceColors: 'red-up' },
      { value: 'tok', expiresAt: new Date(1_700_000_000_999) },
      1,
    );
    assert.deepEqual(info, {
      id: 3,
      account: 'a@example.com',
      nickname: 'ada',
      avatar: null,
      times: 1,
      priceColors: 'red-up',
      operator: false,
      tokenInfo: { tokenName: 'Authorization', tokenValue: 'tok', expiresAt: 1_700_000_000 },
    });
  });
});

describe('SlidingWindowLimiter', () => {
  it('gives `limit` slots per window per key and says when the next one frees up', () => {
    let now = 1_000_000;
    const limiter = new SlidingWindowLimiter(3, 10_000, { now: () => now });
    for (let i = 0; i < 3; i += 1) {
      assert.equal(limiter.take('1.2.3.4'), 0);
      now += 1000;
    }
    assert.equal(limiter.take('1.2.3.4'), 7000);
    assert.equal(limiter.take('1.2.3.4'), 7000, 'a refusal counts nothing');
    assert.equal(limiter.take('5.6.7.8'), 0, 'keys are apart');
    now += 7000;
    assert.equal(limiter.take('1.2.3.4'), 0);
  });

  it('takes a slot back with release', () => {
    const limiter = new SlidingWindowLimiter(2, 10_000, { now: () => 0 });
    assert.equal(limiter.take(7), 0);
    assert.equal(limiter.take(7), 0);
    assert.ok(limiter.take(7) > 0);
    limiter.release(7);
    assert.equal(limiter.take(7), 0);
  });

  it('forgets a key with no hit inside its window, once per window', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(20, 60_000, { now: () => now });
    for (let user = 0; user < 100; user += 1) limiter.take(user);
    assert.equal(limiter.size, 100);
    now += 60_000;
    limiter.take('someone else');
    assert.equal(limiter.size, 1);
  });
});

describe('HashQueue', () => {
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('runs `concurrency` hashes at once, queues `queueLimit` more and refuses the rest', async () => {
    const queue = new HashQueue(2, 3);
    const tickets = Array.from({ length: 6 }, () => queue.admit());
    assert.equal(tickets.filter(Boolean).length, 5);
    assert.equal(tickets[5], null);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const runs = tickets.slice(0, 5).map((ticket) =>
      ticket!.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
      }),
    );
    await tick();
    assert.equal(running, 2);
    for (let i = 0; i < 8; i += 1) {
      releases.shift()?.();
      await tick();
    }
    await Promise.all(runs);
    assert.equal(most, 2);
    assert.equal(queue.pending, 0);
    assert.ok(queue.admit(), 'admits again once drained');
  });

  it("runs no more hashes at once than the cores and libuv's threads leave free", () => {
    // Cores: one stays for the event loop. Threads: one stays for file reads and writes.
    assert.equal(hashConcurrency(2, 4), 1);
    assert.equal(hashConcurrency(4, 4), 3);
    assert.equal(hashConcurrency(8, 4), 3, "on many cores, libuv's four threads bound it");
    assert.equal(hashConcurrency(8, 6), 5);
    assert.equal(hashConcurrency(8, 64), 7);
    assert.equal(hashConcurrency(1, 4), 1, 'at least one, so that passwords are checked at all');
    assert.equal(hashConcurrency(8, 1), 1);
  });

  it('reads the threads of libuv from UV_THREADPOOL_SIZE as libuv does', () => {
    assert.equal(threadpoolSize(undefined), 4);
    assert.equal(threadpoolSize('6'), 6);
    assert.equal(threadpoolSize(' 12 threads'), 12);
    assert.equal(threadpoolSize('0'), 1);
    assert.equal(threadpoolSize(''), 1);
    assert.equal(threadpoolSize('many'), 1);
    assert.equal(threadpoolSize('5000'), 1024);
    assert.equal(threadpoolSize('-1'), 1024);
    assert.equal(hashConcurrency(16, threadpoolSize(undefined)), 3);
    assert.equal(
      new HashQueue().concurrency,
      hashConcurrency(availableParallelism(), threadpoolSize(process.env.UV_THREADPOOL_SIZE)),
      "the server's queue",
    );
  });

  it('gives a place back when a ticket is cancelled, once', () => {
    const queue = new HashQueue(1, 0);
    const ticket = queue.admit();
    assert.ok(ticket);
    assert.equal(queue.admit(), null);
    ticket.cancel();
    ticket.cancel();
    assert.equal(queue.pending, 0);
    assert.ok(queue.admit());
    assert.equal(queue.admit(), null);
  });
});

describe('verification mails', () => {
  for (const type of [4, 2] as const) {
    for (const locale of ['en', 'zh', 'pt-br'] as const) {
      it(`type ${type} in ${locale} states the code and its 10 minutes`, () => {
        const mail = verificationMail(type, locale, '042917');
        assert.ok(mail.subject.length > 0);
        assert.ok(mail.text.includes('042917'));
        assert.match(mail.text, /10/);
      });
    }
  }

  it('differs by purpose', () => {
    assert.notEqual(verificationMail(4, 'en', '1').subject, verificationMail(2, 'en', '1').subject);
  });
});
