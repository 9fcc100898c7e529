/**
 * @jest-environment node
 */
// Node, not jsdom: the rules use globalThis.crypto.subtle as Node, Deno and Workers provide it.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import {
  deviceRedirect,
  inlineScriptHashes,
  isMobileUserAgent,
  PAGES_ON_BOTH_SIDES,
  clientRoutePage,
  securityHeaders,
} from './rules.mjs';

/** Real user agents, as each browser or crawler sends them. */
const UA = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  pixelChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  androidChromeReduced:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  samsungInternetPhone:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  firefoxAndroidPhone: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  windowsPhone:
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.14977',
  googlebotSmartphone:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.118 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  iPadSafari:
    'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  // iPadOS 13+ asks for desktop sites and sends exactly what Safari on a Mac sends.
  iPadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidTabletChrome:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  firefoxAndroidTablet: 'Mozilla/5.0 (Android 14; Tablet; rv:125.0) Gecko/125.0 Firefox/125.0',
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  firefoxWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80',
  googlebotDesktop:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/124.0.6367.118 Safari/537.36',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  curl: 'curl/8.5.0',
  empty: '',
} as const;

type Agent = keyof typeof UA;

const PHONES: Agent[] = [
  'iPhoneSafari',
  'iPhoneChrome',
  'pixelChrome',
  'androidChromeReduced',
  'samsungInternetPhone',
  'firefoxAndroidPhone',
  'windowsPhone',
  'googlebotSmartphone',
];
const NOT_PHONES: Agent[] = (Object.keys(UA) as Agent[]).filter((agent) => !PHONES.includes(agent));

describe('isMobileUserAgent', () => {
  it.each(PHONES)('counts %s as a phone', (agent) => {
    expect(isMobileUserAgent(UA[agent])).toBe(true);
  });

  it.each(NOT_PHONES)('does not count %s as a phone', (agent) => {
    expect(isMobileUserAgent(UA[agent])).toBe(false);
  });

  it('treats an iPad in desktop mode as the Mac it claims to be', () => {
    expect(UA.iPadDesktopMode).toMatch(/Macintosh/);
    expect(isMobileUserAgent(UA.iPadDesktopMode)).toBe(false);
  });

  it('treats a missing user agent as desktop', () => {
    expect(isMobileUserAgent(undefined)).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
  });
});

/** [path, where a phone goes, where a desktop goes]; null stays. */
const PAGES: [string, string | null, string | null][] = [
  ['/', '/mobile/', null],
  ['/mobile/', null, '/'],
  ['/mobile', null, '/'],
  ['/zh/', '/zh/mobile/', null],
  ['/zh', '/zh/mobile/', null],
  ['/zh/mobile/', null, '/zh/'],
  ['/pt-br/', '/pt-br/mobile/', null],
  ['/pt-br/mobile/', null, '/pt-br/'],
  ['/index.html', '/mobile/', null],
  ['/zh/mobile/index.html', null, '/zh/'],
];

/** The pages both sides have: each language's page keeps its page on the other side. */
const PAIRS: [string, string | null, string | null][] = [
  ['/privacy/', '/mobile/privacy/', null],
  ['/mobile/privacy/', null, '/privacy/'],
  ['/terms/', '/mobile/terms/', null],
  ['/mobile/terms/', null, '/terms/'],
  ['/400/', '/mobile/400/', null],
  ['/mobile/400/', null, '/400/'],
  ['/zh/privacy/', '/zh/mobile/privacy/', null],
  ['/zh/mobile/privacy/', null, '/zh/privacy/'],
  ['/zh/terms/', '/zh/mobile/terms/', null],
  ['/zh/mobile/terms/', null, '/zh/terms/'],
  ['/zh/400/', '/zh/mobile/400/', null],
  ['/zh/mobile/400/', null, '/zh/400/'],
  ['/pt-br/privacy/', '/pt-br/mobile/privacy/', null],
  ['/pt-br/mobile/privacy/', null, '/pt-br/privacy/'],
  ['/pt-br/terms/', '/pt-br/mobile/terms/', null],
  ['/pt-br/mobile/terms/', null, '/pt-br/terms/'],
  ['/pt-br/400/', '/pt-br/mobile/400/', null],
  ['/pt-br/mobile/400/', null, '/pt-br/400/'],
  // A coin's report and a source: the query (?coin=, ?id=) is the caller's to keep.
  ['/reporting/', '/mobile/reporting/', null],
  ['/mobile/reporting/', null, '/reporting/'],
  ['/monitoring/detail/', '/mobile/monitoring/detail/', null],
  ['/mobile/monitoring/detail/', null, '/monitoring/detail/'],
  ['/zh/reporting/', '/zh/mobile/reporting/', null],
  ['/zh/mobile/reporting/', null, '/zh/reporting/'],
  ['/zh/monitoring/detail/', '/zh/mobile/monitoring/detail/', null],
  ['/zh/mobile/monitoring/detail/', null, '/zh/monitoring/detail/'],
  ['/pt-br/reporting/', '/pt-br/mobile/reporting/', null],
  ['/pt-br/mobile/reporting/', null, '/pt-br/reporting/'],
  ['/pt-br/monitoring/detail/', '/pt-br/mobile/monitoring/detail/', null],
  ['/pt-br/mobile/monitoring/detail/', null, '/pt-br/monitoring/detail/'],
  // A coin's page, one per coin under coins/ (FOLDERS_ON_BOTH_SIDES).
  ['/coins/bitcoin/', '/mobile/coins/bitcoin/', null],
  ['/mobile/coins/bitcoin/', null, '/coins/bitcoin/'],
  ['/zh/coins/usd-coin/', '/zh/mobile/coins/usd-coin/', null],
  ['/zh/mobile/coins/usd-coin/', null, '/zh/coins/usd-coin/'],
  ['/pt-br/coins/ethereum', '/pt-br/mobile/coins/ethereum/', null],
  ['/pt-br/mobile/coins/ethereum/', null, '/pt-br/coins/ethereum/'],
];

/** Other spellings of those pages' addresses, each sent on to the page's own address. */
const PAIR_FORMS: [string, string | null, string | null][] = [
  ['/privacy', '/mobile/privacy/', null],
  ['/privacy/index.html', '/mobile/privacy/', null],
  ['/privacy.html', '/mobile/privacy/', null],
  ['//privacy//', '/mobile/privacy/', null],
  ['/zh/terms', '/zh/mobile/terms/', null],
  ['/pt-br/400/index.htm', '/pt-br/mobile/400/', null],
  ['/mobile/terms', null, '/terms/'],
  ['/mobile/terms.HTML', null, '/terms/'],
  ['/zh/mobile/terms/index.html', null, '/zh/terms/'],
  ['/pt-br/mobile/privacy', null, '/pt-br/privacy/'],
  ['/monitoring/detail', '/mobile/monitoring/detail/', null],
  ['/zh/reporting/index.html', '/zh/mobile/reporting/', null],
  ['/mobile/monitoring/detail/index.html', null, '/monitoring/detail/'],
];

/** Pages without a counterpart: the other side's home page of the same language. */
const FALLBACKS: [string, string | null, string | null][] = [
  ['/monitoring/', '/mobile/', null],
  ['/monitoring/detail/more/', '/mobile/', null],
  ['/welcome/', '/mobile/', null],
  ['/404/', '/mobile/', null],
  ['/404.html', '/mobile/', null],
  ['/no-such-page/', '/mobile/', null],
  ['/privacy/terms/', '/mobile/', null],
  ['/zh/monitoring/', '/zh/mobile/', null],
  ['/zh/404.html', '/zh/mobile/', null],
  ['/pt-br/monitoring/', '/pt-br/mobile/', null],
  ['/pt-br/404/', '/pt-br/mobile/', null],
  ['/mobile/404/', null, '/'],
  ['/mobile/monitoring/', null, '/'],
  ['/mobile/privacy/terms/', null, '/'],
  ['/coins/', '/mobile/', null],
  ['/coins/bitcoin/chart/', '/mobile/', null],
  ['/mobile/coins/', null, '/'],
  ['/mobile/mobile/privacy/', null, '/'],
  ['/zh/mobile/monitoring/detail/x/', null, '/zh/'],
  ['/zh/privacy/mobile/', null, '/zh/'],
  ['/pt-br/mobile/no-such-page/', null, '/pt-br/'],
  // A language the site does not have is no language: no prefix, and no page it knows.
  ['/fr/privacy/', '/mobile/', null],
  ['/fr/mobile/privacy/', null, '/'],
];

/** Paths that are never redirected, whoever asks. */
const NOT_PAGES = [
  '/api/health',
  '/api',
  '/api/coins?q=btc',
  '/socket.io/',
  '/socket.io/?EIO=4&transport=polling',
  '/app-4f1c2e.js',
  '/styles.9a8b.css',
  '/page-data/index/page-data.json',
  '/page-data/mobile/page-data.json',
  '/page-data/app-data.json',
  '/static/d/123/logo.png',
  '/static/mobile.svg',
  '/_gatsby/slices/_gatsby-scripts-1.html',
  '/~partytown/partytown.js',
  '/favicon.ico',
  '/robots.txt',
  '/sitemap.xml',
  '/manifest.webmanifest',
  '/zh/mobile/icon.png',
  '/mobile/chunk-map.json',
];

describe('deviceRedirect', () => {
  it.each([...PAGES, ...PAIRS, ...PAIR_FORMS, ...FALLBACKS])(
    '%s: a phone goes to %s, a desktop to %s',
    (path, phone, desktop) => {
      expect(deviceRedirect(path, UA.iPhoneSafari)).toBe(phone);
      expect(deviceRedirect(path, UA.pixelChrome)).toBe(phone);
      expect(deviceRedirect(path, UA.chromeWindows)).toBe(desktop);
      expect(deviceRedirect(path, UA.iPadSafari)).toBe(desktop);
      expect(deviceRedirect(path, UA.googlebotDesktop)).toBe(desktop);
      expect(deviceRedirect(path, '')).toBe(desktop);
    },
  );

  it('sends each device to a page it stays on', () => {
    for (const [path] of [...PAGES, ...PAIRS, ...PAIR_FORMS, ...FALLBACKS]) {
      for (const agent of Object.values(UA)) {
        const target = deviceRedirect(path, agent);
        if (target !== null) expect([path, deviceRedirect(target, agent)]).toEqual([path, null]);
      }
    }
  });

  it.each(NOT_PAGES)('leaves %s alone for every device', (path) => {
    for (const agent of Object.values(UA)) expect(deviceRedirect(path, agent)).toBeNull();
  });

  it('redirects exactly the phones away from a page without "mobile"', () => {
    for (const agent of Object.keys(UA) as Agent[]) {
      expect(deviceRedirect('/zh/monitoring/', UA[agent])).toBe(
        PHONES.includes(agent) ? '/zh/mobile/' : null,
      );
    }
  });

  it('keeps no language it does not know as a prefix', () => {
    expect(deviceRedirect('/fr/', UA.iPhoneSafari)).toBe('/mobile/');
    expect(deviceRedirect('/fr/mobile/', UA.chromeMac)).toBe('/');
  });

  it('treats an empty path as the home page', () => {
    expect(deviceRedirect('', UA.iPhoneSafari)).toBe('/mobile/');
  });
});

/** The path under its language of each page file under `dir`: `monitoring/detail`, '' for index. */
function pagePaths(dir: string, skip: string[] = []): string[] {
  const files = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const file = join(folder, entry.name);
      if (entry.isDirectory()) return skip.includes(file) ? [] : files(file);
      return /\.(tsx?|jsx?)$/.test(entry.name) && !/\.(test|stories)\./.test(entry.name)
        ? [file]
        : [];
    });
  return files(dir).map((file) =>
    relative(dir, file)
      .split(sep)
      .join('/')
      .replace(/\.(tsx?|jsx?)$/, '')
      .replace(/(^|\/)index$/, ''),
  );
}

describe('clientRoutePage', () => {
  it.each([
    ['/coins/new-coin/', '/coins/'],
    ['/coins/new-coin', '/coins/'],
    ['/zh/coins/new-coin/', '/zh/coins/'],
    ['/pt-br/mobile/coins/New-Coin/', '/pt-br/mobile/coins/'],
    ['/mobile/coins/x1/', '/mobile/coins/'],
  ])('serves the client route of %s from %s', (path, page) => {
    expect(clientRoutePage(path)).toBe(page);
  });

  it.each([
    '/coins/',
    '/coins/a/b/',
    '/coins/logo.png',
    '/reporting/x/',
    '/fr/coins/x/',
    '/zh/mobile/privacy/x/',
    '/no-such-page/',
  ])('leaves %s to the 404 page', (path) => {
    expect(clientRoutePage(path)).toBeNull();
  });
});

describe('PAGES_ON_BOTH_SIDES', () => {
  it('names exactly the pages site/src/pages has both outside and inside mobile/', () => {
    const pagesDir = join(__dirname, '..', 'src', 'pages');
    const mobileDir = join(pagesDir, 'mobile');
    const full = pagePaths(pagesDir, [mobileDir]);
    const phone = pagePaths(mobileDir);
    // The reading itself: both sides have their home page, and only the full site its areas.
    expect(full).toEqual(expect.arrayContaining(['', 'reporting', 'monitoring/detail']));
    expect(phone).toContain('');
    expect(phone).not.toContain('monitoring');
    const both = full.filter((page) => phone.includes(page));
    expect([...PAGES_ON_BOTH_SIDES].sort()).toEqual(both.sort());
  });
});

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

describe('inlineScriptHashes', () => {
  it('hashes each inline script as the browser does, and skips scripts with a src', async () => {
    const first = 'window.pagePath="/";';
    const second = '\n  console.log("状态 ✓");\n';
    const html = [
      '<!DOCTYPE html><html><head>',
      `<script>${first}</script>`,
      '<script src="/app-123.js" async></script>',
      '<script async src=/webpack-runtime.js></script>',
      `<script id="gatsby-chunk-mapping" data-src="x">${second}</script >`,
      `<SCRIPT>${first}</SCRIPT>`,
      '</head><body></body></html>',
    ].join('');
    await expect(inlineScriptHashes(html)).resolves.toEqual([sha256(first), sha256(second)]);
  });

  it('hashes the known digest of a fixed script', async () => {
    // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
    await expect(inlineScriptHashes('<script>alert(1)</script>')).resolves.toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
    ]);
  });

  it('hashes CRLF line ends as the LF the HTML parser turns them into', async () => {
    await expect(inlineScriptHashes('<script>a();\r\nb();\rc();</script>')).resolves.toEqual([
      sha256('a();\nb();\nc();'),
    ]);
  });

  it('finds nothing in a document without inline scripts', async () => {
    await expect(
      inlineScriptHashes('<p>no scripts</p><script src="/a.js"></script>'),
    ).resolves.toEqual([]);
  });
});

describe('securityHeaders', () => {
  const hashes = [sha256('a()'), sha256('b()')];

  function directives(headers: Record<string, string>): Map<string, string[]> {
    const policy = headers['Content-Security-Policy'] ?? '';
    return new Map(
      policy.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    );
  }

  it('allows the site itself and exactly the given inline scripts', () => {
    const csp = directives(securityHeaders({ scriptHashes: hashes }));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", ...hashes]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('sends the other security headers with it', () => {
    expect(securityHeaders({ scriptHashes: [] })).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    });
  });

  it("lets socket.io reach the page's own host and the API origin", () => {
    const csp = directives(
      securityHeaders({
        scriptHashes: [],
        origin: 'https://coinlens.example',
        apiOrigin: 'https://api.coinlens.example/',
      }),
    );
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'ws://coinlens.example',
      'wss://coinlens.example',
      'https://api.coinlens.example',
      'wss://api.coinlens.example',
    ]);
    const local = directives(
      securityHeaders({ scriptHashes: [], apiOrigin: 'http://localhost:8080' }),
    );
    expect(local.get('connect-src')).toEqual([
      "'self'",
      'http://localhost:8080',
      'ws://localhost:8080',
    ]);
  });

  it('ignores an origin whose host could break the policy', () => {
    const csp = directives(
      securityHeaders({ scriptHashes: [], origin: "http://evil;script-src 'unsafe-inline'" }),
    );
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    // The URL parser accepts this host; a CSP would read the semicolon as a new directive.
    const semicolon = directives(securityHeaders({ scriptHashes: [], origin: 'http://a;b' }));
    expect(semicolon.get('connect-src')).toEqual(["'self'"]);
  });

  it('refuses a script source that is not a hash, and an API origin that is not one', () => {
    expect(() => securityHeaders({ scriptHashes: ["'unsafe-inline'"] })).toThrow(TypeError);
    expect(() => securityHeaders({ scriptHashes: ["'sha256-x'; img-src *"] })).toThrow(TypeError);
    expect(() => securityHeaders({ scriptHashes: [], apiOrigin: 'ftp://files.example' })).toThrow(
      TypeError,
    );
  });
});
