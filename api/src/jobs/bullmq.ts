// BullMQ on Redis: the job engine of a deployment with REDIS_URL. A job scheduler per job (kept
// in Redis, written again by each process as it starts) makes one run per period, aligned to the
// period; each process has a worker, and each run goes to one of them.
import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { runLogged, type JobRunner, type RepeatingJob } from './runner.js';

/** Keys of our queues start with this, beside socket.io's in the same Redis. */
const PREFIX = 'coinlens:jobs';

export class BullMqJobs implements JobRunner {
  readonly engine = 'bullmq';
  readonly #client: ReturnType<typeof createClient>;
  readonly #queues: Queue[] = [];
  readonly #workers: Worker[] = [];
  #connected: Promise<unknown> | null = null;

  constructor(
    redisUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // BullMQ takes node-redis (the client socket.io's adapter already uses) as it is; the workers
    // open their own blocking connections from it.
    this.#client = createClient({ url: redisUrl });
    this.#client.on('error', (error: unknown) => this.log.error({ err: error }, 'jobs: redis'));
  }

  async every(job: RepeatingJob): Promise<void> {
    // Connected once here: the queue and the worker would each try to open the shared client.
    this.#connected ??= this.#client.connect();
    await this.#connected;
    const connection = this.#client;
    const queue = new Queue(job.name, { connection, prefix: PREFIX });
    this.#queues.push(queue);
    await queue.upsertJobScheduler(
      job.name,
      { every: Math.max(1000, job.everyMs) },
      {
        name: job.name,
        // The next period's run is the retry; the last runs are kept to look into.
        opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 },
      },
    );
    const worker = new Worker(job.name, () => runLogged(job, this.log), {
      connection,
      prefix: PREFIX,
      concurrency: 1,
    });
    worker.on('error', (error) => this.log.error({ err: error, job: job.name }, 'jobs: worker'));
    this.#workers.push(worker);
  }

  async stop(): Promise<void> {
    // Closing a worker waits for its run under way.
    await Promise.all(this.#workers.map((worker) => worker.close()));
    await Promise.all(this.#queues.map((queue) => queue.close()));
    if (this.#client.isOpen) await this.#client.quit();
  }
}
