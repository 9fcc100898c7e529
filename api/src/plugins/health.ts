import { ROUTES, type Health } from '@coinlens/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DatabaseHandle } from '../db/client.js';
import { ok, sendFailure } from '../envelope.js';

export interface HealthOptions {
  database: DatabaseHandle;
  version: string;
}

/** `GET /api/health`: the server is up and its database answers (503 when it does not). */
export const healthRoutes: FastifyPluginAsyncTypebox<HealthOptions> = async (
  app,
  { database, version },
) => {
  const startedAt = Date.now();
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['health'],
        ...ROUTES['GET /api/health'],
      },
    },
    async (request, reply) => {
      if (!(await database.ping())) {
        return sendFailure(reply, 503, 'database unavailable', null, 503);
      }
      const data: Health = {
        status: 'ok',
        version,
        uptimeSec: Math.floor((Date.now() - startedAt) / 1000),
        database: { driver: database.driver, ok: true },
      };
      return ok(request, data);
    },
  );
};
