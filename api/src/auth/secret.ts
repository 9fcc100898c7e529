// A random server secret kept in the database (app_meta), made on first use: it keys the HMAC of
// verification codes, so that a copy of the database alone cannot be used to recover a code by
// trying the million possibilities. Several processes sharing one PostgreSQL agree on it: the first
// insert wins and everyone reads it back.
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.js';
import { appMeta } from '../db/schema.js';

/** Returns a function that loads (once) or creates the secret named `key`. */
export function serverSecret(db: Database, key: string): () => Promise<Buffer> {
  let loading: Promise<Buffer> | undefined;
  const load = async () => {
    await db
      .insert(appMeta)
      .values({ key, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, key));
    if (!row) throw new Error(`The server secret ${key} could not be stored`);
    return Buffer.from(row.value, 'base64url');
  };
  return () => {
    // A failed load (database briefly down) is not remembered: the next call tries again.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
