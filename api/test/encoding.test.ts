// Content encoding (src/encoding.ts): which encoding a client takes, and the lists' kept answers,
// sent in it and read back as they were.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { KeptAnswer, preferredEncoding } from '../src/encoding.js';

describe('preferredEncoding', () => {
  it('prefers Brotli, then gzip, as the client weighs them', () => {
    assert.equal(preferredEncoding('gzip, deflate, br, zstd'), 'br');
    assert.equal(preferredEncoding('gzip, deflate'), 'gzip');
    assert.equal(preferredEncoding('br;q=0.5, gzip'), 'gzip');
    assert.equal(preferredEncoding('br;q=0, gzip;q=0.1'), 'gzip');
    assert.equal(preferredEncoding('*'), 'br');
    assert.equal(preferredEncoding('*;q=0, gzip'), 'gzip');
  });

  it('answers none when the client takes neither', () => {
    assert.equal(preferredEncoding(undefined), null);
    assert.equal(preferredEncoding(''), null);
    assert.equal(preferredEncoding('identity'), null);
    assert.equal(preferredEncoding('deflate, br;q=0'), null);
    assert.equal(preferredEncoding('br;q=nonsense'), null);
  });
});

const LARGE = JSON.stringify({
  code: 200,
  msg: 'ok',
  data: { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, price: i * 1.2345 })) },
});
const SMALL = JSON.stringify({ code: 200, msg: 'ok', data: { rows: [] } });

describe('KeptAnswer', () => {
  let app: FastifyInstance;
  const large = new KeptAnswer(LARGE);
  const small = new KeptAnswer(SMALL);

  before(async () => {
    app = Fastify({ logger: false });
    app.get('/large', (request, reply) => large.send(request, reply));
    app.get('/small', (request, reply) => small.send(request, reply));
    await app.ready();
  });

  after(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends Brotli or gzip as the client takes them, the same JSON once read back', async () => {
    const br = await get('/large', 'gzip, deflate, br');
    assert.equal(br.statusCode, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.match(String(br.headers['content-type']), /^application\/json; charset=utf-8/);
    assert.equal(Number(br.headers['content-length']), br.rawPayload.length);
    assert.ok(br.rawPayload.length < LARGE.length / 3, `${br.rawPayload.length} bytes`);
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), LARGE);

    const gzip = await get('/large', 'gzip');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzip.rawPayload).toString(), LARGE);
  });

  it('sends the text itself to a client that takes neither, and a small answer as it is', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/large', accept);
      assert.equal(plain.headers['content-encoding'], undefined, String(accept));
      assert.equal(plain.headers.vary, 'Accept-Encoding');
      assert.equal(plain.body, LARGE);
    }
    const tiny = await get('/small', 'br');
    assert.equal(tiny.headers['content-encoding'], undefined);
    assert.equal(tiny.headers.vary, undefined);
    assert.equal(tiny.body, SMALL);
  });

  it('compresses each encoding once, on the first request that asks for it', () => {
    const answer = new KeptAnswer(LARGE);
    const first = answer.body('br');
    assert.equal(answer.body('br'), first);
    assert.notEqual(answer.body('gzip'), first);
    assert.equal(answer.body(null).toString(), LARGE);
  });
});
