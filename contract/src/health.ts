import { Type, type Static } from 'typebox';

/** `GET /api/health`. */
export const Health = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
  uptimeSec: Type.Integer({ minimum: 0 }),
  database: Type.Object({
    driver: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
    ok: Type.Boolean(),
  }),
});
/** `GET /api/health`. */
export type Health = Static<typeof Health>;
