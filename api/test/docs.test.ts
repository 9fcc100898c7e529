import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ROUTES } from '@coinlens/contract';
import type { FastifyInstance } from 'fastify';
import { API_CSP } from '../src/plugins/api-policy.js';
import { DOCS_CSP, DOCS_PREFIX, DOCS_TAGS } from '../src/plugins/docs.js';
import { startServer, type RunningServer } from '../src/server.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';

const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { $ref?: string }[];
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes?: Record<string, { type: string; scheme?: string }>;
    parameters?: Record<string, { name: string; in: string }>;
  };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

let database: TestDatabase;
let server: RunningServer;
let document: OpenApiDocument;

before(async () => {
  database = await testDatabase();
  server = await startServer(
    { port: 0, host: '127.0.0.1', ...database.config, siteDir: null, logLevel: 'silent' },
    { logLevel: false },
  );
  const res = await fetch(`${server.url}${DOCS_PREFIX}/json`);
  assert.equal(res.status, 200);
  document = (await res.json()) as OpenApiDocument;
});

after(async () => {
  await server?.close();
  await database?.cleanup();
});

/**
 * Every route of the app as [method, path], read from Fastify's route tree, whose lines look
 * like `│   ├── json (GET, HEAD)`: four characters of indent per level, the path segment after
 * the branch, the methods in brackets (none on a node that only groups others).
 */
function routesOf(app: FastifyInstance): [string, string][] {
  const routes: [string, string][] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    segments.length = (match[1] ?? '').length / 4;
    segments.push(match[2] ?? '');
    for (const method of match[3]?.split(', ') ?? []) routes.push([method, segments.join('')]);
  }
  return routes;
}

/** Fastify's `/api/coin/:id` as OpenAPI's `/api/coin/{id}`. */
function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function operations(): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      item[method]!,
    ]),
  );
}

function isDocsPath(path: string): boolean {
  return path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`);
}

describe('the OpenAPI document at /api/docs/json', () => {
  it('is OpenAPI 3.1 with the API title, version, servers and tags', () => {
    assert.match(document.openapi, /^3\.1\.\d+$/);
    assert.equal(document.info.title, 'Coinlens API');
    assert.equal(document.info.version, version);
    assert.match(document.info.description ?? '', /"code": 200, "msg": "ok"/);
    assert.ok((document.servers ?? []).length > 0);
    assert.deepEqual(
      document.tags?.map((tag) => tag.name),
      ['health', 'auth', 'coins', 'market', 'follows', 'alerts', 'reports', 'chat', 'monitoring'],
    );
    assert.ok(document.paths['/api/health']?.get);
  });

  it('describes bearer tokens and the Language header', () => {
    const bearer = document.components.securitySchemes?.bearerAuth;
    assert.equal(bearer?.type, 'http');
    assert.equal(bearer?.scheme, 'bearer');
    const language = document.components.parameters?.Language;
    assert.equal(language?.name, 'Language');
    assert.equal(language?.in, 'header');
    for (const [name, operation] of operations()) {
      assert.ok(
        operation.parameters?.some((p) => p.$ref === '#/components/parameters/Language'),
        `${name} does not take the Language header`,
      );
      if (operation.security?.some((s) => 'bearerAuth' in s)) {
        assert.ok(operation.responses?.['401'], `${name} needs a token but documents no 401`);
      }
    }
  });

  it('has no reference that leads nowhere', () => {
    const broken: string[] = [];
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(visit);
      if (value === null || typeof value !== 'object') return;
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string') {
          const target = inner
            .replace(/^#\//, '')
            .split('/')
            .reduce<unknown>(
              (node, part) => (node as Record<string, unknown> | undefined)?.[part],
              document,
            );
          if (!inner.startsWith('#/') || target === undefined) broken.push(inner);
        } else {
          visit(inner);
        }
      }
    };
    visit(document);
    assert.deepEqual(broken, []);
  });

  it('documents every API route of the app but its own', () => {
    const routes = routesOf(server.app).filter(
      ([method, path]) =>
        HTTP_METHODS.includes(method.toLowerCase()) &&
        /^\/api(\/|$)/.test(path) &&
        !isDocsPath(path),
    );
    // The parser must have found something real, or this test would pass on nothing.
    assert.ok(routes.some(([method, path]) => method === 'GET' && path === '/api/health'));
    const missing = routes
      .filter(([method, path]) => !document.paths[openApiPath(path)]?.[method.toLowerCase()])
      .map(([method, path]) => `${method} ${path}`);
    assert.deepEqual(missing, [], 'routes missing from the document (hidden, or added too early)');
    assert.deepEqual(
      Object.keys(document.paths).filter(isDocsPath),
      [],
      'the docs routes themselves are not API calls',
    );
  });

  it('documents exactly the routes of the contract', () => {
    const documented = operations()
      .map(([name]) => name.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1'))
      .sort();
    assert.deepEqual(documented, Object.keys(ROUTES).sort());
  });

  it('gives every operation a summary, a known tag and a 200 response schema', () => {
    const known = new Set<string>(DOCS_TAGS.map((tag) => tag.name));
    for (const [name, operation] of operations()) {
      assert.ok(operation.summary?.trim(), `${name} has no summary`);
      assert.ok((operation.tags ?? []).length > 0, `${name} has no tag`);
      for (const tag of operation.tags ?? []) {
        assert.ok(known.has(tag), `${name} has the unknown tag "${tag}"`);
      }
      // JSON for every route but the logos, which answer SVG, and the unsubscribe page (HTML).
      const content = operation.responses?.['200']?.content ?? {};
      const schema = (
        content['application/json'] ??
        content['image/svg+xml'] ??
        content['text/html']
      )?.schema;
      assert.ok(
        schema && typeof schema === 'object' && Object.keys(schema).length > 0,
        `${name} has no 200 response schema`,
      );
    }
  });
});

describe('the docs UI at /api/docs', () => {
  it('is a page whose scripts, styles and icons all come from this origin', async () => {
    const res = await fetch(`${server.url}${DOCS_PREFIX}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    const html = await res.text();
    // No inline script: every <script> has a src and nothing between its tags.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.ok(scripts.length > 0);
    for (const [, attributes, body] of scripts) {
      assert.match(attributes ?? '', /\bsrc="/);
      assert.equal(body?.trim(), '');
    }
    const assets = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1] ?? '');
    assert.ok(assets.length >= 4);
    for (const asset of assets) {
      const url = new URL(asset, res.url);
      assert.equal(url.origin, new URL(server.url).origin, `${asset} is not on this origin`);
      const file = await fetch(url);
      assert.equal(file.status, 200, `${asset} answers ${file.status}`);
      await file.arrayBuffer();
    }
  });

  it('asks no online validator to check the document', async () => {
    const res = await fetch(`${server.url}${DOCS_PREFIX}/static/swagger-initializer.js`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /validatorUrl: null/);
  });

  it("has its own CSP: everything from 'self', nothing inline, never framed", async () => {
    for (const path of [DOCS_PREFIX, `${DOCS_PREFIX}/`, `${DOCS_PREFIX}/json`]) {
      const res = await fetch(`${server.url}${path}`);
      const policy = res.headers.get('content-security-policy') ?? '';
      assert.equal(policy, DOCS_CSP, path);
      assert.match(policy, /script-src 'self'(;|$)/);
      assert.doesNotMatch(policy, /unsafe-|https?:|\*/);
      assert.match(policy, /frame-ancestors 'none'/);
    }
    // The rest of the API keeps the strict one.
    const health = await fetch(`${server.url}/api/health`);
    assert.equal(health.headers.get('content-security-policy'), API_CSP);
  });
});
