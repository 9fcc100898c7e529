// The `{ code, msg, data }` envelope and the one place that maps errors to it.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  httpStatusOf,
  serverMessage,
  type Code,
  type Envelope,
  type MessageKey,
} from '@coinlens/contract';
import { localeOf } from './i18n.js';

/** A successful answer. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> & { code: 200 } {
  return { code: 200, msg: serverMessage('ok', localeOf(request.headers.language)), data };
}

/**
 * A handled outcome other than success, thrown from a route or a service: the contract's code,
 * the message key of its `msg`, and the `data` that goes with it (e.g. `{ retryAfter }`).
 */
export class ApiError extends Error {
  // A number, not `Code`: the error handler narrows a FastifyError (whose `code` is a string) to
  // an ApiError, and TypeScript reduces that intersection to nothing when `code` is a union of
  // literals.
  readonly code: number;

  constructor(
    code: Code,
    readonly key: MessageKey,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(key);
    this.name = 'ApiError';
    this.code = code;
  }
}

/** Whether `url` is a monitoring route, whose answers use the `{ ok, msg, data }` envelope. */
export function isMonitorUrl(url: string): boolean {
  return url.startsWith('/api/monitor/');
}

/** A successful monitoring answer. */
export function monitorOk<T>(data: T): { ok: true; msg: string; data: T } {
  return { ok: true, msg: '', data };
}

/**
 * Sends a failure envelope with the HTTP status the contract gives its code (or `httpStatus`
 * where the server itself answers: an unknown address, a database that is down). Monitoring
 * routes answer `{ ok: false, code, msg, data }`, every other route `{ code, msg, data }`.
 */
export function sendFailure(
  reply: FastifyReply,
  code: number,
  msg: string,
  data: unknown = null,
  httpStatus: number = httpStatusOf(code),
): FastifyReply {
  const body = isMonitorUrl(reply.request.url)
    ? { ok: false, code, msg, data }
    : { code, msg, data };
  return reply.status(httpStatus).send(body);
}

function messageFor(request: FastifyRequest, key: MessageKey): string {
  return serverMessage(key, localeOf(request.headers.language));
}

/** Installs the error and not-found handlers for every route under `app`. */
export function registerEnvelopeHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      // Also in the standard header, for clients and proxies that know it (423 and 429 carry it).
      const retryAfter = error.data?.retryAfter;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return sendFailure(reply, error.code, messageFor(request, error.key), error.data);
    }
    const status = error.statusCode ?? 500;
    if (error.validation || status === 400) {
      // Say what was wrong, but in words the client can show: the first validation message.
      const detail = error.validation?.[0];
      const where = detail ? `${error.validationContext ?? ''}${detail.instancePath}`.trim() : '';
      const msg = messageFor(request, 'badRequest');
      return sendFailure(
        reply,
        400,
        where ? `${msg}: ${where} ${detail?.message ?? ''}`.trim() : msg,
      );
    }
    if (status === 413) return sendFailure(reply, 413, messageFor(request, 'tooLarge'));
    if (status === 405) return sendFailure(reply, 405, messageFor(request, 'methodNotAllowed'));
    if (status === 429) return sendFailure(reply, 429, error.message);
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return sendFailure(reply, 500, messageFor(request, 'internal'));
    }
    return sendFailure(reply, status, error.message);
  });
}

/** The not-found answer for `/api/*`. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendFailure(reply, 404, messageFor(request, 'notFound'), null, 404);
}

/**
 * Sends an SVG image (a coin logo, a monogram): cacheable for a day, usable by pages on other
 * origins, and never able to run script.
 */
export function sendSvg(reply: FastifyReply, svg: string): FastifyReply {
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=86400')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(svg);
}
