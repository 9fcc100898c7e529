// The server's idea of "now", passed in (AppOptions.clock) so that tests can expire codes, locks
// and tokens without waiting.

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** The real time. */
export const systemClock: Clock = { now: () => Date.now() };
