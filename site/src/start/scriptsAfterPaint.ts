// The page's scripts run after its first paint (Lighthouse's LCP and total blocking time). Gatsby
// ends each page with async <script> tags, which a browser runs as soon as they arrive: on a phone
// that is often before the server-rendered page has painted, which then waits for the scripts'
// hundreds of milliseconds of evaluation. After the build (site/gatsby-node.ts, onPostBuild) each
// page adds them itself once the browser reports its first paint: the page paints first, and then
// loads and hydrates. (Not a timer: one a test fakes, or a throttled one, would hold the page's
// code.) Not preloaded either: a preloaded script is fetched at high priority, beside the fonts the
// first paint waits for (Lighthouse then counts it as render-blocking, and its LCP doubled on a
// phone). A page in a background tab paints no frame, so its scripts are added at once.

/** How long a page waits for the report of its first paint before it adds its scripts. */
const PAINT_WAIT_MS = 3000;

/**
 * The loader, as it runs in the page (inline/afterPaint.ts): `sources` are the script addresses,
 * in Gatsby's order.
 */
export function loadAfterPaint(
  sources: readonly string[],
  page: Window & { PerformanceObserver?: typeof PerformanceObserver },
): void {
  const document = page.document;
  let added = false;
  function add() {
    if (added) return;
    added = true;
    sources.forEach(function (source) {
      const script = document.createElement('script');
      script.src = source;
      script.async = true;
      document.body.appendChild(script);
    });
  }
  if (document.visibilityState !== 'visible') {
    add();
    return;
  }
  // The browser's record of the first paint, reported in a task after it. Where paints are not
  // reported: after a frame (its callback runs before the paint, a task queued from it after).
  const Observer = page.PerformanceObserver;
  if (Observer && Observer.supportedEntryTypes && Observer.supportedEntryTypes.includes('paint')) {
    new Observer(function (_entries: unknown, observer: PerformanceObserver) {
      observer.disconnect();
      add();
    }).observe({ type: 'paint', buffered: true });
  } else {
    page.requestAnimationFrame(function () {
      page.setTimeout(add, 0);
    });
  }
  // Hidden before its paint; or a paint that is never reported.
  document.addEventListener('visibilitychange', add);
  page.setTimeout(add, PAINT_WAIT_MS);
}

/**
 * The script addresses the loader's element carries (`data-sources`, written by
 * scriptsAfterPaint); none when it carries none.
 */
export function scriptSources(script: HTMLOrSVGScriptElement | null): string[] {
  const list: unknown = JSON.parse(script?.dataset.sources ?? '[]');
  return Array.isArray(list) ? list.filter((source) => typeof source === 'string') : [];
}

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/**
 * `text` as an attribute value between single quotes; without `>` too, which the CSP hashing of
 * inline scripts (edge/rules.mjs) would take for the end of the tag.
 */
const quoted = (text: string) =>
  `'${text.replace(/[&'<>]/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char)}'`;

// Gatsby's script tags, as its server render writes them.
const ASYNC_SCRIPT = /<script src="([^"]+)" async(?:="")?><\/script>/g;

/**
 * A page's HTML with Gatsby's async scripts replaced by the loader (`loader`: the compiled text of
 * inline/afterPaint.ts), where the first of them was; their addresses go in its `data-sources`,
 * which the server's CSP hash of its text leaves out. A page without them (or already done) is
 * returned as is.
 */
export function scriptsAfterPaint(html: string, loader: string): string {
  const sources = Array.from(html.matchAll(ASYNC_SCRIPT), (match) => match[1] ?? '');
  if (!sources.length) return html;
  let element =
    `<script id="scripts-after-paint" data-sources=${quoted(JSON.stringify(sources))}>` +
    `${loader}</script>`;
  return html.replace(ASYNC_SCRIPT, () => {
    const first = element;
    element = '';
    return first;
  });
}
