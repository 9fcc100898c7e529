import { FETCH_MIN_DELAY_MS, withMinDelay } from './minDelay';

/** Records when `promise` settles, so that a test can ask "not yet?" after advancing time. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('withMinDelay', () => {
  it('is 200 ms, as the spec says', () => {
    expect(FETCH_MIN_DELAY_MS).toBe(200);
  });

  it('holds a fast answer until 200 ms have passed', async () => {
    const state = track(withMinDelay(Promise.resolve(['btc'])));
    await jest.advanceTimersByTimeAsync(199);
    expect(state.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(state).toEqual({ settled: true, value: ['btc'] });
  });

  it('holds a fast failure as long, so an error does not flash either', async () => {
    const failure = new Error('offline');
    const state = track(withMinDelay(Promise.reject(failure)));
    await jest.advanceTimersByTimeAsync(199);
    expect(state.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(state).toEqual({ settled: true, error: failure });
  });

  it('adds nothing to an answer slower than the minimum', async () => {
    const slow = new Promise<string>((resolve) => setTimeout(resolve, 500, 'late'));
    const state = track(withMinDelay(slow));
    await jest.advanceTimersByTimeAsync(499);
    expect(state.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(state).toEqual({ settled: true, value: 'late' });
  });

  it('takes another minimum', async () => {
    const state = track(withMinDelay(Promise.resolve(1), 50));
    await jest.advanceTimersByTimeAsync(49);
    expect(state.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe(true);
  });
});
