// A throwaway redis-server per test file (Debian's, as CI installs it; REDIS_SERVER names
// another): no data kept, on a free port of 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import getPort from 'get-port';

const REDIS_SERVER = process.env.REDIS_SERVER || 'redis-server';

/** Whether a redis-server can be started here; the tests that need one skip, saying why. */
export const haveRedis = spawnSync(REDIS_SERVER, ['--version']).status === 0;

export interface TestRedis {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  stop(): void;
}

/** Starts a redis-server and resolves once it listens. */
export async function startRedis(): Promise<TestRedis> {
  const port = await getPort({ host: '127.0.0.1' });
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let tries = 0; ; tries += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = connect(port, '127.0.0.1', () => {
        probe.end();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
    });
    if (up) break;
    if (tries > 100) {
      child.kill('SIGKILL');
      throw new Error('redis-server did not start');
    }
    await sleep(50);
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}
