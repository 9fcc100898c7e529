// A token's end is the end of everything it opened: after a sign-out, a password reset or its
// expiry, its chat sockets are disconnected and hear nothing more, every request with it is
// refused at once (the token cache forgets it), and a guarded route says 401 before it looks at
// what a stranger sent.
// Both engines: the token cache is kept on PGlite only, so an ended token is refused by another
// path on PostgreSQL.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { io as connect, type Socket } from 'socket.io-client';
import { TOKEN_LIFETIME_MS } from '../src/auth/tokens.js';
import type { ChatAck, ChatHistory, ChatMessage, UserInfo } from '@coinlens/contract';
import { call, lastMail, sendCode } from './helpers/auth.js';
import { startApiServer, type ApiTestServer } from './helpers/api.js';

const PASSWORD = 'a long enough password';
let t: ApiTestServer;
const sockets: Socket[] = [];
let accounts = 0;

before(async () => {
  t = await startApiServer({
    demoSources: false,
    assistant: {
      async *reply() {
        yield { text: 'ok', layers: [] };
      },
    },
  });
});

after(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

/** A new account: its address and the token of its registration. */
async function newAccount(): Promise<{ account: string; token: string }> {
  accounts += 1;
  const account = `session${accounts}.${process.pid}@example.com`;
  const captcha = await sendCode(t.url, t.database.dataDir, account, 4);
  const res = await call<UserInfo>(t.url, '/api/auth/login/register', {
    body: { account, passwd: PASSWORD, captcha },
  });
  assert.equal(res.code, 200, res.msg);
  return { account, token: res.data.tokenInfo.tokenValue };
}

async function signIn(account: string, passwd = PASSWORD): Promise<string> {
  const res = await call<UserInfo>(t.url, '/api/auth/login/dologin', {
    body: { account, passwd },
  });
  assert.equal(res.code, 200, res.msg);
  return res.data.tokenInfo.tokenValue;
}

/** A socket for the token, closed after the tests. */
function socketFor(token: string): Socket {
  const socket = connect(t.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  sockets.push(socket);
  return socket;
}

async function openSocket(token: string): Promise<Socket> {
  const socket = socketFor(token);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Resolves with the reason when the server disconnects the socket; fails after 5 s. */
function disconnection(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket is still connected')), 5000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Every `chat` event the socket hears from now on. */
function heard(socket: Socket): ChatMessage[] {
  const messages: ChatMessage[] = [];
  socket.on('chat', (message: ChatMessage) => messages.push(message));
  return messages;
}

async function ask(socket: Socket, token: string, text: string): Promise<ChatAck> {
  const history = await call<ChatHistory>(t.url, '/api/chat/list', { token });
  assert.equal(history.code, 200, history.msg);
  return socket.timeout(5000).emitWithAck('chat', {
    clientId: randomUUID(),
    conversationId: history.data.conversationId,
    source: 'USER',
    language: 'en',
    text,
  });
}

async function refusedAgain(token: string): Promise<void> {
  const socket = socketFor(token);
  const message = await new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('a revoked token connected')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
  assert.equal(message, 'unauthorized');
}

/** The other tab asks; the revoked one must hear nothing of it. */
async function assertDeaf(revokedTab: ChatMessage[], otherTab: Socket, otherToken: string) {
  const ack = await ask(otherTab, otherToken, 'does the signed-out tab hear this?');
  assert.equal(ack.code, 200, ack.msg);
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.deepEqual(revokedTab, []);
}

describe('a chat socket', () => {
  it('is disconnected when its token signs out, and hears nothing more', async () => {
    const { account, token } = await newAccount();
    const other = await signIn(account);
    const [tab, otherTab] = [await openSocket(token), await openSocket(other)];
    const messages = heard(tab);
    const gone = disconnection(tab);

    const res = await call(t.url, '/api/auth/logout', { token, method: 'POST' });
    assert.equal(res.code, 200, res.msg);
    assert.equal(await gone, 'io server disconnect');
    assert.equal(otherTab.connected, true, "the user's other session stays");
    await assertDeaf(messages, otherTab, other);
    assert.equal((await call(t.url, '/api/user', { token })).status, 401);
    await refusedAgain(token);
  });

  it('is disconnected, with every other socket of the user, when the password is reset', async () => {
    const { account, token } = await newAccount();
    const second = await signIn(account);
    const tabs = [await openSocket(token), await openSocket(second)];
    const gone = tabs.map(disconnection);

    await call(t.url, '/api/auth/base/sendMessage', { body: { account, type: 2 } });
    const captcha = lastMail(t.database.dataDir, account, 2).code;
    const res = await call(t.url, '/api/auth/login/changePassword', {
      body: { account, passwd: 'a brand new password', captcha },
    });
    assert.equal(res.code, 200, res.msg);
    assert.deepEqual(await Promise.all(gone), ['io server disconnect', 'io server disconnect']);
    for (const old of [token, second]) {
      assert.equal((await call(t.url, '/api/user', { token: old })).status, 401);
      await refusedAgain(old);
    }
    const fresh = await signIn(account, 'a brand new password');
    const freshTab = await openSocket(fresh);
    assert.equal((await ask(freshTab, fresh, 'hello again')).code, 200);
  });

  it('refuses a question once its token expired, and is disconnected by the sweep', async () => {
    const { account, token } = await newAccount();
    const [asking, listening] = [await openSocket(token), await openSocket(token)];
    const askingGone = disconnection(asking);
    const listeningGone = disconnection(listening);
    const messages = heard(listening);

    t.clock.advance(TOKEN_LIFETIME_MS + 1000);
    const refused = await asking.timeout(5000).emitWithAck('chat', {
      clientId: 'question-1',
      conversationId: 'any',
      source: 'USER',
      language: 'pt-br',
      text: 'still here?',
    });
    assert.equal(refused.code, 401);
    assert.match(refused.msg, /entre|entrar/i);
    assert.equal(await askingGone, 'io server disconnect');

    await t.server.app.sweepExpiredSockets();
    assert.equal(await listeningGone, 'io server disconnect');
    const fresh = await signIn(account);
    await assertDeaf(messages, await openSocket(fresh), fresh);
  });
});

describe('a token in memory', () => {
  it('answers the new nickname at once after a rename', async () => {
    const { token } = await newAccount();
    assert.equal((await call(t.url, '/api/user', { token })).code, 200);
    const renamed = await call(t.url, '/api/system/user/modify', {
      token,
      body: { nickname: 'Satoshi' },
    });
    assert.equal(renamed.code, 200, renamed.msg);
    const me = await call<UserInfo>(t.url, '/api/user', { token });
    assert.equal(me.data.nickname, 'Satoshi');
  });
});

describe('a guarded route', () => {
  it('answers 401 to a stranger before it reads the query or the body', async () => {
    for (const [path, body] of [
      ['/api/chat/list?size=not-a-number', undefined],
      ['/api/monitor/user/source/list?page=x', undefined],
      ['/api/follow/add', { coinIds: 'not a list' }],
      ['/api/system/user/modify', { nickname: 42 }],
    ] as const) {
      const res = await call(t.url, path, { body });
      assert.equal(res.status, 401, `${path} answered ${res.status} ${res.msg}`);
      assert.equal(res.code, 401);
    }
  });
});
