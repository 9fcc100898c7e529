import { loaderScript, loadAfterPaint, scriptsAfterPaint } from './scriptsAfterPaint';

const SOURCES = ['/webpack-runtime-1.js', '/framework-2.js', '/app-3.js'];

const added = () =>
  Array.from(document.body.querySelectorAll('script'), (script) => script.getAttribute('src'));

/** A window whose frames and timers run when the test says. */
function fakePage(visibility: DocumentVisibilityState) {
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
  const page = {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  } as unknown as Window;
  return {
    page,
    frame: () => frames.splice(0).forEach((callback) => callback()),
    tasks: () => timers.splice(0).forEach((callback) => callback()),
  };
}

afterEach(() => {
  document.body.replaceChildren();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('loadAfterPaint', () => {
  it('adds the scripts, in order and async, in a task after the next frame', () => {
    const { page, frame, tasks } = fakePage('visible');
    loadAfterPaint(SOURCES, page);
    expect(added()).toEqual([]);
    frame();
    // The frame's callback runs before its paint: still nothing.
    expect(added()).toEqual([]);
    tasks();
    expect(added()).toEqual(SOURCES);
    expect(Array.from(document.body.querySelectorAll('script'), (s) => s.async)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('adds them at once in a background tab, which paints no frame', () => {
    const { page } = fakePage('hidden');
    loadAfterPaint(SOURCES, page);
    expect(added()).toEqual(SOURCES);
  });

  it('adds them when the tab is hidden before its frame, and only once', () => {
    const { page, frame, tasks } = fakePage('visible');
    loadAfterPaint(SOURCES, page);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(added()).toEqual(SOURCES);
    frame();
    tasks();
    expect(added()).toEqual(SOURCES);
  });

  it('runs as the page runs it, from its text', () => {
    const { page, frame, tasks } = fakePage('visible');
    new Function('window', loaderScript(SOURCES))(page);
    frame();
    tasks();
    expect(added()).toEqual(SOURCES);
  });
});

describe('scriptsAfterPaint', () => {
  // The end of a built page, as Gatsby writes it.
  const page = (scripts: string) =>
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/><style>a{}</style></head><body>' +
    '<div id="___gatsby">x</div><script id="gatsby-script-loader">/*<![CDATA[*/x=1;/*]]>*/</script>' +
    `<script id="gatsby-chunk-mapping">y=2</script>${scripts}</body></html>`;
  const gatsbyScripts = SOURCES.map((src) => `<script src="${src}" async=""></script>`).join('');

  it('replaces the async scripts with the loader, which adds them after the paint', () => {
    expect(scriptsAfterPaint(page(gatsbyScripts))).toBe(
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><style>a{}</style>' +
        '</head><body><div id="___gatsby">x</div>' +
        '<script id="gatsby-script-loader">/*<![CDATA[*/x=1;/*]]>*/</script>' +
        '<script id="gatsby-chunk-mapping">y=2</script>' +
        `<script id="scripts-after-paint">${loaderScript(SOURCES)}</script></body></html>`,
    );
  });

  it('is done once: a page done, or one without async scripts, stays as it is', () => {
    const done = scriptsAfterPaint(page(gatsbyScripts));
    expect(scriptsAfterPaint(done)).toBe(done);
    const plain = page('<script src="/other.js"></script>');
    expect(scriptsAfterPaint(plain)).toBe(plain);
  });

  it('writes the addresses so that none can end the script', () => {
    expect(loaderScript(['/a</script>.js'])).toContain('["/a\\u003c/script>.js"]');
  });
});
