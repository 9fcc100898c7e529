// Google and X sign-in over HTTP against the real server, with a fake Google and a fake X on
// 127.0.0.1 that answer in the recorded shapes of the real endpoints (and check what a real one
// checks: client credentials, the redirect URI, single-use codes, and X's PKCE verifier).
// Both engines: one return finished twice at once spends its state in transactions that run at
// once only on PostgreSQL, and a first sign-in makes its account with an upsert.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { UserInfo } from '@coinlens/contract';
import {
  socialSettingsFromEnv,
  xProfile,
  type SocialSettings,
  type XSettings,
} from '../src/auth/oauth.js';
import { startServer, type RunningServer } from '../src/server.js';
import {
  call,
  MINUTE,
  sendCode,
  startAuthServer,
  TEST_PASSWORD_COST,
  TestClock,
  type AuthTestServer,
} from './helpers/auth.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';

const GOOGLE_ID = '1234567890-coinlens.apps.googleusercontent.com';
const GOOGLE_SECRET = 'GOCSPX-test-secret';
const X_ID = 'Y29pbmxlbnMtdGVzdDoxOmNp';
const X_SECRET = 'x-test-secret_with:colon';
/** The redirect URI registered with both fakes: the site's origin with a trailing slash. */
const REDIRECT = 'https://coinlens.example/';

// The fake providers.

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

type Handler = (request: Recorded, res: ServerResponse) => void;

interface Fake {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

async function startFake(handle: Handler): Promise<Fake> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const recorded: Recorded = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(recorded);
      handle(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** How a fake misbehaves instead of answering. */
type Failure = 'drop' | 'html' | 'garbage' | 'hang';

function fail(res: ServerResponse, how: Failure): void {
  if (how === 'drop') {
    res.socket?.destroy();
  } else if (how === 'html') {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><body>502 Bad Gateway</body></html>');
  } else if (how === 'garbage') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"sub": "1');
  }
  // 'hang': never answer (the server's timeout must give up).
}

function bearerOf(headers: IncomingHttpHeaders): string {
  return /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? '';
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const fresh = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

interface GoogleUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

/** What a Google code leads to: a user (whose userinfo may fail), or a failing token endpoint. */
type GoogleScenario = { user: GoogleUser; userinfo?: Failure } | { token: Failure };

const googleCodes = new Map<string, GoogleScenario>();
const googleTokens = new Map<string, { user: GoogleUser; userinfo?: Failure }>();

/** A code as if Google had just sent the browser back with it. */
function googleCode(scenario: GoogleScenario): string {
  const code = fresh('4/0AVG7fi');
  googleCodes.set(code, scenario);
  return code;
}

const fakeGoogleHandler: Handler = (request, res) => {
  if (request.method === 'POST' && request.path === '/token') {
    const { form } = request;
    if (form.get('client_id') !== GOOGLE_ID || form.get('client_secret') !== GOOGLE_SECRET) {
      return json(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    }
    if (form.get('grant_type') !== 'authorization_code') {
      return json(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'Invalid grant_type',
      });
    }
    if (form.get('redirect_uri') !== REDIRECT) {
      return json(res, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
    }
    const scenario = googleCodes.get(form.get('code') ?? '');
    googleCodes.delete(form.get('code') ?? '');
    if (!scenario) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
    }
    if ('token' in scenario) return fail(res, scenario.token);
    const accessToken = fresh('ya29.a0');
    googleTokens.set(accessToken, scenario);
    return json(res, 200, {
      access_token: accessToken,
      expires_in: 3599,
      id_token: 'eyJhbGciOiJSUzI1NiIsImtpZCI6InRlc3QifQ.eyJpc3MiOiJ0ZXN0In0.c2ln',
      scope:
        'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      token_type: 'Bearer',
    });
  }
  if (request.method === 'GET' && request.path === '/v1/userinfo') {
    const found = googleTokens.get(bearerOf(request.headers));
    if (!found) {
      return json(res, 401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
    }
    if (found.userinfo) return fail(res, found.userinfo);
    return json(res, 200, found.user);
  }
  json(res, 404, { error: 'not_found' });
};

interface XUser {
  id: string;
  name: string;
  username: string;
  profile_image_url?: string;
}

interface XGrant {
  challenge: string;
  method: string;
  redirectUri: string;
  user: XUser;
  token?: Failure;
  me?: Failure;
}

const xCodes = new Map<string, XGrant>();
const xTokens = new Map<string, XGrant>();
const X_BASIC = `Basic ${Buffer.from(
  `${encodeURIComponent(X_ID)}:${encodeURIComponent(X_SECRET)}`,
).toString('base64')}`;

const fakeXHandler: Handler = (request, res) => {
  if (request.method === 'POST' && request.path === '/2/oauth2/token') {
    const { form } = request;
    if (request.headers.authorization !== X_BASIC) {
      return json(res, 401, {
        error: 'unauthorized_client',
        error_description: 'Missing valid authorization header',
      });
    }
    const grant = xCodes.get(form.get('code') ?? '');
    xCodes.delete(form.get('code') ?? '');
    if (grant?.token) return fail(res, grant.token);
    const verifier = form.get('code_verifier') ?? '';
    if (
      !grant ||
      form.get('grant_type') !== 'authorization_code' ||
      form.get('client_id') !== X_ID ||
      form.get('redirect_uri') !== grant.redirectUri ||
      grant.method !== 'S256' ||
      s256(verifier) !== grant.challenge
    ) {
      return json(res, 400, {
        error: 'invalid_request',
        error_description: 'Value passed for the authorization code was invalid.',
      });
    }
    const accessToken = fresh('bWpQ');
    xTokens.set(accessToken, grant);
    return json(res, 200, {
      token_type: 'bearer',
      expires_in: 7200,
      access_token: accessToken,
      scope: 'users.read tweet.read offline.access',
    });
  }
  if (request.method === 'GET' && request.path === '/2/users/me') {
    const grant = xTokens.get(bearerOf(request.headers));
    if (!grant) {
      return json(res, 401, { title: 'Unauthorized', type: 'about:blank', status: 401 });
    }
    if (grant.me) return fail(res, grant.me);
    const { profile_image_url: picture, ...user } = grant.user;
    const fields = request.query.get('user.fields')?.split(',') ?? [];
    return json(res, 200, {
      data: fields.includes('profile_image_url') ? { ...user, profile_image_url: picture } : user,
    });
  }
  json(res, 404, { title: 'Not Found Error' });
};

/**
 * What X does when the user approves: checks the authorize URL, makes a code bound to its PKCE
 * challenge and redirect URI, and sends the browser back with the code and the state.
 */
function xApprove(
  authorizeUrl: string,
  user: XUser,
  failures: Pick<XGrant, 'token' | 'me'> = {},
): { code: string; state: string } {
  const url = new URL(authorizeUrl);
  const query = url.searchParams;
  assert.equal(query.get('client_id'), X_ID);
  const code = fresh('VGNibzFWSWREZm');
  xCodes.set(code, {
    challenge: query.get('code_challenge') ?? '',
    method: query.get('code_challenge_method') ?? '',
    redirectUri: query.get('redirect_uri') ?? '',
    user,
    ...failures,
  });
  return { code, state: query.get('state') ?? '' };
}

// The servers.

let googleFake: Fake;
let xFake: Fake;
let database: TestDatabase;
let server: RunningServer;
let url: string;
const clock = new TestClock();
/** Provider calls time out after this here (10 s in production). */
const TEST_TIMEOUT_MS = 1000;

function settingsFor(googleBase: string, xBase: string): SocialSettings {
  return {
    ...socialSettingsFromEnv({
      GOOGLE_CLIENT_ID: GOOGLE_ID,
      GOOGLE_CLIENT_SECRET: GOOGLE_SECRET,
      GOOGLE_OAUTH_BASE: googleBase,
      X_CLIENT_ID: X_ID,
      X_CLIENT_SECRET: X_SECRET,
      X_OAUTH_BASE: xBase,
    }),
    timeoutMs: TEST_TIMEOUT_MS,
  };
}

async function startWith(social: SocialSettings, db: TestDatabase): Promise<RunningServer> {
  return startServer(
    { port: 0, host: '127.0.0.1', ...db.config, siteDir: null, logLevel: 'silent', social },
    { logLevel: false, clock, passwordCost: TEST_PASSWORD_COST },
  );
}

before(async () => {
  googleFake = await startFake(fakeGoogleHandler);
  xFake = await startFake(fakeXHandler);
  database = await testDatabase();
  server = await startWith(settingsFor(googleFake.url, xFake.url), database);
  url = server.url;
});

after(async () => {
  await server?.close();
  await database?.cleanup();
  await googleFake?.close();
  await xFake?.close();
});

let serial = 0;
function nextId(): string {
  serial += 1;
  return String(serial);
}

function googleUser(overrides: Partial<GoogleUser> = {}): GoogleUser {
  const id = nextId();
  return {
    sub: `10769150350006150715${id}`,
    email: `ada.${id}@gmail.com`,
    email_verified: true,
    name: 'Ada Lovelace',
    picture: `https://lh3.googleusercontent.com/a/ACg8ocK${id}=s96-c`,
    ...overrides,
  };
}

function xUser(overrides: Partial<XUser> = {}): XUser {
  const id = nextId();
  return {
    id: `14648265${id}`,
    name: 'Grace Hopper',
    username: `grace${id}`,
    profile_image_url: `https://pbs.twimg.com/profile_images/${id}/grace_normal.jpg`,
    ...overrides,
  };
}

async function googleSignIn(code: string, redirectUri = REDIRECT, language?: string) {
  return call<UserInfo>(url, '/api/auth/login/google', {
    body: { code, redirectUri },
    language,
  });
}

async function xStart(redirectUri = REDIRECT) {
  const res = await call<string>(url, '/api/auth/login/twitterRedirectUrl', {
    body: { redirectUri },
  });
  assert.equal(res.code, 200, res.msg);
  return res.data;
}

async function xFinish(code: string, state: string, language?: string) {
  return call<UserInfo>(url, '/api/auth/login/twitter', { body: { code, state }, language });
}

async function assertTokenWorks(user: UserInfo): Promise<void> {
  const me = await call<UserInfo>(url, '/api/user', { token: user.tokenInfo.tokenValue });
  assert.equal(me.code, 200, me.msg);
  assert.equal(me.data.id, user.id);
}

describe('Google and X settings from the environment', () => {
  it('turns neither on by default, and each on with its client id', () => {
    assert.deepEqual(socialSettingsFromEnv({}), { google: null, x: null });
    const both = socialSettingsFromEnv({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      X_CLIENT_ID: 'x-id',
    });
    assert.deepEqual(both.google, {
      clientId: 'g-id',
      clientSecret: 'g-secret',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    });
    assert.deepEqual(both.x, {
      clientId: 'x-id',
      clientSecret: null,
      authorizeUrl: 'https://x.com/i/oauth2/authorize',
      tokenUrl: 'https://api.x.com/2/oauth2/token',
      meUrl: 'https://api.x.com/2/users/me',
    });
  });

  it('moves both endpoints of a provider with its base URL', () => {
    const moved = socialSettingsFromEnv({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 's',
      GOOGLE_OAUTH_BASE: 'http://127.0.0.1:9000/google/',
      X_CLIENT_ID: 'x',
      X_CLIENT_SECRET: 'xs',
      X_OAUTH_BASE: 'http://127.0.0.1:9001',
      X_AUTHORIZE_URL: 'https://twitter.com/i/oauth2/authorize',
    });
    assert.equal(moved.google?.tokenUrl, 'http://127.0.0.1:9000/google/token');
    assert.equal(moved.google?.userinfoUrl, 'http://127.0.0.1:9000/google/v1/userinfo');
    assert.equal(moved.x?.clientSecret, 'xs');
    assert.equal(moved.x?.tokenUrl, 'http://127.0.0.1:9001/2/oauth2/token');
    assert.equal(moved.x?.authorizeUrl, 'https://twitter.com/i/oauth2/authorize');
  });

  it('refuses half a Google pair, an X secret alone and a base that is not http(s)', () => {
    assert.throws(
      () => socialSettingsFromEnv({ GOOGLE_CLIENT_ID: 'g' }),
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
    assert.throws(
      () => socialSettingsFromEnv({ GOOGLE_CLIENT_SECRET: 's' }),
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
    assert.throws(() => socialSettingsFromEnv({ X_CLIENT_SECRET: 's' }), /X_CLIENT_SECRET/);
    assert.throws(
      () => socialSettingsFromEnv({ X_OAUTH_BASE: 'ftp://api.x.com' }),
      /X_OAUTH_BASE must be an http\(s\) URL/,
    );
  });
});

describe('a server without Google or X keys', () => {
  let bare: AuthTestServer;
  before(async () => {
    bare = await startAuthServer();
  });
  after(async () => {
    await bare?.close();
    await bare?.database.cleanup();
  });

  it('answers code 501 (HTTP 200) on all three routes, in the request language', async () => {
    const calls: [string, unknown, string, string][] = [
      [
        '/api/auth/login/google',
        { code: 'abc', redirectUri: REDIRECT },
        'Sign-in with Google is not available on this server',
        '此服务器未开通 Google 登录',
      ],
      [
        '/api/auth/login/twitterRedirectUrl',
        { redirectUri: REDIRECT },
        'Sign-in with X is not available on this server',
        '此服务器未开通 X 登录',
      ],
      [
        '/api/auth/login/twitter',
        { code: 'abc', state: 'def' },
        'Sign-in with X is not available on this server',
        '此服务器未开通 X 登录',
      ],
    ];
    for (const [path, body, en, zh] of calls) {
      const res = await call(bare.server.url, path, { body });
      assert.deepEqual(
        { status: res.status, code: res.code, msg: res.msg, data: res.data },
        { status: 200, code: 501, msg: en, data: null },
        path,
      );
      const inZh = await call(bare.server.url, path, { body, language: 'zh' });
      assert.equal(inZh.msg, zh, path);
      const inPt = await call(bare.server.url, path, { body, language: 'pt-br' });
      assert.match(inPt.msg, /não está disponível neste servidor/, path);
    }
  });
});

describe('POST /api/auth/login/google', () => {
  it('creates the account on the first sign-in: times 1, a working token, name and picture', async () => {
    const user = googleUser({ email: 'Ada.Lovelace@Gmail.com' });
    const before = googleFake.requests.length;
    const res = await googleSignIn(googleCode({ user }));
    assert.equal(res.code, 200, res.msg);
    const { id, tokenInfo, ...rest } = res.data;
    assert.deepEqual(rest, {
      account: 'ada.lovelace@gmail.com',
      nickname: 'Ada Lovelace',
      avatar: user.picture,
      times: 1,
      priceColors: null,
      operator: false,
    });
    assert.match(tokenInfo.tokenValue, /^[A-Za-z0-9_-]{43}$/);
    await assertTokenWorks(res.data);

    // What Google was sent: the code exchange as a form, then userinfo with the access token.
    const [exchange, userinfo] = googleFake.requests.slice(before);
    assert.equal(exchange?.method, 'POST');
    assert.match(exchange?.headers['content-type'] ?? '', /^application\/x-www-form-urlencoded/);
    assert.deepEqual(Object.fromEntries(exchange?.form ?? []), {
      code: exchange?.form.get('code'),
      client_id: GOOGLE_ID,
      client_secret: GOOGLE_SECRET,
      redirect_uri: REDIRECT,
      grant_type: 'authorization_code',
    });
    assert.equal(userinfo?.method, 'GET');
    assert.match(userinfo?.headers.authorization ?? '', /^Bearer ya29\.a0/);
    assert.equal(id > 0, true);
  });

  it('finds the account on the next sign-in: same id, times 0, a new token', async () => {
    const user = googleUser();
    const first = await googleSignIn(googleCode({ user }));
    assert.equal(first.data.times, 1);
    // Google may report another name and email later: the account is found by its subject.
    const again = await googleSignIn(
      googleCode({ user: { ...user, name: 'Countess of Lovelace', email: 'ada@example.org' } }),
    );
    assert.equal(again.code, 200, again.msg);
    assert.equal(again.data.id, first.data.id);
    assert.equal(again.data.times, 0);
    assert.equal(again.data.account, first.data.account);
    assert.equal(again.data.nickname, 'Ada Lovelace');
    assert.notEqual(again.data.tokenInfo.tokenValue, first.data.tokenInfo.tokenValue);
    await assertTokenWorks(first.data);
    await assertTokenWorks(again.data);
  });

  it('links Google to the account registered with the same (verified) email', async () => {
    const account = `linked.${nextId()}@example.com`;
    const captcha = await sendCode(url, database.dataDir, account, 4);
    const registered = await call<UserInfo>(url, '/api/auth/login/register', {
      body: { account, passwd: 'correct horse battery', captcha },
    });
    assert.equal(registered.code, 200, registered.msg);

    const user = googleUser({ email: account.toUpperCase(), name: 'Someone Else' });
    const viaGoogle = await googleSignIn(googleCode({ user }));
    assert.equal(viaGoogle.code, 200, viaGoogle.msg);
    assert.equal(viaGoogle.data.id, registered.data.id);
    assert.equal(viaGoogle.data.times, 0);
    assert.equal(viaGoogle.data.nickname, registered.data.nickname, 'the account keeps its name');
    await assertTokenWorks(viaGoogle.data);

    // The password still works, and Google now finds the account by its subject.
    const password = await call<UserInfo>(url, '/api/auth/login/dologin', {
      body: { account, passwd: 'correct horse battery' },
    });
    assert.equal(password.data.id, registered.data.id);
    const later = await googleSignIn(googleCode({ user: { ...user, email: 'new@gmail.com' } }));
    assert.equal(later.data.id, registered.data.id);
  });

  it('refuses a Google account without a verified email, and writes nothing', async () => {
    const user = googleUser({ email_verified: false });
    const res = await googleSignIn(googleCode({ user }));
    assert.deepEqual(
      { status: res.status, code: res.code, data: res.data },
      { status: 200, code: 403, data: null },
    );
    assert.equal(
      res.msg,
      'Your Google account has no verified email address; verify it with Google and try again',
    );
    const noEmail = await googleSignIn(googleCode({ user: googleUser({ email: undefined }) }));
    assert.equal(noEmail.code, 403);
    // Once verified, the sign-in is the one that creates the account.
    const verified = await googleSignIn(googleCode({ user: { ...user, email_verified: true } }));
    assert.equal(verified.data.times, 1);
  });

  it('answers 403 when Google refuses the code (invalid_grant), also for a code used twice', async () => {
    const res = await googleSignIn('4/0AVG7fi-never-issued', REDIRECT, 'pt-br');
    assert.deepEqual(
      { status: res.status, code: res.code, msg: res.msg },
      { status: 200, code: 403, msg: 'A entrada não foi aceita ou expirou; tente novamente' },
    );
    const code = googleCode({ user: googleUser() });
    assert.equal((await googleSignIn(code)).code, 200);
    const replay = await googleSignIn(code);
    assert.equal(replay.code, 403);
    assert.equal(replay.msg, 'The sign-in was not accepted or has expired; please try again');
  });

  it('answers 403 when the redirect URI is not the one registered (redirect_uri_mismatch)', async () => {
    const res = await googleSignIn(googleCode({ user: googleUser() }), 'https://evil.example/');
    assert.equal(res.code, 403);
  });

  it('names the account from the email when Google gives no usable name, and keeps only https pictures', async () => {
    const blank = await googleSignIn(
      googleCode({
        user: googleUser({
          email: 'turing.42@gmail.com',
          name: '  A ',
          picture: 'http://x.test/p.png',
        }),
      }),
    );
    assert.equal(blank.code, 200, blank.msg);
    assert.equal(blank.data.nickname, 'turing.42');
    assert.equal(blank.data.avatar, null);
    const long = await googleSignIn(
      googleCode({ user: googleUser({ name: `  ${'Ω'.repeat(40)}  `, picture: undefined }) }),
    );
    assert.equal(long.data.nickname, 'Ω'.repeat(32));
    assert.equal(long.data.avatar, null);
    const controls = await googleSignIn(
      googleCode({ user: googleUser({ name: 'Ada\u0000\nLovelace\u0007' }) }),
    );
    assert.equal(controls.code, 200, controls.msg);
    assert.equal(controls.data.nickname, 'Ada Lovelace');
  });

  it('answers 422 to a redirectUri that is not http(s), and 400 to a malformed body', async () => {
    for (const redirectUri of [
      'javascript:alert(1)//',
      'coinlens.example/',
      'https://a.example/#x',
    ]) {
      const res = await googleSignIn('any-code', redirectUri, 'zh');
      assert.equal(res.code, 422, redirectUri);
      assert.equal(res.msg, '返回地址须为不超过 2048 个字符的 http 或 https 网址');
    }
    const tooLong = await googleSignIn('any-code', `https://coinlens.example/${'a'.repeat(2048)}`);
    assert.equal(tooLong.status, 400);
    for (const body of [
      { redirectUri: REDIRECT },
      { code: '', redirectUri: REDIRECT },
      { code: 5 },
    ]) {
      const res = await call(url, '/api/auth/login/google', { body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.code, 400);
    }
  });

  it('answers 500 when Google fails (dropped, HTML, broken JSON, too slow), and writes nothing', async () => {
    const user = googleUser();
    const failures: GoogleScenario[] = [
      { token: 'drop' },
      { token: 'html' },
      { token: 'garbage' },
      { user, userinfo: 'drop' },
      { user, userinfo: 'garbage' },
      { user, userinfo: 'hang' },
    ];
    for (const scenario of failures) {
      const res = await googleSignIn(googleCode(scenario));
      assert.deepEqual(
        { status: res.status, code: res.code, msg: res.msg, data: res.data },
        {
          status: 500,
          code: 500,
          msg: 'The sign-in service could not be reached; please try again later',
          data: null,
        },
        JSON.stringify(scenario),
      );
    }
    // None of those made the account: the first sign-in that works does.
    const works = await googleSignIn(googleCode({ user }));
    assert.equal(works.data.times, 1);
  });
});

describe('POST /api/auth/login/twitterRedirectUrl', () => {
  it("answers X's authorize URL with PKCE S256 and a fresh one-time state", async () => {
    const first = new URL(await xStart());
    assert.equal(`${first.origin}${first.pathname}`, 'https://x.com/i/oauth2/authorize');
    const query = first.searchParams;
    assert.deepEqual(
      [...query.keys()],
      [
        'response_type',
        'client_id',
        'redirect_uri',
        'scope',
        'state',
        'code_challenge',
        'code_challenge_method',
      ],
    );
    assert.equal(query.get('response_type'), 'code');
    assert.equal(query.get('client_id'), X_ID);
    assert.equal(query.get('redirect_uri'), REDIRECT);
    assert.equal(query.get('scope'), 'users.read tweet.read offline.access');
    assert.match(first.search, /&scope=users\.read%20tweet\.read%20offline\.access&/);
    assert.match(query.get('state') ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.match(query.get('code_challenge') ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.equal(query.get('code_challenge_method'), 'S256');

    const second = new URL(await xStart()).searchParams;
    assert.notEqual(second.get('state'), query.get('state'));
    assert.notEqual(second.get('code_challenge'), query.get('code_challenge'));
  });

  it('answers 422 to a redirectUri that is not a plain http(s) URL', async () => {
    for (const redirectUri of [
      'data:text/html,hi',
      'https://coinlens.example/\u0000',
      'https://coinlens.example/a b',
      'https://coinlens.example/\n',
    ]) {
      const res = await call(url, '/api/auth/login/twitterRedirectUrl', { body: { redirectUri } });
      assert.equal(res.code, 422, JSON.stringify(redirectUri));
      assert.equal(
        res.msg,
        'The return address must be an http or https URL of at most 2048 characters',
      );
    }
  });
});

describe('POST /api/auth/login/twitter', () => {
  it('creates the account on the first sign-in, sending X the verifier of the challenge', async () => {
    const user = xUser();
    const authorize = await xStart();
    const challenge = new URL(authorize).searchParams.get('code_challenge');
    const { code, state } = xApprove(authorize, user);
    const before = xFake.requests.length;
    const res = await xFinish(code, state);
    assert.equal(res.code, 200, res.msg);
    const { id, tokenInfo, ...rest } = res.data;
    assert.deepEqual(rest, {
      account: `x:${user.id}`,
      nickname: 'Grace Hopper',
      avatar: user.profile_image_url,
      times: 1,
      priceColors: null,
      operator: false,
    });
    assert.ok(id > 0);
    assert.match(tokenInfo.tokenValue, /^[A-Za-z0-9_-]{43}$/);
    await assertTokenWorks(res.data);

    const [exchange, me] = xFake.requests.slice(before);
    assert.equal(exchange?.headers.authorization, X_BASIC);
    const verifier = exchange?.form.get('code_verifier') ?? '';
    assert.match(verifier, /^[A-Za-z0-9_~.-]{43,128}$/);
    assert.equal(s256(verifier), challenge);
    assert.deepEqual(Object.fromEntries(exchange?.form ?? []), {
      code,
      grant_type: 'authorization_code',
      client_id: X_ID,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    assert.equal(me?.method, 'GET');
    assert.equal(me?.query.get('user.fields'), 'profile_image_url');

    // The next sign-in finds it by the X user id.
    const next = xApprove(await xStart(), { ...user, name: 'Rear Admiral Hopper' });
    const again = await xFinish(next.code, next.state);
    assert.equal(again.data.id, id);
    assert.equal(again.data.times, 0);
    assert.equal(again.data.nickname, 'Grace Hopper');
  });

  it('refuses a state used once already, without asking X again', async () => {
    const { code, state } = xApprove(await xStart(), xUser());
    assert.equal((await xFinish(code, state)).code, 200);
    const before = xFake.requests.length;
    const replay = await xFinish(code, state, 'zh');
    assert.deepEqual(
      { status: replay.status, code: replay.code, msg: replay.msg },
      { status: 200, code: 403, msg: '此次登录无效或已被使用，请重新开始' },
    );
    assert.equal(xFake.requests.length, before);
  });

  it('lets only one of two simultaneous returns with the same state through', async () => {
    const { code, state } = xApprove(await xStart(), xUser());
    const answers = await Promise.all([xFinish(code, state), xFinish(code, state)]);
    assert.deepEqual(answers.map((res) => res.code).sort(), [200, 403]);
  });

  it('refuses a state it never issued', async () => {
    const res = await xFinish('some-code', randomBytes(32).toString('base64url'));
    assert.equal(res.code, 403);
    assert.equal(res.msg, 'This sign-in is unknown or was already used; please start again');
  });

  it('refuses a state older than 10 minutes', async () => {
    const { code, state } = xApprove(await xStart(), xUser());
    clock.advance(10 * MINUTE + 1000);
    const res = await xFinish(code, state);
    assert.equal(res.code, 403);
    assert.equal(
      res.msg,
      'This sign-in took longer than 10 minutes and has expired; please start again',
    );
    // Spent all the same.
    assert.equal(
      (await xFinish(code, state)).msg,
      'This sign-in is unknown or was already used; please start again',
    );
  });

  it('names the account x_<username> when X gives no usable name, and keeps only https pictures', async () => {
    const user = xUser({ name: ' Al ', profile_image_url: 'http://pbs.twimg.com/p.jpg' });
    const { code, state } = xApprove(await xStart(), user);
    const res = await xFinish(code, state);
    assert.equal(res.data.nickname, `x_${user.username}`);
    assert.equal(res.data.avatar, null);
  });

  it('answers 403 when X refuses the code', async () => {
    const { state } = xApprove(await xStart(), xUser());
    const res = await xFinish('not-the-code-x-gave', state);
    assert.equal(res.code, 403);
    assert.equal(res.msg, 'The sign-in was not accepted or has expired; please try again');
  });

  it('answers 500 when X fails, and writes no account', async () => {
    const user = xUser();
    for (const failure of [{ token: 'drop' }, { me: 'garbage' }, { me: 'hang' }] as const) {
      const { code, state } = xApprove(await xStart(), user, failure);
      const res = await xFinish(code, state);
      assert.equal(res.status, 500, JSON.stringify(failure));
      assert.equal(res.code, 500);
      // The state is spent: the browser has to start again.
      assert.equal((await xFinish(code, state)).code, 403);
    }
    const { code, state } = xApprove(await xStart(), user);
    assert.equal((await xFinish(code, state)).data.times, 1);
  });

  it('caps one client IP at 30 started X sign-ins in 15 minutes (429)', async () => {
    clock.advance(15 * MINUTE);
    for (let i = 0; i < 30; i += 1) await xStart();
    const capped = await call<{ retryAfter: number }>(url, '/api/auth/login/twitterRedirectUrl', {
      body: { redirectUri: REDIRECT },
    });
    assert.equal(capped.status, 429);
    assert.ok(capped.data.retryAfter > 0 && capped.data.retryAfter <= 15 * 60);
    clock.advance(15 * MINUTE);
    await xStart();
  });
});

describe('X as a public client', () => {
  it('sends the client id in the form and no Authorization header', async () => {
    const settings = settingsFor(googleFake.url, xFake.url).x as XSettings;
    const before = xFake.requests.length;
    // The fake X wants Basic auth, so it refuses: what matters here is what was sent.
    await assert.rejects(
      xProfile(
        { ...settings, clientSecret: null },
        { code: 'c', redirectUri: REDIRECT, codeVerifier: 'v'.repeat(43) },
        TEST_TIMEOUT_MS,
      ),
      { name: 'ProviderError', kind: 'unavailable' },
    );
    const [exchange] = xFake.requests.slice(before);
    assert.equal(exchange?.headers.authorization, undefined);
    assert.equal(exchange?.form.get('client_id'), X_ID);
  });
});

describe('a provider that cannot be reached', () => {
  let down: RunningServer;
  let downDatabase: TestDatabase;
  before(async () => {
    // A port that was just free and is now closed: connections are refused.
    const closed = await startFake(() => undefined);
    await closed.close();
    downDatabase = await testDatabase();
    down = await startWith(settingsFor(closed.url, closed.url), downDatabase);
  });
  after(async () => {
    await down?.close();
    await downDatabase?.cleanup();
  });

  it('answers 500 for Google and X', async () => {
    const google = await call(down.url, '/api/auth/login/google', {
      body: { code: 'code', redirectUri: REDIRECT },
      language: 'zh',
    });
    assert.deepEqual(
      { status: google.status, code: google.code, msg: google.msg },
      { status: 500, code: 500, msg: '暂时无法连接登录服务，请稍后重试' },
    );
    const start = await call<string>(down.url, '/api/auth/login/twitterRedirectUrl', {
      body: { redirectUri: REDIRECT },
    });
    assert.equal(start.code, 200, 'starting needs no call to X');
    const state = new URL(start.data).searchParams.get('state');
    const x = await call(down.url, '/api/auth/login/twitter', { body: { code: 'code', state } });
    assert.equal(x.status, 500);
    assert.equal(x.code, 500);
  });
});
