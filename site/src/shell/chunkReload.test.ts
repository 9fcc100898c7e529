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

/** The site's server answering, and not. */
const answers = async () => true;
const silent = async () => false;

/** Asks `module` to reload for a chunk error while the server answers, unless told otherwise. */
function tryReload(
  options: Partial<ChunkReload.ReloadOnChunkErrorOptions>,
  module: typeof ChunkReload = chunk,
): Promise<boolean> {
  return module.reloadOnChunkError({ error: chunkError(), reachable: answers, ...options });
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

  it('reloads for the first failure, not again within 60 s, and again after', async () => {
    const reload = jest.fn();
    const storage = window.sessionStorage;
    expect(await tryReload({ now: start, storage, reload })).toBe(true);
    expect(storage.getItem(chunk.CHUNK_RELOAD_STORAGE_KEY)).toBe(String(start));

    const soon = start + 59_999;
    expect(await tryReload({ now: soon, storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    const later = start + 60_000;
    expect(await tryReload({ now: later, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('remembers across the reload itself, through sessionStorage', async () => {
    await tryReload({ now: start, reload: jest.fn() });
    // The page after the reload: a new module, the same session.
    jest.resetModules();
    const nextPage: typeof ChunkReload = await import('./chunkReload');
    const reload = jest.fn();
    expect(await tryReload({ now: start + 5_000, reload }, nextPage)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('leaves the page in place while the browser is offline, and reloads once it is back', async () => {
    const reload = jest.fn();
    const storage = window.sessionStorage;
    const offline = () => false;
    expect(await tryReload({ now: start, storage, reload, online: offline })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    // Offline takes no turn of the once-a-minute limit.
    expect(storage.getItem(chunk.CHUNK_RELOAD_STORAGE_KEY)).toBeNull();
    expect(await tryReload({ now: start + 1, storage, reload, online: () => true })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves the page in place while the server does not answer, and reloads once it does', async () => {
    const reload = jest.fn();
    const storage = window.sessionStorage;
    const reachable = jest.fn(silent);
    expect(await tryReload({ now: start, storage, reload, reachable })).toBe(false);
    expect(reachable).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    // An outage takes no turn of the once-a-minute limit either.
    expect(storage.getItem(chunk.CHUNK_RELOAD_STORAGE_KEY)).toBeNull();
    expect(await tryReload({ now: start + 1, storage, reload, reachable: answers })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not ask the server when it would not reload anyway', async () => {
    const reachable = jest.fn(answers);
    const reload = jest.fn();
    await chunk.reloadOnChunkError({ error: new Error('boom'), reload, reachable });
    await tryReload({ reload, reachable, online: () => false });
    expect(reachable).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once for two failures that ask the server together', async () => {
    const reload = jest.fn();
    const both = [0, 1].map(() => tryReload({ now: start, reload, reachable: answers }));
    expect(await Promise.all(both)).toEqual([true, false]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores errors that are not chunk load failures', async () => {
    const reload = jest.fn();
    const error = new Error('boom');
    expect(await chunk.reloadOnChunkError({ reachable: answers, error, now: start, reload })).toBe(
      false,
    );
    expect(reload).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(chunk.CHUNK_RELOAD_STORAGE_KEY)).toBeNull();
  });

  it('still reloads at most once per page life when storage throws', async () => {
    const reload = jest.fn();
    const storage = brokenStorage;
    expect(await tryReload({ now: start, storage, reload })).toBe(true);
    expect(await tryReload({ now: start + 1_000, storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('still reloads at most once per page life without any storage', async () => {
    const reload = jest.fn();
    await tryReload({ now: start, storage: null, reload });
    await tryReload({ now: start + 1_000, storage: null, reload });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reads the clock itself when not given the time', async () => {
    jest.useFakeTimers({ now: start });
    try {
      const reload = jest.fn();
      await tryReload({ reload });
      jest.setSystemTime(start + 30_000);
      await tryReload({ reload });
      jest.setSystemTime(start + 61_000);
      await tryReload({ reload });
      expect(reload).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('siteAnswers', () => {
  function windowFetching(fetch: jest.Mock) {
    return { fetch, location: { href: 'https://coinlens.test/reporting/' } } as unknown as Window;
  }

  it("asks for this page's head, past every cache", async () => {
    const fetch = jest.fn(async () => ({ ok: true, status: 200 }));
    await expect(chunk.siteAnswers(windowFetching(fetch))).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledWith('https://coinlens.test/reporting/', {
      method: 'HEAD',
      cache: 'no-store',
    });
  });

  it.each([
    ['the request fails', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server answers with an error', async () => ({ ok: false, status: 502 })],
  ])('says no when %s', async (_, answer) => {
    await expect(chunk.siteAnswers(windowFetching(jest.fn(answer)))).resolves.toBe(false);
  });

  it('says no without a window', async () => {
    await expect(chunk.siteAnswers(undefined)).resolves.toBe(false);
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

  /** Lets the server's answer (a resolved promise) and what follows it run. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('reloads for an unhandled rejection of a dynamic import and quiets the console', async () => {
    const { win, reload } = fakeWindow();
    const uninstall = chunk.installChunkReload(win, answers);
    const event = rejection(chunkError());
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    uninstall();
  });

  it('keeps the page, with a warning, while the server does not answer', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { win, reload } = fakeWindow();
      const uninstall = chunk.installChunkReload(win, silent);
      const error = chunkError();
      win.dispatchEvent(rejection(error));
      await settle();
      expect(reload).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('server'), error);
      expect(window.sessionStorage.getItem(chunk.CHUNK_RELOAD_STORAGE_KEY)).toBeNull();
      uninstall();
    } finally {
      warn.mockRestore();
    }
  });

  it('keeps a chunk error from the listeners after it, as Gatsby’s is', async () => {
    const { win, reload } = fakeWindow({ onLine: false });
    const uninstall = chunk.installChunkReload(win, answers);
    const gatsby = jest.fn();
    win.addEventListener('unhandledrejection', gatsby);
    win.dispatchEvent(rejection(chunkError()));
    await settle();
    expect(gatsby).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    // Any other error still reaches it.
    win.dispatchEvent(rejection(new Error('boom')));
    expect(gatsby).toHaveBeenCalledTimes(1);
    uninstall();
  });

  it('lets the page show its error while the browser is offline', async () => {
    const { win, reload } = fakeWindow({ onLine: false });
    const reachable = jest.fn(answers);
    const uninstall = chunk.installChunkReload(win, reachable);
    const event = rejection(chunkError());
    win.dispatchEvent(event);
    await settle();
    expect(reload).not.toHaveBeenCalled();
    expect(reachable).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
    uninstall();
  });

  it('lets the error through to the console within a minute of the last reload', async () => {
    const { win, reload } = fakeWindow();
    window.sessionStorage.setItem(chunk.CHUNK_RELOAD_STORAGE_KEY, String(Date.now() - 1_000));
    const uninstall = chunk.installChunkReload(win, answers);
    const event = rejection(chunkError());
    win.dispatchEvent(event);
    await settle();
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
    uninstall();
  });

  it('reloads for an uncaught error event', async () => {
    const { win, reload } = fakeWindow();
    const uninstall = chunk.installChunkReload(win, answers);
    win.dispatchEvent(new ErrorEvent('error', { error: chunkError(), cancelable: true }));
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    uninstall();
  });

  it('lets other errors through to the console', async () => {
    const { win, reload } = fakeWindow();
    const uninstall = chunk.installChunkReload(win, answers);
    const event = rejection(new Error('boom'));
    win.dispatchEvent(event);
    await settle();
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
    uninstall();
  });

  it('asks the server through the window it was given by default', async () => {
    const { win, reload } = fakeWindow();
    const fetch = jest.fn(async () => ({ ok: true }));
    Object.assign(win, { fetch, location: { reload, href: 'https://coinlens.test/' } });
    const uninstall = chunk.installChunkReload(win);
    win.dispatchEvent(rejection(chunkError()));
    await settle();
    expect(fetch).toHaveBeenCalledWith('https://coinlens.test/', expect.anything());
    expect(reload).toHaveBeenCalledTimes(1);
    uninstall();
  });

  it('stops listening when uninstalled', async () => {
    const { win, reload } = fakeWindow();
    chunk.installChunkReload(win, answers)();
    win.dispatchEvent(rejection(chunkError()));
    await settle();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('a chunk still served', () => {
  const withRequest = () =>
    Object.assign(chunkError(), { request: 'https://coinlens.test/712-abc.js' });

  it('is told from a gone one by a HEAD of its own address', async () => {
    const fetch = jest.fn(async () => ({ ok: true }) as Response);
    const win = { fetch } as unknown as Window;
    await expect(chunk.chunkStillServed(withRequest(), win)).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledWith('https://coinlens.test/712-abc.js', {
      method: 'HEAD',
      cache: 'no-store',
    });
    fetch.mockResolvedValueOnce({ ok: false } as Response);
    await expect(chunk.chunkStillServed(withRequest(), win)).resolves.toBe(false);
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(chunk.chunkStillServed(withRequest(), win)).resolves.toBe(false);
    // A failure that names no chunk cannot be checked: it counts as gone.
    await expect(chunk.chunkStillServed(chunkError(), win)).resolves.toBe(false);
    expect(chunk.chunkAddress({ request: 'javascript:alert(1)' })).toBeNull();
  });

  it('is not reloaded for: the network failed that one request', async () => {
    const reload = jest.fn();
    const served = jest.fn(answers);
    await expect(tryReload({ reload, served })).resolves.toBe(false);
    expect(served).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    await expect(tryReload({ reload, served: silent })).resolves.toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
