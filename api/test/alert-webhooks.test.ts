// Alerts by webhook against the real server (src/alerts/webhook.ts): the settings (an address
// checked with a refusal in the user's language, a secret made by the server and rotated), a post
// per minute of alerts signed so that a receiver can check it with the recipe of docs/api.md,
// retries with back-off on a 500, a time-out or a redirect, giving up, three runs of the job at
// once, and a webhook turned off. The receiver is a local HTTP server, reached because the server
// under test allows private addresses (ALLOW_PRIVATE_FETCH); the settings' refusals are tested on
// a second server that does not.
// Both engines: the job claims its rows with a compare-and-set, which only PostgreSQL runs truly
// at once with another.
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, it } from 'node:test';
import {
  ALERT_WEBHOOK_TOLERANCE_SECONDS,
  SERVER_MESSAGES,
  type Alert,
  type AlertEventPage,
  type AlertSettings,
  type AlertWebhookPayload,
  type ListPage,
  type MessageKey,
} from '@coinlens/contract';
import { MAX_ATTEMPTS } from '../src/alerts/mail.js';
import { call } from './helpers/auth.js';
import { FixedClock, signedInUser, startApiServer, T0, type ApiTestServer } from './helpers/api.js';
import { steeredMarket } from './helpers/market.js';

/**
 * The receiver's check, as docs/api.md tells it: the HMAC-SHA256 of `<t>.<raw body>` keyed by the
 * secret, compared in constant time with each `v1`, and `t` within the tolerance of the clock.
 */
function verify(secret: string, header: string, rawBody: string, nowSeconds: number): boolean {
  const pairs = header.split(',').map((part) => part.split('=', 2) as [string, string]);
  const t = Number(pairs.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > ALERT_WEBHOOK_TOLERANCE_SECONDS) {
    return false;
  }
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'),
  );
  return pairs.some(
    ([key, value]) =>
      key === 'v1' &&
      value.length === expected.length &&
      timingSafeEqual(Buffer.from(value), expected),
  );
}

interface Post {
  path: string;
  id: string;
  signature: string;
  contentType: string;
  body: string;
}

/** What the receiver answers on a path: a status, `hang` (never), or `redirect`. */
type Reply = number | 'hang' | 'redirect';

/** A local receiver that keeps every post and answers each path as told (default 200). */
async function receiver() {
  const posts: Post[] = [];
  const replies = new Map<string, Reply[]>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      posts.push({
        path,
        id: String(request.headers['coinlens-webhook-id']),
        signature: String(request.headers['coinlens-signature']),
        contentType: String(request.headers['content-type']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const queue = replies.get(path) ?? [];
      const reply = queue.length > 1 ? queue.shift()! : (queue[0] ?? 200);
      if (reply === 'hang') return;
      if (reply === 'redirect') {
        response.writeHead(302, { location: '/elsewhere' }).end();
        return;
      }
      response.writeHead(reply).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    posts,
    /** The answers of `path`, in turn; the last one stays. */
    answer(path: string, ...answers: Reply[]) {
      replies.set(path, answers);
    },
    postsTo: (path: string) => posts.filter((post) => post.path === path),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const clock = new FixedClock(T0);
const market = steeredMarket(clock);
let t: ApiTestServer;
let hooks: Awaited<ReturnType<typeof receiver>>;
let bitcoinId: number;

before(async () => {
  [t, hooks] = await Promise.all([
    startApiServer({
      clock,
      market: market.provider,
      demoSources: false,
      allowPrivateFetch: true,
      // Short, for the receiver that never answers; long enough that a loaded machine's
      // ordinary post is not taken for a time-out.
      alertWebhookTimeoutMs: 2000,
    }),
    receiver(),
  ]);
  const found = await call<ListPage<{ id: number }>>(t.url, '/api/asset/list?keyword=BTC&size=1');
  bitcoinId = found.data.records[0]!.id;
});

after(async () => {
  await t?.close();
  await hooks?.close();
});

const evaluate = () => t.server.app.alertEvaluator.evaluate();
const runJob = () => t.server.app.alertWebhooks.run();
const nowSeconds = () => Math.floor(clock.now() / 1000);
const settingsOf = (server: ApiTestServer, token: string) =>
  call<AlertSettings>(server.url, '/api/alert/settings', { token });
const setSettings = (server: ApiTestServer, token: string, body: unknown, language?: string) =>
  call<AlertSettings>(server.url, '/api/alert/settings', {
    token,
    body,
    ...(language ? { language } : {}),
  });
const rotate = (server: ApiTestServer, token: string, language?: string) =>
  call<AlertSettings>(server.url, '/api/alert/webhook/rotate', {
    token,
    method: 'POST',
    ...(language ? { language } : {}),
  });

/** The users of the test under way, whose alerts are deleted after it so as not to fire again. */
const users: string[] = [];

/** A user whose webhook posts to `path` on the receiver, with an alert above each of `lines`. */
async function userWithWebhook(path: string, lines: number[]) {
  const token = await signedInUser(t);
  users.push(token);
  const set = await setSettings(t, token, {
    email: 'none',
    webhook: { url: `${hooks.origin}${path}` },
  });
  assert.equal(set.code, 200, set.msg);
  for (const value of lines) {
    const made = await call<Alert>(t.url, '/api/alert/add', {
      token,
      body: { kind: 'priceAbove', coinId: bitcoinId, value, cooldownMinutes: 0 },
    });
    assert.equal(made.code, 200, made.msg);
  }
  return { token, secret: set.data.webhook!.secret };
}

/** Brings the price to 59 000, far enough under every line of these tests to re-arm them. */
async function arm() {
  market.setPrice('bitcoin', 59_000);
  await evaluate();
}

/** Fires every line under `price`: down to 59 000, then up to it. */
async function fireAt(price: number) {
  await arm();
  market.setPrice('bitcoin', price);
  await evaluate();
}

describe('posting alerts', () => {
  afterEach(async () => {
    for (const token of users.splice(0)) {
      const list = await call<{ records: Alert[] }>(t.url, '/api/alert/list', { token });
      for (const alert of list.data.records) {
        await call(t.url, '/api/alert/delete', { token, body: { id: alert.id } });
      }
    }
  });

  it('posts alerts fired within a minute as one signed post that the documented recipe verifies', async () => {
    const { token, secret } = await userWithWebhook('/hook/batch', [60_100, 60_200]);
    await arm();
    const start = clock.now();
    market.setPrice('bitcoin', 60_150);
    await evaluate();
    clock.set(start + 20_000);
    market.setPrice('bitcoin', 60_250);
    await evaluate();
    // The minute of the first is not over: a third could still join the post.
    assert.equal(await runJob(), 0);
    assert.deepEqual(hooks.postsTo('/hook/batch'), []);

    clock.set(start + 60_000);
    assert.equal(await runJob(), 1);
    assert.equal(await runJob(), 0);
    const [post, ...more] = hooks.postsTo('/hook/batch');
    assert.ok(post);
    assert.deepEqual(more, []);
    assert.equal(post.contentType, 'application/json');
    assert.ok(verify(secret, post.signature, post.body, nowSeconds()), post.signature);
    assert.ok(!verify(secret, post.signature, post.body.replace('60150', '60151'), nowSeconds()));
    assert.ok(!verify(`${secret}x`, post.signature, post.body, nowSeconds()));
    assert.ok(
      !verify(
        secret,
        post.signature,
        post.body,
        nowSeconds() + ALERT_WEBHOOK_TOLERANCE_SECONDS + 1,
      ),
      'a replay after the tolerance is refused',
    );

    // The facts of the history: figure, line, provider, as-of time, firing time, and a link.
    const payload = JSON.parse(post.body) as AlertWebhookPayload;
    assert.equal(payload.id, post.id);
    assert.match(payload.id, /^whk_[\w-]{32}$/);
    assert.equal(payload.type, 'alerts.fired');
    const history = (await call<AlertEventPage>(t.url, '/api/alert/events', { token })).data;
    const oldestFirst = [...history.records].reverse();
    assert.deepEqual(
      payload.alerts.map((alert) => [alert.id, alert.figure, alert.line, alert.provider]),
      oldestFirst.map((event) => [event.id, event.figure, event.line, event.source]),
    );
    const [first] = payload.alerts;
    assert.deepEqual(
      {
        kind: first!.kind,
        subject: first!.subject,
        asOf: first!.asOf,
        firedAt: first!.firedAt,
        figure: first!.figure,
        line: first!.line,
        provider: first!.provider,
        link: first!.link,
      },
      {
        kind: 'priceAbove',
        subject: { kind: 'coin', id: bitcoinId, name: 'Bitcoin', symbol: 'BTC' },
        asOf: oldestFirst[0]!.asOf,
        firedAt: Math.floor(start / 1000),
        figure: 60_150,
        line: 60_100,
        provider: 'demo',
        link: 'http://localhost:8000/coins/bitcoin/',
      },
    );
    const { webhook } = (await settingsOf(t, token)).data;
    assert.deepEqual(webhook?.lastDelivery, { at: nowSeconds(), ok: true, status: 200 });
  });

  it('posts each alert once when three runs of the job race', async () => {
    const paths = ['/hook/race/1', '/hook/race/2', '/hook/race/3'];
    for (const path of paths) await userWithWebhook(path, [60_140]);
    await fireAt(60_400);
    clock.advance(61_000);
    const taken = await Promise.all([runJob(), runJob(), runJob()]);
    assert.equal(
      taken.reduce((a, b) => a + b, 0),
      paths.length,
    );
    assert.equal(await runJob(), 0);
    for (const path of paths) {
      const posts = hooks.postsTo(path);
      assert.equal(posts.length, 1, path);
      assert.equal((JSON.parse(posts[0]!.body) as AlertWebhookPayload).alerts.length, 1);
    }
  });

  it('retries a 500, a time-out and a redirect with a growing back-off, under one id', async () => {
    const { token } = await userWithWebhook('/hook/flaky', [60_160]);
    hooks.answer('/hook/flaky', 500, 'hang', 'redirect', 204);
    await fireAt(60_400);
    clock.advance(61_000);
    const posts = () => hooks.postsTo('/hook/flaky');

    assert.equal(await runJob(), 0, 'a 500');
    assert.equal(posts().length, 1);
    assert.deepEqual((await settingsOf(t, token)).data.webhook?.lastDelivery, {
      at: nowSeconds(),
      ok: false,
      status: 500,
    });
    // Within the back-off (1 minute) nothing is tried.
    clock.advance(30_000);
    assert.equal(await runJob(), 0);
    assert.equal(posts().length, 1);

    clock.advance(31_000);
    const started = Date.now();
    assert.equal(await runJob(), 0, 'no answer within the time-out');
    assert.ok(Date.now() - started < 5_000);
    assert.equal(posts().length, 2);
    assert.equal((await settingsOf(t, token)).data.webhook?.lastDelivery?.status, null);

    // Then 2 minutes.
    clock.advance(119_000);
    assert.equal(await runJob(), 0);
    assert.equal(posts().length, 2);
    clock.advance(2_000);
    assert.equal(await runJob(), 0, 'a redirect is not followed');
    assert.equal(posts().length, 3);
    assert.deepEqual(hooks.postsTo('/elsewhere'), []);

    // Then 4 minutes.
    clock.advance(4 * 60_000 + 1_000);
    assert.equal(await runJob(), 1);
    assert.equal(await runJob(), 0);
    assert.equal(posts().length, 4);
    assert.equal(new Set(posts().map((post) => post.id)).size, 1, 'one id for every try');
    assert.equal(new Set(posts().map((post) => post.body)).size, 1);
  });

  it(`gives up after ${MAX_ATTEMPTS} refused tries`, async () => {
    await userWithWebhook('/hook/down', [60_180]);
    hooks.answer('/hook/down', 503);
    await fireAt(60_400);
    clock.advance(61_000);
    for (let run = 0; run < MAX_ATTEMPTS + 3; run += 1) {
      assert.equal(await runJob(), 0);
      clock.advance(3_600_000);
    }
    assert.equal(hooks.postsTo('/hook/down').length, MAX_ATTEMPTS);
  });

  it('posts nothing for a webhook turned off, and signs with both secrets for a day after a rotation', async () => {
    const path = '/hook/switch';
    const url = `${hooks.origin}${path}`;
    const { token, secret: first } = await userWithWebhook(path, [60_190]);
    // Off when it fires: nothing is kept to post.
    await setSettings(t, token, { webhook: { url, enabled: false } });
    await fireAt(60_400);
    clock.advance(61_000);
    assert.equal(await runJob(), 0);

    // On when it fires, off before the post: dropped.
    await setSettings(t, token, { webhook: { url } });
    await fireAt(60_400);
    await setSettings(t, token, { webhook: { url, enabled: false } });
    clock.advance(61_000);
    assert.equal(await runJob(), 0);
    await setSettings(t, token, { webhook: { url } });
    assert.equal(await runJob(), 0);
    assert.deepEqual(hooks.postsTo(path), []);

    // After a rotation both secrets sign, for a day.
    const rotated = await rotate(t, token);
    assert.equal(rotated.code, 200, rotated.msg);
    const second = rotated.data.webhook!.secret;
    assert.notEqual(second, first);
    assert.equal(rotated.data.webhook!.previousSecretExpiresAt, nowSeconds() + 24 * 3600);
    await fireAt(60_400);
    clock.advance(61_000);
    assert.equal(await runJob(), 1);
    const signed = hooks.postsTo(path).at(-1)!;
    assert.equal(signed.signature.match(/v1=/g)?.length, 2);
    assert.ok(verify(second, signed.signature, signed.body, nowSeconds()));
    assert.ok(verify(first, signed.signature, signed.body, nowSeconds()));

    clock.advance(24 * 3_600_000);
    assert.equal((await settingsOf(t, token)).data.webhook!.previousSecretExpiresAt, null);
    await fireAt(60_400);
    clock.advance(61_000);
    assert.equal(await runJob(), 1);
    const later = hooks.postsTo(path).at(-1)!;
    assert.equal(later.signature.match(/v1=/g)?.length, 1);
    assert.ok(verify(second, later.signature, later.body, nowSeconds()));
    assert.ok(!verify(first, later.signature, later.body, nowSeconds()));
  });
});

describe('webhook settings', () => {
  // As in production: private addresses and plain http refused.
  let strict: ApiTestServer;
  before(async () => {
    strict = await startApiServer({ demoSources: false });
  });
  after(async () => {
    await strict?.close();
  });

  it('sets a webhook with a secret made by the server, kept when the address changes', async () => {
    const token = await signedInUser(strict);
    const none = await settingsOf(strict, token);
    assert.equal(none.code, 200, none.msg);
    assert.equal(none.data.webhook, null);

    const set = await setSettings(strict, token, {
      webhook: { url: 'https://93.184.216.34/hooks/coinlens' },
    });
    assert.equal(set.code, 200, set.msg);
    const { secret } = set.data.webhook!;
    assert.match(secret, /^whsec_[\w-]{43}$/);
    assert.deepEqual(set.data, {
      email: 'each',
      address: none.data.address,
      webhook: {
        url: 'https://93.184.216.34/hooks/coinlens',
        enabled: true,
        secret,
        previousSecretExpiresAt: null,
        lastDelivery: null,
      },
    });

    const moved = await setSettings(strict, token, {
      webhook: { url: 'https://[2606:4700:4700::1111]/other', enabled: false },
    });
    assert.deepEqual(
      [moved.data.webhook?.url, moved.data.webhook?.enabled, moved.data.webhook?.secret],
      ['https://[2606:4700:4700::1111]/other', false, secret],
    );
    // The mail's choice alone leaves the webhook as it is, and the other way round.
    const digest = await setSettings(strict, token, { email: 'digest' });
    assert.deepEqual([digest.data.email, digest.data.webhook?.secret], ['digest', secret]);
    const again = await setSettings(strict, token, {
      webhook: { url: 'https://93.184.216.34/x' },
    });
    assert.equal(again.data.email, 'digest');

    // Removed with its secret: a new one is made the next time.
    assert.equal((await setSettings(strict, token, { webhook: null })).data.webhook, null);
    const fresh = await setSettings(strict, token, {
      webhook: { url: 'https://93.184.216.34/x' },
    });
    assert.notEqual(fresh.data.webhook?.secret, secret);
  });

  it('refuses an address that is not https or not public, in the user’s language, and changes nothing', async () => {
    const token = await signedInUser(strict);
    const kept = 'https://93.184.216.34/kept';
    await setSettings(strict, token, { webhook: { url: kept } });
    const refusals: [string, MessageKey][] = [
      ['not an address', 'alertWebhookUrl'],
      ['ftp://93.184.216.34/', 'alertWebhookUrl'],
      ['http://93.184.216.34/hook', 'alertWebhookUrl'],
      ['https://user:password@93.184.216.34/', 'alertWebhookUrl'],
      [`https://93.184.216.34/${'a'.repeat(2048)}`, 'alertWebhookUrl'],
      ['https://no-such-host.invalid/hook', 'alertWebhookHost'],
      ['https://localhost/hook', 'alertWebhookAddress'],
      ['https://127.0.0.1:8443/hook', 'alertWebhookAddress'],
      ['https://10.0.0.8/hook', 'alertWebhookAddress'],
      ['https://169.254.169.254/latest/meta-data/', 'alertWebhookAddress'],
      ['https://100.64.1.1/', 'alertWebhookAddress'],
      ['https://[::1]/hook', 'alertWebhookAddress'],
      ['https://[fd00::5]/hook', 'alertWebhookAddress'],
      ['https://[::ffff:192.168.1.1]/hook', 'alertWebhookAddress'],
    ];
    for (const [url, key] of refusals) {
      for (const language of ['en', 'zh', 'pt-br'] as const) {
        const refused = await setSettings(
          strict,
          token,
          { email: 'none', webhook: { url } },
          language,
        );
        assert.equal(refused.code, 422, `${url}: ${refused.msg}`);
        assert.equal(refused.msg, SERVER_MESSAGES[key][language], url);
      }
    }
    const after = (await settingsOf(strict, token)).data;
    assert.deepEqual([after.email, after.webhook?.url], ['each', kept]);
  });

  it('rotates the secret of the user’s own webhook only, and needs a sign-in', async () => {
    const owner = await signedInUser(strict);
    const other = await signedInUser(strict);
    const set = await setSettings(strict, owner, { webhook: { url: 'https://93.184.216.34/o' } });
    const secret = set.data.webhook!.secret;

    assert.equal((await settingsOf(strict, other)).data.webhook, null, 'not another user’s');
    for (const language of ['en', 'zh', 'pt-br'] as const) {
      const refused = await rotate(strict, other, language);
      assert.deepEqual(
        [refused.code, refused.msg],
        [404, SERVER_MESSAGES.alertWebhookNone[language]],
      );
    }
    assert.equal((await settingsOf(strict, owner)).data.webhook?.secret, secret);

    const rotated = await rotate(strict, owner);
    assert.equal(rotated.code, 200, rotated.msg);
    assert.notEqual(rotated.data.webhook?.secret, secret);
    assert.match(rotated.data.webhook?.secret ?? '', /^whsec_/);

    assert.equal((await call(strict.url, '/api/alert/settings')).code, 401);
    const anonymous = await call(strict.url, '/api/alert/settings', {
      body: { webhook: { url: 'https://93.184.216.34/' } },
    });
    assert.equal(anonymous.code, 401);
    const anonymousRotate = await call(strict.url, '/api/alert/webhook/rotate', {
      method: 'POST',
    });
    assert.equal(anonymousRotate.code, 401);
  });
});
