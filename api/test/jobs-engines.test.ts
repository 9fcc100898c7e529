// The shared job engines (src/jobs): pg-boss on PostgreSQL and BullMQ on Redis. Two runners on
// one engine, as two API processes have, make one run per period between them; and an alert
// watched by two API processes fires exactly once, whichever process takes the run.
// Needs PostgreSQL (TEST_DATABASE_URL) and Debian's redis-server, as CI has (.ci/run); each part
// says why it is skipped elsewhere.
// Both engines: pg-boss and the two API processes need PostgreSQL, so they run only in that pass.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  ALERT_SOCKET_EVENT,
  type AlertEventPage,
  type AlertList,
  type AlertNotice,
  type ListPage,
} from '@coinlens/contract';
import { BullMqJobs } from '../src/jobs/bullmq.js';
import type { JobRunner } from '../src/jobs/index.js';
import { PgBossJobs } from '../src/jobs/pgboss.js';
import { startServer, type RunningServer } from '../src/server.js';
import { FixedClock, signedInUser, T0, type ApiTestServer } from './helpers/api.js';
import { call, TEST_PASSWORD_COST } from './helpers/auth.js';
import { ChatSockets, connected } from './helpers/chat.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';
import { steeredMarket, type SteeredMarket } from './helpers/market.js';
import { haveRedis, startRedis, type TestRedis } from './helpers/redis.js';

const havePostgres = Boolean(process.env.TEST_DATABASE_URL);
const noPostgres = 'pg-boss and two API processes need PostgreSQL: set TEST_DATABASE_URL';
const noRedis = 'redis-server is not installed';

const errors: unknown[] = [];
const log = {
  error: (...args: unknown[]) => errors.push(args),
  info: () => undefined,
  warn: () => undefined,
  debug: () => undefined,
  child: () => log,
} as unknown as FastifyBaseLogger;

let database: TestDatabase | undefined;
let redis: TestRedis | undefined;

before(async () => {
  if (havePostgres) database = await testDatabase();
  if (haveRedis) redis = await startRedis();
});

after(async () => {
  redis?.stop();
  await database?.cleanup();
});

/**
 * Two runners of one engine run a one-second job for 4.5 s: one run per period between them
 * (about 5; 10 if both ran each period), never two at once.
 */
async function onePerPeriod(runners: JobRunner[], name: string) {
  let runs = 0;
  let running = 0;
  let overlapped = false;
  try {
    for (const runner of runners) {
      await runner.every({
        name,
        everyMs: 1000,
        run: async () => {
          runs += 1;
          running += 1;
          if (running > 1) overlapped = true;
          await sleep(100);
          running -= 1;
        },
      });
    }
    await sleep(4500);
  } finally {
    await Promise.all(runners.map((runner) => runner.stop()));
  }
  assert.ok(runs >= 3 && runs <= 6, `${runs} runs in 4.5 s of a one-second job`);
  assert.equal(overlapped, false, 'never two runs at once');
  assert.deepEqual(errors, []);
}

describe('pg-boss', { skip: havePostgres ? false : noPostgres }, () => {
  it('two processes share one run per period', async () => {
    const url = database!.databaseUrl!;
    await onePerPeriod([new PgBossJobs(url, log), new PgBossJobs(url, log)], 'test.pgboss');
  });
});

describe('BullMQ', { skip: haveRedis ? false : noRedis }, () => {
  it('two processes share one run per period', async () => {
    const url = redis!.url;
    await onePerPeriod([new BullMqJobs(url, log), new BullMqJobs(url, log)], 'test.bullmq');
  });
});

describe('an alert watched by two API processes', () => {
  for (const engine of ['pg-boss', 'bullmq'] as const) {
    const skip = !havePostgres ? noPostgres : engine === 'bullmq' && !haveRedis ? noRedis : false;
    it(`fires exactly once, through ${engine}`, { skip }, async () => {
      const servers: RunningServer[] = [];
      const markets: SteeredMarket[] = [];
      const sockets = new ChatSockets(() => servers[0]!.url);
      const elsewhere = new ChatSockets(() => servers[1]!.url);
      try {
        for (let i = 0; i < 2; i += 1) {
          const clock = new FixedClock(T0);
          const market = steeredMarket(clock);
          market.setPrice('bitcoin', 60_000);
          markets.push(market);
          servers.push(
            await startServer(
              {
                port: 0,
                host: '127.0.0.1',
                ...database!.config,
                siteDir: null,
                logLevel: 'silent',
                // BullMQ when Redis is there; without it, pg-boss on the database.
                redisUrl: engine === 'bullmq' ? redis!.url : null,
              },
              {
                logLevel: false,
                clock,
                passwordCost: TEST_PASSWORD_COST,
                lifecycleIntervalMs: false,
                demoSources: false,
                market: market.provider,
                alertIntervalMs: 1000,
              },
            ),
          );
        }
        const first = { url: servers[0]!.url, database: database! } as ApiTestServer;
        const token = await signedInUser(first);
        const coins = await call<ListPage<{ id: number }>>(
          first.url,
          '/api/asset/list?keyword=BTC',
        );
        const added = await call(first.url, '/api/alert/add', {
          token,
          body: { kind: 'priceAbove', coinId: coins.data.records[0]!.id, value: 60_500 },
        });
        assert.equal(added.code, 200, added.msg);
        const until = async (what: string, done: () => Promise<boolean>) => {
          for (let i = 0; !(await done()); i += 1) {
            if (i > 100) assert.fail(`${what}: not within 10 s`);
            await sleep(100);
          }
        };
        await until('armed', async () => {
          const list = await call<AlertList>(first.url, '/api/alert/list', { token });
          return list.data.records[0]?.state === 'armed';
        });
        // A tab on each process; with pg-boss and no Redis, only the one on the process that
        // ran the evaluation hears it, so the notices are counted over both.
        const tabs = [sockets.open(token), elsewhere.open(token)];
        await Promise.all(tabs.map(connected));
        const notices: AlertNotice[] = [];
        for (const tab of tabs) tab.on(ALERT_SOCKET_EVENT, (notice) => notices.push(notice));
        for (const market of markets) market.setPrice('bitcoin', 61_000);
        const events = () => call<AlertEventPage>(first.url, '/api/alert/events', { token });
        await until('fired', async () => (await events()).data.records.length > 0);
        // Three more periods in which either process could fire it again.
        await sleep(3000);
        assert.deepEqual(
          (await events()).data.records.map((event) => [event.kind, event.figure]),
          [['priceAbove', 61_000]],
        );
        const heard = engine === 'bullmq' ? 2 : 1;
        assert.equal(notices.length, heard, `the user's tabs heard ${notices.length} notices`);
      } finally {
        sockets.closeAll();
        elsewhere.closeAll();
        for (const server of servers) await server.close();
      }
    });
  }
});
