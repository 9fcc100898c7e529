// Google and X sign-in, the whole journey against the started product: the login dialog sends the
// browser to the provider, the provider sends it back to the site's origin with `?code=&state=`,
// and the site has the API exchange the code. Both providers are the fake in fakeOAuth.cjs (the
// API's GOOGLE_OAUTH_BASE, X_OAUTH_BASE and X_AUTHORIZE_URL point at it). The site itself sends
// the browser to https://accounts.google.com, so a route here plays Google's consent page (it asks
// the fake for the answer); nothing ever leaves 127.0.0.1.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseUrl } from './browser';
import { expect, test, type Page, type Route } from './fixtures';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through e2e/playwright.config.ts`);
  return value;
}

const fakeUrl = () => env('E2E_FAKE_OAUTH_URL');

interface FakeCall {
  /** Method and path, e.g. "POST /token". */
  route: string;
  /** The code the call carried (form or query), if any. */
  code: string | null;
  status: number;
  /** The error the fake answered with, or why its authorize page refused. */
  error?: string;
}

interface Plan {
  /** The name the provider gives; the account's nickname. */
  name?: string;
  /** The provider's user id, to sign the same user in again. */
  subject?: string;
  /** The token endpoint refuses the code (Google: invalid_grant; X: invalid_request). */
  refuse?: boolean;
}

/** What the next approval on a provider's consent page gives. */
async function planNext(provider: 'google' | 'x', plan: Plan): Promise<void> {
  const res = await fetch(`${fakeUrl()}/__fake/next`, {
    method: 'POST',
    body: JSON.stringify({ provider, ...plan }),
  });
  expect(res.status).toBe(200);
}

async function allFakeCalls(): Promise<FakeCall[]> {
  return (await fetch(`${fakeUrl()}/__fake/calls`)).json() as Promise<FakeCall[]>;
}

/** How many calls the fake had answered when the test began. */
let callsBefore = 0;

/** The calls the fake providers answered during this test, optionally those to one route. */
async function fakeCalls(route?: string): Promise<FakeCall[]> {
  const calls = (await allFakeCalls()).slice(callsBefore);
  return route ? calls.filter((call) => call.route === route) : calls;
}

/** A 1x1 PNG, for the providers' avatar hosts. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Fails plainly when the built site has no Google client id, or another one than the API got:
 * Gatsby inlines GATSBY_GOOGLE_CLIENT_ID at build time, and `npm test` builds with it (a bare
 * `npm run build` does not, and the site then says Google sign-in is not available).
 */
function expectSiteBuiltForGoogle(): void {
  const clientId = env('E2E_GOOGLE_CLIENT_ID');
  const publicDir = join(__dirname, '..', 'site', 'public');
  const built = readdirSync(publicDir)
    .filter((name) => name.endsWith('.js'))
    .some((name) => readFileSync(join(publicDir, name), 'utf8').includes(clientId));
  if (!built) {
    throw new Error(
      `site/public was not built with GATSBY_GOOGLE_CLIENT_ID=${clientId}: build through ` +
        '`npm test`, or with that variable set, or run the browser tests with E2E_BUILD=1',
    );
  }
}

/** The test's page (Playwright's `page`), for the helpers below. */
let page: Page;
/** Requests that would have left this machine (refused). */
let outside: string[];
/** The authorize URLs the site sent the browser to at accounts.google.com. */
let googleAuthorize: URL[];
/** Where Google's consent page sent the browser back to. */
let googleReturns: URL[];
/** The API's sign-in calls the site made. */
let exchanges: string[];
let events: string[];

/** Google's consent page: the fake checks the request like Google and answers the redirect. */
async function actAsGoogle(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  if (url.pathname !== '/o/oauth2/v2/auth') {
    outside.push(url.href);
    return route.abort();
  }
  googleAuthorize.push(url);
  const res = await fetch(`${fakeUrl()}/o/oauth2/v2/auth${url.search}`, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (location) googleReturns.push(new URL(location));
  await route.fulfill({
    status: res.status,
    headers: Object.fromEntries(res.headers),
    body: await res.text(),
  });
}

test.beforeEach(async ({ context }) => {
  await fetch(`${fakeUrl()}/__fake/reset`, { method: 'POST' });
  callsBefore = (await allFakeCalls()).length;
  outside = [];
  googleAuthorize = [];
  googleReturns = [];
  exchanges = [];
  events = [];
  // Later routes win: first refuse everything off this machine, then the hosts a provider sends.
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  for (const avatarHost of ['https://lh3.googleusercontent.com/**', 'https://pbs.twimg.com/**']) {
    await context.route(avatarHost, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
    );
  }
  await context.route('https://accounts.google.com/**', actAsGoogle);
  await context.exposeFunction('recordAuthEvent', (name: string) => events.push(name));
  await context.addInitScript(() => {
    for (const name of ['login-success', 'register-success', 'login-fail']) {
      window.addEventListener(name, () =>
        (window as unknown as { recordAuthEvent(n: string): void }).recordAuthEvent(name),
      );
    }
  });
});

// A hook of its own, so that the page opens once the routes and scripts above are in place.
test.beforeEach(({ page: opened }) => {
  page = opened;
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/auth\/login\/(google|twitter)$/.test(pathname)) exchanges.push(pathname);
  });
});

const dialog = () => page.getByRole('dialog');
const token = () => page.evaluate(() => localStorage.getItem('token'));

async function openLogin(prefix = '') {
  await page.goto(`${baseUrl()}${prefix}/?t=login`);
  await dialog().waitFor();
}

/** Waits to land on `path`; when it does not, says where the browser is and what the fake saw. */
async function expectToLandOn(path: string): Promise<void> {
  try {
    await page.waitForURL(`${baseUrl()}${path}`, { timeout: 15000 });
  } catch (error) {
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    throw new Error(
      `Did not land on ${path}: the browser is at ${page.url()} showing "${text.slice(0, 300)}"; ` +
        `the fake providers answered ${JSON.stringify(await fakeCalls())}`,
      { cause: error },
    );
  }
}

/** The user behind the token the page keeps, as the API sees it. */
async function signedInUser(): Promise<{ account: string; nickname: string; avatar: string }> {
  const value = await token();
  expect(value).toBeTruthy();
  const res = await fetch(`${baseUrl()}/api/user`, {
    headers: { authorization: `Bearer ${value}` },
  });
  const envelope = (await res.json()) as {
    code: number;
    data: { account: string; nickname: string; avatar: string };
  };
  expect(envelope.code).toBe(200);
  return envelope.data;
}

/** The header shows the account: its menu, named for the nickname, with the provider's picture. */
async function expectProfileArea(label: string, avatar: string) {
  const menu = page.getByRole('button', { name: label });
  await menu.waitFor();
  await expect(menu.locator('img').getAttribute('src')).resolves.toBe(avatar);
}

test.describe('Google sign-in', () => {
  test.beforeAll(expectSiteBuiltForGoogle);

  for (const [language, prefix, button, menuLabel, registered] of [
    [
      'en',
      '',
      'Continue with Google',
      'Account menu for Ada Lovelace',
      'Your account is ready. Welcome to Coinlens!',
    ],
    ['zh', '/zh', '使用 Google 继续', 'Ada Lovelace 的账户菜单', '账户已创建，欢迎使用 Coinlens！'],
  ] as const) {
    test(`${language}: goes to Google, comes back signed in to a new account and lands on the welcome page`, async ({
      problems,
    }) => {
      await planNext('google', { name: 'Ada Lovelace' });
      await openLogin(prefix);
      // The welcome toast stays 3 s: watched from the click, so that a slow check after landing
      // cannot miss it.
      const welcomed = page.getByText(registered).waitFor();
      await dialog().getByRole('button', { name: button }).click();
      await expectToLandOn(`${prefix}/welcome/`);
      await welcomed;

      // What the site asked Google for.
      expect(googleAuthorize).toHaveLength(1);
      const query = googleAuthorize[0]!.searchParams;
      expect(query.get('client_id')).toBe(env('E2E_GOOGLE_CLIENT_ID'));
      expect(query.get('redirect_uri')).toBe(`${baseUrl()}/`);
      expect(query.get('response_type')).toBe('code');
      expect(query.get('scope')?.split(' ')).toEqual(
        expect.arrayContaining(['openid', 'email', 'profile']),
      );
      expect(query.get('state')).toMatch(/^[0-9a-f]{48}$/);

      const user = await signedInUser();
      expect(user.nickname).toBe('Ada Lovelace');
      expect(user.account).toMatch(/^google-\d+@example\.com$/);
      expect(user.avatar).toMatch(/^https:\/\/lh3\.googleusercontent\.com\/a\/fake-/);
      await expectProfileArea(menuLabel, user.avatar);
      // Google sent the browser back with the state and a code; the API took that code to Google's
      // token endpoint, once, and was given a token, which then read the user.
      expect(googleReturns).toHaveLength(1);
      const back = googleReturns[0]!;
      expect(back.origin + back.pathname).toBe(`${baseUrl()}/`);
      expect(back.searchParams.get('state')).toBe(query.get('state'));
      const code = back.searchParams.get('code');
      expect(await fakeCalls('POST /token')).toEqual([{ route: 'POST /token', code, status: 200 }]);
      expect((await fakeCalls('GET /v1/userinfo')).map((call) => call.status)).toEqual([200]);
      expect(exchanges).toEqual(['/api/auth/login/google']);
      expect(events).toEqual(['register-success']);
      expect(outside).toEqual([]);
      expect(problems).toEqual([]);
      // The return address is not left in the history with its code.
      expect(new URL(page.url()).search).toBe('');
    });
  }

  test('signs the same Google user in again to the same account, back on the page that asked', async ({
    problems,
  }) => {
    await planNext('google', { name: 'Grace Hopper', subject: '20260000000000000001' });
    await openLogin();
    await dialog().getByRole('button', { name: 'Continue with Google' }).click();
    await expectToLandOn('/welcome/');
    const first = await signedInUser();

    await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expectToLandOn('/');
    await expect(token()).resolves.toBeNull();
    await planNext('google', { name: 'Grace Hopper', subject: '20260000000000000001' });
    // A link to a report someone shared asks a signed-out visitor to sign in, and signing in
    // with Google comes back to it.
    await page.goto(`${baseUrl()}/reporting/?coin=1`);
    await page.waitForURL(`${baseUrl()}/?t=login&next=%2Freporting%2F%3Fcoin%3D1`);
    await dialog().getByRole('button', { name: 'Continue with Google' }).click();
    await expectToLandOn('/reporting/?coin=1');
    await page.getByText('Welcome back!').waitFor();
    const again = await signedInUser();
    expect(again.account).toBe(first.account);
    expect(events).toEqual(['register-success', 'login-success']);
    expect(problems).toEqual([]);
  });
});

test.describe('X sign-in', () => {
  test('goes to X (the API makes the authorize URL), comes back signed in and lands on the welcome page', async ({
    problems,
  }) => {
    await planNext('x', { name: 'Grace X' });
    await openLogin('/pt-br');
    await dialog().getByRole('button', { name: 'Continuar com o X (Twitter)' }).click();
    await expectToLandOn('/pt-br/welcome/');

    const authorize = await fakeCalls('GET /i/oauth2/authorize');
    expect(authorize.map((call) => call.status)).toEqual([302]);
    const user = await signedInUser();
    expect(user.nickname).toBe('Grace X');
    expect(user.account).toMatch(/^x:\d+$/);
    await expectProfileArea('Menu da conta de Grace X', user.avatar);
    await page.getByText('Sua conta está pronta. Boas-vindas ao Coinlens!').waitFor();
    // The API sent X the code with the verifier of the challenge X saw: the fake accepted it.
    expect((await fakeCalls('POST /2/oauth2/token')).map((call) => call.status)).toEqual([200]);
    expect((await fakeCalls('GET /2/users/me')).map((call) => call.status)).toEqual([200]);
    expect(exchanges).toEqual(['/api/auth/login/twitter']);
    expect(events).toEqual(['register-success']);
    expect(googleAuthorize).toEqual([]);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });
});

test.describe('a return the site did not start', () => {
  test('ignores a forged return: no exchange, no sign-in, no crash', async ({ problems }) => {
    await page.goto(`${baseUrl()}/?code=x&state=not-ours`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // Whatever the page would send about it (the sign-in code loads on demand) has been sent.
    await page.waitForLoadState('networkidle');
    await expect(token()).resolves.toBeNull();
    expect(exchanges).toEqual([]);
    expect(await fakeCalls()).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('refuses a return whose state is not the one started here, and spends the started one', async ({
    problems,
  }) => {
    expectSiteBuiltForGoogle();
    await openLogin();
    // The user went to Google; a forged link brings them back with another state.
    await page.route('https://accounts.google.com/**', (route) =>
      route.fulfill({ status: 302, headers: { location: `${baseUrl()}/?code=x&state=not-ours` } }),
    );
    await dialog().getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByText('That did not work. Try again.').waitFor();
    await expect(token()).resolves.toBeNull();
    // The sign-in started here is over: its real answer, coming later, would be ignored too.
    await expect(
      page.evaluate(() => sessionStorage.getItem('coinlens:social-sign-in')),
    ).resolves.toBeNull();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(exchanges).toEqual([]);
    expect(await fakeCalls()).toEqual([]);
    expect(events).toEqual(['login-fail']);
    expect(problems).toEqual([]);
  });
});

test.describe('a provider that refuses the code', () => {
  test('Google: says so in an error toast and stays signed out', async ({ problems }) => {
    expectSiteBuiltForGoogle();
    await planNext('google', { refuse: true });
    await openLogin();
    await dialog().getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByText('The sign-in was not accepted or has expired; please try again').waitFor();
    await expect(token()).resolves.toBeNull();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // The API did ask the provider, which refused the code.
    const refused = await fakeCalls('POST /token');
    expect(refused).toEqual([
      {
        route: 'POST /token',
        code: expect.stringMatching(/^refused-/),
        status: 400,
        error: 'invalid_grant',
      },
    ]);
    expect(events).toEqual(['login-fail']);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });
});
