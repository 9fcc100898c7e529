// A product of a test's own: the API server (serving the built site) on a free port with a fresh
// data directory, for a test that must stop it or give it settings of its own, which the product
// global-setup.ts starts for every test cannot take.
import { spawn, type ChildProcess } from 'node:child_process';
import getPort from 'get-port';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from './accounts';

const ROOT = join(__dirname, '..');

/**
 * Waits until the product at `url` answers its health check; fails at once if `child` (the
 * process serving it) exits first, or after `timeoutMs`.
 */
export async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the product exited (${child.exitCode ?? child.signalCode}) before answering`,
      );
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface OwnServer extends Server {
  /** The port it listens on (a restart with `startOwnServer(env, { port, dataDir })` keeps it). */
  port: number;
  /**
   * Ends the server with `signal` (SIGKILL: as if the machine went away) and waits for it; its
   * data directory goes with it unless `keepData` (for a restart on the same data).
   */
  stop(signal?: NodeJS.Signals, options?: { keepData?: boolean }): Promise<void>;
}

export interface OwnServerOptions {
  /** Listen on this port (a stopped server's, to come back where its pages look). */
  port?: number;
  /** Use this data directory (a stopped server's, kept with `keepData`) instead of a fresh one. */
  dataDir?: string;
}

/** Starts the built API with `env` added to its settings and waits until it answers. */
export async function startOwnServer(
  env: Record<string, string> = {},
  options: OwnServerOptions = {},
): Promise<OwnServer> {
  const port = options.port ?? (await getPort({ host: '127.0.0.1' }));
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'coinlens-e2e-own-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'api', 'dist', 'src', 'main.js')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SITE_DIR: join(ROOT, 'site', 'public'),
        SITE_RULES: join(ROOT, 'site', 'edge', 'rules.mjs'),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  let exited = child.exitCode !== null;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM', { keepData = false } = {}) => {
    if (!exited) child.kill(signal);
    await gone;
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(url, child, 60_000);
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  return { url, port, dataDir, stop };
}
