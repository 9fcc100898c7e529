// Background work that repeats: what a job engine runs for the server (the alerts' evaluation).
// The embedded default runs it in the process, on a timer per job, one run at a time; a
// deployment of several processes shares one run per period through the database or Redis.
//
// A job's work must be safe to run twice: a firing is a compare-and-set in the database
// (src/alerts/evaluate.ts), so a run repeated after a crash, or by a second process, writes
// nothing new.
import type { FastifyBaseLogger } from 'fastify';

export interface RepeatingJob {
  /** The job's name, for the log. */
  name: string;
  /** Between the starts of two runs, in ms. */
  everyMs: number;
  run(): Promise<void>;
}

export interface JobRunner {
  /** Runs the job every `everyMs` from now on, the first run at once. */
  every(job: RepeatingJob): void;
  /** Stops every timer and waits for the runs under way. */
  stop(): Promise<void>;
}

/**
 * The in-process runner: a timer per job. A run that outlasts its period is not overlapped (the
 * next starts when it ends); a run that fails is logged and the next runs on time.
 */
export class InProcessJobs implements JobRunner {
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #running = new Set<Promise<void>>();
  #stopped = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  every(job: RepeatingJob): void {
    let current: Promise<void> | null = null;
    const run = () => {
      if (this.#stopped || current) return;
      current = job
        .run()
        .catch((error: unknown) => this.log.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => {
          this.#running.delete(current!);
          current = null;
        });
      this.#running.add(current);
    };
    const timer = setInterval(run, job.everyMs);
    timer.unref();
    this.#timers.add(timer);
    run();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers.clear();
    await Promise.all([...this.#running]);
  }
}
