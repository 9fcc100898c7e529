// A fake Google and a fake X on 127.0.0.1 for the browser tests: their authorize pages, token
// endpoints and user endpoints, answering in the shapes of the real ones (see
// api/test/oauth.test.ts) and checking what a real one checks (client credentials, the redirect
// URI a code was issued for, single-use codes, X's PKCE verifier), so that a test fails when the
// site or the API sends the wrong thing. Tests steer it over HTTP under /__fake/ (they run in
// Jest's workers; the fake lives in the global setup's process).
const { createHash, randomBytes } = require('node:crypto');
const { createServer } = require('node:http');

/** The Google client id of test builds (scripts/test.mjs) when the environment sets none. */
const TEST_GOOGLE_CLIENT_ID = 'coinlens-test.apps.googleusercontent.com';

const fresh = (prefix) => `${prefix}${randomBytes(12).toString('base64url')}`;
const s256 = (verifier) => createHash('sha256').update(verifier).digest('base64url');

/**
 * One answer: JSON, a redirect, or the page a provider shows for a bad authorize request (the
 * browser stays there). `error` is what the call log keeps of a refusal.
 *
 * @typedef {{ status: number, json?: unknown, location?: string, error?: string }} Answer
 */

/** @returns {Answer} */
const ok = (json) => ({ status: 200, json });
/** @returns {Answer} */
const oauthError = (status, error, description) => ({
  status,
  json: { error, error_description: description },
  error,
});
/** @returns {Answer} */
const badAuthorize = (error) => ({ status: 400, error });

function send(res, answer) {
  if (answer.location) {
    res.writeHead(answer.status, { location: answer.location });
    res.end();
  } else if (answer.json === undefined) {
    res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Fake provider: bad request</title><p>${answer.error}</p>`);
  } else {
    res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(answer.json));
  }
}

function isHttpUrl(value) {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const scopesOf = (query) => (query.get('scope') ?? '').split(' ');

/**
 * What is wrong with an authorize request, or null: the checks both providers make, then the
 * provider's own.
 */
function authorizeProblem(query, clientId, ownChecks) {
  if (query.get('response_type') !== 'code') return 'response_type must be code';
  if (query.get('client_id') !== clientId) return `unknown client_id ${query.get('client_id')}`;
  if (!isHttpUrl(query.get('redirect_uri') ?? '')) return 'redirect_uri must be an http(s) URL';
  if (!query.get('state')) return 'no state';
  for (const [broken, problem] of ownChecks) if (broken) return problem;
  return null;
}

/**
 * Starts the fake on a free port of 127.0.0.1.
 *
 * @param {{ google: { clientId: string, clientSecret: string }, x: { clientId: string, clientSecret?: string | null } }} clients
 */
async function startFakeOAuth(clients) {
  let serial = 0;
  /** code -> grant: the provider, the user, the redirect URI and (X) the PKCE challenge. */
  const codes = new Map();
  /** access token -> grant */
  const tokens = new Map();
  /** What the next approval on each provider's authorize page gives (queued by a test). */
  const plans = { google: [], x: [] };
  /** Every request but the controls: { route, code, status, error? }. */
  const calls = [];

  function userFor(provider, plan) {
    serial += 1;
    const n = `${process.pid}${serial}`;
    if (provider === 'google') {
      const sub = plan.subject ?? `1076915035000${n}`;
      return {
        sub,
        email: `google-${sub}@example.com`,
        email_verified: true,
        name: plan.name ?? `Google User ${serial}`,
        picture: `https://lh3.googleusercontent.com/a/fake-${sub}=s96-c`,
      };
    }
    const id = plan.subject ?? `1464826500${n}`;
    return {
      id,
      name: plan.name ?? `X User ${serial}`,
      username: `xuser${id}`,
      profile_image_url: `https://pbs.twimg.com/profile_images/${id}/fake_normal.png`,
    };
  }

  /** Approves: a code bound to the request, and the browser sent back with it and the state. */
  function approve(provider, query, challenge) {
    const plan = plans[provider].shift() ?? {};
    // A refused code is one the token endpoint does not know: it answers as for a wrong one.
    const code = fresh(plan.refuse ? 'refused-' : provider === 'google' ? '4/0Afake' : 'Xfake');
    const redirectUri = query.get('redirect_uri');
    if (!plan.refuse) {
      codes.set(code, { provider, redirectUri, challenge, user: userFor(provider, plan) });
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', query.get('state'));
    back.searchParams.set('code', code);
    if (provider === 'google') back.searchParams.set('scope', 'email profile openid');
    return { status: 302, location: back.href };
  }

  /** Spends a code: its grant when it was issued by this provider. */
  function spend(provider, code) {
    const grant = codes.get(code);
    codes.delete(code);
    return grant?.provider === provider ? grant : null;
  }

  /** @returns {Answer} */
  function googleAuthorize(query) {
    const problem = authorizeProblem(query, clients.google.clientId, [
      [
        !['openid', 'email', 'profile'].every((scope) => scopesOf(query).includes(scope)),
        'scope must have openid, email and profile',
      ],
    ]);
    return problem ? badAuthorize(problem) : approve('google', query);
  }

  /** @returns {Answer} */
  function googleToken(form) {
    const { clientId, clientSecret } = clients.google;
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return oauthError(401, 'invalid_client', 'Unauthorized');
    }
    if (form.get('grant_type') !== 'authorization_code') {
      return oauthError(400, 'unsupported_grant_type', 'Invalid grant_type');
    }
    const grant = spend('google', form.get('code') ?? '');
    if (!grant) return oauthError(400, 'invalid_grant', 'Bad Request');
    if (form.get('redirect_uri') !== grant.redirectUri) {
      return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
    }
    const accessToken = fresh('ya29.fake');
    tokens.set(accessToken, grant);
    return ok({
      access_token: accessToken,
      expires_in: 3599,
      scope:
        'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      token_type: 'Bearer',
      id_token: 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJmYWtlIn0.c2ln',
    });
  }

  /** @returns {Answer} */
  function xAuthorize(query) {
    const challenge = query.get('code_challenge') ?? '';
    const problem = authorizeProblem(query, clients.x.clientId, [
      [!scopesOf(query).includes('users.read'), 'scope must have users.read'],
      [!/^[A-Za-z0-9_-]{43}$/.test(challenge), 'code_challenge must be a base64url SHA-256'],
      [query.get('code_challenge_method') !== 'S256', 'code_challenge_method must be S256'],
    ]);
    return problem ? badAuthorize(problem) : approve('x', query, challenge);
  }

  /** @returns {Answer} */
  function xToken(form, headers) {
    const { clientId, clientSecret } = clients.x;
    // A confidential client sends HTTP Basic auth; a public one (PKCE alone) sends none.
    const basic = clientSecret
      ? `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`
      : undefined;
    if (headers.authorization !== basic) {
      return oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
    }
    const grant = spend('x', form.get('code') ?? '');
    if (
      !grant ||
      form.get('grant_type') !== 'authorization_code' ||
      form.get('client_id') !== clientId ||
      form.get('redirect_uri') !== grant.redirectUri ||
      s256(form.get('code_verifier') ?? '') !== grant.challenge
    ) {
      return oauthError(
        400,
        'invalid_request',
        'Value passed for the authorization code was invalid.',
      );
    }
    const accessToken = fresh('bWpQfake');
    tokens.set(accessToken, grant);
    return ok({
      token_type: 'bearer',
      expires_in: 7200,
      access_token: accessToken,
      scope: 'users.read tweet.read offline.access',
    });
  }

  function userOf(provider, headers) {
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? '';
    const grant = tokens.get(token);
    return grant?.provider === provider ? grant.user : null;
  }

  /** @returns {Answer} */
  function xMe(query, headers) {
    const user = userOf('x', headers);
    if (!user) {
      return { status: 401, json: { title: 'Unauthorized', status: 401 }, error: 'Unauthorized' };
    }
    // Like X: the picture only when asked for with user.fields.
    const { profile_image_url: _picture, ...rest } = user;
    const fields = query.get('user.fields')?.split(',') ?? [];
    return ok({ data: fields.includes('profile_image_url') ? user : rest });
  }

  /** The provider's endpoints; null for anything else. */
  function provide(route, query, form, headers) {
    switch (route) {
      case 'GET /o/oauth2/v2/auth':
        return googleAuthorize(query);
      case 'POST /token':
        return googleToken(form);
      case 'GET /v1/userinfo': {
        const user = userOf('google', headers);
        return user ? ok(user) : oauthError(401, 'invalid_request', 'Invalid Credentials');
      }
      case 'GET /i/oauth2/authorize':
        return xAuthorize(query);
      case 'POST /2/oauth2/token':
        return xToken(form, headers);
      case 'GET /2/users/me':
        return xMe(query, headers);
      default:
        return null;
    }
  }

  /** The tests' controls. */
  function control(route, body) {
    switch (route) {
      case 'POST /__fake/next': {
        const plan = JSON.parse(body || '{}');
        if (plan.provider !== 'google' && plan.provider !== 'x') {
          return { status: 400, json: { error: 'provider must be google or x' } };
        }
        plans[plan.provider].push({ name: plan.name, subject: plan.subject, refuse: plan.refuse });
        return ok({ ok: true });
      }
      case 'POST /__fake/reset':
        plans.google.length = 0;
        plans.x.length = 0;
        return ok({ ok: true });
      case 'GET /__fake/calls':
        return ok(calls);
      default:
        return { status: 404, json: { error: 'not_found' } };
    }
  }

  function handle(req, body) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = `${req.method} ${url.pathname}`;
    if (url.pathname.startsWith('/__fake/')) return control(route, body);
    const form = new URLSearchParams(body);
    const answer = provide(route, url.searchParams, form, req.headers) ?? {
      status: 404,
      json: { error: 'not_found' },
      error: 'not_found',
    };
    calls.push({
      route,
      code: form.get('code') ?? url.searchParams.get('code'),
      status: answer.status,
      ...(answer.error ? { error: answer.error } : {}),
    });
    return answer;
  }

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let answer;
      try {
        answer = handle(req, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        answer = oauthError(500, 'server_error', String(error));
      }
      send(res, answer);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

module.exports = { startFakeOAuth, TEST_GOOGLE_CLIENT_ID };
