// The read cache on its own: one read for many askers, nothing kept that a change overtook, groups
// forgotten together, values that hold until a time, and a bound on what is kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReadCache, type Loaded } from '../src/cache.js';

function cache<V, G = never>(options: { enabled?: boolean; maxEntries?: number } = {}) {
  let now = 1_000;
  const clock = { now: () => now };
  const store = new ReadCache<string, V, G>({
    enabled: options.enabled ?? true,
    maxEntries: options.maxEntries ?? 100,
    clock,
  });
  return { store, advance: (ms: number) => (now += ms), now: () => now };
}

/** A loader whose answer the test gives when it likes; counts its calls. */
function controlled<V, G = never>() {
  const pending: ((loaded: Loaded<V, G>) => void)[] = [];
  const load = () => new Promise<Loaded<V, G>>((resolve) => pending.push(resolve));
  return { load, answer: (loaded: Loaded<V, G>) => pending.shift()!(loaded), pending };
}

describe('ReadCache', () => {
  it('reads once for everyone who asks meanwhile, then answers from memory', async () => {
    const { store } = cache<number>();
    const loader = controlled<number>();
    const asks = [store.get('a', loader.load), store.get('a', loader.load)];
    assert.equal(loader.pending.length, 1);
    loader.answer({ value: 7 });
    assert.deepEqual(await Promise.all(asks), [7, 7]);
    assert.equal(await store.get('a', () => assert.fail('read again')), 7);
  });

  it('keeps nothing a change overtook, and reads anew for who asks after it', async () => {
    const { store } = cache<string>();
    const loader = controlled<string>();
    const before = store.get('a', loader.load);
    store.delete('a');
    const after = store.get('a', loader.load);
    assert.equal(loader.pending.length, 2, 'who asks after the change does not share the old read');
    loader.answer({ value: 'old' });
    loader.answer({ value: 'new' });
    assert.equal(await before, 'old');
    assert.equal(await after, 'new');
    assert.equal(await store.get('a', () => assert.fail('read again')), 'new');
  });

  it('forgets a group together, and reads under way whose group is not known yet', async () => {
    const { store } = cache<string, number>();
    await store.get('t1', async () => ({ value: 'one', group: 1 }));
    await store.get('t2', async () => ({ value: 'two', group: 1 }));
    await store.get('t3', async () => ({ value: 'three', group: 2 }));
    const loader = controlled<string, number>();
    const underWay = store.get('t4', loader.load);
    store.deleteGroup(1);
    loader.answer({ value: 'four', group: 1 });
    assert.equal(await underWay, 'four');
    let reads = 0;
    const read = async () => ({ value: `read ${(reads += 1)}`, group: 1 });
    assert.equal(await store.get('t1', read), 'read 1');
    assert.equal(await store.get('t4', read), 'read 2', 'the read under way was not kept');
    assert.equal(await store.get('t3', () => assert.fail('read again')), 'three');
  });

  it('reads again once a value no longer holds, and keeps none that holds no longer', async () => {
    const { store, advance, now } = cache<number>();
    await store.get('a', async () => ({ value: 1, until: now() + 500 }));
    advance(499);
    assert.equal(await store.get('a', () => assert.fail('read again')), 1);
    advance(1);
    assert.equal(await store.get('a', async () => ({ value: 2, until: now() })), 2);
    assert.equal(await store.get('a', async () => ({ value: 3 })), 3);
  });

  it('keeps at most its bound, dropping the least recently read', async () => {
    const { store } = cache<string>({ maxEntries: 2 });
    await store.get('a', async () => ({ value: 'a' }));
    await store.get('b', async () => ({ value: 'b' }));
    await store.get('a', () => assert.fail('read again'));
    await store.get('c', async () => ({ value: 'c' }));
    assert.equal(store.size, 2);
    assert.equal(await store.get('a', () => assert.fail('read again')), 'a');
    assert.equal(await store.get('b', async () => ({ value: 'b again' })), 'b again');
  });

  it('asks its loader every time when disabled', async () => {
    const { store } = cache<number>({ enabled: false });
    let reads = 0;
    const read = async () => ({ value: (reads += 1) });
    assert.equal(await store.get('a', read), 1);
    assert.equal(await store.get('a', read), 2);
    assert.equal(store.size, 0);
  });

  it('shares a failed read with who waited for it, and keeps nothing', async () => {
    const { store } = cache<number>();
    const loader = controlled<number>();
    const failing = new Promise<Loaded<number>>((_, reject) =>
      setImmediate(() => reject(new Error('database down'))),
    );
    const asks = [store.get('a', () => failing), store.get('a', loader.load)];
    for (const ask of asks) await assert.rejects(ask, /database down/);
    assert.equal(await store.get('a', async () => ({ value: 5 })), 5);
  });
});
