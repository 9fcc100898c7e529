// What `react` is in the built site (site/gatsby-node.ts aliases it): Preact's React layer, with
// what React does and the site relies on, where Preact differs:
// - useSyncExternalStore reads the server snapshot while hydrating. Preact's own reads the client
//   one at once; the page then hydrates with other props than its server markup, and Preact keeps
//   the server's attributes (a login button hidden for good, an overlay that stays);
// - an element rendered with autoFocus takes the focus when it mounts;
// - useId is unique in the whole page, dialogs (portals) included;
// - effects run right after the render, not after the next frame.
import { options, type Ref, type VNode } from 'preact';
import compat, { useId as preactUseId, useLayoutEffect, useEffect, useState } from 'preact/compat';

// @ts-expect-error -- preact/compat's types are `export =`; the module itself has named exports.
export * from 'preact/compat';

// React focuses an element rendered with autoFocus when it mounts; Preact only writes the
// attribute, which a browser honours once per page load (a dialog's next step, a code's boxes
// then start unfocused). An element is seen here on its first render with the prop, true or
// false: it is focused then, if true, and never again.
const seen = new WeakSet<Element>();

function setRef<T>(ref: Ref<T> | null | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

// Effects run in a task of their own right after the render, as React's scheduler runs them, not
// after the next frame as Preact's default: code that waits for a frame (zag's dialogs look for
// their title then, to name the dialog) would otherwise run before the effects that render it.
if (typeof MessageChannel !== 'undefined') {
  const channel = new MessageChannel();
  const queue: Array<() => void> = [];
  channel.port1.onmessage = () => queue.splice(0).forEach((flush) => flush());
  (options as { requestAnimationFrame?: (flush: () => void) => void }).requestAnimationFrame = (
    flush,
  ) => {
    if (queue.push(flush) === 1) channel.port2.postMessage(null);
  };
}

const previousVnode = options.vnode;
options.vnode = (vnode: VNode<{ autoFocus?: boolean }>) => {
  if (typeof vnode.type === 'string' && vnode.props && 'autoFocus' in vnode.props) {
    const autoFocus = Boolean(vnode.props.autoFocus);
    const ref = vnode.ref as Ref<HTMLElement> | undefined;
    vnode.ref = (element: HTMLElement | null) => {
      if (element && !seen.has(element)) {
        seen.add(element);
        if (autoFocus) element.focus();
      }
      setRef(ref, element);
    };
  }
  previousVnode?.(vnode);
};

let hydrating = false;

/** Runs a hydration: the renders it makes read the server snapshot (see hydrateRoot). */
export function whileHydrating<T>(hydrate: () => T): T {
  hydrating = true;
  try {
    return hydrate();
  } finally {
    hydrating = false;
  }
}

interface Store<T> {
  value: T;
  getSnapshot: () => T;
}

const changed = <T>(store: Store<T>): boolean => !Object.is(store.value, store.getSnapshot());

export function useSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot?: () => T,
): T {
  const server = typeof window === 'undefined' || hydrating;
  const value = server && getServerSnapshot ? getServerSnapshot() : getSnapshot();
  const [store] = useState<Store<T>>(() => ({ value, getSnapshot }));
  const [, setRenders] = useState(0);
  const rerender = () => setRenders((count) => count + 1);

  // After each commit (the hydrating one included): what was rendered against the store now.
  useLayoutEffect(() => {
    store.value = value;
    store.getSnapshot = getSnapshot;
    if (changed(store)) rerender();
  }, [store, subscribe, value, getSnapshot]);

  useEffect(() => {
    if (changed(store)) rerender();
    return subscribe(() => {
      if (changed(store)) rerender();
    });
  }, [store, subscribe]);

  return value;
}

let lastId = 0;

/**
 * Ids unique in the whole page, as React's. Preact counts per render root, and a portal (every
 * dialog) is a root of its own: its first ids repeat the page's, and an aria-labelledby in a dialog
 * names it with the page's text. The server render and the hydration keep Preact's ids, which
 * agree with each other; what renders later counts on its own, with another prefix.
 */
export function useId(): string {
  const fromPreact = preactUseId();
  const [id] = useState(() =>
    typeof window === 'undefined' || hydrating ? fromPreact : `c${++lastId}`,
  );
  return id;
}

export default { ...compat, useId, useSyncExternalStore };
