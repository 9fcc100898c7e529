// `npm run import -w api -- <file.json> [--dry-run]`: imports monitored sources and their
// transcripts from a file in the import format (api/docs/import-format.md) into the database
// the server uses (DATA_DIR's PGlite, or DATABASE_URL). A file that breaks a rule is refused
// with the line, column and reason, and nothing of it is written.
import { readFile, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { systemClock } from '../auth/clock.js';
import { Changes } from '../changes.js';
import { configFromEnv } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/lock.js';
import { IMPORT_MAX_BYTES, ImportFormatError, parseImportFile } from '../monitor/importFormat.js';
import { importSources } from '../monitor/store.js';

const USAGE = 'Usage: npm run import -w api -- <file.json> [--dry-run]';
/** How long the command waits for Redis (REDIS_URL) to tell the servers of the import. */
const REDIS_WAIT_MS = 5000;

export interface ImportCliIo {
  out(line: string): void;
  err(line: string): void;
}

/** Runs the command; returns the exit code. */
export async function runImport(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  io: ImportCliIo = { out: (l) => console.log(l), err: (l) => console.error(l) },
): Promise<number> {
  const dryRun = args.includes('--dry-run');
  const files = args.filter((arg) => arg !== '--dry-run');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    io.err(USAGE);
    return 2;
  }
  // npm runs workspace scripts in api/; paths are meant from where the command was typed.
  const cwd = env.INIT_CWD || process.cwd();
  const path = resolve(cwd, files[0]!);

  let text: Buffer;
  try {
    if ((await stat(path)).size > IMPORT_MAX_BYTES) {
      io.err(`${path}: the file is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
      return 1;
    }
    text = await readFile(path);
  } catch (error) {
    io.err(`${path}: cannot read the file (${(error as Error).message})`);
    return 1;
  }

  const now = new Date(systemClock.now());
  let list;
  try {
    list = parseImportFile(text, { nowSec: Math.floor(now.getTime() / 1000) });
  } catch (error) {
    if (error instanceof ImportFormatError) {
      io.err(`${path}: ${error.message}`);
      io.err('Nothing was imported. The format is described in api/docs/import-format.md.');
      return 1;
    }
    throw error;
  }
  const lines = list.reduce((sum, source) => sum + source.transcript.length, 0);
  if (dryRun) {
    io.out(
      `${path}: valid, ${list.length} sources and ${lines} transcript lines (dry run: nothing written)`,
    );
    return 0;
  }

  const config = configFromEnv(env, cwd);
  let database;
  try {
    database = await openDatabase(config.dataDir, { databaseUrl: config.databaseUrl });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(
        `${error.message}\nStop the server first (PGlite takes one process at a time), or use PostgreSQL (DATABASE_URL), where both may run at once.`,
      );
      return 1;
    }
    throw error;
  }
  try {
    const result = await importSources(database.db, list, { demo: false, now });
    io.out(
      `${path}: imported ${list.length} sources (${result.added} added, ${result.updated} updated, ${result.transcripts} new or changed transcripts)`,
    );
    // Servers that share Redis keep what their users read in memory: they must read it again.
    if (config.redisUrl) await announceSources(config.redisUrl, io);
    return 0;
  } finally {
    await database.close();
  }
}

async function announceSources(redisUrl: string, io: ImportCliIo): Promise<void> {
  const changes = new Changes({
    error: (details, message) =>
      io.err(`${message}: ${String((details as { err?: unknown }).err)}`),
    warn: (message) => io.err(message),
  });
  // The client keeps retrying an unreachable Redis: a few seconds are enough for a command.
  const done = new AbortController();
  const gaveUp = sleep(REDIS_WAIT_MS, undefined, { signal: done.signal }).then(() => {
    throw new Error(`no answer in ${REDIS_WAIT_MS / 1000} s`);
  });
  // Only the race reads its failure; once the race is over, its end is nothing.
  gaveUp.catch(() => undefined);
  try {
    await Promise.race([changes.connect(redisUrl), gaveUp]);
    changes.publish({ kind: 'sources' });
  } catch (error) {
    io.err(
      `The sources are imported, but the servers could not be told through Redis (${(error as Error).message}): until a source moves on or they restart, they may show their users' lists as they were.`,
    );
  } finally {
    done.abort();
    await changes.close().catch(() => undefined);
  }
}

// Run as a program (not when a test imports it).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runImport(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
