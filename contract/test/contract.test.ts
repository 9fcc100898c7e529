import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Value from 'typebox/value';
import {
  ALERT_KINDS,
  AlertKind,
  CODES,
  COIN_ALERT_KINDS,
  VALUE_ALERT_KINDS,
  LOCALES,
  ROUTES,
  SERVER_MESSAGES,
  TRANSPORT_CODES,
  httpStatusOf,
  serverMessage,
  type MessageKey,
  type UserInfo,
} from '../src/index.js';

describe('codes', () => {
  it('answers the transport codes with their own HTTP status and every other code with 200', () => {
    for (const code of [400, 401, 405, 413, 429, 500, 503]) assert.equal(httpStatusOf(code), code);
    for (const code of [200, 403, 404, 409, 410, 422, 423, 501])
      assert.equal(httpStatusOf(code), 200);
  });

  it('explains every transport code', () => {
    for (const code of TRANSPORT_CODES) assert.ok(CODES[code], `code ${code} has no meaning`);
  });
});

describe('server messages', () => {
  const keys = Object.keys(SERVER_MESSAGES) as MessageKey[];

  it('says every message in every language', () => {
    for (const key of keys) {
      for (const locale of LOCALES)
        assert.ok(serverMessage(key, locale).trim(), `${key} ${locale}`);
    }
  });
});

describe('routes', () => {
  const entries = Object.entries(ROUTES);

  it('name each route by its method and its path under /api', () => {
    assert.ok(entries.length > 30);
    for (const [key] of entries) assert.match(key, /^(GET|POST|PUT) \/api\/[\w/:]+$/);
  });

  it('give every request part as an object and every route an answer for HTTP 200', () => {
    for (const [key, route] of entries) {
      assert.ok(route.response[200], `${key} has no answer`);
      for (const part of ['params', 'querystring', 'body'] as const) {
        const schema = (route as Partial<Record<typeof part, { type?: string }>>)[part];
        if (schema) assert.equal(schema.type, 'object', `${key} ${part}`);
      }
    }
  });

  it('accept the answers the API gives and refuse others', () => {
    const user: Required<UserInfo> = {
      id: 1,
      account: 'ada@example.com',
      nickname: 'Ada',
      avatar: null,
      times: 0,
      priceColors: null,
      operator: false,
      tokenInfo: { tokenName: 'Authorization', tokenValue: '', expiresAt: 1_800_000_000 },
    };
    const answer = ROUTES['GET /api/user'].response[200];
    assert.ok(Value.Check(answer, { code: 200, msg: 'ok', data: user }));
    assert.ok(Value.Check(answer, { code: 401, msg: 'Please log in', data: null }));
    assert.ok(!Value.Check(answer, { code: 200, msg: 'ok', data: { ...user, id: 'one' } }));
    const monitored = ROUTES['GET /api/monitor/source/hot'].response[200];
    assert.ok(Value.Check(monitored, { ok: true, msg: '', data: [] }));
    assert.ok(!Value.Check(monitored, { code: 200, msg: 'ok', data: [] }));
  });
});

describe('alert kinds', () => {
  it('are the same list in the schema and in ALERT_KINDS, the coin and value kinds among them', () => {
    assert.deepEqual(
      AlertKind.anyOf.map((literal) => literal.const),
      [...ALERT_KINDS],
    );
    for (const kind of [...COIN_ALERT_KINDS, ...VALUE_ALERT_KINDS]) {
      assert.ok(ALERT_KINDS.includes(kind), kind);
    }
    assert.ok(VALUE_ALERT_KINDS.every((kind) => COIN_ALERT_KINDS.includes(kind)));
  });
});
