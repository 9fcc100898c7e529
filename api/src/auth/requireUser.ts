// The guard of every route that needs a signed-in user. The auth plugin installs it on the root
// instance; a plugin registered after it uses it like this:
//
//   app.get('/api/follow/list', { onRequest: app.requireUser, schema: { security: [{ bearerAuth: [] }], ... } },
//     async (request) => { const user = currentUser(request); ... });
//
// It reads `Authorization: Bearer <token>`, sets `request.user`, and answers code 401 (HTTP 401)
// when the token is missing, malformed, unknown, expired or revoked. It runs first (onRequest),
// before the query and body are read or validated: a stranger hears 401 whatever they sent. Other transports (socket.io)
// call `app.authenticate(token)` directly.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiError } from '../envelope.js';
import type { AuthUser, TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 unless the request carries a valid bearer token; sets `request.user`. */
    requireUser: onRequestAsyncHookHandler;
    /** The user a token value belongs to, or null (for socket.io handshakes and the like). */
    authenticate(token: string): Promise<AuthUser | null>;
  }
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser`; null on routes without it. */
    user: AuthUser | null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Builds the `requireUser` hook over a token service. */
export function createRequireUser(tokens: TokenService): onRequestAsyncHookHandler {
  return async function requireUser(request: FastifyRequest) {
    const token = bearerToken(request.headers.authorization);
    const user = token ? await tokens.authenticate(token) : null;
    if (!user) throw new ApiError(401, 'unauthorized');
    request.user = user;
  };
}

/** The signed-in user of a route guarded by `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error(`${request.routeOptions.url} is not guarded by requireUser`);
  return request.user;
}
