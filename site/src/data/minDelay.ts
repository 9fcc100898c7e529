// Lists that fetch as the user scrolls or types would flash a spinner for a few milliseconds on a
// fast answer; holding every such fetch for a minimum time keeps them steady.

/** The shortest time a list fetch takes to settle, in milliseconds. */
export const FETCH_MIN_DELAY_MS = 200;

/**
 * Settles as `promise` does, but no sooner than `ms` after the call. A rejection is held as long
 * as a result, so an error does not flash either.
 */
export async function withMinDelay<T>(promise: Promise<T>, ms = FETCH_MIN_DELAY_MS): Promise<T> {
  const floor = new Promise<void>((resolve) => setTimeout(resolve, ms));
  const [outcome] = await Promise.allSettled([promise, floor]);
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}
