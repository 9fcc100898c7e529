// Timers for the chat's reply time-out that run on a test's FixedClock: nothing fires until the
// test moves time on with `advance`, which also moves the clock, so that the server's timestamps
// and rate limits see the same time as its time-outs.
import type { ReplyTimers } from '../../src/chat/service.js';
import type { FixedClock } from './api.js';

export class FakeTimers implements ReplyTimers {
  #next = 1;
  #timers = new Map<number, { due: number; callback: () => void }>();

  constructor(private readonly clock: FixedClock) {}

  setTimeout(callback: () => void, ms: number): number {
    const id = this.#next++;
    this.#timers.set(id, { due: this.clock.now() + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number') this.#timers.delete(handle);
  }

  /** Timers set and not yet fired or cleared. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Moves the clock on by `ms`, firing each timer that falls due, in order, at its time. */
  advance(ms: number): void {
    const end = this.clock.now() + ms;
    for (;;) {
      let soonest: [number, { due: number; callback: () => void }] | undefined;
      for (const entry of this.#timers) {
        if (entry[1].due <= end && (!soonest || entry[1].due < soonest[1].due)) soonest = entry;
      }
      if (!soonest) break;
      this.#timers.delete(soonest[0]);
      this.clock.set(soonest[1].due);
      soonest[1].callback();
    }
    this.clock.set(end);
  }
}
