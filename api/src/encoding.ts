// Content encoding for what the server sends: which encoding a client takes, and answers kept as
// bytes with their compressed bodies, for the busy lists whose text is the same for every client.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this, compression saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * The encoding to answer an Accept-Encoding header with: Brotli, else gzip, as the client takes
 * them (a q of 0 refuses one; `*` stands for any not named), or null for none.
 */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const [best] = (['br', 'gzip'] as const)
    .filter((name) => weightOf(name) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
  return best ?? null;
}

/** Adds `field` to the reply's Vary header, once. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = String(current ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (fields.some((name) => name === '*' || name.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}

/**
 * A JSON answer kept as bytes, sent to each client in the encoding it takes. Writing the bytes is
 * most of what a kept answer costs (a market-list page is some 17 KB of text, 3 KB in Brotli),
 * so each encoding is made once, on the first request that asks for it, at a quality that takes
 * about a millisecond: a kept answer lives until the figures change, some seconds.
 */
export class KeptAnswer {
  readonly #text: Buffer;
  readonly #bodies = new Map<Encoding, Buffer>();

  constructor(json: string) {
    this.#text = Buffer.from(json);
  }

  /** Sends the answer with status 200, compressed when the client takes it and it pays. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8');
    if (this.#text.length < MIN_COMPRESSED_BYTES) return reply.send(this.#text);
    addVary(reply, 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(this.#text);
    return reply.header('content-encoding', encoding).send(this.body(encoding));
  }

  /** The answer's bytes in `encoding` (the text itself for none). */
  body(encoding: Encoding | null): Buffer {
    if (!encoding) return this.#text;
    let body = this.#bodies.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.#text, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 5,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: this.#text.length,
              },
            })
          : gzipSync(this.#text, { level: 6 });
      this.#bodies.set(encoding, body);
    }
    return body;
  }
}
