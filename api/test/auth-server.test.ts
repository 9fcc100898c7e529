// Accounts across a restart, at the production password cost, and mail through SMTP.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { UserInfo } from '@coinlens/contract';
import { users } from '../src/db/schema.js';
import { startServer, type RunningServer } from '../src/server.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';
import { call, lastMail, readOutbox, sendCode, startAuthServer } from './helpers/auth.js';
import { fakeSmtp } from './helpers/smtp.js';

let database: TestDatabase;

before(async () => {
  database = await testDatabase();
});

after(async () => {
  await database?.cleanup();
});

describe('a restart', () => {
  it('keeps accounts, tokens and mailed codes; a sign-in upgrades an old hash to the production cost', async () => {
    const account = 'restart@example.com';
    const passwd = 'survives a restart';
    const pending = 'pending@example.com';

    // First run: a cheap hash, as an older server might have stored.
    const first = await startAuthServer({ database, passwordCost: 10 });
    let registered: UserInfo;
    let pendingCode: string;
    try {
      const captcha = await sendCode(first.server.url, database.dataDir, account, 4);
      const res = await call<UserInfo>(first.server.url, '/api/auth/login/register', {
        body: { account, passwd, captcha },
      });
      assert.equal(res.code, 200);
      registered = res.data;
      pendingCode = await sendCode(first.server.url, database.dataDir, pending, 4);
    } finally {
      await first.close();
    }

    // Second run, on the same data, at the default cost (scrypt N = 2^15).
    const second = await startAuthServer({
      database,
      passwordCost: 'production',
      clock: first.clock,
    });
    try {
      const url = second.server.url;
      const signedIn = await call<UserInfo>(url, '/api/auth/login/dologin', {
        body: { account, passwd },
      });
      assert.equal(signedIn.code, 200);
      assert.equal(signedIn.data.id, registered.id);
      assert.equal(signedIn.data.times, 0);
      const me = await call<UserInfo>(url, '/api/user', { token: registered.tokenInfo.tokenValue });
      assert.equal(me.code, 200, 'a token from before the restart still works');
      // The code's HMAC key is kept in the database: a code mailed before the restart works.
      const late = await call(url, '/api/auth/login/register', {
        body: { account: pending, passwd, captcha: pendingCode },
      });
      assert.equal(late.code, 200);
      assert.equal(
        (await call(url, '/api/auth/login/dologin', { body: { account, passwd } })).code,
        200,
        'signs in again against the upgraded hash',
      );
    } finally {
      await second.close();
    }

    const handle = await database.open();
    try {
      const hashes = await handle.db.select({ hash: users.passwordHash }).from(users);
      assert.equal(hashes.length, 2);
      for (const { hash } of hashes)
        assert.match(hash ?? '', /^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    } finally {
      await handle.close();
    }
  });
});

describe('with SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let server: RunningServer;

  before(async () => {
    smtp = await fakeSmtp();
    server = await startServer(
      {
        port: 0,
        host: '127.0.0.1',
        ...database.config,
        siteDir: null,
        logLevel: 'silent',
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        mailFrom: 'Coinlens Test <codes@coinlens.test>',
      },
      { logLevel: false, passwordCost: 10 },
    );
  });

  after(async () => {
    await server?.close();
    await new Promise((resolve) => smtp?.server.close(resolve));
  });

  it('sends the code by SMTP in the request language, and writes nothing to the outbox', async () => {
    const outboxBefore = readOutbox(database.dataDir).length;
    const res = await call(server.url, '/api/auth/base/sendMessage', {
      language: 'pt-br',
      body: { account: 'smtp@example.com', type: 4 },
    });
    assert.equal(res.code, 200);
    assert.equal(smtp.messages.length, 1);
    const message = smtp.messages[0] ?? '';
    assert.match(message, /^From: Coinlens Test <codes@coinlens\.test>$/m);
    assert.match(message, /^To: smtp@example\.com$/m);
    assert.match(message, /^Subject: /m);
    assert.match(message, /\b\d{6}\b/);
    assert.equal(readOutbox(database.dataDir).length, outboxBefore);
  });

  it('answers 500 when the mail is refused, and forgets the code so that asking again is not held 60 s', async () => {
    smtp.refuse.on = true;
    try {
      const body = { account: 'refused@example.com', type: 4 };
      const first = await call(server.url, '/api/auth/base/sendMessage', { body });
      assert.equal(first.status, 500);
      assert.equal(first.code, 500);
      const again = await call(server.url, '/api/auth/base/sendMessage', { body });
      assert.equal(again.code, 500, 'not 429: the unsent code was discarded');
    } finally {
      smtp.refuse.on = false;
    }
    const ok = await call(server.url, '/api/auth/base/sendMessage', {
      body: { account: 'refused@example.com', type: 4 },
    });
    assert.equal(ok.code, 200);
    assert.throws(() => lastMail(database.dataDir, 'refused@example.com', 4), /no mail/);
  });
});
