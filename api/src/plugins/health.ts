import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Health } from '../contract/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { ok, sendFailure } from '../envelope.js';

const HealthData = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
  uptimeSec: Type.Integer({ minimum: 0 }),
  database: Type.Object({
    driver: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
    ok: Type.Boolean(),
  }),
});

const Failure = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Null() });

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
        response: {
          200: Type.Object({ code: Type.Literal(200), msg: Type.String(), data: HealthData }),
          503: Failure,
        },
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
