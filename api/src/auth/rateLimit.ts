// Per-key caps kept in this process's memory: a sliding window of the last hits per key (a client
// IP, a user). Several API processes each keep their own, which multiplies the caps by the
// number of processes; that is accepted here (the per-address limits, which matter more, live in
// the database).
//
// A slot is taken before the work it guards starts (`take`), never counted after it ends: a
// burst of requests sent at once reaches the work `limit` times, not once per request that
// passed a check while the others were still under way. Work that turns out not to count (a
// sign-in that succeeded, a resend recognised as such) gives its slot back with `release`.
import type { Clock } from './clock.js';

export class SlidingWindowLimiter {
  private readonly hits = new Map<string | number, number[]>();
  private lastSweep: number;

  constructor(
    /** Hits allowed inside one window. */
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Clock,
  ) {
    this.lastSweep = clock.now();
  }

  /**
   * Takes a slot for `key`: 0 when it was free (the hit counts from now on), else how long (ms)
   * until one frees up, counting nothing.
   */
  take(key: string | number): number {
    const now = this.clock.now();
    if (now - this.lastSweep >= this.windowMs) this.sweep(now);
    const recent = this.recent(key, now);
    if (recent.length >= this.limit) {
      const oldest = recent[recent.length - this.limit] ?? now;
      return Math.max(1, oldest + this.windowMs - now);
    }
    recent.push(now);
    this.hits.set(key, recent);
    return 0;
  }

  /** Gives back the newest slot of `key` (the work it was taken for did not count). */
  release(key: string | number): void {
    const recent = this.hits.get(key);
    if (!recent) return;
    recent.pop();
    if (recent.length === 0) this.hits.delete(key);
  }

  /** Keys with hits kept: each key that had none inside its window goes once per window. */
  get size(): number {
    return this.hits.size;
  }

  private recent(key: string | number, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, times] of this.hits) {
      if (!times.some((at) => at > now - this.windowMs)) this.hits.delete(key);
    }
  }
}
