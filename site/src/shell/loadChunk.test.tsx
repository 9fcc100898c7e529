import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import {
  CHUNK_RETRY_DELAYS_MS,
  chunksWaiting,
  inNextTask,
  lazyChunk,
  loadChunk,
  subscribeChunkWaits,
  type LoadChunkOptions,
} from './loadChunk';

function chunkError(): Error {
  const error = new Error('Loading chunk 712 failed.\n(error: https://coinlens.test/712.js)');
  error.name = 'ChunkLoadError';
  return error;
}

/**
 * A chunk's `import()`: each call fails with a chunk error while `reachable` is false, and gives
 * the module once it is true. `calls` counts the tries.
 */
function fakeImport<T>(module: T) {
  const chunk = {
    reachable: false,
    calls: 0,
    load: async (): Promise<T> => {
      chunk.calls += 1;
      if (!chunk.reachable) throw chunkError();
      return module;
    },
  };
  return chunk;
}

/** Lets every settled promise's callbacks run. */
const flush = () => act(async () => undefined);

/** Whether `promise` has settled, without waiting for it. */
function settled(promise: Promise<unknown>): () => boolean {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  return () => done;
}

// The server does not answer: a failed chunk is out of reach, not gone.
const outOfReach: LoadChunkOptions = { reload: async () => false };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('loadChunk', () => {
  it('gives the module of a chunk that loads, and counts nothing as waiting', async () => {
    const chunk = fakeImport({ name: 'chat' });
    chunk.reachable = true;
    await expect(loadChunk(chunk.load, outOfReach).loaded).resolves.toEqual({ name: 'chat' });
    expect(chunk.calls).toBe(1);
    expect(chunksWaiting()).toBe(0);
  });

  it('waits while the chunk is out of reach and loads it once the browser is back online', async () => {
    const chunk = fakeImport('module');
    const load = loadChunk(chunk.load, outOfReach);
    const done = settled(load.loaded);
    await flush();
    expect(chunk.calls).toBe(1);
    expect(chunksWaiting()).toBe(1);

    chunk.reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await expect(load.loaded).resolves.toBe('module');
    expect(done()).toBe(true);
    expect(chunk.calls).toBe(2);
    expect(chunksWaiting()).toBe(0);
  });

  it('tries again after each delay, longer each time up to the last', async () => {
    const chunk = fakeImport('module');
    const load = loadChunk(chunk.load, outOfReach);
    await flush();
    const tries = [1];
    for (const delay of [...CHUNK_RETRY_DELAYS_MS, CHUNK_RETRY_DELAYS_MS.at(-1)!]) {
      await act(async () => jest.advanceTimersByTime(delay - 1));
      expect(chunk.calls).toBe(tries.length);
      await act(async () => jest.advanceTimersByTime(1));
      tries.push(chunk.calls);
      expect(chunk.calls).toBe(tries.length);
    }
    expect(chunksWaiting()).toBe(1);
    chunk.reachable = true;
    await act(async () => jest.advanceTimersByTime(CHUNK_RETRY_DELAYS_MS.at(-1)!));
    await expect(load.loaded).resolves.toBe('module');
    expect(chunksWaiting()).toBe(0);
  });

  it('tries again at once on retry()', async () => {
    const chunk = fakeImport('module');
    const load = loadChunk(chunk.load, outOfReach);
    await flush();
    chunk.reachable = true;
    act(() => load.retry());
    await expect(load.loaded).resolves.toBe('module');
    expect(chunk.calls).toBe(2);
  });

  it('asks for the reload with the failure, and tries no more once the page reloads', async () => {
    const chunk = fakeImport('module');
    const reload = jest.fn(async () => true);
    const load = loadChunk(chunk.load, { reload });
    const done = settled(load.loaded);
    await flush();
    expect(reload).toHaveBeenCalledWith(expect.objectContaining({ name: 'ChunkLoadError' }));
    chunk.reachable = true;
    window.dispatchEvent(new Event('online'));
    await act(async () => jest.advanceTimersByTime(60_000));
    expect(chunk.calls).toBe(1);
    expect(done()).toBe(false);
    expect(chunksWaiting()).toBe(0);
  });

  it('fails at once with an error that is not a chunk load’s', async () => {
    const bug = new TypeError('Cannot read properties of undefined');
    const load = jest.fn(async () => {
      throw bug;
    });
    await expect(loadChunk(load, outOfReach).loaded).rejects.toBe(bug);
    expect(load).toHaveBeenCalledTimes(1);
    expect(chunksWaiting()).toBe(0);
  });

  it('tries no more once stopped, and never settles', async () => {
    const chunk = fakeImport('module');
    const load = loadChunk(chunk.load, outOfReach);
    const done = settled(load.loaded);
    await flush();
    expect(chunksWaiting()).toBe(1);
    act(() => load.stop());
    await flush();
    expect(chunksWaiting()).toBe(0);
    chunk.reachable = true;
    window.dispatchEvent(new Event('online'));
    await act(async () => jest.advanceTimersByTime(60_000));
    expect(chunk.calls).toBe(1);
    expect(done()).toBe(false);
  });

  it('does not give a module that came after the stop', async () => {
    const chunk = fakeImport('module');
    chunk.reachable = true;
    const load = loadChunk(chunk.load, outOfReach);
    load.stop();
    const done = settled(load.loaded);
    await flush();
    expect(chunk.calls).toBe(1);
    expect(done()).toBe(false);
  });

  it('tells its listeners when the count of waiting loads changes, until unsubscribed', async () => {
    const seen: number[] = [];
    const unsubscribe = subscribeChunkWaits(() => seen.push(chunksWaiting()));
    const first = fakeImport('first');
    const second = fakeImport('second');
    const loads = [loadChunk(first.load, outOfReach), loadChunk(second.load, outOfReach)];
    await flush();
    first.reachable = true;
    act(() => loads[0]!.retry());
    await loads[0]!.loaded;
    unsubscribe();
    act(() => loads[1]!.stop());
    await flush();
    expect(seen).toEqual([1, 2, 1]);
    expect(chunksWaiting()).toBe(0);
  });
});

describe('lazyChunk', () => {
  /** Renders a lazy part whose chunk (returned) is `reachable` or not yet, in its Suspense. */
  function mountLazyChat({ reachable = false } = {}) {
    const chunk = fakeImport({ default: () => <p>The chat</p> });
    chunk.reachable = reachable;
    const Part = lazyChunk(chunk.load);
    render(
      <Suspense fallback={<p>Loading the chat</p>}>
        <Part />
      </Suspense>,
    );
    return chunk;
  }

  it('keeps the fallback while the code is out of reach, and shows the part once it loads', async () => {
    // Offline: the default reload leaves the page alone.
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const chunk = mountLazyChat();
    await flush();
    expect(screen.getByText('Loading the chat')).toBeInTheDocument();
    expect(chunksWaiting()).toBe(1);

    onLine.mockReturnValue(true);
    chunk.reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('The chat')).toBeInTheDocument();
    expect(screen.queryByText('Loading the chat')).not.toBeInTheDocument();
    expect(chunksWaiting()).toBe(0);
    onLine.mockRestore();
  });

  it('renders the part in the task after the one in which its chunk arrived', async () => {
    const chunk = mountLazyChat({ reachable: true });
    // The chunk has come (its promise and everything after it in that task have run).
    await flush();
    expect(chunk.calls).toBe(1);
    expect(screen.getByText('Loading the chat')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText('The chat')).toBeInTheDocument();
  });
});

describe('inNextTask', () => {
  it('settles with the value in the next task, not among the microtasks of this one', async () => {
    const settled = jest.fn();
    void inNextTask('the machine').then(settled);
    await flush();
    expect(settled).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(settled).toHaveBeenCalledWith('the machine');
  });
});
