// Code the page loads after its first load (the chat's store, the onboarding's machines, the end of
// a social sign-in, a lazy part) may not come: the browser offline, the server down, or the chunk
// gone with a deploy. A chunk gone is fetched anew by a reload (chunkReload.ts); one out of reach
// is tried again, once the browser is back online or after a short wait, so that the part shows
// by itself when the network comes back. Meanwhile the page says so (ChunkWaitNotice), and no
// promise is left rejected unhandled.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { isChunkLoadError, reloadOnChunkError } from './chunkReload';

/** How long to wait before each try after a failed one, in ms (the last one repeats). */
export const CHUNK_RETRY_DELAYS_MS: readonly number[] = [2_000, 5_000, 10_000, 30_000];

export interface LoadChunkOptions {
  /** Reloads the page for a chunk gone with a deploy; resolves to whether it did. */
  reload?: (error: unknown) => Promise<boolean>;
  /** Where the `online` event and the timers come from. Defaults to the page's window. */
  win?: Window;
}

export interface ChunkLoad<T> {
  /**
   * The chunk's module, once it is loaded. Rejects only with an error that is not a chunk load's
   * (the module's own code threw): a bug, which must be seen. After `stop`, or when the page
   * reloads for a deploy, it never settles.
   */
  readonly loaded: Promise<T>;
  /** Tries again at once, if a try has failed and the next is waiting. */
  retry(): void;
  /** Stops trying: whatever wanted the chunk is gone. */
  stop(): void;
}

// How many loads wait for a retry now, and who is told when that changes (ChunkWaitNotice).
let waiting = 0;
const listeners = new Set<() => void>();

function changeWaiting(by: number) {
  waiting += by;
  for (const listener of [...listeners]) listener();
}

/** How many chunk loads are waiting to be tried again. */
export function chunksWaiting(): number {
  return waiting;
}

/** Calls `listener` whenever `chunksWaiting()` changes; returns the unsubscribe. */
export function subscribeChunkWaits(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const never = () => new Promise<never>(() => undefined);

/**
 * Loads a chunk with `load` (a dynamic `import()`) until it is loaded. A failed try reloads the
 * page when the chunk is gone with a deploy (the server answers: see reloadOnChunkError);
 * otherwise the load waits (counted by `chunksWaiting`) and tries again when the browser comes
 * back online, after the next of CHUNK_RETRY_DELAYS_MS, or on `retry()`.
 */
export function loadChunk<T>(load: () => Promise<T>, options: LoadChunkOptions = {}): ChunkLoad<T> {
  const { reload = (error: unknown) => reloadOnChunkError({ error }) } = options;
  let stopped = false;
  let wake: (() => void) | null = null;

  const nextTry = (failures: number) =>
    new Promise<void>((resolve) => {
      const win = options.win ?? window;
      const delay = CHUNK_RETRY_DELAYS_MS[Math.min(failures, CHUNK_RETRY_DELAYS_MS.length) - 1];
      const go = () => {
        win.clearTimeout(timer);
        win.removeEventListener('online', go);
        wake = null;
        resolve();
      };
      const timer = win.setTimeout(go, delay);
      win.addEventListener('online', go);
      wake = go;
    });

  // Counted in `chunksWaiting` from its first failed try until it loads, fails for good or stops.
  let counted = false;
  const count = (on: boolean) => {
    if (counted === on) return;
    counted = on;
    changeWaiting(on ? 1 : -1);
  };

  const loaded = (async () => {
    try {
      for (let failures = 1; ; failures += 1) {
        try {
          const module = await load();
          return stopped ? never() : module;
        } catch (error) {
          if (!isChunkLoadError(error)) throw error;
          if (stopped || (await reload(error)) || stopped) return never();
          count(true);
          await nextTry(failures);
          if (stopped) return never();
        }
      }
    } finally {
      count(false);
    }
  })();

  return {
    loaded,
    retry: () => wake?.(),
    stop: () => {
      stopped = true;
      wake?.();
    },
  };
}

/**
 * Settles in the next task, with `value`: what follows a chunk's arrival then runs in a task of
 * its own, not in the long one of the chunk's code.
 */
export const inNextTask = <T>(value: T) =>
  new Promise<T>((resolve) => {
    setTimeout(resolve, 0, value);
  });

/**
 * `React.lazy` with its code loaded by `loadChunk`: while the chunk is out of reach the part's
 * Suspense fallback stays (the page says why), instead of an error in the page's place. The part
 * renders in the task after the one in which its chunk arrived: a chunk's code runs as it
 * arrives, and the render would otherwise join it in one long task (on /welcome/, the chat's
 * chunk and the chat's first render were one task of about 150 ms).
 */
// `any`, as in React.lazy's own signature: a component of any props may be loaded this way.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyChunk<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => loadChunk(load).loaded.then(inNextTask));
}
