// What signed-in reads answer, kept in memory between the writes that change it, so that reading
// one's own token, follows, sources or chat asks the database nothing (on PGlite, whose queries
// run one at a time on the main thread, that is the difference between hundreds and tens of
// thousands of reads a second). Writers say what they changed (changes.ts); the cache forgets it
// at once, and a read that was under way meanwhile is not kept.
import type { Clock } from './auth/clock.js';

/**
 * A value read, until when (on the clock) it holds where time alone changes it (none kept when
 * that is now or past), and its group where only the value tells it.
 */
export interface Loaded<V, G = never> {
  value: V;
  until?: number;
  group?: G;
}

interface Entry<V, G> {
  value: V;
  until: number;
  group: G | undefined;
}

interface Loading<V, G> {
  promise: Promise<V>;
  group: G | undefined;
  /** Set when what it reads was changed while it read. */
  stale: boolean;
}

export interface ReadCacheOptions {
  /** False where a write elsewhere could go unheard: every read then asks its loader. */
  enabled: boolean;
  /** Entries kept at most; the least recently read go first. */
  maxEntries: number;
  clock: Clock;
}

/** Values by key, each optionally in a group (a user's, a conversation's) forgotten together. */
export class ReadCache<K, V, G = never> {
  readonly #entries = new Map<K, Entry<V, G>>();
  readonly #groups = new Map<G, Set<K>>();
  readonly #loading = new Map<K, Loading<V, G>>();

  constructor(private readonly options: ReadCacheOptions) {}

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The kept value of `key`, or what `load` reads (once, however many ask for it meanwhile). A
   * kept value is the same object each time: a caller may update it in place after a write it
   * made itself.
   */
  get(key: K, load: () => Promise<Loaded<V, G>>, group?: G): Promise<V> {
    if (!this.options.enabled) return load().then((loaded) => loaded.value);
    const entry = this.#entries.get(key);
    if (entry) {
      if (entry.until > this.options.clock.now()) {
        // Most recently read last, so that eviction takes the least recently read.
        this.#entries.delete(key);
        this.#entries.set(key, entry);
        return Promise.resolve(entry.value);
      }
      this.#remove(key);
    }
    const pending = this.#loading.get(key);
    if (pending) return pending.promise;
    const loading: Loading<V, G> = {
      promise: Promise.resolve(undefined as V),
      group,
      stale: false,
    };
    loading.promise = load().then(
      (loaded) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        if (!loading.stale) this.#keep(key, loaded, group ?? loaded.group);
        return loaded.value;
      },
      (error: unknown) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        throw error;
      },
    );
    this.#loading.set(key, loading);
    return loading.promise;
  }

  /** Forgets one key. */
  delete(key: K): void {
    this.#remove(key);
    this.#abandon(key);
  }

  /** Forgets every key of a group (and every read under way whose group is not known yet). */
  deleteGroup(group: G): void {
    for (const key of this.#groups.get(group) ?? []) this.#remove(key);
    for (const [key, loading] of this.#loading) {
      if (loading.group === group || loading.group === undefined) this.#abandon(key);
    }
  }

  /** Forgets everything. */
  clear(): void {
    this.#entries.clear();
    this.#groups.clear();
    for (const key of [...this.#loading.keys()]) this.#abandon(key);
  }

  #keep(key: K, loaded: Loaded<V, G>, group: G | undefined): void {
    this.#remove(key);
    const until = loaded.until ?? Infinity;
    if (until <= this.options.clock.now()) return;
    if (this.#entries.size >= this.options.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#remove(oldest.value);
    }
    this.#entries.set(key, { value: loaded.value, until, group });
    if (group !== undefined) {
      let keys = this.#groups.get(group);
      if (!keys) this.#groups.set(group, (keys = new Set()));
      keys.add(key);
    }
  }

  #remove(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    if (entry.group === undefined) return;
    const keys = this.#groups.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) this.#groups.delete(entry.group);
  }

  /** A read under way for `key` read what was just changed: not kept, and not shared any more. */
  #abandon(key: K): void {
    const loading = this.#loading.get(key);
    if (!loading) return;
    loading.stale = true;
    this.#loading.delete(key);
  }
}
