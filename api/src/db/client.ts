import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockDataDir } from './lock.js';
import * as schema from './schema.js';

/** The SQL migrations written by drizzle-kit (`npm run db:generate -w api`). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export type Database = PgliteDatabase<typeof schema>;

export interface DatabaseHandle {
  /** Drizzle over the open database. */
  db: Database;
  /** Which engine is behind `db`. */
  driver: 'pglite';
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Closes the database and releases the data directory. */
  close(): Promise<void>;
}

/** Opens (creating if needed) the embedded database in `<dataDir>/pglite` and applies pending migrations. */
export async function openDatabase(dataDir: string): Promise<DatabaseHandle> {
  const unlock = lockDataDir(dataDir);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(join(dataDir, 'pglite'));
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const open = client;
    let closed = false;
    return {
      db,
      driver: 'pglite',
      async ping() {
        try {
          await db.execute(sql`select 1`);
          return true;
        } catch {
          return false;
        }
      },
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
