import type * as ChunkReload from './chunkReload';

// A fresh module per test: the fallback memory lives for a page's life, i.e. the module's.
let chunk: typeof ChunkReload;
beforeEach(async () => {
  jest.resetModules();
  chunk = await import('./chunkReload');
  window.sessionStorage.clear();
});

function chunkError(): Error {
  const error = new Error('Loading chunk 712 failed.\n(error: https://coinlens.test/712.js)');
  error.name = 'ChunkLoadError';
  return error;
}

/** A storage that exists but refuses every use, as with storage blocked by privacy settings. */
const brokenStorage = {
  getItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  },
};

describe('isChunkLoadError', () => {
  const named = (name: string, message = '') => Object.assign(new Error(message), { name });

  it.each([
    ["webpack's ChunkLoadError", named('ChunkLoadError', 'Loading chunk 5 failed.')],
    ['a JS chunk message', new Error('Loading chunk component---src-pages-reporting-tsx failed.')],
    ['a CSS chunk message', new Error('Loading CSS chunk 12 failed.\n(/12.css)')],
    [
      "mini-css-extract's code",
      Object.assign(new Error('whatever'), { code: 'CSS_CHUNK_LOAD_FAILED' }),
    ],
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: /x.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: /x.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['a bare message (an error event without an error)', 'Uncaught Loading chunk 3 failed.'],
  ])('knows %s', (_, error) => {
    expect(chunk.isChunkLoadError(error)).toBe(true);
  });

  it.each([
    ['an ordinary error', new Error('Cannot read properties of undefined')],
    ['a fetch failure', new TypeError('Failed to fetch')],
    ['nothing', undefined],
    ['a number', 42],
  ])('leaves %s alone', (_, error) => {
    expect(chunk.isChunkLoadError(error)).toBe(false);
  });
});

describe('reloadOnChunkError', () => {
  const start = Date.UTC(2025, 0, 1);

  it('reloads for the first failure, not again within 60 s, and again after', () => {
    const reload = jest.fn();
    const storage = window.sessionStorage;
    expect(chunk.reloadOnChunkError({ error: chunkError(), now: start, storage, reload })).toBe(
      true,
    );
    expect(storage.getItem(chunk.CHUNK_RELOAD_STORAGE_KEY)).toBe(String(start));

    const soon = start + 59_999;
    expect(chunk.reloadOnChunkError({ error: chunkError(), now: soon, storage, reload })).toBe(
      false,
    );
    expect(reload).toHaveBeenCalledTimes(1);

    const later = start + 60_000;
    expect(chunk.reloadOnChunkError({ error: chunkError(), now: later, storage, reload })).toBe(
      true,
    );
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('remembers across the reload itself, through sessionStorage', async () => {
    chunk.reloadOnChunkError({ error: chunkError(), now: start, reload: jest.fn() });
    // The page after the reload: a new module, the same session.
    jest.resetModules();
    const nextPage: typeof ChunkReload = await import('./chunkReload');
    const reload = jest.fn();
    expect(nextPage.reloadOnChunkError({ error: chunkError(), now: start + 5_000, reload })).toBe(
      false,
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('leaves the page in place while the browser is offline, and reloads once it is back', () => {
    const reload = jest.fn();
    const storage = window.sessionStorage;
    const offline = () => false;
    expect(
      chunk.reloadOnChunkError({
        error: chunkError(),
        now: start,
        storage,
        reload,
        online: offline,
      }),
    ).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    // Offline takes no turn of the once-a-minute limit.
    expect(storage.getItem(chunk.CHUNK_RELOAD_STORAGE_KEY)).toBeNull();
    expect(
      chunk.reloadOnChunkError({
        error: chunkError(),
        now: start + 1,
        storage,
        reload,
        online: () => true,
      }),
    ).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores errors that are not chunk load failures', () => {
    const reload = jest.fn();
    const error = new Error('boom');
    expect(chunk.reloadOnChunkError({ error, now: start, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(chunk.CHUNK_RELOAD_STORAGE_KEY)).toBeNull();
  });

  it('still reloads at most once per page life when storage throws', () => {
    const reload = jest.fn();
    const storage = brokenStorage;
    expect(chunk.reloadOnChunkError({ error: chunkError(), now: start, storage, reload })).toBe(
      true,
    );
    expect(
      chunk.reloadOnChunkError({ error: chunkError(), now: start + 1_000, storage, reload }),
    ).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('still reloads at most once per page life without any storage', () => {
    const reload = jest.fn();
    chunk.reloadOnChunkError({ error: chunkError(), now: start, storage: null, reload });
    chunk.reloadOnChunkError({ error: chunkError(), now: start + 1_000, storage: null, reload });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reads the clock itself when not given the time', () => {
    jest.useFakeTimers({ now: start });
    try {
      const reload = jest.fn();
      chunk.reloadOnChunkError({ error: chunkError(), reload });
      jest.setSystemTime(start + 30_000);
      chunk.reloadOnChunkError({ error: chunkError(), reload });
      jest.setSystemTime(start + 61_000);
      chunk.reloadOnChunkError({ error: chunkError(), reload });
      expect(reload).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('installChunkReload', () => {
  /** A window whose events are real but whose location only records reloads. */
  function fakeWindow({ onLine = true } = {}) {
    const target = new EventTarget();
    const reload = jest.fn();
    const win = Object.assign(target, {
      location: { reload },
      navigator: { onLine },
      sessionStorage: window.sessionStorage,
    }) as unknown as Window;
    return { win, reload };
  }

  function rejection(reason: unknown): Event {
    // jsdom has no PromiseRejectionEvent; the handler reads only `reason`.
    return Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason });
  }

  it('reloads for an unhandled rejection of a dynamic import and quiets the console', () => {
    const { win, reload } = fakeWindow();
    const uninstall = chunk.installChunkReload(win);
    const event = rejection(chunkError());
    win.dispatchEvent(event);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    uninstall();
  });

  it('lets the page show its error while the browser is offline', () => {
    const { win, reload } = fakeWindow({ onLine: false });
    const uninstall = chunk.installChunkReload(win);
    const event = rejection(chunkError());
    win.dispatchEvent(event);
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
    uninstall();
  });

  it('reloads for an uncaught error event', () => {
    const { win, reload } = fakeWindow();
    const uninstall = chunk.installChunkReload(win);
    win.dispatchEvent(new ErrorEvent('error', { error: chunkError(), cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(1);
    uninstall();
  });

  it('lets other errors through to the console', () => {
    const { win, reload } = fakeWindow();
    const uninstall = chunk.installChunkReload(win);
    const event = rejection(new Error('boom'));
    win.dispatchEvent(event);
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
    uninstall();
  });

  it('stops listening when uninstalled', () => {
    const { win, reload } = fakeWindow();
    chunk.installChunkReload(win)();
    win.dispatchEvent(rejection(chunkError()));
    expect(reload).not.toHaveBeenCalled();
  });
});
