// The static site's compression (src/plugins/site.ts): text files go out in Brotli or gzip, as
// the client takes them, and come back as they were; everything else as it is.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { siteRoutes } from '../src/plugins/site.js';

const root = mkdtempSync(join(tmpdir(), 'coinlens-compress-'));
const SCRIPT = `console.log(${JSON.stringify('coinlens '.repeat(2000))});`;
const PAGE = `<!DOCTYPE html><html><body>${'<p>report</p>'.repeat(500)}</body></html>`;
let app: FastifyInstance;

before(async () => {
  writeFileSync(join(root, 'app-0123456789abcdef.js'), SCRIPT);
  writeFileSync(join(root, 'index.html'), PAGE);
  writeFileSync(join(root, 'tiny.js'), 'x()');
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(root, 'static'));
  writeFileSync(join(root, 'static', 'font.woff2'), Buffer.alloc(4096, 7));
  writeFileSync(join(root, '404.html'), `<h1>not found</h1>${' '.repeat(2000)}`);
  app = Fastify({ logger: false });
  await app.register(fp(siteRoutes), { root, localePrefixes: [] });
  app.setNotFoundHandler((request, reply) => app.sendSiteNotFound!(request, reply));
  await app.ready();
});

after(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the icon', () => {
  it('is the SVG for a browser that asks for /favicon.ico', async () => {
    const answer = await get('/favicon.ico');
    assert.equal(answer.statusCode, 301);
    assert.equal(answer.headers.location, '/favicon.svg');
    assert.equal((await get('/favicon.svg')).statusCode, 200);
  });
});

describe('the site’s text files', () => {
  it('go out in Brotli to a browser, smaller, and come back as they were', async () => {
    const res = await get('/app-0123456789abcdef.js', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers['content-type'], 'application/javascript; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(res.headers.vary), /Accept-Encoding/);
    assert.equal(Number(res.headers['content-length']), res.rawPayload.length);
    assert.ok(res.rawPayload.length < SCRIPT.length / 20);
    assert.equal(brotliDecompressSync(res.rawPayload).toString(), SCRIPT);
  });

  it('go out in gzip to a client without Brotli', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip' });
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(res.rawPayload).toString(), PAGE);
  });

  it('go out as they are to a client that takes no encoding, or asks for a range', async () => {
    const plain = await get('/');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(String(plain.headers.vary), /Accept-Encoding/);
    assert.equal(plain.body, PAGE);
    const range = await get('/', { 'accept-encoding': 'br', range: 'bytes=0-9' });
    assert.equal(range.statusCode, 206);
    assert.equal(range.headers['content-encoding'], undefined);
    assert.equal(range.body, PAGE.slice(0, 10));
  });

  it('the 404 page included', async () => {
    const res = await get('/nope/', { 'accept-encoding': 'br' });
    assert.equal(res.statusCode, 404);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(brotliDecompressSync(res.rawPayload).toString(), /not found/);
  });

  it('are compressed again when they change', async () => {
    const file = join(root, 'index.html');
    await get('/', { 'accept-encoding': 'br' });
    writeFileSync(file, `${PAGE}<!-- v2 -->`);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const res = await get('/', { 'accept-encoding': 'br' });
    assert.equal(brotliDecompressSync(res.rawPayload).toString(), `${PAGE}<!-- v2 -->`);
    writeFileSync(file, PAGE);
  });
});

describe('files that do not gain from compression', () => {
  it('go out as they are: fonts and files of under 1 KB', async () => {
    const font = await get('/static/font.woff2', { 'accept-encoding': 'br' });
    assert.equal(font.headers['content-encoding'], undefined);
    assert.equal(font.rawPayload.length, 4096);
    const tiny = await get('/tiny.js', { 'accept-encoding': 'br' });
    assert.equal(tiny.headers['content-encoding'], undefined);
    assert.equal(tiny.body, 'x()');
  });

  it('and a revalidation that finds the file unchanged stays empty (304)', async () => {
    const first = await get('/app-0123456789abcdef.js', { 'accept-encoding': 'br' });
    const again = await get('/app-0123456789abcdef.js', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
  });
});
