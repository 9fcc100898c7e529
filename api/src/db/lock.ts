// The PGlite data directory's lock, so that one server at a time uses a directory.
//
// PGlite is single-process: two servers on one data directory corrupt it silently. The first
// server takes this lock; a second one refuses to start. The lock names its process by id, start
// time and boot, because an id alone outlives its process: a process killed a moment ago may
// still exist as a zombie, and containers hand the same small ids out again on every restart.
// A lock whose process is gone, or whose id now belongs to another process, is taken over.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${pid}. PGlite allows one server per ` +
        'data directory: stop that process, set DATA_DIR to another directory, or use PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/** What the lock file holds. */
interface LockRecord {
  pid: number;
  /** When the process started, in a form only compared for equality; null when it could not be told. */
  start: string | null;
  /** The kernel's boot id, as start times on Linux count from boot; null where there is none. */
  boot: string | null;
  /** Tells this lock from a later one of the same process, so that releasing one leaves the other. */
  token: string;
}

/** Enough for two servers starting at once; more turns mean something keeps replacing the lock. */
const ATTEMPTS = 10;
/** Leeway for clocks when comparing a process's start with the time a lock was written. */
const CLOCK_LEEWAY_MS = 1000;
/** The unit of /proc/<pid>/stat's start time (USER_HZ), 100 on every Linux that Node runs on. */
const TICKS_PER_SECOND = 100;
const HAS_PROC = existsSync('/proc/self/stat');

type Probe =
  | { running: false }
  | {
      running: true;
      /** The start identity as a lock records it; null when it cannot be told. */
      start: string | null;
      /** The same start as a wall-clock time in ms, for locks that do not record one; or null. */
      startedAt: number | null;
    };

const CANNOT_TELL: Probe = { running: true, start: null, startedAt: null };

/** Takes the data directory's lock; the returned function releases it. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'api.lock');
  const self = probe(process.pid);
  const record: LockRecord = {
    pid: process.pid,
    start: self.running ? self.start : null,
    boot: bootId(),
    token: randomBytes(8).toString('hex'),
  };
  const text = JSON.stringify(record);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (create(path, text)) return () => release(path, text);
    const found = readLock(path);
    if (found === null) continue; // released or taken over meanwhile: try again
    const holder = holderOf(found.text, found.writtenAt);
    if (holder !== null) throw new DataDirLockedError(dataDir, holder);
    // Judging takes a while (reading /proc, or running ps): look again that the lock is the one
    // judged, which leaves to the check below only the instant between this read and the rename.
    if (readText(path) !== found.text) continue;
    // Never remove a stale lock by its name: another process may have replaced it by its own
    // fresh lock since it was read. Moving it aside first is atomic, only one of two processes
    // doing so at once succeeds, and what was moved can then be checked.
    const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
    try {
      renameSync(path, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (readText(aside) !== found.text) {
      // Another process took the stale lock over between our read and our rename: its lock goes
      // back. (Should a third process have locked in that instant, this fails, and two run.)
      try {
        linkSync(aside, path);
      } catch {
        // Someone holds the lock again; it is theirs to keep.
      }
    }
    rmSync(aside, { force: true });
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

/**
 * Creates the lock unless one exists. It appears whole, linked from a file written beforehand,
 * so that no reader ever sees a lock half written and judges it garbage.
 */
function create(path: string, text: string): boolean {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, text, { flag: 'wx' });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // Some file systems (FAT, some network shares) have no hard links.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') {
      return createInPlace(path, text);
    }
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Creates the lock by writing it where it goes; readers allow for the moment it is empty. */
function createInPlace(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The lock's text and when it was written, or null when there is no lock. */
function readLock(path: string): { text: string; writtenAt: number } | null {
  for (let read = 0; ; read += 1) {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    let found: { text: string; writtenAt: number };
    try {
      found = { text: readFileSync(fd, 'utf8'), writtenAt: fstatSync(fd).mtimeMs };
    } finally {
      closeSync(fd);
    }
    // Where a lock is written in place, its writer may not have written it yet: look again
    // before calling it garbage.
    if (parseLock(found.text) !== null || read >= 2) return found;
    sleep(50);
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function release(path: string, text: string): void {
  if (readText(path) === text) rmSync(path, { force: true });
}

/**
 * The lock's pid in this format or in the plain number that earlier versions wrote (start
 * null); null for anything else.
 */
function parseLock(text: string): (Omit<LockRecord, 'token'> & { plain: boolean }) | null {
  if (/^\s*\d+\s*$/.test(text)) {
    const pid = Number(text);
    return validPid(pid) ? { pid, start: null, boot: null, plain: true } : null;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { pid, start, boot } = value as Record<string, unknown>;
  if (typeof pid !== 'number' || !validPid(pid)) return null;
  if (start !== null && typeof start !== 'string') return null;
  if (boot !== null && typeof boot !== 'string') return null;
  return { pid, start, boot, plain: false };
}

function validPid(pid: number): boolean {
  return Number.isInteger(pid) && pid > 0 && pid < 2 ** 31;
}

/**
 * The process holding a lock with this text, written at `writtenAt`; null when the lock is stale.
 * In doubt the lock is held: a second server on the directory corrupts it, while a refusal only
 * asks someone to look.
 */
function holderOf(text: string, writtenAt: number): number | null {
  const lock = parseLock(text);
  // Garbage: no lock is ever seen half written (see create), so it is left from a crash.
  if (lock === null) return null;
  // This version never writes a plain number, so that one was left by an earlier process.
  if (lock.plain && lock.pid === process.pid) return null;
  const now = probe(lock.pid);
  if (!now.running) return null;
  if (lock.start !== null && now.start !== null) {
    if (now.start !== lock.start) return null;
    const boot = bootId();
    if (lock.boot !== null && boot !== null && lock.boot !== boot) return null;
    return lock.pid;
  }
  // The lock does not say when its process started (an earlier version wrote it, or the start
  // could not be told). Its writer started before writing it, so a process that started later
  // only has its id. A clock set forward since then makes a process seem to have started later:
  // the leeway covers a small correction, not a large one, which only matters while an earlier
  // version's server is still running on the directory.
  if (now.startedAt !== null && now.startedAt > writtenAt + CLOCK_LEEWAY_MS) return null;
  return lock.pid;
}

/** Whether a process is running (a zombie is not), and when it started. */
function probe(pid: number): Probe {
  if (!exists(pid)) return { running: false };
  return HAS_PROC ? probeProc(pid) : probePs(pid);
}

/** Whether the process exists; zombies included. */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function probeProc(pid: number): Probe {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // Gone since, or hidden (/proc mounted with hidepid).
    return exists(pid) ? CANNOT_TELL : { running: false };
  }
  // Field 2, the command name, is in parentheses and may itself hold spaces and parentheses;
  // the fields after the last ')' start at field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  if (state === 'Z' || state === 'X' || state === 'x') return { running: false };
  const ticks = fields[19]; // field 22: the start time, in ticks since boot
  if (ticks === undefined || !/^\d+$/.test(ticks)) return CANNOT_TELL;
  const boot = bootTime();
  return {
    running: true,
    start: ticks,
    startedAt: boot === null ? null : boot + (Number(ticks) * 1000) / TICKS_PER_SECOND,
  };
}

/** Without /proc (macOS): ps, which says the same in other words. */
function probePs(pid: number): Probe {
  let out: string;
  try {
    out = execFileSync('ps', ['-o', 'stat=,lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      timeout: 2000,
      stdio: ['ignore', 'pipe', 'ignore'],
      // lstart is in local time and the locale's words: the same for every reader, so that
      // they compare equal, and readable as a date.
      env: { ...process.env, LC_ALL: 'C', TZ: 'UTC' },
    });
  } catch {
    // ps answers 1 for a process that is gone; otherwise it is missing or stuck.
    return exists(pid) ? CANNOT_TELL : { running: false };
  }
  const match = /^\s*(\S+)\s+(\S.*?)\s*$/.exec(out);
  if (!match) return CANNOT_TELL;
  const [, state, lstart] = match as unknown as [string, string, string];
  if (state.startsWith('Z')) return { running: false };
  const startedAt = Date.parse(`${lstart} UTC`);
  return { running: true, start: lstart, startedAt: Number.isNaN(startedAt) ? null : startedAt };
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** When the system booted, in ms since the epoch (to the second), or null. */
function bootTime(): number | null {
  try {
    const match = /^btime\s+(\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    return match ? Number(match[1]) * 1000 : null;
  } catch {
    return null;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
