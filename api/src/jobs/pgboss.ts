// pg-boss on PostgreSQL: the job engine of a deployment with DATABASE_URL and no Redis.
//
// pg-boss's own schedules are cron expressions, read once a minute, and the market figures
// refresh every 10 s in the demo. So each process offers a run at every whole second with
// `sendThrottled`, whose slot (one per period, by the database's clock) keeps only the first
// offer; a worker in any process takes it. The process whose offer made the run wakes its own
// worker at once (`notifyWorker`), so a period's run starts right after the period does instead
// of at the next poll. The queue's `stately` policy keeps at most one run waiting and one under
// way, so a slow run never piles up others behind it.
import { setTimeout as delay } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { atMultiples, runLogged, type JobRunner, type RepeatingJob } from './runner.js';

/** Each process offers the next run at every multiple of this since the epoch. */
const OFFER_MS = 1000;
/** pg-boss's polling floor: a run made by another process is taken within half a second. */
const POLLING_SECONDS = 0.5;
/** PostgreSQL's code for a transaction it ended to break a deadlock. */
const DEADLOCK = '40P01';
/** Tries at making a queue when other processes make theirs at the same moment. */
const QUEUE_ATTEMPTS = 5;

export class PgBossJobs implements JobRunner {
  readonly engine = 'pg-boss';
  readonly #boss: PgBoss;
  readonly #cancels: (() => void)[] = [];
  #started: Promise<unknown> | null = null;
  /** The queue creations of this process, one after another. */
  #queues: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(
    connectionString: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#boss = new PgBoss({
      connectionString,
      application_name: 'coinlens-jobs',
      // Its own pool: the offers and the polling never wait behind the API's queries.
      max: 2,
      // No cron schedules: the runs are offered by the period (above).
      schedule: false,
      // A period's run is worth keeping for an hour (to look into), not for pg-boss's 14 days.
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterHours: 24,
    });
    // pg-boss reports a lost connection here and carries on; unheard, the event would end the
    // process.
    this.#boss.on('error', (error) => this.log.error({ err: error }, 'pg-boss'));
  }

  async every(job: RepeatingJob): Promise<void> {
    this.#started ??= this.#boss.start();
    await this.#started;
    const seconds = Math.max(1, Math.round(job.everyMs / 1000));
    const created = this.#queues.then(() =>
      this.#createQueue(job.name, {
        name: job.name,
        policy: 'stately',
        // The next period's run is the retry.
        retryLimit: 0,
        expireInSeconds: Math.max(60, 10 * seconds),
      }),
    );
    this.#queues = created.catch(() => undefined);
    await created;
    const worker = await this.#boss.work(
      job.name,
      { pollingIntervalSeconds: POLLING_SECONDS },
      () => runLogged(job, this.log),
    );
    const offer = () => {
      if (this.#stopped) return;
      this.#boss
        .sendThrottled(job.name, {}, {}, seconds)
        .then((made) => {
          if (made) this.#boss.notifyWorker(worker);
        })
        .catch((error: unknown) =>
          this.log.error({ err: error, job: job.name }, 'could not offer a run'),
        );
    };
    offer();
    // At every whole second, a period's first instant among them.
    this.#cancels.push(atMultiples(OFFER_MS, offer));
  }

  /**
   * Making a queue attaches a partition to pg-boss's job table, so processes making their queues
   * at once on a new database can deadlock (PostgreSQL then fails all but one). Queue creation
   * is idempotent, so the loser tries again; within a process the queues are made one at a time.
   */
  async #createQueue(name: string, options: PgBoss.Queue): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#boss.createQueue(name, options);
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= QUEUE_ATTEMPTS)
          throw error;
        await delay(Math.random() * 100 * attempt);
      }
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const cancel of this.#cancels) cancel();
    if (this.#started) await this.#boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
