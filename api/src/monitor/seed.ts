// The bundled demo data set of monitored sources (`api/data/demo-sources.json`, in the import
// format), written once, on the first start of a database, with its times placed around that
// start so that the lists always have events behind and ahead (the weekly series keep it so).
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Clock } from '../auth/clock.js';
import type { Database } from '../db/client.js';
import { appMeta } from '../db/schema.js';
import { parseImportFile } from './importFormat.js';
import { importSources, type ImportResult } from './store.js';

/** The app_meta key that records when the demo sources were written. */
export const DEMO_SOURCES_KEY = 'demo_sources_seeded_at';

export const DEMO_SOURCES_FILE = new URL('../../../data/demo-sources.json', import.meta.url);

/**
 * Writes the demo sources unless this database already had them (even if they were deleted
 * since). Returns what was written, or null when nothing was. Only one of several processes
 * starting at once writes them.
 */
export async function seedDemoSources(
  db: Database,
  clock: Clock,
  file: URL | string = DEMO_SOURCES_FILE,
): Promise<ImportResult | null> {
  const now = new Date(clock.now());
  const claimed = await db
    .insert(appMeta)
    .values({ key: DEMO_SOURCES_KEY, value: now.toISOString(), updatedAt: now })
    .onConflictDoNothing({ target: appMeta.key })
    .returning({ key: appMeta.key });
  if (claimed.length === 0) return null;
  try {
    const list = parseImportFile(await readFile(file), {
      nowSec: Math.floor(now.getTime() / 1000),
    });
    return await importSources(db, list, { demo: true, now });
  } catch (error) {
    // Try again on the next start rather than never.
    await db.delete(appMeta).where(eq(appMeta.key, DEMO_SOURCES_KEY));
    throw error;
  }
}
