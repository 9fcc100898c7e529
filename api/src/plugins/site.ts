// Serves a built static site (Gatsby's public/) beside the API on one origin, with the caching
// Gatsby asks for, compression, a localized 404 page and, given the site's rules, its device
// redirect and the security headers of its pages.
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { addVary, MIN_COMPRESSED_BYTES, preferredEncoding, type Encoding } from '../encoding.js';
import type { SiteRules } from '../site-rules.js';

export interface SiteOptions {
  /** The built site's directory. */
  root: string;
  /** Path prefixes of the site's non-default locales, e.g. `['zh', 'pt-br']`. */
  localePrefixes: readonly string[];
  /** The site's device redirect and security headers, or null to serve its files as they are. */
  rules?: SiteRules | null;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Gatsby's caching rules: hashed assets forever, HTML and page data always revalidated. */
export function cacheControlFor(path: string): string {
  if (/\/static\//.test(path)) return IMMUTABLE;
  if (/\.(js|css)$/.test(path) && !/\/sw\.js$/.test(path)) return IMMUTABLE;
  return REVALIDATE;
}

/**
 * Whether a request may be for a page, and so be redirected by device: GET or HEAD, neither the
 * API nor socket.io, and no file extension but .html.
 */
export function isPageRequest(method: string, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (/^\/(api|socket\.io)(\/|$)/.test(pathname)) return false;
  const name = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]+$/.test(name) || /\.html?$/i.test(name);
}

interface HtmlFile {
  path: string;
  mtimeMs: number;
}

/** Text, which compresses; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(html?|js|mjs|css|json|svg|txt|xml|map|webmanifest)$/i;
const compressors = {
  br: promisify(brotliCompress),
  gzip: promisify(gzip),
};

/**
 * Each file's compressed bodies, made on its first request and kept while the file is unchanged
 * (path, size and mtime). Hashed assets, which never change, get the smallest (and slowest)
 * compression; pages and data, which each build rewrites, a fast one.
 */
function compressionCache(): (file: ServedFile, encoding: Encoding) => Promise<Buffer> {
  const cache = new Map<string, { version: string; bodies: Map<Encoding, Promise<Buffer>> }>();
  return (file, encoding) => {
    const version = `${file.size}:${file.mtimeMs}`;
    let entry = cache.get(file.path);
    if (!entry || entry.version !== version) {
      entry = { version, bodies: new Map() };
      cache.set(file.path, entry);
    }
    const cached = entry.bodies.get(encoding);
    if (cached) return cached;
    const lasting = cacheControlFor(file.path) === IMMUTABLE;
    const body = readFile(file.path).then((content) =>
      encoding === 'br'
        ? compressors.br(content, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: lasting ? 11 : 5,
              [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          })
        : compressors.gzip(content, { level: lasting ? 9 : 6 }),
    );
    entry.bodies.set(encoding, body);
    // A failure must not stick: the next request tries again.
    const current = entry;
    body.catch(() => {
      if (current.bodies.get(encoding) === body) current.bodies.delete(encoding);
    });
    return body;
  };
}

interface ServedFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** The inline script hashes of an HTML file, computed once per version of it (path and mtime). */
function scriptHashCache(rules: SiteRules): (file: HtmlFile) => Promise<string[]> {
  const cache = new Map<string, { mtimeMs: number; hashes: Promise<string[]> }>();
  return (file) => {
    const cached = cache.get(file.path);
    if (cached && cached.mtimeMs === file.mtimeMs) return cached.hashes;
    const entry = {
      mtimeMs: file.mtimeMs,
      hashes: readFile(file.path, 'utf8').then((html) => rules.inlineScriptHashes(html)),
    };
    cache.set(file.path, entry);
    // A failure must not stick: the next request for the file tries again.
    entry.hashes.catch(() => {
      if (cache.get(file.path) === entry) cache.delete(file.path);
    });
    return entry.hashes;
  };
}

export const siteRoutes: FastifyPluginAsync<SiteOptions> = async (
  app,
  { root, localePrefixes, rules = null },
) => {
  // Which HTML file an answer sends, as @fastify/static reports it to setHeaders; the onSend hook
  // below hashes that file's inline scripts into the answer's CSP. 404 pages included.
  const htmlFiles = new WeakMap<object, HtmlFile>();
  // Which file an answer sends, for its compression.
  const servedFiles = new WeakMap<object, ServedFile>();
  const compressed = compressionCache();

  // Browsers still ask for /favicon.ico now and then (a page between two heads, a bookmark), and
  // log its 404 as an error: the site's one icon is its SVG.
  if (!existsSync(join(root, 'favicon.ico')) && existsSync(join(root, 'favicon.svg'))) {
    app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  }

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: ['index.html'],
    redirect: true,
    cacheControl: false,
    setHeaders(res, path, stat) {
      res.setHeader('Cache-Control', cacheControlFor(path));
      if (rules && path.endsWith('.html')) htmlFiles.set(res, { path, mtimeMs: stat.mtimeMs });
      servedFiles.set(res, { path, size: stat.size, mtimeMs: stat.mtimeMs });
    },
  });

  // Text files are sent compressed to a client that takes Brotli or gzip. Not a part of a file
  // (a range) nor an answer without a body (304).
  app.addHook('onSend', async (request, reply, payload) => {
    const file = servedFiles.get(reply.raw);
    if (!file || !COMPRESSIBLE.test(file.path) || file.size < MIN_COMPRESSED_BYTES) return payload;
    if (reply.statusCode !== 200 && reply.statusCode !== 404) return payload;
    if (request.headers.range) return payload;
    addVary(reply, 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = await compressed(file, encoding);
    (payload as Readable | null)?.destroy?.();
    reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    return body;
  });

  if (rules) {
    const scriptHashes = scriptHashCache(rules);

    // Before routing, so that a page that does not exist redirects like one that does.
    app.addHook('onRequest', async (request, reply) => {
      const queryAt = request.url.indexOf('?');
      const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
      if (!isPageRequest(request.method, pathname)) return;
      const target = rules.deviceRedirect(pathname, request.headers['user-agent']);
      if (target === null) return;
      return reply
        .code(302)
        .header('location', target + (queryAt === -1 ? '' : request.url.slice(queryAt)))
        .header('cache-control', 'private, no-store')
        .header('vary', 'User-Agent')
        .send();
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const file = htmlFiles.get(reply.raw);
      if (!file) return payload;
      const headers = rules.securityHeaders({
        scriptHashes: await scriptHashes(file),
        origin: `${request.protocol}://${request.host}`,
      });
      for (const [name, value] of Object.entries(headers)) reply.header(name, value);
      // Every page redirects one kind of device or the other, so every HTML answer depends on it.
      addVary(reply, 'User-Agent');
      return payload;
    });
  }

  /**
   * The 404 page of the locale the path is under, falling back to the default one. Gatsby's
   * `404.html` pages must come first: their client code renders the 404 page at any path, while
   * `404/index.html` only hydrates at `/404/` and renders nothing elsewhere.
   */
  function notFoundPageFor(url: string): string | null {
    const first = url.split('?')[0]?.split('/')[1] ?? '';
    const prefix = localePrefixes.includes(first) ? `${first}/` : '';
    for (const candidate of [`${prefix}404.html`, '404.html']) {
      if (existsSync(join(root, candidate))) return candidate;
    }
    return null;
  }

  /** The page of the client route that draws the address, when the site's rules name one. */
  function clientRouteFileFor(url: string): string | null {
    const page = rules?.clientRoutePage?.(url.split('?')[0] ?? '/');
    if (!page) return null;
    const file = `${page.replace(/^\/+/, '')}index.html`;
    return existsSync(join(root, file)) ? file : null;
  }

  app.decorate('sendSiteNotFound', (request: FastifyRequest, reply: FastifyReply) => {
    const routed = request.method === 'GET' || request.method === 'HEAD';
    const clientRoute = routed ? clientRouteFileFor(request.url) : null;
    if (clientRoute) {
      reply.code(200).header('Cache-Control', REVALIDATE);
      return reply.sendFile(clientRoute);
    }
    const page = notFoundPageFor(request.url);
    reply.code(404).header('Cache-Control', REVALIDATE);
    return page ? reply.sendFile(page) : reply.type('text/plain').send('Not found');
  });
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the site's localized 404 page (set when a site is served). */
    sendSiteNotFound?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}
