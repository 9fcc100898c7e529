// A fresh database for each test file: PGlite in a temporary directory by default, or, when
// TEST_DATABASE_URL is set (an admin connection string, e.g.
// postgres://coinlens@127.0.0.1:5432/postgres), a new PostgreSQL database made for the file and
// dropped after it, so test files can run in parallel against one server.
//
// Usage:
//
//   import { testDatabase, type TestDatabase } from './helpers/database.js';
//
//   let database: TestDatabase;
//   let server: RunningServer;
//   before(async () => {
//     database = await testDatabase();
//     server = await startServer(
//       { port: 0, host: '127.0.0.1', ...database.config, siteDir: null, logLevel: 'silent' },
//       { logLevel: false },
//     );
//   });
//   after(async () => {
//     await server?.close(); // close everything that uses the database first
//     await database?.cleanup();
//   });
//
// Other ways in:
//   const handle = await database.open();        // openDatabase() on it, e.g. for buildApp()
//   spawn(process.execPath, [main], { env: { ...process.env, ...database.env } });
//   if (database.driver === 'pglite') { ... }    // for what only one engine does
//
// Several servers may share one PostgreSQL test database; a PGlite data directory takes one at
// a time (call testDatabase() again for a second one).
//
// A PGlite data directory's first start (initdb and the migrations, about 6 s) is made once per
// run when TEST_PGLITE_TEMPLATE names a directory made by `makePgliteTemplate` (scripts/test.mjs
// does): each fresh data directory then starts from a copy of it, which opens in under a second.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase, type DatabaseDriver, type DatabaseHandle } from '../../src/db/client.js';

export interface TestDatabase {
  /** Which engine this run tests against. */
  driver: DatabaseDriver;
  /** The fresh PostgreSQL database's connection string, or null for PGlite. */
  databaseUrl: string | null;
  /** A fresh temporary directory: PGlite's data (when PGlite) and anything else a server writes there (mail outbox). */
  dataDir: string;
  /** `dataDir` and `databaseUrl`, ready to spread into a `ServerConfig`. */
  config: { dataDir: string; databaseUrl: string | null };
  /** DATA_DIR and DATABASE_URL for a child process (`{ ...process.env, ...database.env }`). */
  env: { DATA_DIR: string; DATABASE_URL: string };
  /** Opens the database as the server does (migrations applied); close the handle yourself. */
  open(): Promise<DatabaseHandle>;
  /** Drops the PostgreSQL database (even with connections left open) and removes `dataDir`. */
  cleanup(): Promise<void>;
}

/** The admin connection string of the PostgreSQL server tests run against, or null for PGlite. */
export function testDatabaseAdminUrl(): string | null {
  return process.env.TEST_DATABASE_URL || null;
}

/** The environment variable naming the PGlite template directory (see the top of this file). */
export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';

/**
 * Makes in `dir` the PGlite data directory that fresh test databases start from: started once,
 * with every migration applied, and closed.
 */
export async function makePgliteTemplate(dir: string): Promise<void> {
  const handle = await openDatabase(dir);
  await handle.close();
}

/** Which engine this run tests against. */
export function testDatabaseDriver(): DatabaseDriver {
  return testDatabaseAdminUrl() ? 'postgres' : 'pglite';
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Makes a fresh database for one test file (see the top of this file). */
export async function testDatabase(): Promise<TestDatabase> {
  const adminUrl = testDatabaseAdminUrl();
  const dataDir = mkdtempSync(join(tmpdir(), 'coinlens-test-'));
  let databaseUrl: string | null = null;
  let name: string | null = null;
  if (adminUrl) {
    // Lower-case letters and digits only: no quoting needed in CREATE/DROP DATABASE.
    name = `coinlens_test_${randomBytes(6).toString('hex')}`;
    try {
      await adminQuery(adminUrl, `create database ${name}`);
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(
        `Could not create a test database through TEST_DATABASE_URL: ${(error as Error).message}`,
        { cause: error },
      );
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  } else {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    if (template && existsSync(join(template, 'pglite'))) {
      cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
    }
  }
  let cleaned = false;
  return {
    driver: databaseUrl ? 'postgres' : 'pglite',
    databaseUrl,
    dataDir,
    config: { dataDir, databaseUrl },
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
    open: () => openDatabase(dataDir, { databaseUrl }),
    async cleanup() {
      if (cleaned) return;
      cleaned = true;
      try {
        if (adminUrl && name)
          await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * One line on the engine a test run uses; with PostgreSQL, also proves the server answers, so a
 * wrong TEST_DATABASE_URL fails once and clearly instead of in every test file.
 */
export async function describeTestEngine(): Promise<string> {
  const adminUrl = testDatabaseAdminUrl();
  if (!adminUrl) {
    return 'API tests: PGlite, a fresh data directory per test file (set TEST_DATABASE_URL to run them against PostgreSQL)';
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>(
      "select current_setting('server_version') as version",
    );
    const { hostname, port } = new URL(adminUrl);
    return `API tests: PostgreSQL ${rows[0]?.version ?? '?'} at ${hostname || 'localhost'}:${port || 5432} (TEST_DATABASE_URL), a fresh database per test file`;
  } finally {
    await client.end();
  }
}

// `npm test -w api` runs this file once before the tests to announce the engine, and with
// `--pglite-template DIR` to make the PGlite template there.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--pglite-template');
  const made = at >= 0 ? makePgliteTemplate(process.argv[at + 1]!) : Promise.resolve();
  made.then(describeTestEngine).then(
    (line) => console.log(line),
    (error: unknown) => {
      console.error(`TEST_DATABASE_URL does not answer: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
