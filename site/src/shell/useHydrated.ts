import { startTransition, useEffect, useState } from 'react';

/**
 * False during the server render and the first render in the browser, true after: for what
 * depends on the browser (the query string, storage) without making the static HTML and the
 * hydration disagree. The second render is a transition, so that React finishes hydrating the
 * page's Suspense boundaries before it (an urgent update to a boundary still hydrating makes
 * React give up its server markup and render it anew).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
