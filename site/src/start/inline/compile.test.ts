/**
 * @jest-environment node
 */
// The inline scripts as the build compiles them, each run once from its text in a page of its own
// (jsdom, which runs a page's scripts as a browser does). Node's environment: esbuild does not run
// in Jest's jsdom one. What each script does in every case is tested on its parts and its entry
// (start.test.ts, ../*.test.ts).
import { JSDOM, ResourceLoader, VirtualConsole } from 'jsdom';
import { SIGNED_IN_MARK } from '../signedInAreas';
import type { EarlyClicks } from '../earlyClicks';
import { scriptsAfterPaint } from '../scriptsAfterPaint';
import { assertSelfContained, compileInlineScripts, type InlineScripts } from './compile';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';

let scripts: InlineScripts;
let pages: JSDOM[] = [];
let errors: unknown[] = [];

beforeAll(() => {
  scripts = compileInlineScripts();
});

afterEach(() => {
  for (const page of pages) page.window.close();
  pages = [];
  // Nothing a script did threw.
  expect(errors).toEqual([]);
  errors = [];
});

/** Opens `html` at `url` in jsdom, which runs its scripts as they are parsed. */
function open(
  html: string,
  url: string,
  { userAgent, before }: { userAgent?: string; before?: (window: JSDOM['window']) => void } = {},
): JSDOM['window'] {
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (error) => errors.push(error));
  const page = new JSDOM(html, {
    url,
    runScripts: 'dangerously',
    pretendToBeVisual: true,
    virtualConsole,
    ...(userAgent ? { resources: new ResourceLoader({ userAgent }) } : {}),
    beforeParse: before,
  });
  pages.push(page);
  return page.window;
}

describe('compileInlineScripts', () => {
  it('compiles every script into one that runs by itself', () => {
    expect(Object.keys(scripts).sort()).toEqual([
      'afterPaint',
      'areaStart',
      'earlyClicks',
      'pageStart',
    ]);
    for (const [name, text] of Object.entries(scripts)) {
      expect(() => assertSelfContained(name, text)).not.toThrow();
      // Minified: no comments, one line.
      expect(text).not.toMatch(/\/\*|\n/);
    }
  });

  it('refuses a script that imports, requires or exports, or ends its element', () => {
    expect(() => assertSelfContained('x', 'import { a } from "./a"; a();')).toThrow(/classic/);
    expect(() => assertSelfContained('x', 'export const a = 1;')).toThrow(/classic/);
    expect(() => assertSelfContained('x', 'require("./a");')).toThrow(/loads modules/);
    expect(() => assertSelfContained('x', 'import("./a");')).toThrow(/loads modules/);
    expect(() => assertSelfContained('x', 'a("</script>");')).toThrow(/early/);
  });
});

describe('the compiled scripts, run in a page', () => {
  it('pageStart marks the page of a phone that keeps a token', () => {
    const window = open(
      `<!DOCTYPE html><html><head><script>${scripts.pageStart}</script></head><body></body></html>`,
      'https://coinlens.example/zh/mobile/',
      { userAgent: PHONE, before: (page) => page.localStorage.setItem('token', 'tok') },
    );
    expect(window.document.documentElement.hasAttribute(SIGNED_IN_MARK)).toBe(true);
  });

  it('areaStart runs by itself and leaves a visitor who keeps a token on the page', () => {
    const window = open(
      `<!DOCTYPE html><html><head><script>${scripts.areaStart}</script></head><body></body></html>`,
      'https://coinlens.example/zh/monitoring/',
      { before: (page) => page.localStorage.setItem('token', 'tok') },
    );
    // A move would have left jsdom's "not implemented: navigation" among the errors.
    expect(window.location.pathname).toBe('/zh/monitoring/');
  });

  it('earlyClicks keeps a press on a part that has not hydrated', () => {
    const window = open(
      `<!DOCTYPE html><html><head><script>${scripts.earlyClicks}</script></head>` +
        '<body><div data-island="a"><button type="button">Sign in</button></div></body></html>',
      'https://coinlens.example/',
    );
    const button = window.document.querySelector('button');
    button?.click();
    const clicks = (window as unknown as { __coinlensEarlyClicks?: EarlyClicks })
      .__coinlensEarlyClicks;
    expect(clicks?.pending).toBe(button);
  });

  it('afterPaint adds the page’s scripts, in order and async, once it has painted', async () => {
    const sources = ['/webpack-runtime-1.js', '/framework-2.js', '/app-3.js'];
    const html = scriptsAfterPaint(
      '<!DOCTYPE html><html><head></head><body><div id="___gatsby">x</div>' +
        sources.map((source) => `<script src="${source}" async=""></script>`).join('') +
        '</body></html>',
      scripts.afterPaint,
    );
    const window = open(html, 'https://coinlens.example/');
    const added = () =>
      Array.from(window.document.querySelectorAll('script[src]'), (script) => [
        script.getAttribute('src'),
        (script as HTMLScriptElement).async,
      ]);
    expect(added()).toEqual([]);
    // jsdom reports no paints: the loader waits for a frame, and a task after it.
    await new Promise((resolve) => window.requestAnimationFrame(() => setTimeout(resolve, 10)));
    expect(added()).toEqual(sources.map((source) => [source, true]));
  });
});
