// What every job engine of src/jobs runs, and how it reports a failed run.
import type { FastifyBaseLogger } from 'fastify';

export interface RepeatingJob {
  /** The job's name, for the log and the engine's queue. */
  name: string;
  /** Between the starts of two runs, in ms (the shared engines round it to whole seconds). */
  everyMs: number;
  run(): Promise<void>;
}

export type JobEngine = 'in-process' | 'pg-boss' | 'bullmq';

export interface JobRunner {
  readonly engine: JobEngine;
  /**
   * Runs the job every `everyMs` from now on, in this process or another one of the deployment.
   * Resolves once the engine has taken the job.
   */
  every(job: RepeatingJob): Promise<void>;
  /** Stops taking runs and waits for the runs under way in this process. */
  stop(): Promise<void>;
}

/** A run's failure goes to the log; the next run comes on time. */
export async function runLogged(job: RepeatingJob, log: FastifyBaseLogger): Promise<void> {
  try {
    await job.run();
  } catch (error) {
    log.error({ err: error, job: job.name }, 'job failed');
  }
}

/**
 * Calls `tick` at every multiple of `everyMs` since the epoch (the demo market's figures change
 * at the multiples of 10 s) until the answered function is called.
 */
export function atMultiples(everyMs: number, tick: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const next = () => {
    timer = setTimeout(
      () => {
        if (stopped) return;
        tick();
        next();
      },
      everyMs - (Date.now() % everyMs),
    );
    timer.unref();
  };
  next();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
