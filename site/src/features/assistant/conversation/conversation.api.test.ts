/**
 * The chat store against the real API (the built server, `api/dist`, on a fresh PGlite data dir,
 * with the built-in assistant) over a real socket.io connection: history, a streamed answer,
 * another tab, a stop and a retry the server recognises, and a new conversation. Skipped when
 * the API has not been built (`npm run build -w api`).
 *
 * @jest-environment node
 */
import type { Locale, UserInfo } from '@coinlens/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { createApiClient } from '../../../data/client';
import { createChatStore, type ChatState, type ChatStore } from './conversation';

const API_MAIN = resolve(__dirname, '../../../../../api/dist/src/main.js');
const describeWithApi = existsSync(API_MAIN) ? describe : describe.skip;

jest.setTimeout(90_000);

let server: ChildProcess | null = null;
let dataDir = '';
let baseUrl = '';
const sockets: Socket[] = [];
const stores: ChatStore[] = [];

/** Starts the API on a free port; answers its URL from the start-up log line. */
function startApi(): Promise<string> {
  dataDir = mkdtempSync(join(tmpdir(), 'coinlens-chat-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    DEMO_SOURCES: 'false',
  };
  const child = spawn(process.execPath, [API_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server = child;
  return new Promise((resolveUrl, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Coinlens is running at (http:\/\/[^\s(]+)/.exec(output);
      if (found?.[1]) resolveUrl(found[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the API exited (${code}):\n${output}`)));
  });
}

async function call<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Registers a new account through the mail outbox; answers its token. */
async function register(): Promise<string> {
  const account = `chat.${process.pid}.${Date.now()}@example.com`;
  await call('/api/auth/base/sendMessage', { account, type: 4 });
  const mails = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; code: string });
  const captcha = mails.filter((mail) => mail.to === account).at(-1)?.code;
  const user = await call<UserInfo>('/api/auth/login/register', {
    account,
    passwd: 'a long enough password',
    captcha,
  });
  return user.tokenInfo.tokenValue;
}

function connect(token: string): Promise<Socket> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    auth: { token },
    query: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolveSocket, reject) => {
    socket.once('connect', () => resolveSocket(socket));
    socket.once('connect_error', reject);
  });
}

function storeFor(token: string, socket: Socket, language: Locale = 'en'): ChatStore {
  const client = createApiClient({
    baseUrl,
    getToken: () => token,
    getLanguage: () => language,
    getPathname: () => '/',
    navigate: () => {},
    onUnauthorized: ({ error }) => {
      throw error;
    },
    onBadRequest: ({ error }) => {
      throw error;
    },
  });
  const store = createChatStore({
    client,
    getSocket: () => socket,
    subscribeSocket: () => () => {},
    getToken: () => token,
    subscribeToken: () => () => {},
    language: () => language,
  });
  stores.push(store);
  return store;
}

/** Resolves once `test` holds for the store's state (fails after `ms`). */
function until(store: ChatStore, test: (state: ChatState) => boolean, ms = 20_000) {
  return new Promise<ChatState>((resolveState, reject) => {
    if (test(store.getState())) {
      resolveState(store.getState());
      return;
    }
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`not reached in ${ms} ms: ${JSON.stringify(store.getState(), null, 1)}`));
    }, ms);
    const unsubscribe = store.subscribe(() => {
      if (!test(store.getState())) return;
      clearTimeout(timer);
      unsubscribe();
      resolveState(store.getState());
    });
  });
}

/** Every reply shown is complete. */
const done = (state: ChatState) =>
  state.entries.every(
    (entry) =>
      entry.message.source !== 'ASSISTANT' ||
      (entry.status !== 'loading' && entry.status !== 'concat'),
  );

describeWithApi('the chat store against the real API', () => {
  let token = '';

  beforeAll(async () => {
    baseUrl = await startApi();
    token = await register();
  });

  afterAll(async () => {
    for (const store of stores) store.dispose();
    for (const socket of sockets) socket.disconnect();
    const child = server;
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks, streams the answer to both tabs, finds it in the history, retries and cleans', async () => {
    const socketA = await connect(token);
    const socketB = await connect(token);
    const tabA = storeFor(token, socketA);
    const tabB = storeFor(token, socketB);
    await tabA.loadLatest();
    await tabB.loadLatest();
    expect(tabA.getState()).toMatchObject({ history: 'ready', entries: [], hasOlder: false });
    expect(tabB.getState().conversationId).toBe(tabA.getState().conversationId);

    // A streamed answer, numbered by the server.
    await tabA.send('What can you do?');
    const answered = await until(tabA, (state) => state.replyStatus === 'success');
    const [question, reply] = answered.entries;
    expect(question).toMatchObject({
      message: { seqNo: 1, source: 'USER', text: 'What can you do?' },
      delivery: 'sent',
    });
    expect(reply).toMatchObject({ message: { seqNo: 2, source: 'ASSISTANT' }, status: 'success' });
    expect(reply?.message.text.length).toBeGreaterThan(0);

    // The other tab got the question and the same answer.
    const other = await until(tabB, (state) => state.entries[1]?.status === 'success');
    expect(other.entries.map((entry) => entry.message.text)).toEqual([
      'What can you do?',
      reply?.message.text,
    ]);

    // A reload finds both in the history.
    const reloaded = storeFor(token, socketA);
    await reloaded.loadLatest();
    expect(reloaded.getState().entries.map((entry) => entry.message)).toEqual(
      answered.entries.map((entry) => ({ ...entry.message, timestamp: expect.any(Number) })),
    );

    // Stop right after the acknowledgement, let the answer finish unseen, then retry: the
    // server recognises the resend by its id and replays the answer it gave.
    await tabA.send('And the price of bitcoin?');
    tabA.stop();
    expect(tabA.getState().entries.at(-1)).toMatchObject({ status: 'error', crashed: true });
    await until(tabB, (state) => state.entries.length === 4 && done(state));
    await tabA.retry(tabA.getState().entries.at(-1)?.key ?? '');
    const retried = await until(tabA, (state) => state.replyStatus === 'success');
    expect(retried.entries).toHaveLength(4);
    expect(retried.entries.at(-2)?.message).toMatchObject({ seqNo: 3, source: 'USER' });
    expect(retried.entries.at(-1)).toMatchObject({
      message: { seqNo: 4, text: tabB.getState().entries.at(-1)?.message.text },
      status: 'success',
    });
    expect(tabB.getState().entries).toHaveLength(4);

    // Both tabs ask at the same moment: each question is stored and answered once, and both
    // tabs show the two questions and their answers in the same order.
    await Promise.all([tabA.send('How is ether doing?'), tabB.send('How is solana doing?')]);
    const bothA = await until(tabA, (state) => state.entries.length === 8 && done(state));
    const bothB = await until(tabB, (state) => state.entries.length === 8 && done(state));
    const texts = (state: ChatState) => state.entries.map((entry) => entry.message.text);
    expect(texts(bothA)).toEqual(texts(bothB));
    expect(bothA.entries.slice(4).map((entry) => entry.message.seqNo)).toEqual([5, 6, 7, 8]);
    expect(
      texts(bothA)
        .slice(4)
        .filter((_, i) => i % 2 === 0)
        .sort(),
    ).toEqual(['How is ether doing?', 'How is solana doing?']);

    // A new, empty conversation.
    await tabA.clean();
    expect(tabA.getState()).toMatchObject({ entries: [], history: 'ready' });
    expect(tabA.getState().conversationId).not.toBe(answered.conversationId);
    await tabA.send('Hello again');
    const fresh = await until(tabA, (state) => state.replyStatus === 'success');
    expect(fresh.entries.map((entry) => entry.message.seqNo)).toEqual([1, 2]);
    expect(fresh.entries[1]?.message.text.length).toBeGreaterThan(0);
  });
});
