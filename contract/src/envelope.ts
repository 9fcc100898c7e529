// The envelopes every answer comes in, and the schemas of a route's answers built from them.
import { Type, type Static, type TSchema } from 'typebox';

/** A value or null. Generic, so that `Static<>` keeps the type (`number | null`, not `unknown`). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The envelope of every answer but monitoring's. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The envelope of `/api/monitor/*` answers. */
export interface MonitorEnvelope<T> {
  ok: boolean;
  msg: string;
  data: T;
  code?: number;
}

/** A page of a list. */
export interface ListPage<T> {
  records: T[];
  page: number;
  size: number;
  total: number;
  has_next: boolean;
}

/** The list payload around `item`. */
export function listPage(item: TSchema) {
  return Type.Object({
    records: Type.Array(item),
    page: Type.Integer(),
    size: Type.Integer(),
    total: Type.Integer({ description: 'Matches in all pages.' }),
    has_next: Type.Boolean(),
  });
}

/** `data` of a code 423 (locked) or 429 (too many requests) answer. */
export const RetryAfter = Type.Object({
  retryAfter: Type.Integer({ minimum: 0, description: 'Seconds to wait (codes 423 and 429).' }),
  codeSent: Type.Optional(
    Type.Literal(true, {
      description:
        "sendMessage's 429 only: a code for this address and purpose went out inside the cooldown, so that code still works.",
    }),
  ),
});
export type RetryAfter = Static<typeof RetryAfter>;

/** A failed outcome, in the envelope. */
export function failure(description?: string) {
  return Type.Object(
    {
      code: Type.Integer(),
      msg: Type.String({ description: "In the request's Language." }),
      data: Type.Union([Type.Null(), RetryAfter]),
    },
    description ? { description } : {},
  );
}

/**
 * The answers of a route: HTTP 200 carries the success envelope or a handled failure (403, 409,
 * 410, 422, 423 ...: the body's code tells which), HTTP 429 when limited, 401 when guarded.
 */
export function answers(
  data: TSchema,
  description: string,
  more: { limited?: boolean; guarded?: boolean } = {},
) {
  return {
    200: Type.Union(
      [Type.Object({ code: Type.Literal(200), msg: Type.String(), data }), failure()],
      { description },
    ),
    ...(more.limited
      ? { 429: failure('Too many requests (code 429): wait `data.retryAfter` seconds.') }
      : {}),
    ...(more.guarded
      ? {
          401: failure('No valid token: missing, unknown, expired or revoked (code 401).'),
        }
      : {}),
  };
}

/** The answers of a monitoring route: success or a handled failure, HTTP 401 when guarded. */
export function monitorAnswers(data: TSchema, description: string, guarded = false) {
  const failed = Type.Object({
    ok: Type.Literal(false),
    code: Type.Integer(),
    msg: Type.String({ description: "Why, in the request's Language." }),
    data: Type.Null(),
  });
  return {
    200: Type.Union([Type.Object({ ok: Type.Literal(true), msg: Type.String(), data }), failed], {
      description,
    }),
    ...(guarded ? { 401: failed } : {}),
  };
}
