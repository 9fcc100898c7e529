// Whether a render is the server's, or the hydration of the server's markup: React reads an
// external store's server snapshot then, and the client's in any other render (a client-side navigation, the development server, Storybook,
// tests).
import { useState, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

function useServerSnapshot(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}

/**
 * True, for the component's whole life, when it was first rendered by the hydration of the
 * server's markup (not by the server itself): what the server rendered is on the page already.
 */
export function useHydratedFromServer(): boolean {
  const fromServer = useServerSnapshot();
  const [hydrated] = useState(() => fromServer && typeof window !== 'undefined');
  return hydrated;
}
