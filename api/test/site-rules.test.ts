import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { API_CSP } from '../src/plugins/api-policy.js';
import { isPageRequest } from '../src/plugins/site.js';
import { startServer, type RunningServer } from '../src/server.js';
import { loadSiteRules } from '../src/site-rules.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/**
 * A stand-in for the site's rules module (the API knows nothing of the site's code). Naive on
 * purpose: it would redirect any path a phone asks for, so only the server's own checks keep
 * assets and the API out of the redirect.
 */
const FAKE_RULES = `
import { createHash } from 'node:crypto';

export let hashedDocuments = 0;

export function deviceRedirect(pathname, userAgent) {
  const phone = /iPhone/.test(userAgent ?? '');
  const segments = pathname.split('/').filter(Boolean);
  const prefix = ['zh', 'pt-br'].includes(segments[0]) ? '/' + segments[0] : '';
  const onMobilePage = segments.includes('mobile');
  if (phone && !onMobilePage) return prefix + '/mobile/';
  if (!phone && onMobilePage) return prefix + '/';
  return null;
}

export async function inlineScriptHashes(html) {
  hashedDocuments += 1;
  return [...html.matchAll(/<script>([^<]*)<\\/script>/g)].map(
    (match) => "'sha256-" + createHash('sha256').update(match[1]).digest('base64') + "'",
  );
}

export function clientRoutePage(pathname) {
  const segments = pathname.split('/').filter(Boolean);
  return segments.length === 2 && segments[0] === 'items' ? '/items/' : null;
}

export function securityHeaders({ scriptHashes, origin }) {
  return {
    'Content-Security-Policy': ["script-src 'self'", ...scriptHashes].join(' ') + "; connect-src 'self' " + origin,
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=()',
  };
}
`;

const HOME_SCRIPT = 'window.pagePath="/";';
const MOBILE_SCRIPT = 'window.pagePath="/mobile/";';
const ITEMS_SCRIPT = 'window.pagePath="/items/";';
const NOT_FOUND_SCRIPT = 'window.pagePath="/404.html";';
/** Each language's 404 page, as Gatsby writes it: its path, its script and its heading. */
const NOT_FOUND_PAGES = [
  ['', '404.html', NOT_FOUND_SCRIPT, 'not found'],
  ['/zh', 'zh/404.html', 'window.pagePath="/zh/404.html";', '找不到此页面'],
  [
    '/pt-br',
    'pt-br/404.html',
    'window.pagePath="/pt-br/404.html";',
    'Esta página não foi encontrada',
  ],
] as const;

const siteDir = mkdtempSync(join(tmpdir(), 'coinlens-rules-site-'));
const rulesDir = mkdtempSync(join(tmpdir(), 'coinlens-rules-'));
const rulesFile = join(rulesDir, 'rules.mjs');
let database: TestDatabase;
let server: RunningServer;

function page(script: string, text: string): string {
  return `<!DOCTYPE html><html><head><script>${script}</script></head><body><h1>${text}</h1><script src="/app.js" async></script></body></html>`;
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

function scriptSrc(res: Response): string[] {
  const policy = res.headers.get('content-security-policy') ?? '';
  const directive = policy.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
  return directive.trim().split(/\s+/).slice(1);
}

function get(path: string, userAgent: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    redirect: 'manual',
    ...init,
    headers: { 'user-agent': userAgent },
  });
}

before(async () => {
  writeFileSync(rulesFile, FAKE_RULES);
  writeFileSync(join(siteDir, 'index.html'), page(HOME_SCRIPT, 'home'));
  for (const [, file, script, heading] of NOT_FOUND_PAGES) {
    mkdirSync(join(siteDir, file, '..'), { recursive: true });
    writeFileSync(join(siteDir, file), page(script, heading));
  }
  writeFileSync(join(siteDir, 'app.js'), 'console.log("app");');
  mkdirSync(join(siteDir, 'mobile'));
  writeFileSync(join(siteDir, 'mobile', 'index.html'), page(MOBILE_SCRIPT, 'mobile'));
  mkdirSync(join(siteDir, 'items'));
  writeFileSync(join(siteDir, 'items', 'index.html'), page(ITEMS_SCRIPT, 'items'));
  mkdirSync(join(siteDir, 'terms'));
  writeFileSync(join(siteDir, 'terms', 'index.html'), page('window.v=1;', 'terms'));
  database = await testDatabase();
  server = await startServer(
    {
      port: 0,
      host: '127.0.0.1',
      ...database.config,
      siteDir,
      siteRules: rulesFile,
      logLevel: 'silent',
    },
    { logLevel: false },
  );
});

after(async () => {
  await server?.close();
  await database?.cleanup();
  for (const dir of [siteDir, rulesDir]) rmSync(dir, { recursive: true, force: true });
});

describe('client routes with SITE_RULES', () => {
  it("serves an item without a file its client route's page, with that page's hashes", async () => {
    const res = await get('/items/new-item/', DESKTOP);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /<h1>items<\/h1>/);
    assert.ok(scriptSrc(res).includes(sha256(ITEMS_SCRIPT)));
  });

  it('leaves any other missing page to the 404 page', async () => {
    const res = await get('/items/new-item/more/', DESKTOP);
    assert.equal(res.status, 404);
    assert.match(await res.text(), /not found/);
  });
});

describe('the device redirect with SITE_RULES', () => {
  it('sends a phone from the home page to the mobile page, uncached and varying by device', async () => {
    const res = await get('/', IPHONE);
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), '/mobile/');
    assert.equal(res.headers.get('vary'), 'User-Agent');
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
  });

  it('answers HEAD like GET', async () => {
    const res = await get('/', IPHONE, { method: 'HEAD' });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), '/mobile/');
  });

  it('sends a desktop from the mobile page to the home page', async () => {
    const res = await get('/mobile/', DESKTOP);
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), '/');
  });

  it('keeps the language and the query string, whether or not the page exists here', async () => {
    const res = await get('/zh/reporting/?x=1&t=login', IPHONE);
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), '/zh/mobile/?x=1&t=login');
  });

  it('serves a phone the mobile page itself', async () => {
    const res = await get('/mobile/', IPHONE);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /<h1>mobile<\/h1>/);
    assert.deepEqual(scriptSrc(res), ["'self'", sha256(MOBILE_SCRIPT)]);
  });

  it('leaves scripts and other files alone', async () => {
    const res = await get('/app.js', IPHONE);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), 'console.log("app");');
    assert.equal(res.headers.get('content-security-policy'), null);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.doesNotMatch(res.headers.get('vary') ?? '', /user-agent/i);
  });

  it('leaves the API alone', async () => {
    const health = await get('/api/health', IPHONE);
    assert.equal(health.status, 200);
    assert.equal(((await health.json()) as { code: number }).code, 200);
    // The API's own policy, not the site's.
    assert.equal(health.headers.get('content-security-policy'), API_CSP);
    const missing = await get('/api/nothing-here?x=1', IPHONE);
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { code: number }).code, 404);
  });

  it('redirects only GET and HEAD', async () => {
    const res = await get('/', IPHONE, { method: 'POST' });
    assert.notEqual(res.status, 302);
    assert.equal(res.headers.get('location'), null);
  });
});

describe('the security headers of HTML answers with SITE_RULES', () => {
  it("gives a page a CSP that allows exactly its own inline script, and the site's headers", async () => {
    const res = await get('/', DESKTOP);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /<h1>home<\/h1>/);
    assert.deepEqual(scriptSrc(res), ["'self'", sha256(HOME_SCRIPT)]);
    assert.match(
      res.headers.get('content-security-policy') ?? '',
      /connect-src 'self' http:\/\/127\.0\.0\.1:\d+$/,
    );
    assert.equal(res.headers.get('permissions-policy'), 'camera=()');
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
    assert.equal(res.headers.get('vary'), 'User-Agent');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
  });

  it('gives the 404 page its own CSP', async () => {
    const res = await get('/no-such-page/', DESKTOP);
    assert.equal(res.status, 404);
    assert.match(await res.text(), /not found/);
    assert.deepEqual(scriptSrc(res), ["'self'", sha256(NOT_FOUND_SCRIPT)]);
  });

  for (const [prefix, , script, heading] of NOT_FOUND_PAGES) {
    it(`answers ${prefix}/does-not-exist with its language's 404 page where it was asked`, async () => {
      const res = await get(`${prefix}/does-not-exist`, DESKTOP);
      assert.equal(res.status, 404);
      assert.equal(res.headers.get('location'), null);
      assert.equal(await res.text(), page(script, heading));
      assert.deepEqual(scriptSrc(res), ["'self'", sha256(script)]);
    });
  }

  it('hashes a file once per version of it', async () => {
    const rules = (await import(pathToFileURL(rulesFile).href)) as { hashedDocuments: number };
    const before = rules.hashedDocuments;
    for (let i = 0; i < 3; i += 1) {
      const res = await get('/terms/', DESKTOP);
      assert.deepEqual(scriptSrc(res), ["'self'", sha256('window.v=1;')]);
    }
    assert.equal(rules.hashedDocuments, before + 1);

    const file = join(siteDir, 'terms', 'index.html');
    writeFileSync(file, page('window.v=2;', 'terms'));
    // A new modification time, whatever the file system's time resolution.
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    const res = await get('/terms/', DESKTOP);
    assert.deepEqual(scriptSrc(res), ["'self'", sha256('window.v=2;')]);
    assert.equal(rules.hashedDocuments, before + 2);
  });
});

describe('loading SITE_RULES', () => {
  it('refuses a module without the three functions, naming what is missing', async () => {
    const broken = join(rulesDir, 'broken.mjs');
    writeFileSync(broken, 'export function deviceRedirect() { return null; }\n');
    await assert.rejects(
      loadSiteRules(broken),
      /broken\.mjs does not export inlineScriptHashes, securityHeaders/,
    );
  });

  it('refuses to start a server on a rules module that is not there', async () => {
    await assert.rejects(
      startServer(
        {
          port: 0,
          host: '127.0.0.1',
          // Never opened: the rules are loaded first.
          dataDir: join(rulesDir, 'data'),
          siteDir,
          siteRules: join(rulesDir, 'missing.mjs'),
          logLevel: 'silent',
        },
        { logLevel: false },
      ),
      /Cannot find module/,
    );
  });
});

describe('isPageRequest', () => {
  const cases: [string, string, boolean][] = [
    ['GET', '/', true],
    ['HEAD', '/zh/reporting/', true],
    ['GET', '/mobile/index.html', true],
    ['GET', '/no-such-page', true],
    ['POST', '/', false],
    ['GET', '/api/health', false],
    ['GET', '/api', false],
    ['GET', '/socket.io/', false],
    ['GET', '/app-123.js', false],
    ['GET', '/page-data/index/page-data.json', false],
    ['GET', '/static/logo.svg', false],
  ];
  for (const [method, path, expected] of cases) {
    it(`${method} ${path}: ${expected ? 'a page' : 'not a page'}`, () => {
      assert.equal(isPageRequest(method, path), expected);
    });
  }
});
