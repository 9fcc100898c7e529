// The loading bar's clock: plain TypeScript with no React and no DOM, so router events and other
// code outside React can drive the bar, and the timing is tested on its own with fake timers.

/** How long the bar takes to creep to {@link LOADING_BAR_CREEP_TO} % (product rule: 5 s). */
export const LOADING_BAR_DURATION = 5000;
/** Loads shorter than this never show the bar (product rule: 200 ms). */
export const LOADING_BAR_THROTTLE = 200;
/** Where the estimate stops: the bar never claims more than this before the load is done. */
const LOADING_BAR_CREEP_TO = 90;
/** How often the estimate moves; the bar's CSS transition smooths the steps between. */
const TICK_MS = 200;
/** Fill to 100 % (the `normal` 200 ms), then fade out (the `slow` 320 ms), then hide. */
const FINISH_MS = 520;

/** What the caller says the page is doing. */
export type LoadingBarStatus = 'idle' | 'loading' | 'done' | 'error';

/** What the bar shows: `hidden` covers idle and a load still inside the throttle. */
export type LoadingBarPhase = 'hidden' | 'loading' | 'done' | 'error';

export interface LoadingBarSnapshot {
  /** What the bar shows now. */
  phase: LoadingBarPhase;
  /** How full the bar is, 0 to 100. */
  progress: number;
}

export interface LoadingBarOptions {
  /** Milliseconds to creep to about 90 % (default 5000). */
  duration?: number;
  /** Milliseconds a load must last before the bar shows (default 200). */
  throttle?: number;
}

export interface LoadingBarController {
  /** A load began; the bar shows if it is still going after the throttle. Repeats are ignored. */
  start(): void;
  /** The load finished: the bar fills and fades out, or never shows if it was quick. */
  done(): void;
  /** The load failed: like `done`, in the error colour. */
  error(): void;
  /** Hides the bar at once and stops its timers (e.g. on unmount). */
  reset(): void;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: (snapshot: LoadingBarSnapshot) => void): () => void;
  /** What the bar shows now; the object is replaced on change, never mutated. */
  getSnapshot(): LoadingBarSnapshot;
}

/** The bar as it is between loads; also what a server renders. */
export const HIDDEN_LOADING_BAR: LoadingBarSnapshot = Object.freeze({
  phase: 'hidden',
  progress: 0,
});

const nonNegative = (value: number | undefined, fallback: number) =>
  typeof value === 'number' && value >= 0 ? value : fallback;

/**
 * The estimated progress `elapsed` ms into a load: fast at first, slowing as it nears 90 % at
 * `duration`, and holding there, so a long load never looks finished.
 */
export function estimateProgress(elapsed: number, duration: number): number {
  const share = duration > 0 ? Math.min(1, Math.max(0, elapsed / duration)) : 1;
  return LOADING_BAR_CREEP_TO * (1 - (1 - share) ** 2);
}

/**
 * Makes a loading bar's clock. Use one for code outside React (`const pageLoad =
 * createLoadingBar()`, then `pageLoad.start()` on a route change) and draw it with
 * `<LoadingBar controller={pageLoad} />`; `<LoadingBar status="loading" />` makes its own.
 */
export function createLoadingBar(options: LoadingBarOptions = {}): LoadingBarController {
  const duration = nonNegative(options.duration, LOADING_BAR_DURATION);
  const throttle = nonNegative(options.throttle, LOADING_BAR_THROTTLE);
  const listeners = new Set<(snapshot: LoadingBarSnapshot) => void>();
  let snapshot = HIDDEN_LOADING_BAR;
  // A load inside its throttle: started, not shown yet.
  let pending = false;
  let startedAt = 0;
  let throttleTimer: ReturnType<typeof setTimeout> | undefined;
  let finishTimer: ReturnType<typeof setTimeout> | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;

  const set = (next: LoadingBarSnapshot) => {
    if (next.phase === snapshot.phase && next.progress === snapshot.progress) return;
    snapshot = next.phase === 'hidden' ? HIDDEN_LOADING_BAR : next;
    for (const listener of [...listeners]) listener(snapshot);
  };

  const clearTimers = () => {
    clearTimeout(throttleTimer);
    clearTimeout(finishTimer);
    clearInterval(ticker);
    throttleTimer = finishTimer = ticker = undefined;
  };

  const tick = () => {
    const progress = estimateProgress(Date.now() - startedAt, duration);
    set({ phase: 'loading', progress });
    if (progress >= LOADING_BAR_CREEP_TO) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };

  const show = () => {
    pending = false;
    throttleTimer = undefined;
    startedAt = Date.now();
    tick();
    if (ticker === undefined && snapshot.progress < LOADING_BAR_CREEP_TO) {
      ticker = setInterval(tick, TICK_MS);
    }
  };

  const finish = (phase: 'done' | 'error') => {
    if (pending) {
      // Quick enough that showing anything would only flicker.
      pending = false;
      clearTimers();
      return;
    }
    if (snapshot.phase !== 'loading') return;
    clearTimers();
    set({ phase, progress: 100 });
    finishTimer = setTimeout(() => {
      finishTimer = undefined;
      set(HIDDEN_LOADING_BAR);
    }, FINISH_MS);
  };

  return {
    start() {
      if (pending || snapshot.phase === 'loading') return;
      // A new load during the fade-out of the last one starts over.
      clearTimers();
      set(HIDDEN_LOADING_BAR);
      pending = true;
      if (throttle === 0) show();
      else throttleTimer = setTimeout(show, throttle);
    },
    done: () => finish('done'),
    error: () => finish('error'),
    reset() {
      pending = false;
      clearTimers();
      set(HIDDEN_LOADING_BAR);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
  };
}
