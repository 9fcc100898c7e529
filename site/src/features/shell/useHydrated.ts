import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False during the server render and the hydrating render, true after: for what depends on the
 * browser (the query string, storage) without making the static HTML and hydration disagree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
