// Per-client caps kept in this process's memory: a sliding window of the last hits per key (an
// IP address). Several API processes each keep their own, which multiplies the caps by the
// number of processes; that is accepted here (the per-address limits, which matter more, live in
// the database).
import type { Clock } from './clock.js';

/** Above this many keys, keys with no hit inside their window are dropped. */
const SWEEP_ABOVE = 10_000;

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    /** Hits allowed inside one window. */
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** How long (ms) `key` must wait before its next hit is allowed; 0 when it may go now. */
  retryAfter(key: string): number {
    const recent = this.recent(key, this.clock.now());
    if (recent.length < this.limit) return 0;
    const oldest = recent[recent.length - this.limit] ?? this.clock.now();
    return oldest + this.windowMs - this.clock.now();
  }

  /** Counts a hit for `key`. */
  hit(key: string): void {
    const now = this.clock.now();
    const recent = this.recent(key, now);
    recent.push(now);
    // Only the last `limit` hits can matter.
    this.hits.set(key, recent.slice(-this.limit));
    if (this.hits.size > SWEEP_ABOVE) this.sweep(now);
  }

  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }

  private sweep(now: number): void {
    for (const [key, times] of this.hits) {
      if (!times.some((at) => at > now - this.windowMs)) this.hits.delete(key);
    }
  }
}
