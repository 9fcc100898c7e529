// What every API answer obeys, whichever plugin defines its route: CORS for the configured
// origins, the API's own security headers, and a small default body limit. Registered before the
// route plugins, because its onRoute hook only sees routes added after it.
import cors from '@fastify/cors';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** The body limit of an `/api` route that does not set its own: JSON calls here are small. */
export const API_BODY_LIMIT = 16 * 1024;

/** API answers are data, never documents: nothing in them may load or frame anything. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The CORS answer for an allowed origin, in the shape both @fastify/cors and socket.io's `cors`
 * option take (the chat plugin gives socket.io the same policy).
 */
export function corsSettings(origins: readonly string[]) {
  return {
    origin: origins.length > 0 ? [...origins] : false,
    methods: ['GET', 'POST', 'PUT'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Language'],
    // Tokens travel in the Authorization header, never in cookies.
    credentials: false,
    maxAge: 600,
  };
}

const API_PATH = /^\/api(?:[/?]|$)/;
const CORS_PATH = /^\/(?:api|socket\.io)(?:[/?]|$)/;

export interface ApiPolicyOptions {
  /** Exact origins (`https://app.example.com`) allowed to call the API; empty: same origin only. */
  corsOrigins: readonly string[];
}

const apiPolicyPlugin: FastifyPluginAsync<ApiPolicyOptions> = async (app, { corsOrigins }) => {
  app.addHook('onRoute', (route) => {
    // A huge body is refused from its Content-Length, before it is read.
    if (route.bodyLimit === undefined && API_PATH.test(route.url)) route.bodyLimit = API_BODY_LIMIT;
  });

  // With no other origin allowed, CORP keeps even same-site pages from embedding API answers.
  const resourcePolicy = corsOrigins.length > 0 ? 'same-site' : 'same-origin';
  app.addHook('onSend', async (request, reply) => {
    if (!API_PATH.test(request.url)) return;
    // A route with a page of its own (the docs UI) sets its CSP first; everything else is data.
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', API_CSP);
    }
    // Images (coin logos) may be shown by any page, e.g. a site on another origin.
    if (!reply.hasHeader('cross-origin-resource-policy')) {
      reply.header('cross-origin-resource-policy', resourcePolicy);
    }
  });

  if (corsOrigins.length === 0) return;
  const allowed = new Set(corsOrigins);
  const settings = corsSettings(corsOrigins);
  await app.register(cors, {
    hook: 'onRequest',
    // Per request, so that only the API and socket.io answer CORS, and only to listed origins:
    // any other origin gets no CORS header at all, and its preflight finds nothing here.
    delegator(request, callback) {
      const origin = request.headers.origin;
      const permitted = origin !== undefined && allowed.has(origin) && CORS_PATH.test(request.url);
      callback(null, permitted ? { ...settings, origin } : { origin: false });
    },
  });
};

/** CORS, security headers and body limits for `/api` (see the top of this file). */
export const apiPolicy = fp(apiPolicyPlugin, { name: 'coinlens-api-policy' });
