// The bench's own servers, run in a worker thread of bench.mjs so that they do not share an
// event loop with Lighthouse or the load generator: a bare Fastify route (`GET /`, the HTTP
// stack's own ceiling, beside the API's figures) and the reference page (bench/reference/public).
// Posts `{ bare, reference }`, their origins, once both listen.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { root, referenceDir } = workerData;
const Fastify = createRequire(join(root, 'package.json'))('fastify');
const module = (path) => import(pathToFileURL(join(root, path)).href);

const bare = Fastify({ logger: false });
bare.get('/', async () => ({ code: 200, msg: 'ok', data: null }));

// The reference is served as the product serves the site (api/src/plugins/site.ts: Gatsby's
// caching, Brotli or gzip, the security headers of site/edge/rules.mjs with the page's own inline
// script hashes), so that the two differ in their pages only. It has no phone pages: nobody is
// redirected.
const [{ siteRoutes }, { inlineScriptHashes, securityHeaders }] = await Promise.all([
  module('api/dist/src/plugins/site.js'),
  module('site/edge/rules.mjs'),
]);
const reference = Fastify({ logger: false });
await reference.register(siteRoutes, {
  root: referenceDir,
  localePrefixes: ['zh', 'pt-br'],
  rules: { deviceRedirect: () => null, inlineScriptHashes, securityHeaders },
});

const [bareOrigin, referenceOrigin] = await Promise.all(
  [bare, reference].map((app) => app.listen({ port: 0, host: '127.0.0.1' })),
);
parentPort.postMessage({ bare: bareOrigin, reference: referenceOrigin });
