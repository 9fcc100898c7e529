// Chat latency and socket memory of the built server (bundled demo data, embedded PGlite, the
// built-in assistant): the time from emitting a question to its reply's first and last part,
// median and p99 over BENCH_MESSAGES (default 1,000) questions, and the server's memory with
// BENCH_SOCKETS (default 1,000) sockets connected. Not a test: the figures depend on the machine.
// Run `npm run build -w api`, then `npm run bench:chat -w api`.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';
import {
  dist,
  memory,
  percentile,
  requireBuiltApi,
  seedUsers,
  startBuiltApi,
  stopBuiltApi,
} from './common.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES || 1000);
const SOCKETS = Number(process.env.BENCH_SOCKETS || 1000);
/** The server's own limits: 20 questions a minute and 10 sockets per user. */
const PER_USER_MESSAGES = 20;
const PER_USER_SOCKETS = 10;

requireBuiltApi();
const { openDatabase } = await import(dist('db/client.js'));

const QUESTIONS = [
  'price of BTC',
  'how is ETH doing this week',
  'compare SOL and ADA',
  'analysis of XRP',
  'hot coins',
  'upcoming spaces',
  '比特币多少钱',
  'preço do solana',
];

// Users and their tokens, written straight into a fresh data directory (signing up through the
// API would meet its per-address limits); the server then starts on it.
const dataDir = mkdtempSync(join(tmpdir(), 'coinlens-bench-chat-'));
const userCount = Math.max(
  Math.ceil(MESSAGES / PER_USER_MESSAGES),
  Math.ceil(SOCKETS / PER_USER_SOCKETS),
);
let tokens;
{
  const database = await openDatabase(dataDir);
  tokens = await seedUsers(database.db, userCount);
  await database.close();
}

const loadBefore = loadavg()[0];
const { child, base } = await startBuiltApi({ DATA_DIR: dataDir, DATABASE_URL: '' });

function connect(token) {
  const socket = io(base, {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const first = [];
const last = [];
let rssIdle;
let rssSockets;
try {
  rssIdle = memory(child.pid).rss;

  // Latency: one question at a time, each user asking up to the per-minute limit.
  for (let sent = 0, user = 0; sent < MESSAGES; user += 1) {
    const socket = await connect(tokens[user]);
    const history = await (
      await fetch(`${base}/api/chat/list?size=1`, {
        headers: { authorization: `Bearer ${tokens[user]}` },
      })
    ).json();
    const conversationId = history.data.conversationId;
    for (let i = 0; i < PER_USER_MESSAGES && sent < MESSAGES; i += 1, sent += 1) {
      const asked = performance.now();
      let firstAt = null;
      const done = new Promise((resolve) => {
        const listener = (message) => {
          firstAt ??= performance.now();
          if (!message.more) {
            socket.off('chat', listener);
            resolve(performance.now());
          }
        };
        socket.on('chat', listener);
      });
      const ack = await socket.emitWithAck('chat', {
        clientId: `bench-${user}-${i + 1}`,
        conversationId,
        source: 'USER',
        language: 'en',
        text: QUESTIONS[sent % QUESTIONS.length],
      });
      if (ack.code !== 200) throw new Error(`ack ${ack.code} ${ack.msg}`);
      const doneAt = await done;
      first.push(firstAt - asked);
      last.push(doneAt - asked);
    }
    socket.disconnect();
  }

  // Memory: SOCKETS sockets open at once, 10 per user.
  const open = [];
  for (let i = 0; i < SOCKETS; i += 1)
    open.push(await connect(tokens[Math.floor(i / PER_USER_SOCKETS)]));
  await sleep(2000);
  rssSockets = memory(child.pid).rss;
  for (const socket of open) socket.disconnect();
} finally {
  await stopBuiltApi(child);
  rmSync(dataDir, { recursive: true, force: true });
}

const ms = (value) => `${value.toFixed(1)} ms`;
console.log(`
${MESSAGES} questions, one at a time, built-in assistant; node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)} at the start

emit to first part   median ${ms(percentile(first, 50))}   p99 ${ms(percentile(first, 99))}
emit to last part    median ${ms(percentile(last, 50))}   p99 ${ms(percentile(last, 99))}
server RSS idle                    ${rssIdle.toFixed(1)} MB
server RSS with ${SOCKETS} sockets open   ${rssSockets.toFixed(1)} MB (${(((rssSockets - rssIdle) * 1024) / SOCKETS).toFixed(1)} KB a socket)`);
