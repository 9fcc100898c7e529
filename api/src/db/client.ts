import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { lockDataDir } from './lock.js';
import * as schema from './schema.js';

/** The SQL migrations written by drizzle-kit (`npm run db:generate -w api`). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * Drizzle over either engine. The query-result type is the one both drivers share, so code
 * written against it (queries, `db.transaction`) runs on PGlite and on PostgreSQL alike; what a
 * raw `db.execute` returns differs between them, so prefer the query builder.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which engine is behind a `Database`. */
export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  /** Drizzle over the open database. */
  db: Database;
  /** Which engine is behind `db`. */
  driver: DatabaseDriver;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Closes the database (PGlite: releases the data directory; PostgreSQL: ends the pool). */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /**
   * A PostgreSQL connection string (`DATABASE_URL`). When set, the server uses PostgreSQL and
   * leaves the data directory's database alone; when null or empty, the embedded PGlite.
   */
  databaseUrl?: string | null;
}

/** Connections per API process; PostgreSQL's default max_connections (100) fits several processes. */
const POOL_MAX = 10;
/** No request of ours should run longer; a runaway query is cancelled instead of holding a connection. */
const STATEMENT_TIMEOUT_MS = 30_000;
/**
 * The advisory lock that serializes migrations when several API processes start at once against
 * one PostgreSQL database (an arbitrary constant, unique to Coinlens).
 */
const MIGRATION_LOCK_KEY = 4_723_094_118_311_027n;

/**
 * Opens the database and applies pending migrations: PostgreSQL when `databaseUrl` is given,
 * otherwise the embedded PGlite in `<dataDir>/pglite` (created if needed, one process per data
 * directory).
 */
export async function openDatabase(
  dataDir: string,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(dataDir);
}

function pinger(db: Database): () => Promise<boolean> {
  return async () => {
    try {
      await db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const unlock = lockDataDir(dataDir);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(join(dataDir, 'pglite'));
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    const open = client;
    let closed = false;
    return {
      db,
      driver: 'pglite',
      ping: pinger(db),
      async close() {
        if (closed) return;
        closed = true;
        try {
          await open.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    unlock();
    throw error;
  }
}

/** Host, port and database of a connection string, without its credentials, for messages. */
function describeUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname || 'localhost'}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'an unparsable address';
  }
}

/**
 * Runs the migrations on one dedicated connection holding an advisory lock, so that processes
 * starting together migrate one after another (the later ones find nothing left to do). That
 * connection has no statement timeout: waiting for the lock, or a long migration, is expected.
 */
async function migratePostgres(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `Could not connect to PostgreSQL at ${describeUrl(connectionString)} (DATABASE_URL): ${(error as Error).message}`,
      { cause: error },
    );
  }
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    await client.end();
  }
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  await migratePostgres(connectionString);
  const pool = new pg.Pool({
    connectionString,
    max: POOL_MAX,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection that breaks (the server restarts, a proxy drops it) is removed from the
  // pool and the next query opens a new one; without a listener the 'error' event would end the
  // process. The health route reports a database that stays down.
  pool.on('error', () => undefined);
  const db = drizzleNodePg({ client: pool, schema });
  let closed = false;
  return {
    db,
    driver: 'postgres',
    ping: pinger(db),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
