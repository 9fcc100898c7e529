import { loadAfterPaint, scriptSources, scriptsAfterPaint } from './scriptsAfterPaint';

const SOURCES = ['/webpack-runtime-1.js', '/framework-2.js', '/app-3.js'];

const added = () =>
  Array.from(document.body.querySelectorAll('script'), (script) => script.getAttribute('src'));

/** A window whose paints, frames and timers happen when the test says. */
function fakePage(visibility: DocumentVisibilityState, { reportsPaints = true } = {}) {
  const frames: Array<() => void> = [];
  const timers: Array<{ callback: () => void; delay: number }> = [];
  const observers: Array<() => void> = [];
  Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
  class Observer {
    static supportedEntryTypes = reportsPaints ? ['mark', 'paint'] : ['mark'];
    disconnected = false;
    constructor(private readonly callback: (entries: unknown, observer: Observer) => void) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      observers.push(() => {
        if (!this.disconnected) this.callback({}, this);
      });
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  const page = {
    document,
    PerformanceObserver: Observer,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, delay: number) => timers.push({ callback, delay }),
  } as unknown as Window;
  return {
    page,
    paint: () => observers.forEach((report) => report()),
    frame: () => frames.splice(0).forEach((callback) => callback()),
    /** Runs the timers due after `ms`. */
    tasks: (ms = 0) => {
      const due = timers.filter((timer) => timer.delay <= ms);
      due.forEach((timer) => timers.splice(timers.indexOf(timer), 1));
      due.forEach((timer) => timer.callback());
    },
  };
}

afterEach(() => {
  document.body.replaceChildren();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('loadAfterPaint', () => {
  it('adds the scripts, in order and async, once the first paint is reported', () => {
    const { page, frame, tasks, paint } = fakePage('visible');
    loadAfterPaint(SOURCES, page);
    frame();
    tasks();
    expect(added()).toEqual([]);
    paint();
    expect(added()).toEqual(SOURCES);
    expect(Array.from(document.body.querySelectorAll('script'), (s) => s.async)).toEqual([
      true,
      true,
      true,
    ]);
    // Once only: neither a second report nor the fallback adds them again.
    paint();
    tasks(3000);
    expect(added()).toEqual(SOURCES);
  });

  it('where paints are not reported, adds them in a task after the next frame', () => {
    const { page, frame, tasks } = fakePage('visible', { reportsPaints: false });
    loadAfterPaint(SOURCES, page);
    tasks();
    expect(added()).toEqual([]);
    frame();
    // The frame's callback runs before its paint: still nothing.
    expect(added()).toEqual([]);
    tasks();
    expect(added()).toEqual(SOURCES);
  });

  it('adds them after 3 s if no paint is reported', () => {
    const { page, tasks } = fakePage('visible');
    loadAfterPaint(SOURCES, page);
    tasks(2999);
    expect(added()).toEqual([]);
    tasks(3000);
    expect(added()).toEqual(SOURCES);
  });

  it('adds them at once in a background tab, which paints nothing', () => {
    const { page } = fakePage('hidden');
    loadAfterPaint(SOURCES, page);
    expect(added()).toEqual(SOURCES);
  });

  it('adds them when the tab is hidden before its paint, and only once', () => {
    const { page, paint } = fakePage('visible');
    loadAfterPaint(SOURCES, page);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(added()).toEqual(SOURCES);
    paint();
    expect(added()).toEqual(SOURCES);
  });
});

describe('scriptsAfterPaint', () => {
  // The end of a built page, as Gatsby writes it.
  const page = (scripts: string) =>
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/><style>a{}</style></head><body>' +
    '<div id="___gatsby">x</div><script id="gatsby-script-loader">/*<![CDATA[*/x=1;/*]]>*/</script>' +
    `<script id="gatsby-chunk-mapping">y=2</script>${scripts}</body></html>`;
  const gatsbyScripts = (sources: readonly string[]) =>
    sources.map((src) => `<script src="${src}" async=""></script>`).join('');
  // The compiled loader's text (inline/afterPaint.ts), which the build passes in.
  const LOADER = 'loader()';

  /** The loader's element in `html`, as the browser parses it. */
  function loaderElement(html: string): HTMLScriptElement | null {
    return new DOMParser()
      .parseFromString(html, 'text/html')
      .querySelector<HTMLScriptElement>('script#scripts-after-paint');
  }

  it('replaces the async scripts with the loader, which carries their addresses', () => {
    expect(scriptsAfterPaint(page(gatsbyScripts(SOURCES)), LOADER)).toBe(
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><style>a{}</style>' +
        '</head><body><div id="___gatsby">x</div>' +
        '<script id="gatsby-script-loader">/*<![CDATA[*/x=1;/*]]>*/</script>' +
        '<script id="gatsby-chunk-mapping">y=2</script>' +
        `<script id="scripts-after-paint" data-sources='${JSON.stringify(SOURCES)}'>` +
        `${LOADER}</script></body></html>`,
    );
  });

  it('is done once: a page done, or one without async scripts, stays as it is', () => {
    const done = scriptsAfterPaint(page(gatsbyScripts(SOURCES)), LOADER);
    expect(scriptsAfterPaint(done, LOADER)).toBe(done);
    const plain = page('<script src="/other.js"></script>');
    expect(scriptsAfterPaint(plain, LOADER)).toBe(plain);
  });

  it('writes the addresses so that none can end the attribute or the element', () => {
    const odd = ["/a'b.js", "/a'></script><script>x()</script>.js", '/a&b>.js'];
    const element = loaderElement(scriptsAfterPaint(page(gatsbyScripts(odd)), LOADER));
    expect(element?.textContent).toBe(LOADER);
    expect(scriptSources(element)).toEqual(odd);
  });
});

describe('scriptSources', () => {
  const script = (sources?: string) => {
    const element = document.createElement('script');
    if (sources !== undefined) element.dataset.sources = sources;
    return element;
  };

  it('reads the addresses the loader’s element carries', () => {
    expect(scriptSources(script(JSON.stringify(SOURCES)))).toEqual(SOURCES);
  });

  it('finds none where the element carries none, or no list of addresses', () => {
    expect(scriptSources(null)).toEqual([]);
    expect(scriptSources(script())).toEqual([]);
    expect(scriptSources(script('{"a":1}'))).toEqual([]);
    expect(scriptSources(script('["/a.js",2]'))).toEqual(['/a.js']);
  });
});
