// The top-of-page loading bar's clock (5 s creep, nothing shown for loads under 200 ms), driven by
// route changes (gatsby-browser) and long API requests; the layout draws it.
import { createLoadingBar } from '@coinlens/design-system';
import type { Middleware } from 'swr';

export const pageLoad = createLoadingBar();

let pending = 0;

/** Shows the bar while `promise` runs (several at once share one bar); returns the promise. */
export function trackLoad<T>(promise: Promise<T>): Promise<T> {
  if (pending++ === 0) pageLoad.start();
  const settle = (failed: boolean) => {
    if (--pending === 0) {
      if (failed) pageLoad.error();
      else pageLoad.done();
    }
  };
  promise.then(
    () => settle(false),
    () => settle(true),
  );
  return promise;
}

/** SWR middleware: every fetch the app's hooks make drives the loading bar through `trackLoad`. */
export const trackLoadMiddleware: Middleware = (useSWRNext) => (key, fetcher, config) => {
  // SWR's fetcher type is generic over the hook's data; the wrapper returns what it wraps.
  const tracked =
    fetcher &&
    (((...args: Parameters<typeof fetcher>) =>
      trackLoad(Promise.resolve(fetcher(...args)))) as typeof fetcher);
  return useSWRNext(key, tracked, config);
};
