// The chat answered by an OpenAI-compatible endpoint (ASSISTANT_BASE_URL), end to end: the server
// built from its settings streams what the endpoint streams to the user's socket.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { io as connect, type Socket } from 'socket.io-client';
import type { ChatHistory, ChatMessage, UserInfo } from '@coinlens/contract';
import { startServer, type RunningServer } from '../src/server.js';
import { call, sendCode, TEST_PASSWORD_COST } from './helpers/auth.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';
import {
  startFakeOpenAiStream,
  textSteps,
  type FakeOpenAiStream,
} from './helpers/fakeOpenAiStream.js';

let fake: FakeOpenAiStream;
let database: TestDatabase;
let server: RunningServer;
let socket: Socket | undefined;

before(async () => {
  fake = await startFakeOpenAiStream();
  database = await testDatabase();
  server = await startServer(
    {
      port: 0,
      host: '127.0.0.1',
      ...database.config,
      siteDir: null,
      logLevel: 'silent',
      assistant: { baseUrl: fake.baseUrl, apiKey: 'test-key', model: 'test-model' },
    },
    {
      logLevel: false,
      passwordCost: TEST_PASSWORD_COST,
      lifecycleIntervalMs: false,
      demoSources: false,
    },
  );
});

after(async () => {
  socket?.disconnect();
  await server?.close();
  await database?.cleanup();
  await fake?.close();
});

describe('the chat with ASSISTANT_BASE_URL set', () => {
  it("streams the endpoint's answer to the user and keeps it in the history", async () => {
    const account = 'openai.chat@example.com';
    const captcha = await sendCode(server.url, database.dataDir, account, 4);
    const user = await call<UserInfo>(server.url, '/api/auth/login/register', {
      body: { account, passwd: 'a long enough password', captcha },
    });
    const token = user.data.tokenInfo.tokenValue;
    socket = connect(server.url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    const conversationId = (await call<ChatHistory>(server.url, '/api/chat/list', { token })).data
      .conversationId;

    fake.script({
      steps: textSteps('Bitcoin is the largest coin by market cap. Ask me for its price.', 5),
    });
    const parts: ChatMessage[] = [];
    const done = new Promise<void>((resolve) => {
      socket!.on('chat', (message: ChatMessage) => {
        parts.push(message);
        if (!message.more) resolve();
      });
    });
    const ack = await socket.timeout(5000).emitWithAck('chat', {
      clientId: 'question-1',
      conversationId,
      source: 'USER',
      language: 'en',
      text: 'what is bitcoin?',
    });
    assert.equal(ack.code, 200);
    await done;
    assert.equal(
      parts.map((p) => p.text).join(''),
      'Bitcoin is the largest coin by market cap. Ask me for its price.',
    );
    assert.ok(parts.length >= 2);
    const [request] = fake.requests;
    assert.equal(request?.body.model, 'test-model');
    const history = await call<ChatHistory>(server.url, '/api/chat/list', { token });
    assert.equal(history.data.messages[1]?.text, parts.map((p) => p.text).join(''));
  });
});
