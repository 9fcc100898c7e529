// A user's display preferences over HTTP against the real server: kept with the account, so they
// come back on every sign-in and on `GET /api/user`.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { UserInfo } from '@coinlens/contract';
import {
  call,
  HOUR,
  MINUTE,
  sendCode,
  startAuthServer,
  type AuthTestServer,
} from './helpers/auth.js';

let t: AuthTestServer;
let url: string;
let serial = 0;

const PASSWORD = 'correct horse battery';

async function register(): Promise<{ account: string; user: UserInfo }> {
  serial += 1;
  const account = `colours.${serial}@example.com`;
  const captcha = await sendCode(url, t.database.dataDir, account, 4);
  const res = await call<UserInfo>(url, '/api/auth/login/register', {
    body: { account, passwd: PASSWORD, captcha },
  });
  assert.equal(res.code, 200, res.msg);
  return { account, user: res.data };
}

function setColours(token: string | undefined, priceColors: unknown, language?: string) {
  return call<UserInfo>(url, '/api/user/preferences', {
    token,
    language,
    body: { priceColors },
  });
}

before(async () => {
  t = await startAuthServer();
  url = t.server.url;
});

after(async () => {
  await t?.close();
  await t?.database.cleanup();
});

// Per-IP windows (every request here comes from 127.0.0.1) start afresh for each test.
beforeEach(() => t.clock.advance(HOUR + MINUTE));

describe('POST /api/user/preferences', () => {
  it('starts with no choice: the language decides', async () => {
    const { user } = await register();
    assert.equal(user.priceColors, null);
    const me = await call<UserInfo>(url, '/api/user', { token: user.tokenInfo.tokenValue });
    assert.equal(me.data.priceColors, null);
  });

  it('keeps the choice with the account: GET /api/user and a new sign-in answer it', async () => {
    const { account, user } = await register();
    const token = user.tokenInfo.tokenValue;
    // Read once first, so that a cached token lookup would answer the old value if kept.
    assert.equal((await call<UserInfo>(url, '/api/user', { token })).data.priceColors, null);

    for (const choice of ['red-up', 'green-up', null] as const) {
      const res = await setColours(token, choice);
      assert.equal(res.code, 200, res.msg);
      assert.equal(res.data.priceColors, choice);
      assert.equal(res.data.id, user.id);
      assert.equal(res.data.tokenInfo.tokenValue, '');

      const me = await call<UserInfo>(url, '/api/user', { token });
      assert.equal(me.data.priceColors, choice);
      // Another browser: a new sign-in gets the same choice.
      const again = await call<UserInfo>(url, '/api/auth/login/dologin', {
        body: { account, passwd: PASSWORD },
      });
      assert.equal(again.code, 200, again.msg);
      assert.equal(again.data.priceColors, choice);
    }
  });

  it("changes only the signed-in user's choice", async () => {
    const { user: ada } = await register();
    const { user: bob } = await register();
    assert.equal((await setColours(ada.tokenInfo.tokenValue, 'red-up')).code, 200);
    const me = await call<UserInfo>(url, '/api/user', { token: bob.tokenInfo.tokenValue });
    assert.equal(me.data.priceColors, null);
  });

  for (const value of ['blue-up', 'RED-UP', '', 'red-up ']) {
    it(`answers 422 to "${value}" and keeps the choice`, async () => {
      const { user } = await register();
      const token = user.tokenInfo.tokenValue;
      assert.equal((await setColours(token, 'red-up')).code, 200);
      const res = await setColours(token, value);
      assert.equal(res.code, 422);
      assert.equal(res.msg, 'Price colours must be green-up, red-up or null (the language’s own)');
      const me = await call<UserInfo>(url, '/api/user', { token });
      assert.equal(me.data.priceColors, 'red-up');
    });
  }

  it('explains a refused value in zh and pt-br', async () => {
    const { user } = await register();
    const token = user.tokenInfo.tokenValue;
    assert.equal(
      (await setColours(token, 'blue-up', 'zh')).msg,
      '涨跌颜色只能是 green-up（绿涨红跌）、red-up（红涨绿跌）或 null（按语言默认）',
    );
    assert.equal(
      (await setColours(token, 'blue-up', 'pt-br')).msg,
      'As cores de preço devem ser green-up, red-up ou null (as do idioma)',
    );
  });

  it('answers 401 without a token and 400 to a value that is not text or null', async () => {
    const anonymous = await setColours(undefined, 'red-up');
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.code, 401);
    const { user } = await register();
    const token = user.tokenInfo.tokenValue;
    for (const body of [{ priceColors: 1 }, { priceColors: true }, {}]) {
      const res = await call(url, '/api/user/preferences', { token, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.msg, /^The request is malformed/);
    }
  });
});
