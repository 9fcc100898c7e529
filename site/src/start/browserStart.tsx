// The browser's start, from the app's scripts to the hydrated page (docs/start-sequence.md):
// the root's heavy part starts in tasks of its own while the page's data loads, then the page
// hydrates as a transition.
import { startTransition, type ReactElement, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type * as RuntimeModule from './runtime';

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
 * Starts the root's heavy part (runtime.tsx), each step in a task of its own, while the
 * page's data loads: its modules (the data layer: SWR and the API client; then Chakra, Emotion
 * and the design system), then Chakra's styling engine (its utilities, token dictionary and CSS
 * variables, in four tasks: the design system's prepareSystem). Each would otherwise be part of a
 * longer task: the app's scripts' start, or the hydration. Each step's time is a User Timing
 * measure (`coinlens:<step>`).
 */
export function startRuntime(): Promise<Runtime> {
  runtimeStarted ??= (async () => {
    await nextTask();
    // Eager: in the app's chunk (no request); its modules run when it is imported. The data
    // layer first, then the styling (Chakra, Emotion, the design system) with the rest.
    await measured('data-layer', () => import(/* webpackMode: "eager" */ '../data/swr'));
    await nextTask();
    const loaded = await measured(
      'runtime-modules',
      () => import(/* webpackMode: "eager" */ './runtime'),
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
export function Root({ children }: { children: ReactNode }) {
  if (!runtime) throw new Error('The page rendered before its runtime started.');
  return <runtime.RuntimeRoot>{children}</runtime.RuntimeRoot>;
}

// Hydration as a transition: React does it in slices of a few milliseconds and lets the browser
// answer in between, instead of in one long task (Lighthouse's TBT); a click or a key on the page
// meanwhile makes React finish it at once. A page without server markup is rendered instead.
export function hydrateAsTransition(element: ReactElement, container: Element | null): void {
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
