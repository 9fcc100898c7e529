// The in-process job runner (src/jobs/index.ts) on node's mocked timers: a job runs at once and
// then at every multiple of its period, never two runs of one job at a time, a failed run is
// logged and the next runs on time, and stopping waits for the run under way.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { InProcessJobs } from '../src/jobs/index.js';

function recordingLog() {
  const errors: unknown[][] = [];
  const log = { error: (...args: unknown[]) => errors.push(args) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('InProcessJobs', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 }));
  afterEach(() => mock.timers.reset());

  it('runs a job at once, then every period', async () => {
    const { log } = recordingLog();
    const jobs = new InProcessJobs(log);
    let runs = 0;
    jobs.every({ name: 'count', everyMs: 1000, run: async () => void (runs += 1) });
    assert.equal(runs, 1);
    for (let second = 1; second <= 3; second += 1) {
      await settle();
      mock.timers.tick(1000);
    }
    assert.equal(runs, 4);
    await jobs.stop();
    mock.timers.tick(5000);
    assert.equal(runs, 4, 'no run after stop');
  });

  it('runs at the multiples of the period, where the demo market changes', async () => {
    mock.timers.setTime(10_750);
    const { log } = recordingLog();
    const jobs = new InProcessJobs(log);
    const at: number[] = [];
    await jobs.every({ name: 'aligned', everyMs: 1000, run: async () => void at.push(Date.now()) });
    for (let step = 0; step < 5; step += 1) {
      await settle();
      mock.timers.tick(250);
    }
    await jobs.stop();
    assert.deepEqual(at, [10_750, 11_000, 12_000]);
  });

  it('does not start a run while the last one is under way, and stop waits for it', async () => {
    const { log } = recordingLog();
    const jobs = new InProcessJobs(log);
    let started = 0;
    let finish: () => void = () => undefined;
    jobs.every({
      name: 'slow',
      everyMs: 1000,
      run: () => {
        started += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    mock.timers.tick(3000);
    assert.equal(started, 1);
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await settle();
    assert.equal(stopped, false, 'waits for the run under way');
    finish();
    await stopping;
    assert.equal(stopped, true);
  });

  it('logs a failed run and runs again on time', async () => {
    const { log, errors } = recordingLog();
    const jobs = new InProcessJobs(log);
    let runs = 0;
    jobs.every({
      name: 'flaky',
      everyMs: 1000,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('database away');
      },
    });
    await settle();
    assert.equal(errors.length, 1);
    assert.equal((errors[0]![0] as { job: string }).job, 'flaky');
    mock.timers.tick(1000);
    assert.equal(runs, 2);
    await jobs.stop();
  });
});
