// @ts-check
// The edge handler in front of the static site: the device redirect, and the security headers on
// HTML. A plain Request -> Response function, so that each host needs only a small adapter
// (netlify/, cloudflare/).
import { clientRoutePage, deviceRedirect, inlineScriptHashes, securityHeaders } from './rules.mjs';

/**
 * @typedef {object} HandlerOptions
 * @property {string} [apiOrigin] where the API lives when it is not the site's own origin
 */

/**
 * Answers one request: a 302 to the page for the device, or the asset from `fetchAsset`, HTML
 * with the security headers and a CSP that allows exactly its own inline scripts.
 *
 * @param {Request} request
 * @param {(request: Request) => Response | Promise<Response>} fetchAsset the host's static files
 * @param {HandlerOptions} [options]
 * @returns {Promise<Response>}
 */
export async function handleRequest(request, fetchAsset, options = {}) {
  const url = new URL(request.url);
  if (request.method === 'GET' || request.method === 'HEAD') {
    const target = deviceRedirect(url.pathname, request.headers.get('user-agent'));
    if (target !== null) {
      return new Response(null, {
        status: 302,
        headers: {
          Location: target + url.search,
          // The answer depends on the user agent: no shared cache may hand it to another device.
          'Cache-Control': 'private, no-store',
          Vary: 'User-Agent',
        },
      });
    }
  }

  let response = await fetchAsset(request);
  // An item without a page of its own (a coin listed after the build): its client route's page.
  const routePage = response.status === 404 ? clientRoutePage(url.pathname) : null;
  if (routePage !== null) {
    const routed = await fetchAsset(new Request(new URL(routePage, url), request));
    if (routed.ok) response = routed;
  }
  if (!isHtml(response)) return response;

  // A HEAD answer has no body, hence no hashes; it carries the policy's other parts all the same.
  const body = await response.arrayBuffer();
  const scriptHashes = await inlineScriptHashes(new TextDecoder().decode(body));
  const headers = new Headers(response.headers);
  const extra = securityHeaders({ scriptHashes, apiOrigin: options.apiOrigin, origin: url.origin });
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  // Every page redirects one kind of device or the other, so every HTML answer depends on it.
  addVary(headers, 'User-Agent');
  // The body read above is already decoded; the host recompresses and counts it again.
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  return new Response(request.method === 'HEAD' ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** @param {Response} response */
function isHtml(response) {
  const type = response.headers.get('content-type') || '';
  const hasBody = response.status !== 204 && response.status !== 205 && response.status !== 304;
  return hasBody && /^text\/html\b/i.test(type);
}

/**
 * @param {Headers} headers
 * @param {string} field
 */
function addVary(headers, field) {
  const fields = (headers.get('Vary') || '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (fields.some((name) => name === '*' || name.toLowerCase() === field.toLowerCase())) return;
  headers.set('Vary', [...fields, field].join(', '));
}
