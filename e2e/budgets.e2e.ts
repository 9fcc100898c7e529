// Size and origin budgets of the built site (site/public), checked on the files a CDN would
// serve: every page's HTML is at most 20 KB gzipped, and nothing a page loads (scripts, styles,
// fonts, icons, preloads, CSS urls) comes from another origin. A failure prints a table of the
// pages over budget and of what they load from elsewhere. The JavaScript each page loads first
// is held to the ceilings of site/js-budget.json by scripts/js-size.mjs --check, which fails with
// a table of what grew.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { COMPILE_HINT, loadsFirst } from '../site/src/start/compileHints';
import { expect, test } from './fixtures';

const ROOT = join(__dirname, '..');
const PUBLIC = join(ROOT, 'site', 'public');
/** The most a page's HTML may weigh, gzipped (level 9, as a CDN would serve it). */
const HTML_BUDGET_BYTES = 20 * 1024;

function files(dir: string, suffix: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return files(path, suffix);
    return entry.endsWith(suffix) ? [path] : [];
  });
}

const pages = files(PUBLIC, '.html');

/**
 * The site's own pages, each with its path under site/public and its HTML (Gatsby's script slice,
 * public/_gatsby, is not a page).
 */
const sitePages = () =>
  pages
    .map((file) => relative(PUBLIC, file))
    .filter((page) => !page.startsWith('_gatsby'))
    .map((page) => ({ page, html: readFileSync(join(PUBLIC, page), 'utf8') }));

/** The characters scriptsAfterPaint writes as entities in an attribute, by entity name. */
const ENTITIES: Record<string, string> = { amp: '&', '#39': "'", lt: '<', gt: '>' };

/** Every address a document makes the browser load by itself (links to other pages are not loads). */
export function loadedAddresses(html: string): string[] {
  const found: string[] = [];
  for (const [, attributes = ''] of html.matchAll(/<script\b([^>]*)>/gi)) {
    const src = attributes.match(/\bsrc\s*=\s*["']?([^"'\s>]+)/i)?.[1];
    if (src) found.push(src);
  }
  // The scripts a page adds itself after its first paint (site/src/start/scriptsAfterPaint.ts),
  // whose addresses its loader carries in `data-sources`.
  for (const [, list = '[]'] of html.matchAll(
    /<script id="scripts-after-paint" data-sources='([^']*)'>/g,
  )) {
    const text = list.replace(
      /&(amp|#39|lt|gt);/g,
      (_entity, name: string) => ENTITIES[name] ?? '',
    );
    found.push(...(JSON.parse(text) as string[]));
  }
  for (const [, attributes = ''] of html.matchAll(/<link\b([^>]*)>/gi)) {
    const rel = attributes.match(/\brel\s*=\s*["']?([^"'>]+)/i)?.[1]?.toLowerCase() ?? '';
    // Alternate languages and the canonical address name pages; they are not loaded.
    if (/\b(alternate|canonical)\b/.test(rel)) continue;
    const href = attributes.match(/\bhref\s*=\s*["']?([^"'\s>]+)/i)?.[1];
    if (href) found.push(href);
  }
  for (const [, url = ''] of html.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/gi)) found.push(url);
  for (const [, src = ''] of html.matchAll(
    /<(?:img|iframe|source)\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi,
  ))
    found.push(src);
  return found;
}

/** Whether an address leaves the page's own origin (`//host/x` and `https://...` do; data: does not). */
export function isOtherOrigin(address: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(address) && !/^data:/i.test(address);
}

test.describe('the built site', () => {
  test('has pages to check', () => {
    // en, zh and pt-br of every route, and Gatsby's 404.
    expect(pages.length).toBeGreaterThanOrEqual(36);
  });

  test('keeps every page within 20 KB of gzipped HTML', () => {
    const over = pages
      .map((page) => ({
        page: relative(PUBLIC, page),
        kb: gzipSync(readFileSync(page), { level: 9 }).length / 1024,
      }))
      .filter(({ kb }) => kb * 1024 > HTML_BUDGET_BYTES)
      .map(({ page, kb }) => `${kb.toFixed(1).padStart(6)} KB gz > 20 KB  ${page}`);
    expect(over).toEqual([]);
  });

  test('writes its styles into the head, once per page, and none into the body', () => {
    const misplaced = sitePages().flatMap(({ page, html }) => {
      const bodyAt = html.search(/<body\b/);
      const head = html.slice(0, bodyAt);
      const body = html.slice(bodyAt);
      const globals = [...head.matchAll(/<style data-emotion="css-global ([\w-]+)"/g)].map(
        ([, name]) => name,
      );
      const classes = head.match(/<style data-emotion="css [^"]+"/g) ?? [];
      return [
        ...(globals.length === 0 ? [`${page}: no global styles in the head`] : []),
        ...(new Set(globals).size !== globals.length
          ? [`${page}: global styles twice (${globals.join(', ')})`]
          : []),
        ...(classes.length !== 1 ? [`${page}: ${classes.length} class style tags`] : []),
        ...(/<style\b/.test(body) ? [`${page}: a <style> in the body`] : []),
      ];
    });
    expect(misplaced).toEqual([]);
  });

  test('holds its first paint until its markup is all there, on every page', () => {
    // site/src/start/wholeFirstPaint.tsx: the head's link names the element that ends the markup.
    const wrong = sitePages().flatMap(({ page, html }) => {
      const bodyAt = html.search(/<body\b/);
      const id = html
        .slice(0, bodyAt)
        .match(/<link rel="expect" href="#([\w-]+)" blocking="render"\/>/)?.[1];
      if (!id) return [`${page}: no expect link in the head`];
      const ends = [...html.matchAll(new RegExp(`<(\\w+) id="${id}"[^>]*>`, 'g'))];
      if (ends.length !== 1 || (ends[0]?.index ?? 0) < bodyAt) {
        return [`${page}: not one element #${id} in the body`];
      }
      // After the end element: only scripts (and Gatsby's comments), then the document's end.
      const after = html
        .slice(ends[0]?.index)
        .replace(/^<(\w+)[^>]*>(?:<\/\1>)?/, '')
        .replace(/<script\b[\s\S]*?<\/script>|<!--[\s\S]*?-->/g, '');
      return after.trim() === '</body></html>'
        ? []
        : [`${page}: markup after #${id}: ${after.slice(0, 80)}`];
    });
    expect(wrong).toEqual([]);
  });

  test('adds its scripts after its first paint, on every page', () => {
    // Gatsby's own script slice (public/_gatsby) keeps them; the pages must not.
    const withAsyncScripts = sitePages()
      .filter(
        ({ html }) =>
          /<script\b[^>]*\basync\b/.test(html) || !html.includes('id="scripts-after-paint"'),
      )
      .map(({ page }) => page);
    expect(withAsyncScripts).toEqual([]);
  });

  test('loads nothing from another origin: no outside script, style, font or image', () => {
    const outside: string[] = [];
    for (const page of pages) {
      for (const address of loadedAddresses(readFileSync(page, 'utf8'))) {
        if (isOtherOrigin(address)) outside.push(`${relative(PUBLIC, page)}: ${address}`);
      }
    }
    for (const sheet of files(PUBLIC, '.css')) {
      for (const [, url = ''] of readFileSync(sheet, 'utf8').matchAll(/url\(\s*["']?([^"')]+)/gi)) {
        if (isOtherOrigin(url)) outside.push(`${relative(PUBLIC, sheet)}: ${url}`);
      }
    }
    expect(outside).toEqual([]);
  });

  test('gives each page the strings it shows: legal, alertsPage and feeds only to their pages', () => {
    // site/src/i18n/query.ts: a page's data is fetched before it hydrates.
    const dataFiles = files(join(PUBLIC, 'page-data'), 'page-data.json').filter(
      (file) => !relative(PUBLIC, file).startsWith('page-data/dev-404-page'),
    );
    const wrong = dataFiles.flatMap((file) => {
      const page = relative(join(PUBLIC, 'page-data'), file).replace(/page-data\.json$/, '');
      const data = JSON.parse(readFileSync(file, 'utf8')) as {
        result: { data?: { locales?: { edges: Array<{ node: { ns: string } }> } } };
      };
      const namespaces = (data.result.data?.locales?.edges ?? []).map((edge) => edge.node.ns);
      const legalPage = /^((zh|pt-br)\/)?(mobile\/)?(terms|privacy)\/$/.test(page);
      const alertsPage = /^((zh|pt-br)\/)?(mobile\/)?alerts\/$/.test(page);
      const feedsPage = /^((zh|pt-br)\/)?monitoring\/feeds\/$/.test(page);
      const problems: string[] = [];
      if (!namespaces.includes('common')) problems.push(`${page}: no strings`);
      if (namespaces.includes('legal') !== legalPage) {
        problems.push(`${page}: legal ${legalPage ? 'missing' : 'carried for nothing'}`);
      }
      if (namespaces.includes('alertsPage') !== (alertsPage || legalPage)) {
        problems.push(`${page}: alertsPage ${alertsPage ? 'missing' : 'carried for nothing'}`);
      }
      if (namespaces.includes('feeds') !== feedsPage) {
        problems.push(`${page}: feeds ${feedsPage ? 'missing' : 'carried for nothing'}`);
      }
      const kb = gzipSync(readFileSync(file), { level: 9 }).length / 1024;
      // Every namespace but legal and alertsPage weighs up to 10.7 KB gz (zh, with the bell's,
      // the inbox's and the alert dialog's strings, which every page can show); the alerts pages
      // add their own 1.9 KB, the operators' Feeds page its 0.9 KB; the legal pages carry every
      // namespace but the Feeds page's, up to 20.2 KB.
      const limit = legalPage ? 21 : alertsPage ? 13 : feedsPage ? 12 : 11;
      if (kb > limit) problems.push(`${page}: ${kb.toFixed(1)} KB gz of data`);
      return problems;
    });
    expect(dataFiles.length).toBeGreaterThanOrEqual(36);
    expect(wrong).toEqual([]);
  });

  test('tells an outside load from the site’s own', () => {
    const html =
      '<link rel="canonical" href="https://coinlens.example/"><link rel="stylesheet" href="https://fonts.example/a.css">' +
      '<script src="/app.js"></script><script src="//cdn.example/x.js"></script>' +
      '<style>@font-face{src:url(/static/inter.woff2)}body{background:url("https://img.example/b.png")}</style>' +
      '<img src="data:image/png;base64,AAAA">' +
      `<script id="scripts-after-paint" data-sources='["/framework.js","https://cdn.example/app.js"]'>(()=>{})();</script>`;
    expect(loadedAddresses(html).filter(isOtherOrigin)).toEqual([
      '//cdn.example/x.js',
      'https://cdn.example/app.js',
      'https://fonts.example/a.css',
      'https://img.example/b.png',
    ]);
  });
});

test.describe('first-load JavaScript', () => {
  const check = (...args: string[]) =>
    spawnSync(process.execPath, [join(ROOT, 'scripts', 'js-size.mjs'), '--check', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
    });

  test('keeps every route within its ceiling and loads the chat, socket, charts and dialogs on demand', () => {
    const { status, stdout, stderr } = check();
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^first-load JS: \d+ pages within their ceilings/);
  });

  test('starts every script a page loads first with V8’s compile hint', () => {
    const stats = JSON.parse(readFileSync(join(PUBLIC, 'webpack.stats.json'), 'utf8'));
    const groups: Record<string, string[]> = stats.assetsByChunkName;
    const firstLoad = Object.keys(groups).filter(loadsFirst);
    expect(firstLoad).toContain('app');
    expect(firstLoad).toContain('component---src-pages-mobile-index-tsx');
    const scripts = [...new Set(firstLoad.flatMap((group) => groups[group] ?? []))].filter((file) =>
      file.endsWith('.js'),
    );
    const without = scripts.filter(
      (file) => !readFileSync(join(PUBLIC, file), 'utf8').startsWith(COMPILE_HINT),
    );
    expect(without).toEqual([]);
  });

  test('fails a route that grew with a table of the parts that grew', () => {
    const budget = JSON.parse(readFileSync(join(ROOT, 'site', 'js-budget.json'), 'utf8'));
    const home = budget.routes['/'];
    // As if the home page had weighed 20 KB less, without swr and with a smaller Chakra.
    home.ceiling = home.kb - 20;
    delete home.parts.swr;
    home.parts['@chakra-ui/react'] -= 4096;
    // And as if the home page's own code were meant to load on demand.
    budget.onDemand.push('/src/features/home/');
    const file = join(mkdtempSync(join(tmpdir(), 'coinlens-budget-')), 'js-budget.json');
    writeFileSync(file, JSON.stringify(budget));
    const { status, stderr } = check('--budget', file);
    expect(status).toBe(1);
    expect(stderr).toMatch(
      new RegExp(`^/ \\(/\\): [\\d.]+ KB gz, ceiling ${home.ceiling} KB`, 'm'),
    );
    expect(stderr).toMatch(/\| swr \| 0\.0 \| \d+\.\d \| \+\d+\.\d \|/);
    expect(stderr).toMatch(/\| @chakra-ui\/react \| [\d.]+ \| [\d.]+ \| \+4\.0 \|/);
    expect(stderr).not.toMatch(/^\/reporting\//m);
    expect(stderr).toMatch(
      /Loaded first, but meant to load on demand:\n {2}\/: .*src\/features\/home\//,
    );
  });
});
