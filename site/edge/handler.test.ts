/**
 * @jest-environment node
 */
// Node, not jsdom: the handler speaks the fetch API's Request and Response, as edge hosts do.
import { createHash } from 'node:crypto';
import { handleRequest } from './handler.mjs';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const INLINE = 'window.___chunkMapping={"app":["/app-1.js"]};';
const PAGE = `<!DOCTYPE html><html><head><script>${INLINE}</script></head><body><script src="/app-1.js" async></script></body></html>`;
const SCRIPT = 'console.log("app");';

/** A host's static files: the home page, a script and a 404 page. */
function assets(request: Request): Response {
  const { pathname } = new URL(request.url);
  if (
    pathname === '/' ||
    pathname === '/mobile/' ||
    pathname === '/zh/' ||
    pathname === '/zh/coins/'
  ) {
    return new Response(PAGE, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        Vary: 'Accept-Encoding',
        ETag: '"p1"',
      },
    });
  }
  if (pathname === '/app-1.js') {
    return new Response(SCRIPT, {
      headers: {
        'Content-Type': 'application/javascript',
        'Cache-Control': 'public, max-age=31536000, immutable',
      },
    });
  }
  return new Response('<h1>not found</h1><script>history.length</script>', {
    status: 404,
    headers: { 'Content-Type': 'text/html' },
  });
}

function get(path: string, userAgent: string, init: RequestInit = {}): Request {
  return new Request(`https://coinlens.example${path}`, {
    ...init,
    headers: { 'User-Agent': userAgent },
  });
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

describe('handleRequest', () => {
  it('sends a phone from a page without a mobile one to the mobile home page, keeping the query', async () => {
    const fetchAsset = jest.fn(assets);
    const res = await handleRequest(get('/zh/monitoring/?x=1&t=login', IPHONE), fetchAsset);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/zh/mobile/?x=1&t=login');
    expect(res.headers.get('Vary')).toBe('User-Agent');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(fetchAsset).not.toHaveBeenCalled();
  });

  it('sends a phone from a page both sides have to its mobile page, keeping the query', async () => {
    const res = await handleRequest(get('/zh/terms/?x=1', IPHONE), assets);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/zh/mobile/terms/?x=1');
  });

  it("sends a phone from a shared link to a coin's report to the phone's view of that coin", async () => {
    const res = await handleRequest(get('/pt-br/reporting/?coin=3', IPHONE), assets);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/pt-br/mobile/reporting/?coin=3');
  });

  it('sends a desktop from a mobile page to the same page of the full site', async () => {
    const res = await handleRequest(get('/pt-br/mobile/terms/', DESKTOP), assets);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/pt-br/terms/');
  });

  it('redirects HEAD as GET, and leaves other methods to the host', async () => {
    const head = await handleRequest(get('/', IPHONE, { method: 'HEAD' }), assets);
    expect(head.status).toBe(302);
    const post = await handleRequest(get('/', IPHONE, { method: 'POST' }), assets);
    expect(post.status).toBe(200);
  });

  it('passes a script through untouched, for a phone too', async () => {
    const original = assets(get('/app-1.js', IPHONE));
    const res = await handleRequest(get('/app-1.js', IPHONE), () => original);
    expect(res).toBe(original);
    expect(res.headers.get('Content-Security-Policy')).toBeNull();
    await expect(res.text()).resolves.toBe(SCRIPT);
  });

  it("gives a page the security headers and a CSP with its inline script's hash", async () => {
    const res = await handleRequest(get('/', DESKTOP), assets);
    expect(res.status).toBe(200);
    await expect(res.text()).resolves.toBe(PAGE);
    const policy = res.headers.get('Content-Security-Policy') ?? '';
    const scriptSrc = policy.split(';').find((part) => part.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' ${sha256(INLINE)}`);
    expect(policy).toContain("connect-src 'self' ws://coinlens.example wss://coinlens.example");
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding, User-Agent');
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('ETag')).toBe('"p1"');
  });

  it('serves a phone its mobile page with the same headers', async () => {
    const res = await handleRequest(get('/mobile/', IPHONE), assets);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Security-Policy')).toContain(sha256(INLINE));
  });

  it('keeps the status of a 404 page and hashes its own script', async () => {
    const res = await handleRequest(get('/no-such-page/', DESKTOP), assets);
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Security-Policy')).toContain(sha256('history.length'));
  });

  it("serves a coin without a page of its own its client route's page, with its scripts' hashes", async () => {
    const fetchAsset = jest.fn(assets);
    const res = await handleRequest(get('/zh/coins/new-coin/', DESKTOP), fetchAsset);
    expect(res.status).toBe(200);
    await expect(res.text()).resolves.toBe(PAGE);
    expect(res.headers.get('Content-Security-Policy')).toContain(sha256(INLINE));
    expect(fetchAsset.mock.calls.map(([request]) => new URL(request.url).pathname)).toEqual([
      '/zh/coins/new-coin/',
      '/zh/coins/',
    ]);
  });

  it('lets the page reach an API on another origin', async () => {
    const res = await handleRequest(get('/', DESKTOP), assets, {
      apiOrigin: 'https://api.coinlens.example',
    });
    expect(res.headers.get('Content-Security-Policy')).toContain(
      'https://api.coinlens.example wss://api.coinlens.example',
    );
  });

  it('never redirects the API', async () => {
    const api = new Response('{"code":200}', { headers: { 'Content-Type': 'application/json' } });
    const res = await handleRequest(get('/api/health', IPHONE), () => api);
    expect(res).toBe(api);
  });
});
