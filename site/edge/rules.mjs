// @ts-check
// The device redirect and the security headers of the site's HTML, written once for every host:
// the edge handler (Netlify, Cloudflare), the API's local server (SITE_RULES) and, for the
// redirect alone, an inline script in every page. No imports and no runtime-specific API, so the
// same file runs in Node 20, Deno, Cloudflare Workers and browsers.

/**
 * The pages the site has both for computers and for phones, each by its path under the language
 * (and, for the phone's, under `mobile/`); '' is the home page. The device redirect keeps the page
 * between these pairs, and its callers keep the query string, so a shared link to a coin's report
 * (`/reporting/?coin=1`) or a source (`/monitoring/detail/?id=7`) opens the same coin or source on
 * the other side. rules.test.ts checks the list against site/src/pages and its mobile/ folder, so
 * a new pair of pages is added here.
 */
export const PAGES_ON_BOTH_SIDES = Object.freeze([
  '',
  '400',
  'alerts',
  'markets',
  'monitoring/detail',
  'privacy',
  'reporting',
  'terms',
]);

/**
 * The folders whose pages the site has on both sides, one per item under its name: a coin's page
 * (`coins/bitcoin` <-> `mobile/coins/bitcoin`), which the build makes for the coins it knows and a
 * client route draws for the others. The device redirect keeps the item.
 */
export const FOLDERS_ON_BOTH_SIDES = Object.freeze(['coins']);

/** Whether `page` (a path under the language and side, no slashes at its ends) is on both sides. */
function onBothSides(page) {
  if (PAGES_ON_BOTH_SIDES.indexOf(page) !== -1) return true;
  const parts = page.split('/');
  return parts.length === 2 && parts[1] !== '' && FOLDERS_ON_BOTH_SIDES.indexOf(parts[0]) !== -1;
}

/**
 * The page a host serves, with status 200, for the address of an item of FOLDERS_ON_BOTH_SIDES that
 * has no page of its own (a coin the provider listed after the build): the folder's page in the
 * same language and side (`/zh/mobile/coins/new-coin/` -> `/zh/mobile/coins/`), a client route
 * that draws the item its address names. Null for any other address, whose missing page is the
 * 404 page's. Hosts call it only when the address has no file.
 *
 * @param {string} pathname the request's path, without query string
 * @returns {string | null}
 */
export function clientRoutePage(pathname) {
  const match = /^(\/(?:zh|pt-br))?(\/mobile)?\/([a-z]+)\/[A-Za-z0-9-]+\/?$/.exec(
    typeof pathname === 'string' ? pathname : '',
  );
  if (!match || FOLDERS_ON_BOTH_SIDES.indexOf(match[3]) === -1) return null;
  return (match[1] || '') + (match[2] || '') + '/' + match[3] + '/';
}

/**
 * Where a request for `pathname` from `userAgent` must go instead, or null when it stays.
 *
 * Phones belong on the mobile pages (`/mobile/`, `/zh/mobile/`, `/pt-br/mobile/`), everyone else
 * on the full site (`/`, `/zh/`, `/pt-br/`); the language of the path is kept, and so is the page
 * where the other side has it too (PAGES_ON_BOTH_SIDES: `/privacy/` <-> `/mobile/privacy/`, and
 * FOLDERS_ON_BOTH_SIDES: `/coins/bitcoin/` <-> `/mobile/coins/bitcoin/`).
 * A page without a counterpart (`/monitoring/`, the 404 page, an address that is no page) goes to
 * the other side's home page of its language. The target is the page's canonical address, with a
 * trailing slash: `/terms`, `/terms/index.html` and `/terms.html` all go to `/mobile/terms/`. The
 * query string and fragment are not part of `pathname`; each caller appends them. The API,
 * socket.io, Gatsby's own folders and any file with an extension (but .html) are not pages and
 * stay.
 *
 * "Mobi" is in every phone browser's user agent (Android phones say "Mobile", Android tablets do
 * not); older phones without it are named. Tablets get the full site: iPads say "Mobile/..." and
 * Firefox on Android tablets says "Tablet", so those are excluded first. iPadOS in its default
 * desktop mode sends a macOS Safari user agent and is desktop here, as everywhere else that reads
 * the user agent.
 *
 * The pages' head script runs it too (site/src/start/inline/, bundled by the build with what it
 * uses from this file), for hosts without this handler.
 *
 * @param {string} pathname the request's path, without query string
 * @param {string | null | undefined} userAgent the request's User-Agent header
 * @returns {string | null}
 */
export function deviceRedirect(pathname, userAgent) {
  const path = typeof pathname === 'string' && pathname !== '' ? pathname : '/';
  if (/^\/(api|socket\.io|static|page-data|_gatsby|~partytown)(\/|$)/.test(path)) return null;
  const segments = path.split('/').filter((segment) => segment !== '');
  const last = segments.length > 0 ? segments[segments.length - 1] : '';
  if (/\.[A-Za-z0-9]+$/.test(last) && !/\.html?$/i.test(last)) return null;

  const agent = typeof userAgent === 'string' ? userAgent : '';
  const mobile =
    !/iPad|Tablet/.test(agent) && /Mobi|iPhone|iPod|Windows Phone|Opera Mini/.test(agent);

  const prefix = segments[0] === 'zh' || segments[0] === 'pt-br' ? '/' + segments[0] : '';
  const onMobilePage = segments.indexOf('mobile') !== -1;
  if (mobile === onMobilePage) return null;

  // The page's path under its language and side; a `mobile` segment anywhere but first there
  // (`/fr/mobile/`, a language the site does not have) names no page with a counterpart.
  const underLanguage = segments.slice(prefix === '' ? 0 : 1);
  const own = !onMobilePage
    ? underLanguage
    : underLanguage[0] === 'mobile'
      ? underLanguage.slice(1)
      : null;
  // `terms/index.html` and `terms.html` are the page `terms`, `index.html` the home page.
  const page = own === null ? null : own.join('/').replace(/(^|\/)index\.html?$|\.html?$/i, '');
  const kept = page !== null && onBothSides(page) ? page : '';
  return prefix + (mobile ? '/mobile/' : '/') + (kept === '' ? '' : kept + '/');
}

/**
 * Whether the site treats this user agent as a phone (see `deviceRedirect`).
 *
 * @param {string | null | undefined} userAgent
 * @returns {boolean}
 */
export function isMobileUserAgent(userAgent) {
  // The rule itself lives inside deviceRedirect; the home page without a mobile segment sends
  // exactly the phones elsewhere.
  return deviceRedirect('/', userAgent) !== null;
}

/**
 * The Content-Security-Policy hash sources (`'sha256-...'`) of every inline script of an HTML
 * document, in document order, each once.
 *
 * @param {string} html
 * @returns {Promise<string[]>}
 */
export async function inlineScriptHashes(html) {
  /** @type {string[]} */
  const sources = [];
  const encoder = new TextEncoder();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    // A script with a src runs the file, never its text.
    if (/(^|\s)src(\s*=|\s|\/|$)/i.test(match[1] || '')) continue;
    // Browsers hash the text the HTML parser hands over, and the parser turns CRLF and CR into LF.
    const text = (match[2] || '').replace(/\r\n?/g, '\n');
    const digest = await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text));
    const source = "'sha256-" + base64(new Uint8Array(digest)) + "'";
    if (!sources.includes(source)) sources.push(source);
  }
  return sources;
}

/** @param {Uint8Array} bytes */
function base64(bytes) {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * @typedef {object} SecurityHeadersOptions
 * @property {readonly string[]} scriptHashes the document's inline script hashes (`inlineScriptHashes`)
 * @property {string} [apiOrigin] where the API lives when it is not the page's own origin
 * @property {string} [origin] the page's own origin, for its socket.io (WebSocket) connection
 */

/**
 * The headers of an HTML answer: the Content-Security-Policy and the other security headers. The
 * one list of them; every host sends what this returns.
 *
 * @param {SecurityHeadersOptions} options
 * @returns {Record<string, string>}
 */
export function securityHeaders({ scriptHashes, apiOrigin, origin }) {
  for (const hash of scriptHashes) {
    // A stray quote or semicolon here would rewrite the policy.
    if (!/^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/.test(hash)) {
      throw new TypeError(`not a CSP hash source: ${hash}`);
    }
  }
  const connect = ["'self'"];
  const self = originOf(origin);
  if (self) {
    // Older Safari does not count ws: and wss: as 'self'; both schemes because behind a TLS proxy
    // the server may not know which one the browser uses.
    connect.push(`ws://${self.host}`, `wss://${self.host}`);
  }
  if (apiOrigin) {
    const api = originOf(apiOrigin);
    if (!api) throw new TypeError(`apiOrigin is not an http(s) origin: ${apiOrigin}`);
    connect.push(api.origin, `${api.protocol === 'https:' ? 'wss' : 'ws'}://${api.host}`);
  }
  const policy = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    // Emotion (Chakra) writes style tags at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

/**
 * An http(s) origin with a plain host name or address, or null; the value may come from a
 * request's Host header, so anything that could break out of a CSP source is refused.
 *
 * @param {string | undefined} value
 */
function originOf(value) {
  if (!value) return null;
  let url;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!/^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d+)?$/.test(url.host)) return null;
  return { origin: url.origin, protocol: url.protocol, host: url.host };
}
