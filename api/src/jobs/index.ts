// Background work that repeats: what a job engine runs for the server (the alerts' evaluation).
// Three engines behind one interface, chosen by the deployment (`createJobRunner`):
// - BullMQ on Redis when REDIS_URL is set;
// - pg-boss on PostgreSQL when DATABASE_URL is set (and no Redis);
// - the in-process runner on the embedded PGlite, which only one process can open.
// With either shared engine, every process offers to run each job and the engine hands each
// period's run to one of them, so adding API processes adds no runs.
//
// A job's work must still be safe to run twice: a firing is a compare-and-set in the database
// (src/alerts/evaluate.ts), so a run repeated after a crash, or by a second process, writes
// nothing new.
import type { FastifyBaseLogger } from 'fastify';
import { atMultiples, runLogged, type JobRunner, type RepeatingJob } from './runner.js';

export type { JobEngine, JobRunner, RepeatingJob } from './runner.js';

export interface JobRunnerSettings {
  /** DATABASE_URL: pg-boss keeps its queues in this database. */
  databaseUrl?: string | null;
  /** REDIS_URL: BullMQ keeps its queues in this Redis, in preference to PostgreSQL. */
  redisUrl?: string | null;
}

/**
 * The engine the deployment has. The shared engines are imported only when configured, so the
 * embedded default loads neither.
 */
export async function createJobRunner(
  settings: JobRunnerSettings,
  log: FastifyBaseLogger,
): Promise<JobRunner> {
  if (settings.redisUrl) {
    const { BullMqJobs } = await import('./bullmq.js');
    return new BullMqJobs(settings.redisUrl, log);
  }
  if (settings.databaseUrl) {
    const { PgBossJobs } = await import('./pgboss.js');
    return new PgBossJobs(settings.databaseUrl, log);
  }
  return new InProcessJobs(log);
}

/**
 * The in-process runner: a timer per job, firing at the multiples of its period since the epoch
 * (the demo market's figures change at those instants, every 10 s, so an evaluation follows a
 * change at once instead of up to a period late). A run that outlasts its period is not
 * overlapped (the next starts at the first instant after it ends); a run that fails is logged
 * and the next runs on time.
 */
export class InProcessJobs implements JobRunner {
  readonly engine = 'in-process';
  readonly #cancels: (() => void)[] = [];
  readonly #running = new Set<Promise<void>>();
  #stopped = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  every(job: RepeatingJob): Promise<void> {
    let current: Promise<void> | null = null;
    const run = () => {
      if (this.#stopped || current) return;
      current = runLogged(job, this.log).finally(() => {
        this.#running.delete(current!);
        current = null;
      });
      this.#running.add(current);
    };
    run();
    this.#cancels.push(atMultiples(job.everyMs, run));
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const cancel of this.#cancels) cancel();
    await Promise.all([...this.#running]);
  }
}
