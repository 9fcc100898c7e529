// After a deploy, an open tab still asks for the old build's chunks, which are gone; a reload
// fetches the new build. Reloading at most once per 60 s keeps a chunk that is really broken from
// reloading the page forever.

/** Where the time of the last reload is kept, so that the limit holds across that reload. */
export const CHUNK_RELOAD_STORAGE_KEY = 'coinlens:chunk-reload-at';

/** The shortest time between two reloads for a failed chunk, in milliseconds. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

// Each browser words a failed dynamic import its own way; webpack names its own error.
const CHUNK_ERROR_MESSAGES = [
  /Loading (CSS )?chunk [\w-]+ failed/i, // webpack (JS and mini-css-extract)
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
];

/** Whether `error` says that a code or style chunk could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error === 'string') return CHUNK_ERROR_MESSAGES.some((pattern) => pattern.test(error));
  if (typeof error !== 'object' || error === null) return false;
  const { name, message, code } = error as { name?: unknown; message?: unknown; code?: unknown };
  // Gatsby's loader rethrows webpack's error from `loadPage`, whose name is ChunkLoadError.
  if (name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED') return true;
  return typeof message === 'string' && CHUNK_ERROR_MESSAGES.some((p) => p.test(message));
}

/** The part of `Storage` this needs. */
export type ReloadStorage = Pick<Storage, 'getItem' | 'setItem'>;

// When sessionStorage is unusable (blocked by privacy settings, or full) the limit holds only
// for the life of this page, which still stops a tight loop within it.
let lastReloadInMemory: number | null = null;

function readLastReload(storage: ReloadStorage | null): number | null {
  let stored = Number.NaN;
  try {
    stored = Number(storage?.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? Number.NaN);
  } catch {
    // Memory alone then.
  }
  if (!Number.isFinite(stored)) return lastReloadInMemory;
  return lastReloadInMemory === null ? stored : Math.max(stored, lastReloadInMemory);
}

function writeLastReload(storage: ReloadStorage | null, at: number): void {
  if (storage) {
    try {
      storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(at));
      return;
    } catch {
      // Memory then.
    }
  }
  lastReloadInMemory = at;
}

function sessionStorageOf(win: Window | undefined): ReloadStorage | null {
  try {
    return win?.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function browserWindow(): Window | undefined {
  return typeof window === 'undefined' ? undefined : window;
}

/**
 * Whether the site's server answers: a HEAD of this page, past every cache. A chunk that fails
 * while it answers is gone (a deploy); one that fails while it does not is the server's outage,
 * and a reload would put the browser's own error page in place of this one.
 */
export async function siteAnswers(win: Window | undefined = browserWindow()): Promise<boolean> {
  if (!win) return false;
  try {
    const response = await win.fetch(win.location.href, { method: 'HEAD', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/** The address of the chunk a load failure names (webpack's ChunkLoadError has it), or null. */
export function chunkAddress(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { request } = error as { request?: unknown };
  return typeof request === 'string' && /^https?:\/\//.test(request) ? request : null;
}

/**
 * Whether the chunk a failure names is still served: then the failure was the network's (a
 * connection that dropped, or came back a moment too late), not a deploy's, and a reload would
 * only lose the page. False when the failure names no chunk, or it is not served.
 */
export async function chunkStillServed(
  error: unknown,
  win: Window | undefined = browserWindow(),
): Promise<boolean> {
  const url = chunkAddress(error);
  if (!win || url === null) return false;
  try {
    const response = await win.fetch(url, { method: 'HEAD', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

export interface ReloadOnChunkErrorOptions {
  /** What went wrong; anything but a chunk load failure is left alone. */
  error: unknown;
  /** The time now, in milliseconds since the epoch. */
  now?: number;
  /** Where the last reload time is kept. Defaults to sessionStorage. */
  storage?: ReloadStorage | null;
  /** Reloads the page. Defaults to `window.location.reload`. */
  reload?: () => void;
  /** Whether the browser is online. Defaults to `navigator.onLine`. */
  online?: () => boolean;
  /** Whether the site's server answers. Defaults to `siteAnswers()`. */
  reachable?: () => Promise<boolean>;
  /** Whether the failed chunk is still served. Defaults to `chunkStillServed(error)`. */
  served?: () => Promise<boolean>;
}

/**
 * Whether a reload may be tried for `error` now: a chunk load failure, the browser online, and no
 * reload for one in the last 60 s.
 */
function mayReload(
  error: unknown,
  now: number,
  storage: ReloadStorage | null,
  online: () => boolean,
): boolean {
  if (!isChunkLoadError(error) || !online()) return false;
  const last = readLastReload(storage);
  // A time in the future (the clock was set back) is not trusted to hold the reload off.
  return last === null || now < last || now - last >= CHUNK_RELOAD_INTERVAL_MS;
}

/**
 * Reloads the page for a failed chunk load unless it did so in the last 60 s, or the chunk is
 * not gone but out of reach: the browser offline, the site's server not answering (a reload
 * then would put the browser's own error page in place of this one), or the chunk still served
 * (the network failed that one request). Resolves to whether it reloaded; false means the caller
 * should show the error instead (with its retry, which works once the network or the server is
 * back).
 */
export async function reloadOnChunkError({
  error,
  now = Date.now(),
  storage = sessionStorageOf(browserWindow()),
  reload = () => browserWindow()?.location.reload(),
  online = () => typeof navigator === 'undefined' || navigator.onLine !== false,
  reachable = () => siteAnswers(),
  served = () => chunkStillServed(error),
}: ReloadOnChunkErrorOptions): Promise<boolean> {
  if (!mayReload(error, now, storage, online)) return false;
  if (!(await reachable())) return false;
  if (await served()) return false;
  // Another failure may have reloaded while this one asked.
  if (!mayReload(error, now, storage, online)) return false;
  writeLastReload(storage, now);
  reload();
  return true;
}

/**
 * Reloads the page when an uncaught error or unhandled rejection is a failed chunk load (a
 * dynamic `import()` or a Gatsby page component) and the site's server answers. It keeps a
 * chunk error from the listeners added after it: Gatsby's reloads for any failed chunk. Returns
 * the function that stops listening.
 */
export function installChunkReload(
  win: Window = window,
  reachable: () => Promise<boolean> = () => siteAnswers(win),
): () => void {
  const handle = (event: Event, error: unknown) => {
    if (!isChunkLoadError(error)) return;
    // This decides alone: Gatsby's own listener, registered after this one, would load the page
    // again at once, offline or with the server down too.
    event.stopImmediatePropagation();
    const storage = sessionStorageOf(win);
    const online = () => win.navigator?.onLine !== false;
    if (!mayReload(error, Date.now(), storage, online)) return;
    // The page is likely going away: the console need not report the error as uncaught. When
    // it stays (the server is down), the error is reported as a warning instead.
    event.preventDefault();
    void reloadOnChunkError({
      error,
      storage,
      reload: () => win.location.reload(),
      online,
      reachable,
      served: () => chunkStillServed(error, win),
    }).then((reloaded) => {
      if (!reloaded) {
        console.warn(
          'A chunk could not be loaded, and the page is kept: the server does not answer, or the chunk is still served.',
          error,
        );
      }
    });
  };
  const onError = (event: ErrorEvent) => handle(event, event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => handle(event, event.reason);
  // Capture: a browser that runs a target's capturing listeners first runs this one first even
  // when it was added later (Chromium runs them in the order they were added).
  win.addEventListener('error', onError, true);
  win.addEventListener('unhandledrejection', onRejection, true);
  return () => {
    win.removeEventListener('error', onError, true);
    win.removeEventListener('unhandledrejection', onRejection, true);
  };
}
