// The API's own documentation: an OpenAPI 3.1 document generated from every route's schema, at
// /api/docs/json, and Swagger UI at /api/docs, served from the installed package (no CDN, works
// offline). Registered before the route plugins: @fastify/swagger collects routes as they are added.
import { CODES, TRANSPORT_CODES } from '@coinlens/contract';
import swagger, { type SwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { API_BODY_LIMIT } from './api-policy.js';

/** Where the UI lives; the document is at `${DOCS_PREFIX}/json`. */
export const DOCS_PREFIX = '/api/docs';

/**
 * The docs UI's policy: Swagger UI's scripts and styles are files from this origin (none inline),
 * its icons are data: URIs in its CSS, and "Try it out" calls this origin.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The OpenAPI `security` of a guarded route: the bearer scheme this document declares. */
export const bearer = [{ bearerAuth: [] as string[] }];

/** One tag per resource plugin; every route names one. */
export const DOCS_TAGS = [
  { name: 'health', description: 'Whether the server and its database are up.' },
  {
    name: 'auth',
    description:
      'Accounts: verification codes, sign-up, sign-in (email, Google, X), password reset, profile.',
  },
  { name: 'coins', description: 'The coin list and current prices.' },
  {
    name: 'market',
    description:
      'The market overview and the coin pages: every coin with its 1 h, 24 h and 7 d changes, sorted on the server, 7-day sparklines, and one coin with its description; each answer says where its figures come from and how old they are.',
  },
  { name: 'follows', description: "The signed-in user's followed coins." },
  {
    name: 'alerts',
    description:
      "The signed-in user's alerts on coins and sources, and the alerts that fired: the inbox and the history, each with the figure that fired it, its provider and its as-of time.",
  },
  {
    name: 'reports',
    description: 'Coin reports: price series, indicators, signals and a written summary.',
  },
  {
    name: 'chat',
    description:
      "The assistant conversation's history. Messages themselves travel over socket.io at `/socket.io` (handshake query `token`), which this document does not describe.",
  },
  {
    name: 'monitoring',
    description:
      'Monitored information sources, their summaries and transcripts. These answer the monitoring envelope `{ ok, msg, data }`.',
  },
] as const;

const DESCRIPTION = `The reference API of Coinlens: coins and reports, followed coins, monitored sources, the assistant's history, and accounts.

## Requests

- JSON bodies in UTF-8, at most ${API_BODY_LIMIT / 1024} KB unless a call says otherwise. Times are Unix **seconds** (UTC) unless a field says otherwise.
- \`Authorization: Bearer <token>\` on calls that need a signed-in user (marked with a lock); the token is \`tokenInfo.tokenValue\` of a sign-in answer.
- \`Language: en | zh | pt-br\` (default \`en\`) picks the language of \`msg\`.

## Envelopes

- Every answer but monitoring's: \`{ "code": 200, "msg": "ok", "data": <payload or null> }\`.
- Monitoring (\`/api/monitor/*\`): \`{ "ok": true, "msg": "", "data": <payload> }\`; on failure \`ok\` is false and \`msg\` says why.
- Lists: \`{ "records": [...], "page": 1, "size": 20, "total": 123, "has_next": true }\`.

## Codes

The body's \`code\` is the source of truth. The HTTP status is 200 for every handled outcome, except the transport-level codes, where it equals \`code\`: ${TRANSPORT_CODES.join(', ')}; and 404 where the server itself answers an unknown address.

| code | meaning |
|---|---|
${(Object.entries(CODES) as [string, string][]).map(([code, meaning]) => `| ${code} | ${meaning} |`).join('\n')}
`;

const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
});

type Operation = {
  parameters?: ({ $ref: string } | { name?: string; in?: string })[];
  requestBody?: unknown;
  security?: Record<string, unknown>[];
  responses?: Record<string, unknown>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * Adds what every operation shares and no route schema repeats: the Language header, and the
 * failures the server itself answers (bad input, too large, unauthorized, fault).
 */
function addSharedParts(paths: Record<string, Partial<Record<string, Operation>> | undefined>) {
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const hasLanguage = parameters.some(
        (p) => 'name' in p && p.in === 'header' && p.name?.toLowerCase() === 'language',
      );
      if (!hasLanguage) {
        operation.parameters = [{ $ref: '#/components/parameters/Language' }, ...parameters];
      }
      const responses = (operation.responses ??= {});
      const shared: [string, string, boolean][] = [
        ['400', 'BadRequest', operation.requestBody !== undefined || parameters.length > 0],
        ['401', 'Unauthorized', operation.security?.some((s) => 'bearerAuth' in s) ?? false],
        ['413', 'PayloadTooLarge', operation.requestBody !== undefined],
        ['500', 'InternalError', true],
      ];
      for (const [status, name, applies] of shared) {
        if (applies && !(status in responses)) {
          responses[status] = { $ref: `#/components/responses/${name}` };
        }
      }
    }
  }
}

export interface DocsOptions {
  /** The API's version (package.json), shown in the document. */
  version: string;
}

const docsPlugin: FastifyPluginAsync<DocsOptions> = async (app, { version }) => {
  const options: SwaggerOptions = {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Coinlens API', version, description: DESCRIPTION },
      servers: [{ url: '/', description: 'The origin that serves this document' }],
      tags: DOCS_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'The `tokenInfo.tokenValue` of a sign-in answer.',
          },
        },
        parameters: {
          Language: {
            name: 'Language',
            in: 'header',
            required: false,
            description: 'The language of `msg` and of written content.',
            schema: { type: 'string', enum: ['en', 'zh', 'pt-br'], default: 'en' },
          },
        },
        schemas: {
          Failure: {
            type: 'object',
            required: ['code', 'msg', 'data'],
            properties: {
              code: { type: 'integer' },
              msg: { type: 'string', description: "In the request's Language." },
              data: { description: 'null, or details such as `retryAfter`.' },
            },
          },
        },
        responses: {
          BadRequest: failure('Malformed request (code 400, HTTP 400).'),
          Unauthorized: failure(
            'Not signed in, or the token is invalid, expired or revoked (code 401, HTTP 401).',
          ),
          PayloadTooLarge: failure('The request body is too large (code 413, HTTP 413).'),
          InternalError: failure('Unexpected fault (code 500, HTTP 500).'),
        },
      },
    },
    transformObject(document) {
      if ('openapiObject' in document && document.openapiObject.paths) {
        addSharedParts(document.openapiObject.paths as Parameters<typeof addSharedParts>[0]);
        return document.openapiObject;
      }
      return 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
    },
  };
  await app.register(swagger, options);

  // The UI in a context of its own, so that its hook covers exactly its routes and files.
  await app.register(async (docs) => {
    docs.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', DOCS_CSP);
    });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      theme: { title: 'Coinlens API' },
      uiConfig: {
        // The standalone layout's top bar draws Swagger's logo with an inline <style>, which the
        // CSP above refuses; the base layout has everything else (info, servers, authorize).
        layout: 'BaseLayout',
        deepLinking: true,
        docExpansion: 'list',
        displayRequestDuration: true,
      },
      // No online validator badge: the page must not call out.
      validatorUrl: false,
    });
  });
};

/** `/api/docs` (Swagger UI) and `/api/docs/json` (the OpenAPI document). */
export const docs = fp(docsPlugin, { name: 'coinlens-docs' });
