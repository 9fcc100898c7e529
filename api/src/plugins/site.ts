// Serves a built static site (Gatsby's public/) beside the API on one origin, with the caching
// Gatsby asks for and a localized 404 page.
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface SiteOptions {
  /** The built site's directory. */
  root: string;
  /** Path prefixes of the site's non-default locales, e.g. `['zh', 'pt-br']`. */
  localePrefixes: readonly string[];
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Gatsby's caching rules: hashed assets forever, HTML and page data always revalidated. */
export function cacheControlFor(path: string): string {
  if (/\/static\//.test(path)) return IMMUTABLE;
  if (/\.(js|css)$/.test(path) && !/\/sw\.js$/.test(path)) return IMMUTABLE;
  return REVALIDATE;
}

export const siteRoutes: FastifyPluginAsync<SiteOptions> = async (
  app,
  { root, localePrefixes },
) => {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: ['index.html'],
    redirect: true,
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('Cache-Control', cacheControlFor(path));
    },
  });

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

  app.decorate('sendSiteNotFound', (request: FastifyRequest, reply: FastifyReply) => {
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
