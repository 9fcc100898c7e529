// Both engines: the server process starts and stops on each, and takes the data directory's lock
// only on PGlite.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { configFromEnv } from '../src/config.js';
import { testDatabase } from './helpers/database.js';
import getPort from 'get-port';

const MAIN = fileURLToPath(new URL('../src/main.js', import.meta.url));

describe('configFromEnv', () => {
  it('defaults to port 8000 and .data under the working directory', () => {
    const config = configFromEnv({}, '/srv/coinlens');
    assert.equal(config.port, 8000);
    assert.equal(config.dataDir, '/srv/coinlens/.data');
    assert.equal(config.siteDir, null);
    assert.equal(config.siteRules, null);
    assert.equal(config.databaseUrl, null);
  });

  it('reads DATABASE_URL as it is, and an empty one as unset', () => {
    const url = 'postgres://coinlens:secret@db.internal:5432/coinlens';
    assert.equal(configFromEnv({ DATABASE_URL: url }).databaseUrl, url);
    assert.equal(configFromEnv({ DATABASE_URL: '' }).databaseUrl, null);
  });

  it('reads SITE_RULES as a path under the working directory', () => {
    const config = configFromEnv({ SITE_RULES: 'site/edge/rules.mjs' }, '/srv/coinlens');
    assert.equal(config.siteRules, '/srv/coinlens/site/edge/rules.mjs');
    assert.equal(
      configFromEnv({ SITE_RULES: '/opt/rules.mjs' }, '/srv').siteRules,
      '/opt/rules.mjs',
    );
  });

  for (const bad of ['abc', '-1', '70000', '80.5']) {
    it(`refuses PORT=${bad} with a message that names it`, () => {
      assert.throws(
        () => configFromEnv({ PORT: bad }),
        new RegExp(`PORT must be .*"${bad.replace('.', '\\.')}"`),
      );
    });
  }
});

describe('the server process', () => {
  it('starts, answers, and on SIGTERM closes the database and releases the data directory', async () => {
    const database = await testDatabase();
    const { dataDir } = database;
    const port = await getPort({ host: '127.0.0.1' });
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        ...database.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          assert.equal(res.status, 200);
          const body = (await res.json()) as { data: { database: { driver: string } } };
          assert.equal(body.data.database.driver, database.driver);
          break;
        } catch (error) {
          if (Date.now() > deadline || child.exitCode !== null)
            throw new Error(`did not start: ${stderr || error}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      // Only PGlite locks the data directory.
      assert.equal(existsSync(join(dataDir, 'api.lock')), database.driver === 'pglite');
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      assert.equal(existsSync(join(dataDir, 'api.lock')), false);
    } finally {
      child.kill('SIGKILL');
      await exited;
      await database.cleanup();
    }
  });

  it('refuses to start on a bad PORT, saying why', async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        PORT: 'eighty',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'coinlens-main-bad-')),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 1);
    assert.match(stderr, /PORT must be a whole number from 0 to 65535, got "eighty"/);
  });
});
