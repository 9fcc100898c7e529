// Alerts by mail against the real server (src/alerts/mail.ts): the settings routes, a mail per
// minute of alerts with what fired each, the daily digest, no mail when it is off, the unsubscribe
// link without signing in, two runs of the job at once, and a refused mail sent again later.
// Both engines: the job claims its rows with a compare-and-set, which only PostgreSQL runs truly
// at once with another.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  SERVER_MESSAGES,
  type Alert,
  type AlertEventPage,
  type AlertSettings,
  type ListPage,
  type UserInfo,
} from '@coinlens/contract';
import type { AlertOutboxLine } from '../src/mail/index.js';
import { call, readOutbox } from './helpers/auth.js';
import { FixedClock, signedInUser, startApiServer, T0, type ApiTestServer } from './helpers/api.js';
import { steeredMarket } from './helpers/market.js';
import { fakeSmtp } from './helpers/smtp.js';

const clock = new FixedClock(T0);
const market = steeredMarket(clock);
let t: ApiTestServer;
let bitcoinId: number;

before(async () => {
  t = await startApiServer({ clock, market: market.provider, demoSources: false });
  const found = await call<ListPage<{ id: number }>>(t.url, '/api/asset/list?keyword=BTC&size=1');
  bitcoinId = found.data.records[0]!.id;
});

after(async () => {
  await t?.close();
});

const evaluate = () => t.server.app.alertEvaluator.evaluate();
const runMailJob = () => t.server.app.alertMail.run();
const settingsOf = (token: string, language?: string) =>
  call<AlertSettings>(t.url, '/api/alert/settings', { token, ...(language ? { language } : {}) });
const setMail = (token: string, email: string, language?: string) =>
  call<AlertSettings>(t.url, '/api/alert/settings', {
    token,
    body: { email },
    ...(language ? { language } : {}),
  });
/** The alert mails to `to` in the outbox, oldest first. */
const alertMailsTo = (to: string) =>
  (readOutbox(t.database.dataDir) as unknown as AlertOutboxLine[]).filter(
    (line) => line.kind === 'alert' && line.to === to,
  );

/** A signed-in user with an alert above each of `lines` on Bitcoin, armed at 60 000. */
async function userWithAlerts(lines: number[], language = 'en') {
  const token = await signedInUser(t);
  const address = (await settingsOf(token)).data.address!;
  for (const value of lines) {
    const made = await call<Alert>(t.url, '/api/alert/add', {
      token,
      language,
      body: { kind: 'priceAbove', coinId: bitcoinId, value, cooldownMinutes: 0 },
    });
    assert.equal(made.code, 200, made.msg);
  }
  return { token, address };
}

/** Brings the price to 60 000 (under every line of these tests) and arms what is new. */
async function armAt60k() {
  market.setPrice('bitcoin', 60_000);
  await evaluate();
}

/** Posts to an unsubscribe address as a mail client's one-click does. */
function oneClick(url: string, accept = 'application/json') {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    body: 'List-Unsubscribe=One-Click',
  });
}

/** The unsubscribe address of a mail, on the test server's origin. */
const onServer = (mail: AlertOutboxLine) => {
  const url = new URL(mail.unsubscribeUrl);
  return `${t.url}${url.pathname}${url.search}`;
};

describe('alert mail settings', () => {
  it('mail each alert by default to the account’s address, and change on request', async () => {
    const token = await signedInUser(t);
    const first = await settingsOf(token);
    assert.equal(first.code, 200, first.msg);
    assert.equal(first.data.email, 'each');
    assert.match(first.data.address ?? '', /@example\.com$/);
    const digest = await setMail(token, 'digest');
    assert.deepEqual(digest.data, { email: 'digest', address: first.data.address, webhook: null });
    assert.equal((await settingsOf(token)).data.email, 'digest');
    assert.equal((await setMail(token, 'none')).data.email, 'none');
  });

  it('refuse another value in the user’s language and change nothing, and need a sign-in', async () => {
    const token = await signedInUser(t);
    for (const language of ['en', 'zh', 'pt-br'] as const) {
      const refused = await setMail(token, 'weekly', language);
      assert.equal(refused.status, 400);
      assert.equal(refused.code, 400);
      assert.ok(refused.msg.startsWith(SERVER_MESSAGES.badRequest[language]), refused.msg);
    }
    assert.equal((await settingsOf(token)).data.email, 'each');
    assert.equal((await call(t.url, '/api/alert/settings')).code, 401);
    assert.equal((await call(t.url, '/api/alert/settings', { body: { email: 'none' } })).code, 401);
  });
});

describe('mailing alerts', () => {
  it('sends three alerts fired within a minute as one mail, in the user’s language, with what fired each', async () => {
    const { token, address } = await userWithAlerts([60_100, 60_200, 60_300], 'pt-br');
    await armAt60k();
    const start = clock.now();
    for (const [price, after] of [
      [60_150, 0],
      [60_250, 20_000],
      [60_350, 40_000],
    ] as const) {
      clock.set(start + after);
      market.setPrice('bitcoin', price);
      await evaluate();
    }
    // The minute of the first is not over: a fourth could still join the mail.
    await runMailJob();
    assert.deepEqual(alertMailsTo(address), []);
    clock.set(start + 60_000);
    await runMailJob();
    await runMailJob();
    const mails = alertMailsTo(address);
    assert.equal(mails.length, 1);
    const [mail] = mails;
    assert.equal(mail!.mode, 'each');
    assert.equal(mail!.events.length, 3);
    assert.match(mail!.subject, /3 alertas/);
    // The figure, the line, the provider, the figure's time, when it fired and the coin's page,
    // as the history has them.
    const events = await call<AlertEventPage>(t.url, '/api/alert/events', { token });
    const first = events.data.records.at(-1)!;
    const utc = (seconds: number) =>
      `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
    assert.deepEqual([first.figure, first.line, first.source], [60_150, 60_100, 'demo']);
    assert.match(
      mail!.text,
      /Valor US\$\s60\.150,00 \(linha US\$\s60\.100,00\); fonte: dados de demonstração incluídos;/,
    );
    assert.ok(mail!.text.includes(`dado de ${utc(first.asOf!)}`), mail!.text);
    assert.ok(mail!.text.includes(`Disparou em ${utc(first.firedAt)}`), mail!.text);
    assert.ok(mail!.text.includes(`Disparou em ${utc(first.firedAt + 40)}`), mail!.text);
    assert.ok(mail!.text.includes('/pt-br/coins/bitcoin/'), mail!.text);
    assert.ok(mail!.text.includes(mail!.unsubscribeUrl));
    assert.deepEqual(
      [mail!.headers['List-Unsubscribe'], mail!.headers['List-Unsubscribe-Post']],
      [`<${mail!.unsubscribeUrl}>`, 'List-Unsubscribe=One-Click'],
    );
  });

  it('sends a digest once a UTC day is over, one per day, and nothing when mail is off', async () => {
    const digest = await userWithAlerts([60_120, 60_220]);
    const off = await userWithAlerts([60_130]);
    await setMail(digest.token, 'digest');
    await setMail(off.token, 'none');
    await armAt60k();
    market.setPrice('bitcoin', 60_150);
    await evaluate();
    clock.advance(3_600_000);
    market.setPrice('bitcoin', 60_250);
    await evaluate();
    await runMailJob();
    assert.deepEqual(alertMailsTo(digest.address), [], 'the day is not over');

    // Just past midnight UTC: the day's mail, once.
    const day = new Date(clock.now()).toISOString().slice(0, 10);
    const nextDay = Date.parse(`${day}T00:00:00Z`) + 24 * 3_600_000;
    clock.set(nextDay - 1);
    await runMailJob();
    assert.deepEqual(alertMailsTo(digest.address), []);
    clock.set(nextDay + 1000);
    await Promise.all([runMailJob(), runMailJob()]);
    await runMailJob();
    const mails = alertMailsTo(digest.address);
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.mode, 'digest');
    assert.equal(mails[0]!.events.length, 2);
    assert.ok(mails[0]!.subject.includes(day), mails[0]!.subject);
    assert.deepEqual(alertMailsTo(off.address), [], 'mail is off');
  });

  it('mails each event once when two runs of the job race', async () => {
    const users = await Promise.all([
      userWithAlerts([60_140]),
      userWithAlerts([60_160]),
      userWithAlerts([60_180]),
    ]);
    await armAt60k();
    market.setPrice('bitcoin', 60_400);
    await evaluate();
    clock.advance(61_000);
    const sent = await Promise.all([runMailJob(), runMailJob(), runMailJob()]);
    assert.equal(
      sent.reduce((a, b) => a + b, 0),
      users.length,
    );
    for (const user of users) {
      const mails = alertMailsTo(user.address);
      assert.equal(mails.length, 1);
      assert.equal(mails[0]!.events.length, 1);
    }
  });
});

describe('the unsubscribe link', () => {
  it('turns alert mails off without signing in, and a bad token changes nothing', async () => {
    const user = await userWithAlerts([60_170], 'zh');
    await armAt60k();
    market.setPrice('bitcoin', 60_400);
    await evaluate();
    clock.advance(61_000);
    await runMailJob();
    const [mail] = alertMailsTo(user.address);
    assert.ok(mail, 'the alert was mailed');
    assert.match(mail.text, /停止接收提醒邮件/);
    const url = onServer(mail);

    // Opening the link shows a page that asks; it changes nothing.
    const page = await fetch(url, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const html = await page.text();
    assert.match(html, /<form method="post">/);
    assert.match(html, /lang="zh-CN"/);
    assert.equal((await settingsOf(user.token)).data.email, 'each');

    // A wrong token: a clear refusal in the request's language, and nothing changes.
    const wrong = `${t.url}/api/alert/unsubscribe?token=${'A'.repeat(43)}`;
    const refused = await fetch(wrong, {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: 'pt-br' },
      body: '{}',
    });
    const refusal = (await refused.json()) as { code: number; msg: string };
    assert.deepEqual(refusal, {
      code: 403,
      msg: SERVER_MESSAGES.alertUnsubscribeToken['pt-br'],
      data: null,
    });
    assert.match(await (await oneClick(wrong, 'text/html')).text(), /not valid/);
    assert.equal((await settingsOf(user.token)).data.email, 'each');

    // A mail client's one-click post: off; again: no error.
    const done = await oneClick(url);
    assert.deepEqual(await done.json(), { code: 200, msg: 'ok', data: { email: 'none' } });
    assert.equal((await settingsOf(user.token)).data.email, 'none');
    const again = await oneClick(url, 'text/html,application/xhtml+xml');
    assert.match(await again.text(), /您将不再收到提醒邮件/);

    // Off: what fires now is not mailed.
    market.setPrice('bitcoin', 59_000);
    await evaluate();
    market.setPrice('bitcoin', 60_400);
    await evaluate();
    clock.advance(61_000);
    await runMailJob();
    assert.equal(alertMailsTo(user.address).length, 1);

    // Back on: the old links no longer work.
    assert.equal((await setMail(user.token, 'each')).data.email, 'each');
    const stale = (await (await oneClick(url)).json()) as { code: number };
    assert.equal(stale.code, 403);
    assert.equal((await settingsOf(user.token)).data.email, 'each');
  });
});

describe('a refused mail', () => {
  it('is logged and sent again after a back-off, with the one-click headers', async () => {
    const smtp = await fakeSmtp();
    const ownClock = new FixedClock(T0);
    const ownMarket = steeredMarket(ownClock);
    const own = await startApiServer({
      clock: ownClock,
      market: ownMarket.provider,
      demoSources: false,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    });
    try {
      // The code comes by SMTP here.
      const account = `smtp.alerts.${process.pid}@example.com`;
      await call(own.url, '/api/auth/base/sendMessage', { body: { account, type: 4 } });
      const captcha = /\b(\d{6})\b/.exec(smtp.messages.at(-1) ?? '')?.[1];
      const registered = await call<UserInfo>(own.url, '/api/auth/login/register', {
        body: { account, passwd: 'a long enough password', captcha },
      });
      assert.equal(registered.code, 200, registered.msg);
      const token = registered.data.tokenInfo.tokenValue;
      const coins = await call<ListPage<{ id: number }>>(own.url, '/api/asset/list?keyword=BTC');
      await call(own.url, '/api/alert/add', {
        token,
        body: { kind: 'priceAbove', coinId: coins.data.records[0]!.id, value: 60_500 },
      });
      ownMarket.setPrice('bitcoin', 60_000);
      await own.server.app.alertEvaluator.evaluate();
      ownMarket.setPrice('bitcoin', 61_000);
      assert.equal((await own.server.app.alertEvaluator.evaluate()).length, 1);
      ownClock.advance(61_000);
      const offeredBefore = smtp.offered.count;

      smtp.refuse.on = true;
      assert.equal(await own.server.app.alertMail.run(), 0);
      assert.equal(smtp.offered.count, offeredBefore + 1);
      // Within the back-off nothing is tried.
      ownClock.advance(30_000);
      assert.equal(await own.server.app.alertMail.run(), 0);
      assert.equal(smtp.offered.count, offeredBefore + 1);

      smtp.refuse.on = false;
      const messagesBefore = smtp.messages.length;
      ownClock.advance(31_000);
      assert.equal(await own.server.app.alertMail.run(), 1);
      assert.equal(await own.server.app.alertMail.run(), 0);
      const sent = smtp.messages.slice(messagesBefore);
      assert.equal(sent.length, 1);
      // Long header lines come folded.
      const message = sent[0]!.replace(/\n[ \t]+/g, ' ');
      assert.match(
        message,
        /^List-Unsubscribe: <http:\/\/localhost:8000\/api\/alert\/unsubscribe\?token=[\w-]{43}>$/m,
      );
      assert.match(message, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      assert.match(message, /^Subject: Coinlens alert: Bitcoin \(BTC\)/m);
      assert.match(message, /^Message-ID: <alerts\.\d+\.\d+@localhost>$/m);
    } finally {
      await own.close();
      await new Promise((resolve) => smtp.server.close(resolve));
    }
  });
});
