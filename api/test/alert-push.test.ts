// Alerts as browser notifications (src/alerts/push.ts) against the real server and a local push
// service: the key a browser subscribes with, the checks on a subscription, the notification of
// what fired (encrypted for the browser, which this test plays: it decrypts with its own keys, as a
// browser does), a browser the push service calls gone, and the keys shared by every process.
// Both engines: the key pair is made once by whichever process writes first, which only
// PostgreSQL runs truly at once with another.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import ece from 'http_ece';
import {
  MAX_PUSH_DEVICES,
  SERVER_MESSAGES,
  type Alert,
  type AlertList,
  type ListPage,
  type PushDevices,
  type PushKey,
  type UserInfo,
} from '@coinlens/contract';
import { loadVapidKeys } from '../src/alerts/push.js';
import type { AlertPushPayload } from '../src/mail/alertTemplates.js';
import { call } from './helpers/auth.js';
import {
  FixedClock,
  signedInAccount,
  signedInUser,
  startApiServer,
  T0,
  type ApiTestServer,
} from './helpers/api.js';
import { testDatabase } from './helpers/database.js';
import { steeredMarket } from './helpers/market.js';

// The local push service has a certificate made for this run, which no agent trusts; this test
// file's process alone accepts it.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

interface Delivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** An https server that takes pushes as a push service does, answering `status(path)`. */
class FakePushService {
  readonly deliveries: Delivery[] = [];
  status: (path: string) => number = () => 201;
  #server: Server | null = null;
  #dir = mkdtempSync(join(tmpdir(), 'coinlens-push-'));

  async start(): Promise<string> {
    const key = join(this.#dir, 'key.pem');
    const cert = join(this.#dir, 'cert.pem');
    execFileSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ]);
    this.#server = createServer(
      { key: readFileSync(key), cert: readFileSync(cert) },
      (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const path = request.url ?? '/';
          this.deliveries.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
          response.statusCode = this.status(path);
          response.end();
        });
      },
    );
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    return `https://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.#server?.close(resolve));
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

/** A browser's push keys, as `pushManager.subscribe()` makes them, and how it reads a push. */
function browser(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: {
      endpoint,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      },
    },
    read(delivery: Delivery): AlertPushPayload {
      const plain = ece.decrypt(delivery.body, {
        version: 'aes128gcm',
        privateKey: ecdh,
        authSecret: auth.toString('base64url'),
      });
      return JSON.parse(plain.toString('utf8')) as AlertPushPayload;
    },
  };
}

const clock = new FixedClock(T0);
const market = steeredMarket(clock);
const pushService = new FakePushService();
let origin: string;
let t: ApiTestServer;
let bitcoinId: number;

before(async () => {
  origin = await pushService.start();
  t = await startApiServer({
    clock,
    market: market.provider,
    demoSources: false,
    allowPrivateFetch: true,
  });
  const found = await call<ListPage<{ id: number }>>(t.url, '/api/asset/list?keyword=BTC&size=1');
  bitcoinId = found.data.records[0]!.id;
});

after(async () => {
  await t?.close();
  await pushService.stop();
});

const subscribe = (token: string, body: unknown, language = 'en') =>
  call<PushDevices>(t.url, '/api/alert/push/subscribe', { token, body, language });

/** A user whose alert above 60 500 on Bitcoin is armed at 60 000. */
async function userWithAlert(line = 60_500) {
  const token = await signedInUser(t);
  const made = await call<Alert>(t.url, '/api/alert/add', {
    token,
    body: { kind: 'priceAbove', coinId: bitcoinId, value: line, cooldownMinutes: 0 },
  });
  assert.equal(made.code, 200, made.msg);
  market.setPrice('bitcoin', 60_000);
  await t.server.app.alertEvaluator.evaluate();
  return token;
}

/** Fires what crosses at 61 000 and pushes it as the evaluation job does. */
async function fireAndPush() {
  market.setPrice('bitcoin', 61_000);
  const fired = await t.server.app.alertEvaluator.evaluate();
  await t.server.app.alertPush.send(
    fired.map(({ event }) => ({ id: event.id, userId: event.userId })),
  );
  return fired;
}

describe('the key a browser subscribes with', () => {
  it('is the server’s VAPID public key, for signed-in users only', async () => {
    assert.equal((await call(t.url, '/api/alert/push/key')).status, 401);
    const token = await signedInUser(t);
    const key = await call<PushKey>(t.url, '/api/alert/push/key', { token });
    assert.equal(key.code, 200, key.msg);
    const raw = Buffer.from(key.data.publicKey, 'base64url');
    assert.equal(raw.length, 65, 'an uncompressed P-256 point');
    assert.equal(key.data.devices, 0);
  });

  it('is made once and shared by every process on the database', async () => {
    const database = await testDatabase();
    // Two processes on PostgreSQL; PGlite takes one at a time, so there two starts race in one.
    const handles =
      database.driver === 'postgres'
        ? await Promise.all([database.open(), database.open()])
        : [await database.open()];
    try {
      const settings = { publicKey: null, privateKey: null, subject: null };
      const pairs = await Promise.all(
        [0, 1].map((i) =>
          loadVapidKeys(handles[i % handles.length]!.db, settings, 'mailto:a@example.com', clock),
        ),
      );
      assert.equal(pairs[0]!.publicKey, pairs[1]!.publicKey);
      assert.equal(pairs[0]!.privateKey, pairs[1]!.privateKey);
      const again = await loadVapidKeys(handles[0]!.db, settings, 'mailto:a@example.com', clock);
      assert.equal(again.publicKey, pairs[0]!.publicKey, 'kept across a restart');
    } finally {
      for (const handle of handles) await handle.close();
      await database.cleanup();
    }
  });
});

describe('a subscription', () => {
  it('is refused with the reason when its keys or its endpoint are wrong', async () => {
    const token = await signedInUser(t);
    const good = browser(`${origin}/wrong-keys`).subscription;
    const shortKey = { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } };
    const refused = await subscribe(token, shortKey, 'zh');
    assert.equal(refused.code, 422);
    assert.equal(refused.msg, SERVER_MESSAGES.alertPushKeys.zh);
    const plain = await subscribe(token, { ...good, endpoint: 'ftp://example.com/x' }, 'pt-br');
    assert.equal(plain.code, 422);
    assert.equal(plain.msg, SERVER_MESSAGES.alertPushEndpoint['pt-br']);
    assert.equal((await subscribe(token, { endpoint: good.endpoint })).code, 400);
    const key = await call<PushKey>(t.url, '/api/alert/push/key', { token });
    assert.equal(key.data.devices, 0, 'nothing saved');
  });

  it('to a private address is refused where the operator does not allow them', async () => {
    const strict = await startApiServer({ clock, market: market.provider, demoSources: false });
    try {
      const token = await signedInUser(strict);
      const refused = await call(strict.url, '/api/alert/push/subscribe', {
        token,
        body: browser(`${origin}/private`).subscription,
      });
      assert.equal(refused.code, 422);
      assert.equal(refused.msg, SERVER_MESSAGES.alertPushEndpoint.en);
    } finally {
      await strict.close();
    }
  });

  it(`is kept for at most ${MAX_PUSH_DEVICES} browsers, the least recently saved going first`, async () => {
    const token = await signedInUser(t);
    const browsers = Array.from({ length: MAX_PUSH_DEVICES + 1 }, (_, i) =>
      browser(`${origin}/many/${i}`),
    );
    for (const [i, one] of browsers.entries()) {
      const saved = await subscribe(token, one.subscription);
      assert.equal(saved.data.devices, Math.min(i + 1, MAX_PUSH_DEVICES));
      clock.advance(1000);
    }
    pushService.deliveries.length = 0;
    await userAlertFor(token);
    await fireAndPush();
    const paths = pushService.deliveries
      .map((delivery) => delivery.path)
      .filter((path) => path.startsWith('/many/'));
    assert.equal(paths.length, MAX_PUSH_DEVICES);
    assert.ok(!paths.includes('/many/0'), 'the first browser saved was let go');
  });
});

/** Adds the alert above 60 500 to an existing user and arms it at 60 000. */
async function userAlertFor(token: string) {
  const made = await call<Alert>(t.url, '/api/alert/add', {
    token,
    body: { kind: 'priceAbove', coinId: bitcoinId, value: 60_500, cooldownMinutes: 0 },
  });
  assert.equal(made.code, 200, made.msg);
  market.setPrice('bitcoin', 60_000);
  await t.server.app.alertEvaluator.evaluate();
}

describe('what fired', () => {
  it('reaches the browser as a signed, encrypted notification in its language', async () => {
    const token = await userWithAlert();
    const phone = browser(`${origin}/phone-pt`);
    assert.equal((await subscribe(token, phone.subscription, 'pt-br')).data.devices, 1);
    pushService.deliveries.length = 0;
    await fireAndPush();
    const mine = pushService.deliveries.filter((delivery) => delivery.path === '/phone-pt');
    assert.equal(mine.length, 1, 'one notification');
    const [delivery] = mine;
    assert.equal(delivery!.headers['content-encoding'], 'aes128gcm');
    assert.equal(delivery!.headers.ttl, String(24 * 60 * 60));
    assert.equal(delivery!.headers.urgency, 'high');
    const { publicKey } = (await call<PushKey>(t.url, '/api/alert/push/key', { token })).data;
    assert.match(
      String(delivery!.headers.authorization),
      new RegExp(`^vapid t=.+, k=${publicKey}$`),
    );
    const payload = phone.read(delivery!);
    // Intl puts a no-break space between the currency and the amount.
    payload.title = payload.title.replace(/\u00a0/g, ' ');
    payload.body = payload.body.replace(/\u00a0/g, ' ');
    assert.equal(
      payload.title,
      'Alerta do Coinlens: Bitcoin (BTC): o preço subiu até US$ 60.500,00',
    );
    assert.match(payload.body, /^Valor US\$ 61\.000,00 \(linha US\$ 60\.500,00\)/);
    assert.equal(payload.url, 'http://localhost:8000/pt-br/coins/bitcoin/');
    assert.match(payload.tag, /^coinlens-alert-\d+$/);
  });

  it('fired together comes as one notification that lists them', async () => {
    const token = await userWithAlert(60_400);
    await userAlertFor(token);
    const laptop = browser(`${origin}/laptop-zh`);
    await subscribe(token, laptop.subscription, 'zh');
    pushService.deliveries.length = 0;
    await fireAndPush();
    const mine = pushService.deliveries.filter((delivery) => delivery.path === '/laptop-zh');
    assert.equal(mine.length, 1);
    const payload = laptop.read(mine[0]!);
    assert.equal(payload.title, 'Coinlens：2 条提醒已触发');
    assert.equal(payload.body.split('\n').length, 2);
    assert.equal(payload.url, 'http://localhost:8000/zh/alerts/');
  });

  it('is pushed by the evaluation job itself', async () => {
    const timed = await startApiServer({
      clock,
      market: market.provider,
      demoSources: false,
      allowPrivateFetch: true,
      alertIntervalMs: 200,
    });
    try {
      const token = await signedInUser(timed);
      const made = await call<Alert>(timed.url, '/api/alert/add', {
        token,
        body: { kind: 'priceAbove', coinId: bitcoinId, value: 60_500, cooldownMinutes: 0 },
      });
      assert.equal(made.code, 200, made.msg);
      market.setPrice('bitcoin', 60_000);
      const tab = browser(`${origin}/job`);
      await call(timed.url, '/api/alert/push/subscribe', { token, body: tab.subscription });
      // Armed by a run at 60 000 (waited for: a loaded machine's job may run late), then fired
      // by one at 61 000.
      for (let i = 0; ; i += 1) {
        const list = await call<AlertList>(timed.url, '/api/alert/list', { token });
        if (list.data.records[0]?.state === 'armed') break;
        if (i > 100) assert.fail('not armed within 10 s');
        await sleep(100);
      }
      market.setPrice('bitcoin', 61_000);
      for (let i = 0; !pushService.deliveries.some((d) => d.path === '/job'); i += 1) {
        if (i > 100) assert.fail('no push within 10 s');
        await sleep(100);
      }
      const [delivery] = pushService.deliveries.filter((d) => d.path === '/job');
      assert.match(tab.read(delivery!).title, /^Coinlens alert: Bitcoin \(BTC\)/);
    } finally {
      await timed.close();
    }
  });

  it('is not pushed to a browser its user turned off, nor to one the push service calls gone', async () => {
    const token = await userWithAlert();
    const off = browser(`${origin}/off`);
    const gone = browser(`${origin}/gone`);
    await subscribe(token, off.subscription);
    await subscribe(token, gone.subscription);
    const left = await call<PushDevices>(t.url, '/api/alert/push/unsubscribe', {
      token,
      body: { endpoint: off.subscription.endpoint },
    });
    assert.equal(left.data.devices, 1);
    pushService.status = (path) => (path === '/gone' ? 410 : 201);
    pushService.deliveries.length = 0;
    try {
      await fireAndPush();
    } finally {
      pushService.status = () => 201;
    }
    const paths = pushService.deliveries.map((delivery) => delivery.path);
    assert.ok(!paths.includes('/off'));
    assert.ok(paths.includes('/gone'), 'tried once');
    const key = await call<PushKey>(t.url, '/api/alert/push/key', { token });
    assert.equal(key.data.devices, 0, 'the gone browser is forgotten');
  });

  it('stops when the sign-in that saved the browser signs out, and is that sign-in’s only', async () => {
    const { token: laptop, account, passwd } = await signedInAccount(t);
    await userAlertFor(laptop);
    const phone = await call<UserInfo>(t.url, '/api/auth/login/dologin', {
      body: { account, passwd },
    });
    assert.equal(phone.code, 200, phone.msg);
    const phoneToken = phone.data.tokenInfo.tokenValue;
    const shared = browser(`${origin}/signed-out`);
    await subscribe(laptop, shared.subscription);
    const keyOf = (token: string, endpoint: string) =>
      call<PushKey>(t.url, `/api/alert/push/key?endpoint=${encodeURIComponent(endpoint)}`, {
        token,
      });
    const mine = await keyOf(laptop, shared.subscription.endpoint);
    assert.deepEqual([mine.data.devices, mine.data.subscribed], [1, true]);
    const elsewhere = await keyOf(phoneToken, shared.subscription.endpoint);
    assert.deepEqual([elsewhere.data.devices, elsewhere.data.subscribed], [1, false]);
    const unknown = await keyOf(laptop, `${origin}/never-saved`);
    assert.equal(unknown.data.subscribed, false);
    assert.equal((await keyOf(laptop, 'not an address')).data.subscribed, false);

    assert.equal((await call(t.url, '/api/auth/logout', { token: laptop, body: {} })).code, 200);
    const after = await keyOf(phoneToken, shared.subscription.endpoint);
    assert.deepEqual([after.data.devices, after.data.subscribed], [0, false]);
    pushService.deliveries.length = 0;
    await fireAndPush();
    assert.ok(!pushService.deliveries.some((delivery) => delivery.path === '/signed-out'));
  });

  it('goes to the account that saved the browser last', async () => {
    const first = await userWithAlert();
    const second = await signedInUser(t);
    const shared = browser(`${origin}/shared`);
    await subscribe(first, shared.subscription);
    await subscribe(second, shared.subscription);
    const key = await call<PushKey>(t.url, '/api/alert/push/key', { token: first });
    assert.equal(key.data.devices, 0);
    pushService.deliveries.length = 0;
    await fireAndPush();
    assert.ok(!pushService.deliveries.some((delivery) => delivery.path === '/shared'));
  });
});
