// Both engines: the server's start and health on each, and what holds only on one (the data
// directory's lock on PGlite, migrations started by several processes at once on PostgreSQL).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { Type } from 'typebox';
import { buildApp } from '../src/app.js';
import { MIGRATIONS_DIR, openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { DataDirLockedError, lockDataDir } from '../src/db/lock.js';
import { startServer, type RunningServer } from '../src/server.js';
import { testDatabase, testDatabaseDriver, type TestDatabase } from './helpers/database.js';

const siteDir = mkdtempSync(join(tmpdir(), 'coinlens-site-'));
let database: TestDatabase;
let server: RunningServer;

before(async () => {
  writeFileSync(join(siteDir, 'index.html'), '<h1>home</h1>');
  writeFileSync(join(siteDir, '404.html'), '<h1>not found</h1>');
  mkdirSync(join(siteDir, 'zh', '404'), { recursive: true });
  writeFileSync(join(siteDir, 'zh', '404.html'), '<h1>找不到</h1>');
  // Gatsby also writes 404/index.html, which must not be the one sent for unknown paths.
  writeFileSync(join(siteDir, 'zh', '404', 'index.html'), '<h1>wrong 404</h1>');
  mkdirSync(join(siteDir, 'reporting'));
  writeFileSync(join(siteDir, 'reporting', 'index.html'), '<h1>reporting</h1>');
  mkdirSync(join(siteDir, 'static'));
  writeFileSync(join(siteDir, 'static', 'logo-abc123.svg'), '<svg/>');
  database = await testDatabase();
  server = await startServer(
    { port: 0, host: '127.0.0.1', ...database.config, siteDir, logLevel: 'silent' },
    { logLevel: false },
  );
});

after(async () => {
  await server?.close();
  await database?.cleanup();
  rmSync(siteDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers code 200 in the envelope with the database checked', async () => {
    const res = await fetch(`${server.url}/api/health`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const body = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
    assert.equal(body.code, 200);
    assert.equal(body.msg, 'ok');
    assert.equal(body.data.status, 'ok');
    assert.deepEqual(body.data.database, { driver: testDatabaseDriver(), ok: true });
  });

  it('writes its message in the request language', async () => {
    const res = await fetch(`${server.url}/api/health`, { headers: { Language: 'zh' } });
    assert.equal(((await res.json()) as { msg: string }).msg, '成功');
  });

  it('answers 503 when the database does not', async () => {
    const broken: DatabaseHandle = {
      db: undefined as never,
      driver: 'pglite',
      ping: async () => false,
      close: async () => undefined,
    };
    const app = await buildApp({ database: broken, logLevel: false });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().code, 503);
    await app.close();
  });
});

describe('the envelope', () => {
  it('answers an unknown API path with code 404, in JSON, even when a site is served', async () => {
    const res = await fetch(`${server.url}/api/nothing-here`, { headers: { Language: 'pt-br' } });
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), {
      code: 404,
      msg: 'Nada foi encontrado neste endereço',
      data: null,
    });
  });

  it('turns unparsable JSON and schema violations into code 400 (HTTP 400)', async () => {
    const fresh = await testDatabase();
    const database = await fresh.open();
    const app = await buildApp({ database, logLevel: false });
    app.post(
      '/api/echo',
      { schema: { body: Type.Object({ account: Type.String({ minLength: 1 }) }) } },
      async (request) => request.body,
    );
    const garbled = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    assert.equal(garbled.statusCode, 400);
    assert.equal(garbled.json().code, 400);
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/echo',
      payload: { account: 5 },
    });
    assert.equal(wrongType.statusCode, 400);
    assert.match(wrongType.json().msg, /^The request is malformed: body\/account/);
    const fine = await app.inject({
      method: 'POST',
      url: '/api/echo',
      payload: { account: 'a@b.co' },
    });
    assert.deepEqual(fine.json(), { account: 'a@b.co' });
    await app.close();
    await database.close();
    await fresh.cleanup();
  });

  it('hides an unexpected fault behind code 500 with nothing of its detail', async () => {
    const fresh = await testDatabase();
    const database = await fresh.open();
    const app = await buildApp({ database, logLevel: false });
    app.get('/api/boom', async () => {
      throw new Error('secret detail');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    assert.equal(res.statusCode, 500);
    assert.equal(res.json().code, 500);
    assert.doesNotMatch(res.body, /secret detail/);
    await app.close();
    await database.close();
    await fresh.cleanup();
  });
});

describe('the static site on the same origin', () => {
  it('serves pages with security headers and revalidated HTML', async () => {
    const res = await fetch(`${server.url}/reporting/`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /reporting/);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
  });

  it('without SITE_RULES, serves a phone the page itself, with no device redirect and no CSP', async () => {
    const res = await fetch(`${server.url}/`, {
      redirect: 'manual',
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      },
    });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /home/);
    assert.equal(res.headers.get('content-security-policy'), null);
  });

  it('redirects a directory without its trailing slash', async () => {
    const res = await fetch(`${server.url}/reporting`, { redirect: 'manual' });
    assert.equal(res.status, 301);
    assert.equal(res.headers.get('location'), '/reporting/');
  });

  it('caches hashed assets for a year', async () => {
    const res = await fetch(`${server.url}/static/logo-abc123.svg`);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });

  it('answers an unknown page with the 404 page of its locale', async () => {
    const zh = await fetch(`${server.url}/zh/nope/`);
    assert.equal(zh.status, 404);
    assert.match(await zh.text(), /找不到/);
    const en = await fetch(`${server.url}/nope/`);
    assert.equal(en.status, 404);
    assert.match(await en.text(), /not found/);
  });
});

describe('the data directory lock (PGlite)', () => {
  it('refuses a second server on the same data directory', async () => {
    // With PGlite the running server holds the lock; with PostgreSQL it holds none, so a PGlite
    // opened here does.
    const holder = database.driver === 'pglite' ? null : await testDatabase();
    const held = holder ? await openDatabase(holder.dataDir) : null;
    try {
      await assert.rejects(
        startServer(
          {
            port: 0,
            host: '127.0.0.1',
            dataDir: holder?.dataDir ?? database.dataDir,
            siteDir: null,
            logLevel: 'silent',
          },
          { logLevel: false },
        ),
        DataDirLockedError,
      );
    } finally {
      await held?.close();
      await holder?.cleanup();
    }
    // The running server is untouched.
    assert.equal((await fetch(`${server.url}/api/health`)).status, 200);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinlens-lock-'));
    writeFileSync(join(dir, 'api.lock'), '2147483646');
    const release = lockDataDir(dir);
    assert.throws(() => lockDataDir(dir), /in use by process/);
    release();
    lockDataDir(dir)();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe(
  'PostgreSQL',
  { skip: testDatabaseDriver() !== 'postgres' && 'TEST_DATABASE_URL is not set' },
  () => {
    it('lets several servers start at once on one new database, migrating it once', async () => {
      const shared = await testDatabase();
      const servers: RunningServer[] = [];
      try {
        const started = await Promise.allSettled(
          [1, 2, 3, 4, 5, 6].map(() =>
            startServer(
              { port: 0, host: '127.0.0.1', ...shared.config, siteDir: null, logLevel: 'silent' },
              { logLevel: false },
            ),
          ),
        );
        for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
        for (const result of started) if (result.status === 'rejected') throw result.reason;
        for (const { url } of servers) {
          const body = (await (await fetch(`${url}/api/health`)).json()) as {
            data: { database: unknown };
          };
          assert.deepEqual(body.data.database, { driver: 'postgres', ok: true });
        }
        const journal = JSON.parse(
          readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        const check = new pg.Client({ connectionString: shared.databaseUrl ?? '' });
        await check.connect();
        try {
          const applied = await check.query(
            'select count(*)::int as n from drizzle.__drizzle_migrations',
          );
          assert.deepEqual(applied.rows, [{ n: journal.entries.length }]);
        } finally {
          await check.end();
        }
      } finally {
        await Promise.all(servers.map((running) => running.close()));
        await shared.cleanup();
      }
    });

    it('leaves the data directory alone', () => {
      assert.equal(existsSync(join(database.dataDir, 'pglite')), false);
      assert.equal(existsSync(join(database.dataDir, 'api.lock')), false);
    });
  },
);
