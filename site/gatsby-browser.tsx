import type { GatsbyBrowser } from 'gatsby';
import { startTransition, type ReactElement, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { deviceRedirect } from './edge/rules.mjs';
import { installChunkReload } from './src/app/chunkReload';
import { isPageHead } from './src/app/pageHead';
import type * as RuntimeModule from './src/app/runtime';
import { addressChanged } from './src/features/shell/dialogs';
import { pageLoad } from './src/features/shell/pageLoad';
import { keepHtmlLang } from './src/i18n/htmlLang';

type Runtime = typeof RuntimeModule;

let runtime: Runtime | undefined;
let runtimeStarted: Promise<Runtime> | undefined;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `step` and records its time as a User Timing measure (`coinlens:<name>`), which
 * Lighthouse and the browser's performance panel show: each step of the start is one task.
 */
function measured<T>(name: string, step: () => T): T {
  const start = performance.now();
  const done = () => {
    performance.measure?.(`coinlens:${name}`, { start, end: performance.now() });
  };
  const result = step();
  if (result instanceof Promise) return result.finally(done) as T;
  done();
  return result;
}

/**
 * Runs `run`, which yields to the browser between its parts, and records each part's time as
 * `coinlens:<name>-<n>` (n from 1).
 */
async function measuredParts<T>(
  name: string,
  run: (yieldToMain: () => Promise<void>) => Promise<T>,
): Promise<T> {
  let part = 1;
  let start = performance.now();
  const done = () => {
    performance.measure?.(`coinlens:${name}-${part++}`, { start, end: performance.now() });
  };
  const result = await run(async () => {
    done();
    await nextTask();
    start = performance.now();
  });
  done();
  return result;
}

/**
 * Starts the root's heavy part (src/app/runtime.tsx), each step in a task of its own, while the
 * page's data loads: its modules (the data layer: SWR and the API client; then Chakra, Emotion
 * and the design system), then Chakra's styling engine (its utilities, token dictionary and CSS
 * variables, in four tasks: the design system's prepareSystem). Each would otherwise be part of a
 * longer task: the app's scripts' start, or the hydration. Each step's time is a User Timing
 * measure (`coinlens:<step>`).
 */
function startRuntime(): Promise<Runtime> {
  runtimeStarted ??= (async () => {
    await nextTask();
    // Eager: in the app's chunk (no request); its modules run when it is imported. The data
    // layer first, then the styling (Chakra, Emotion, the design system) with the rest.
    await measured('data-layer', () => import(/* webpackMode: "eager" */ './src/data/swr'));
    await nextTask();
    const loaded = await measured(
      'runtime-modules',
      () => import(/* webpackMode: "eager" */ './src/app/runtime'),
    );
    await nextTask();
    await measuredParts('styling-engine', (yieldToMain) => loaded.prepareSystem(yieldToMain));
    // The hydration, which follows at once, starts in a task of its own too.
    await nextTask();
    runtime = loaded;
    return loaded;
  })();
  return runtimeStarted;
}

/** The root's providers, once started (the hydration waits for them: see below). */
function Root({ children }: { children: ReactNode }) {
  if (!runtime) throw new Error('The page rendered before its runtime started.');
  return <runtime.RuntimeRoot>{children}</runtime.RuntimeRoot>;
}

// A page's Head needs none of the root's providers (src/app/pageHead.ts).
export const wrapRootElement: GatsbyBrowser['wrapRootElement'] = ({ element }) =>
  isPageHead(element) ? element : <Root>{element}</Root>;

// Hydration as a transition: React does it in slices of a few milliseconds and lets the browser
// answer in between, instead of in one long task (Lighthouse's TBT); a click or a key on the page
// meanwhile makes React finish it at once. A page without server markup is rendered instead.
function hydrateAsTransition(element: ReactElement, container: Element | null): void {
  if (!container) return;
  if (!runtime) {
    void startRuntime().then(() => hydrateAsTransition(element, container));
    return;
  }
  // As Gatsby decides: server markup is there when its focus wrapper has children.
  if (!document.getElementById('gatsby-focus-wrapper')?.children.length) {
    createRoot(container).render(element);
    return;
  }
  startTransition(() => {
    hydrateRoot(container, element);
  });
}

// (Gatsby's own type for this API is React DOM's legacy `render`, which a root does not match.)
export const replaceHydrateFunction = () => hydrateAsTransition;

// A page whose code cannot be fetched (a deploy replaced it) reloads, at most once a minute, and
// only while the site answers (src/app/chunkReload.ts). Installed when this module runs: Gatsby
// runs it before its navigation module, whose own listener (it reloads for any failed chunk) then
// comes second and never hears of a chunk error.
installChunkReload(window);

export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  void startRuntime();
};

// The loading bar follows route changes; loads under 200 ms show nothing.
export const onPreRouteUpdate: GatsbyBrowser['onPreRouteUpdate'] = ({ location, prevLocation }) => {
  if (prevLocation && prevLocation.pathname !== location.pathname) pageLoad.start();
};

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location }) => {
  pageLoad.done();
  addressChanged(location.search);
  // A move to another language's page (src/i18n/htmlLang.ts).
  keepHtmlLang(document, location.pathname);
  // The device redirect holds for the site's own links too (the inline script and the server see
  // only full loads): a phone that followed one to a full-site page goes on to the mobile page.
  const target = deviceRedirect(location.pathname, window.navigator.userAgent);
  if (target !== null) window.location.replace(target + location.search + location.hash);
};
