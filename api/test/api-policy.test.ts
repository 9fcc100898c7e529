import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { buildApp } from '../src/app.js';
import { configFromEnv } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { API_BODY_LIMIT, API_CSP } from '../src/plugins/api-policy.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';

const ALLOWED = 'https://app.example.com';
const OTHER = 'https://evil.example.net';

let database: TestDatabase;
let handle: DatabaseHandle;
/** CORS_ORIGINS lists ALLOWED. */
let crossOrigin: { app: FastifyInstance; url: string };
/** No CORS_ORIGINS: same origin only. */
let sameOrigin: { app: FastifyInstance; url: string };

const Echo = Type.Object({ text: Type.String() });

/** Test-only routes: a JSON echo with the default limit, one with its own, one outside /api. */
async function start(corsOrigins?: string[]): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({ database: handle, logLevel: false, corsOrigins });
  const echo = { schema: { body: Echo } };
  app.post('/api/test/echo', echo, async (request) => request.body);
  app.post('/api/test/big', { ...echo, bodyLimit: 64 * 1024 }, async (request) => request.body);
  app.post('/hooks/echo', echo, async (request) => request.body);
  await app.register(
    async (plugin) => {
      plugin.post('/echo', echo, async (request) => request.body);
    },
    { prefix: '/api/prefixed' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof address === 'object' && address?.port}` };
}

before(async () => {
  database = await testDatabase();
  handle = await database.open();
  crossOrigin = await start([ALLOWED]);
  sameOrigin = await start();
});

after(async () => {
  await crossOrigin?.app.close();
  await sameOrigin?.app.close();
  await handle?.close();
  await database?.cleanup();
});

function preflight(base: string, path: string, origin: string): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization, content-type, language',
    },
  });
}

function corsHeaders(res: Response): string[] {
  return [...res.headers.keys()].filter((name) => name.startsWith('access-control-'));
}

function postJson(url: string, text: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
}

describe('CORS', () => {
  it('answers a preflight from an allowed origin with the allowed methods and headers', async () => {
    const res = await preflight(crossOrigin.url, '/api/test/echo', ALLOWED);
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), ALLOWED);
    assert.equal(res.headers.get('access-control-allow-methods'), 'GET, POST, PUT');
    assert.equal(
      res.headers.get('access-control-allow-headers'),
      'Authorization, Content-Type, Language',
    );
    assert.equal(res.headers.get('access-control-max-age'), '600');
    assert.equal(res.headers.get('access-control-allow-credentials'), null);
    assert.match(res.headers.get('vary') ?? '', /Origin/);
  });

  it('gives a preflight from any other origin no CORS header at all', async () => {
    const res = await preflight(crossOrigin.url, '/api/test/echo', OTHER);
    assert.deepEqual(corsHeaders(res), []);
    await res.arrayBuffer();
  });

  it('lets an allowed origin read an answer, and no other origin', async () => {
    const allowed = await fetch(`${crossOrigin.url}/api/health`, { headers: { Origin: ALLOWED } });
    assert.equal(allowed.headers.get('access-control-allow-origin'), ALLOWED);
    const other = await fetch(`${crossOrigin.url}/api/health`, { headers: { Origin: OTHER } });
    assert.equal(other.status, 200);
    assert.equal(other.headers.get('access-control-allow-origin'), null);
    await Promise.all([allowed.arrayBuffer(), other.arrayBuffer()]);
  });

  it('answers CORS under /api only', async () => {
    const res = await fetch(`${crossOrigin.url}/elsewhere.json`, { headers: { Origin: ALLOWED } });
    assert.deepEqual(corsHeaders(res), []);
    await res.arrayBuffer();
  });

  it('without CORS_ORIGINS, answers no origin with CORS headers', async () => {
    const pre = await preflight(sameOrigin.url, '/api/test/echo', ALLOWED);
    assert.deepEqual(corsHeaders(pre), []);
    const get = await fetch(`${sameOrigin.url}/api/health`, { headers: { Origin: ALLOWED } });
    assert.equal(get.status, 200);
    assert.deepEqual(corsHeaders(get), []);
    await Promise.all([pre.arrayBuffer(), get.arrayBuffer()]);
  });
});

describe('CORS_ORIGINS', () => {
  it('is a comma list of exact origins, empty by default', () => {
    assert.deepEqual(configFromEnv({}).corsOrigins, []);
    assert.deepEqual(configFromEnv({ CORS_ORIGINS: '' }).corsOrigins, []);
    assert.deepEqual(
      configFromEnv({ CORS_ORIGINS: 'https://app.example.com, http://localhost:8001,' })
        .corsOrigins,
      ['https://app.example.com', 'http://localhost:8001'],
    );
  });

  for (const bad of ['*', 'app.example.com', 'https://app.example.com/', 'https://a.example/x']) {
    it(`refuses "${bad}", naming it`, () => {
      assert.throws(
        () => configFromEnv({ CORS_ORIGINS: `https://ok.example, ${bad}` }),
        (error: Error) => error.message.includes(`CORS_ORIGINS`) && error.message.includes(bad),
      );
    });
  }
});

describe('the security headers of API answers', () => {
  it("forbid an answer to load or frame anything, and keep it to this site's pages", async () => {
    const res = await fetch(`${crossOrigin.url}/api/health`);
    assert.equal(res.headers.get('content-security-policy'), API_CSP);
    assert.equal(res.headers.get('cross-origin-resource-policy'), 'same-site');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    await res.arrayBuffer();
  });

  it('keep answers to this origin when no other origin is allowed', async () => {
    const res = await fetch(`${sameOrigin.url}/api/health`);
    assert.equal(res.headers.get('content-security-policy'), API_CSP);
    assert.equal(res.headers.get('cross-origin-resource-policy'), 'same-origin');
    await res.arrayBuffer();
  });

  it('cover failures too', async () => {
    const res = await fetch(`${sameOrigin.url}/api/nothing-here`);
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-security-policy'), API_CSP);
    assert.equal(res.headers.get('cross-origin-resource-policy'), 'same-origin');
    await res.arrayBuffer();
  });

  it('are not given to answers outside /api', async () => {
    const res = await fetch(`${sameOrigin.url}/elsewhere.json`);
    assert.equal(res.headers.get('content-security-policy'), null);
    assert.equal(res.headers.get('cross-origin-resource-policy'), null);
    await res.arrayBuffer();
  });
});

describe('the body limit of API routes', () => {
  const big = 'x'.repeat(20 * 1024);

  it(`refuses a JSON body over ${API_BODY_LIMIT / 1024} KB with code 413 in the envelope`, async () => {
    const res = await postJson(`${sameOrigin.url}/api/test/echo`, big);
    assert.equal(res.status, 413);
    assert.deepEqual(await res.json(), {
      code: 413,
      msg: 'The request body is too large',
      data: null,
    });
  });

  it('applies to routes of prefixed plugins too', async () => {
    const res = await postJson(`${sameOrigin.url}/api/prefixed/echo`, big);
    assert.equal(res.status, 413);
    assert.equal(((await res.json()) as { code: number }).code, 413);
  });

  it('accepts a body under the limit', async () => {
    const res = await postJson(`${sameOrigin.url}/api/test/echo`, 'x'.repeat(10 * 1024));
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { text: string }).text.length, 10 * 1024);
  });

  it('leaves a route that sets its own limit, and routes outside /api, alone', async () => {
    for (const path of ['/api/test/big', '/hooks/echo']) {
      const res = await postJson(`${sameOrigin.url}${path}`, big);
      assert.equal(res.status, 200, path);
      assert.equal(((await res.json()) as { text: string }).text.length, big.length);
    }
  });
});
