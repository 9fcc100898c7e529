// Chat across two API processes through Redis: a user's tab on one server sees the question and
// the reply asked on another, and a question resent there is sent the reply so far by the process
// that streams it. Needs PostgreSQL (two processes cannot share PGlite) and Debian's
// redis-server; CI has both (.ci/run), elsewhere the test says why it is skipped.
// Both engines: it runs on PostgreSQL only, and says why it is skipped on PGlite.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { createBuiltinAssistant } from '../src/chat/builtin.js';
import type { Assistant } from '../src/chat/types.js';
import type { ChatHistory, ChatMessage, UserInfo } from '@coinlens/contract';
import { runImport } from '../src/cli/import.js';
import { startServer, type RunningServer } from '../src/server.js';
import { call, lastMail, sendCode, TEST_PASSWORD_COST } from './helpers/auth.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';
import { haveRedis, startRedis, type TestRedis } from './helpers/redis.js';

const havePostgres = Boolean(process.env.TEST_DATABASE_URL);
const skip = !haveRedis
  ? 'redis-server is not installed'
  : !havePostgres
    ? 'two API processes need PostgreSQL: set TEST_DATABASE_URL'
    : false;

/** The built-in assistant, but for one question whose reply waits for the test. */
const GATED = 'wait for the gate';
let openGate: () => void = () => undefined;
const builtin = createBuiltinAssistant();
const assistant: Assistant = {
  reply(input) {
    if (input.text !== GATED) return builtin.reply(input);
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    return (async function* () {
      yield { text: 'so far, ', layers: [] };
      yield { text: 'and ', layers: [] };
      await gate;
      yield { text: 'the rest', layers: [] };
    })();
  },
};

let redis: TestRedis | undefined;
let database: TestDatabase | undefined;
const servers: RunningServer[] = [];
const sockets: Socket[] = [];

describe('chat across two API processes', { skip }, () => {
  before(async () => {
    redis = await startRedis();
    database = await testDatabase();
    for (let i = 0; i < 2; i += 1) {
      servers.push(
        await startServer(
          {
            port: 0,
            host: '127.0.0.1',
            ...database.config,
            siteDir: null,
            logLevel: 'silent',
            redisUrl: redis.url,
          },
          {
            logLevel: false,
            passwordCost: TEST_PASSWORD_COST,
            lifecycleIntervalMs: false,
            alertIntervalMs: false,
            demoSources: i === 0,
            assistant,
          },
        ),
      );
    }
  });

  after(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const server of servers) await server.close();
    redis?.stop();
    await database?.cleanup();
  });

  /**
   * What `promise` settles with, or a failure naming `what` after `ms`: an event that never comes
   * fails the test instead of holding it up for ever.
   */
  async function within<T>(promise: Promise<T>, what: string, ms = 5000): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([promise, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Registers a new account on `url`: its address and the token of its registration. */
  async function newAccount(
    url: string,
    name: string,
  ): Promise<{ account: string; token: string }> {
    const account = `redis.${name}.${process.pid}@example.com`;
    const captcha = await sendCode(url, database!.dataDir, account, 4);
    const registered = await call<UserInfo>(url, '/api/auth/login/register', {
      body: { account, passwd: 'a long enough password', captcha },
    });
    assert.equal(registered.code, 200, registered.msg);
    return { account, token: registered.data.tokenInfo.tokenValue };
  }

  function open(url: string, token: string): Promise<Socket> {
    const socket = connect(url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return within(
      new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      }),
      'the socket connecting',
    );
  }

  it("brings a question and its reply to the user's socket on the other process", async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const account = `redis.${process.pid}@example.com`;
    const captcha = await sendCode(a, database!.dataDir, account, 4);
    const registered = await call<UserInfo>(a, '/api/auth/login/register', {
      body: { account, passwd: 'a long enough password', captcha },
    });
    assert.equal(registered.code, 200, registered.msg);
    const token = registered.data.tokenInfo.tokenValue;
    const [onA, onB] = [await open(a, token), await open(b, token)];
    const conversationId = (await call<ChatHistory>(b, '/api/chat/list', { token })).data
      .conversationId;

    const received: ChatMessage[] = [];
    const done = new Promise<void>((resolve) => {
      onB.on('chat', (message: ChatMessage) => {
        received.push(message);
        if (message.source === 'ASSISTANT' && !message.more) resolve();
      });
    });
    const ack = await onA.timeout(5000).emitWithAck('chat', {
      clientId: 'question-1',
      conversationId,
      source: 'USER',
      language: 'en',
      text: 'help',
    });
    assert.equal(ack.code, 200, ack.msg);
    await within(done, 'the reply on the other process');
    assert.equal(received[0]?.source, 'USER');
    assert.equal(received[0]?.text, 'help');
    assert.ok(received.filter((m) => m.source === 'ASSISTANT').length >= 2);
    const history = await call<ChatHistory>(b, '/api/chat/list', { token });
    assert.equal(history.data.messages.length, 2, 'one database behind both');
  });

  it('sends a question resent on the other process the reply so far, then the rest', async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const account = `redis.resend.${process.pid}@example.com`;
    const captcha = await sendCode(a, database!.dataDir, account, 4);
    const registered = await call<UserInfo>(a, '/api/auth/login/register', {
      body: { account, passwd: 'a long enough password', captcha },
    });
    const token = registered.data.tokenInfo.tokenValue;
    const onA = await open(a, token);
    const conversationId = (await call<ChatHistory>(a, '/api/chat/list', { token })).data
      .conversationId;
    const payload = {
      clientId: 'resent-elsewhere',
      conversationId,
      source: 'USER',
      language: 'en',
      text: GATED,
    };
    const firstPart = new Promise<void>((resolve) => {
      onA.on('chat', (m: ChatMessage) => {
        if (m.source === 'ASSISTANT') resolve();
      });
    });
    assert.equal((await onA.timeout(5000).emitWithAck('chat', payload)).code, 200);
    await within(firstPart, 'the first part of the reply');

    const onB = await open(b, token);
    const received: ChatMessage[] = [];
    const done = new Promise<void>((resolve) => {
      onB.on('chat', (m: ChatMessage) => {
        received.push(m);
        if (m.replay) openGate();
        if (m.source === 'ASSISTANT' && !m.more) resolve();
      });
    });
    const ack = await onB.timeout(10_000).emitWithAck('chat', payload);
    assert.deepEqual(ack.data, { seqNo: 1, conversationId, resend: true });
    await within(done, 'the replay and the rest of the reply');
    assert.deepEqual(
      received.map((m) => [m.seqNo, m.text, m.more, m.replay ?? false]),
      [
        [2, 'so far, ', true, true],
        [2, 'and ', true, false],
        [2, 'the rest', false, false],
      ],
    );
  });

  it('ends a signed-out token on the other process at once: its requests and its sockets', async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const account = `redis.revoked.${process.pid}@example.com`;
    const captcha = await sendCode(a, database!.dataDir, account, 4);
    const registered = await call<UserInfo>(a, '/api/auth/login/register', {
      body: { account, passwd: 'a long enough password', captcha },
    });
    assert.equal(registered.code, 200, registered.msg);
    const token = registered.data.tokenInfo.tokenValue;
    // B knows the token now (and keeps it in memory).
    assert.equal((await call(b, '/api/user', { token })).code, 200);
    const onB = await open(b, token);
    const gone = new Promise<string>((resolve) => onB.once('disconnect', resolve));

    assert.equal((await call(a, '/api/auth/logout', { token, method: 'POST' })).code, 200);
    assert.equal(
      await within(gone, 'the disconnection on the other process'),
      'io server disconnect',
    );
    assert.equal((await call(b, '/api/user', { token })).status, 401);
  });

  it('ends every token of a reset password on the other process at once: requests and sockets', async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const { account, token } = await newAccount(a, 'reset');
    // B knows the token now (and keeps it in memory).
    assert.equal((await call(b, '/api/user', { token })).code, 200);
    const onB = await open(b, token);
    const gone = new Promise<string>((resolve) => onB.once('disconnect', resolve));

    await call(a, '/api/auth/base/sendMessage', { body: { account, type: 2 } });
    const captcha = lastMail(database!.dataDir, account, 2).code;
    const reset = await call(a, '/api/auth/login/changePassword', {
      body: { account, passwd: 'a brand new password', captcha },
    });
    assert.equal(reset.code, 200, reset.msg);
    assert.equal(
      await within(gone, 'the disconnection on the other process'),
      'io server disconnect',
    );
    assert.equal((await call(b, '/api/user', { token })).status, 401);
    await assert.rejects(open(b, token), /unauthorized/);
  });

  it("has every process read a user's sources again after `npm run import`", async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const account = `redis.import.${process.pid}@example.com`;
    const captcha = await sendCode(a, database!.dataDir, account, 4);
    const registered = await call<UserInfo>(a, '/api/auth/login/register', {
      body: { account, passwd: 'a long enough password', captcha },
    });
    const token = registered.data.tokenInfo.tokenValue;
    const dir = mkdtempSync(join(tmpdir(), 'coinlens-import-'));
    const source = {
      externalId: `redis-import-${process.pid}`,
      kind: 'devcall',
      author: 'Import Host',
      title: 'Before the import',
      link: 'https://example.com/call',
      durationMinutes: 30,
      time: '2030-01-01T10:00:00Z',
    };
    const importing = async (title: string) => {
      writeFileSync(join(dir, 'sources.json'), JSON.stringify({ sources: [{ ...source, title }] }));
      const lines: string[] = [];
      const io = {
        out: (line: string) => lines.push(line),
        err: (line: string) => lines.push(line),
      };
      const env = {
        ...process.env,
        INIT_CWD: dir,
        DATABASE_URL: database!.config.databaseUrl!,
        REDIS_URL: redis!.url,
      };
      assert.equal(await runImport(['sources.json'], env, io), 0, lines.join('\n'));
    };
    try {
      await importing('Before the import');
      const found = await call<{ records: { id: number }[] }>(
        a,
        `/api/monitor/source/list?searchName=${encodeURIComponent('Before the import')}`,
      );
      const id = found.data.records[0]!.id;
      await call(a, `/api/monitor/user/source/add?sourceIds=${id}`, { token });
      const titles = async () =>
        Promise.all(
          [a, b].map(async (url) => {
            const res = await call<{ records: { title: string }[] }>(
              url,
              '/api/monitor/user/source/list',
              { token },
            );
            return res.data.records.map((record) => record.title);
          }),
        );
      assert.deepEqual(await titles(), [['Before the import'], ['Before the import']]);

      await importing('After the import');
      // The announcement travels through Redis: give it a moment, as a person would.
      for (let tries = 0; tries < 50; tries += 1) {
        const [onA, onB] = await titles();
        if (onA![0] === 'After the import' && onB![0] === 'After the import') return;
        await sleep(20);
      }
      assert.deepEqual(await titles(), [['After the import'], ['After the import']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
