// The PGlite data directory's lock against real processes: one killed a moment ago and not yet
// reaped, ids that now belong to other processes, a lock that is held, and takeovers at once.
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DataDirLockedError, lockDataDir } from '../src/db/lock.js';
import getPort from 'get-port';

const LOCK_MODULE = new URL('../src/db/lock.js', import.meta.url).href;
const MAIN = fileURLToPath(new URL('../src/main.js', import.meta.url));

// Takes the lock on the directory argv[2] and holds it until killed. With a file argv[3], it
// first says 'ready' and waits for that file, so that several processes contend at one moment.
const LOCKER = `
const { existsSync } = await import('node:fs');
const { lockDataDir } = await import(process.argv[1]);
const [, , dir, go] = process.argv;
if (go) {
  console.log('ready');
  while (!existsSync(go));
}
try {
  lockDataDir(dir);
  console.log('locked');
  setInterval(() => {}, 60_000);
} catch (error) {
  console.log('refused: ' + error.message);
  process.exit(1);
}`;

const directories: string[] = [];
const children: ChildProcess[] = [];
/** Processes started under a parent that never reaps them; see startUnreaped. */
const unreaped: { pid: number; parent: ChildProcess }[] = [];

after(async () => {
  // Killing their parent hands the zombies to init, which reaps them.
  for (const { pid } of unreaped) signal(pid, 'SIGKILL');
  for (const child of [...unreaped.map(({ parent }) => parent), ...children]) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  }
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'coinlens-lock-'));
  directories.push(dir);
  return dir;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already.
  }
}

/** What a stream has said so far. */
function collect(stream: NodeJS.ReadableStream | null): { text: string } {
  const out = { text: '' };
  stream?.on('data', (chunk: Buffer) => (out.text += chunk.toString()));
  return out;
}

async function until<T>(
  look: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Starts a command as the child of a shell that then becomes `sleep`, which never reaps it: once
 * killed, it stays a zombie, like a process killed a moment ago whose parent has not yet noticed.
 */
async function startUnreaped(
  command: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ pid: number; out: { text: string }; err: { text: string } }> {
  const parent = spawn('sh', ['-c', '"$@" & echo "pid $!"; exec sleep 600', 'sh', ...command], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = collect(parent.stdout);
  const err = collect(parent.stderr);
  const pid = await until(() => {
    const match = /^pid (\d+)$/m.exec(out.text);
    return match ? Number(match[1]) : undefined;
  }, 'the shell to start its child');
  unreaped.push({ pid, parent });
  return { pid, out, err };
}

/** A process that takes the lock on `dir` and holds it, killed and never reaped; see LOCKER. */
function startUnreapedLocker(dir: string) {
  return startUnreaped([process.execPath, '--input-type=module', '-e', LOCKER, LOCK_MODULE, dir]);
}

/** A process that takes the lock on `dir` (once `go` exists, when given) and holds it. */
function startLocker(dir: string, go?: string): { child: ChildProcess; out: { text: string } } {
  const args = ['--input-type=module', '-e', LOCKER, LOCK_MODULE, dir, ...(go ? [go] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return { child, out: collect(child.stdout) };
}

/** 'locked' or the refusal, once the locker has said which. */
function outcome(out: { text: string }): Promise<string> {
  return until(() => /^(locked|refused: .*)$/m.exec(out.text)?.[1], 'the locker to answer');
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** The process's state as ps and /proc spell it: 'Z' for a zombie. */
function stateOf(pid: number): string {
  if (existsSync('/proc/self/stat')) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return (
      stat
        .slice(stat.lastIndexOf(')') + 1)
        .trim()
        .split(' ')[0] ?? ''
    );
  }
  return execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
}

function lockFile(dir: string): string {
  return join(dir, 'api.lock');
}

function assertLockedBy(dir: string, pid: number): void {
  assert.throws(
    () => lockDataDir(dir),
    (error: unknown) => {
      assert.ok(error instanceof DataDirLockedError);
      assert.equal(error.pid, pid);
      assert.equal(error.dataDir, dir);
      assert.match(error.message, new RegExp(`in use by process ${pid}\\. PGlite allows one`));
      return true;
    },
  );
}

describe('the data directory lock', () => {
  it('lets a process lock at once after the one before it was killed, 20 times over', async () => {
    const dir = tempDir();
    for (let round = 1; round <= 20; round += 1) {
      const locker = await startUnreapedLocker(dir);
      assert.equal(await outcome(locker.out), 'locked', `round ${round}`);
      // Killed and left a zombie; the next one starts without waiting.
      signal(locker.pid, 'SIGKILL');
    }
  });

  it('lets a server start at once on the data directory of one just killed', async () => {
    const dir = tempDir();
    for (let round = 1; round <= 2; round += 1) {
      const port = await getPort({ host: '127.0.0.1' });
      const server = await startUnreaped([process.execPath, MAIN], {
        ...process.env,
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SITE_DIR: '',
        DATABASE_URL: '',
      });
      await until(
        async () => {
          // Its parent never reaps it: a server that gave up is a zombie.
          if (stateOf(server.pid).startsWith('Z'))
            assert.fail(`server ${round}: ${server.err.text}`);
          try {
            return (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200 || undefined;
          } catch {
            return undefined;
          }
        },
        `server ${round} to start`,
        60_000,
      );
      signal(server.pid, 'SIGKILL');
    }
  });

  it('takes over a lock whose process is a zombie', async () => {
    const dir = tempDir();
    const locker = await startUnreapedLocker(dir);
    assert.equal(await outcome(locker.out), 'locked');
    assertLockedBy(dir, locker.pid);
    signal(locker.pid, 'SIGKILL');
    await until(() => (stateOf(locker.pid).startsWith('Z') ? true : undefined), 'a zombie');
    // It still exists, as far as signals tell.
    process.kill(locker.pid, 0);
    const release = lockDataDir(dir);
    assert.equal(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid, process.pid);
    release();
  });

  it('refuses while the process that took the lock runs, naming it, and not after', async () => {
    const dir = tempDir();
    const { child, out } = startLocker(dir);
    assert.equal(await outcome(out), 'locked');
    assertLockedBy(dir, child.pid ?? 0);
    await stopped(child);
    lockDataDir(dir)();
  });

  it('refuses a second lock taken in the same process', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    assertLockedBy(dir, process.pid);
    release();
    lockDataDir(dir)();
  });

  it('takes over a lock whose process id now belongs to another process', async () => {
    const dir = tempDir();
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(other);
    await new Promise((resolve) => other.once('spawn', resolve));
    const pid = other.pid ?? 0;
    const anHourAgo = new Date(Date.now() - 3_600_000);

    // The plain number earlier versions wrote, left before that process started.
    writeFileSync(lockFile(dir), String(pid));
    utimesSync(lockFile(dir), anHourAgo, anHourAgo);
    lockDataDir(dir)();

    // The plain number naming this very process: a container restarted hands out the same ids.
    writeFileSync(lockFile(dir), String(process.pid));
    lockDataDir(dir)();

    // A lock of this format naming a live process, but with a start or boot not its own. That
    // of this process, as it stands, is held (by this process).
    const own = lockDataDirText(dir);
    writeFileSync(lockFile(dir), own);
    assertLockedBy(dir, process.pid);
    const record = JSON.parse(own) as { pid: number; start: string; boot: string | null };
    const variants: object[] = [
      { ...record, pid, start: '1' },
      { ...record, start: '1' },
    ];
    if (record.boot !== null) variants.push({ ...record, boot: 'another-boot' });
    for (const variant of variants) {
      writeFileSync(lockFile(dir), JSON.stringify(variant));
      const release = lockDataDir(dir);
      assert.equal(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid, process.pid);
      release();
      assert.equal(existsSync(lockFile(dir)), false);
    }
  });

  it('still refuses a plain-number lock written since its live process started', async () => {
    const dir = tempDir();
    const { child, out } = startLocker(tempDir());
    assert.equal(await outcome(out), 'locked');
    // As an earlier version's server still running would have left it.
    writeFileSync(lockFile(dir), String(child.pid));
    assertLockedBy(dir, child.pid ?? 0);
    await stopped(child);
    lockDataDir(dir)();
  });

  it('takes over a lock that holds garbage', () => {
    const dir = tempDir();
    for (const garbage of ['', 'garbage', '-5', '0', '{"pid":"12"}', '{"pid":1.5}', 'null']) {
      writeFileSync(lockFile(dir), garbage);
      lockDataDir(dir)();
    }
  });

  it('lets one of several processes starting at once take over a stale lock', async () => {
    for (let round = 1; round <= 3; round += 1) {
      const dir = tempDir();
      const go = join(dir, 'go');
      writeFileSync(lockFile(dir), JSON.stringify({ pid: 2147483646, start: '1', boot: null }));
      const lockers = Array.from({ length: 6 }, () => startLocker(dir, go));
      await until(
        () => (lockers.every(({ out }) => out.text.includes('ready')) ? true : undefined),
        'the lockers to be ready',
      );
      writeFileSync(go, '');
      const outcomes = await Promise.all(lockers.map(({ out }) => outcome(out)));
      const winners = lockers.filter((_, index) => outcomes[index] === 'locked');
      assert.equal(winners.length, 1, `round ${round}: ${outcomes.join('; ')}`);
      const winner = winners[0]?.child.pid;
      for (const answer of outcomes.filter((answer) => answer !== 'locked')) {
        assert.match(answer, new RegExp(`in use by process ${winner}\\.`), `round ${round}`);
      }
      assert.equal(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid, winner);
      await Promise.all(lockers.map(({ child }) => stopped(child)));
    }
  });

  it('releases the lock only while it is its own', () => {
    const dir = tempDir();
    const first = lockDataDir(dir);
    first();
    assert.equal(existsSync(lockFile(dir)), false);
    const second = lockDataDir(dir);
    // A release called late leaves a later lock of the same process alone,
    first();
    assert.equal(existsSync(lockFile(dir)), true);
    second();
    assert.equal(existsSync(lockFile(dir)), false);
    // as well as a lock another process took over meanwhile.
    const third = lockDataDir(dir);
    const theirs = JSON.stringify({ pid: 1, start: '1', boot: null, token: 'theirs' });
    writeFileSync(lockFile(dir), theirs);
    third();
    assert.equal(readFileSync(lockFile(dir), 'utf8'), theirs);
  });
});

/** The lock this process writes, taken and released again. */
function lockDataDirText(dir: string): string {
  const release = lockDataDir(dir);
  const text = readFileSync(lockFile(dir), 'utf8');
  release();
  return text;
}
