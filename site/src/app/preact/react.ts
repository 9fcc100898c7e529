// What `react` is in the built site (site/gatsby-node.ts aliases it): Preact's React layer, with
// what React does and the site relies on, where Preact differs:
// - useSyncExternalStore reads the server snapshot while hydrating. Preact's own reads the client
//   one at once; the page then hydrates with other props than its server markup, and Preact keeps
//   the server's attributes (a login button hidden for good, an overlay that stays);
// - an element rendered with autoFocus takes the focus when it mounts;
// - useId is unique in the whole page, dialogs (portals) included;
// - effects run right after the render, not after the next frame, and before the next input;
// - a part whose hydration suspended (React.lazy, or a component that throws a promise) hydrates
//   later as a hydration still: it reads the server snapshot, and keeps the server's ids, as
//   each Suspense boundary counts the ids inside it apart (in the server render too).
import { options, type Ref, type VNode } from 'preact';
import compat, {
  Suspense,
  useId as preactUseId,
  useLayoutEffect,
  useEffect,
  useState,
} from 'preact/compat';

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

/**
 * The input events before which the effects still waiting run, as React runs them before it
 * handles a discrete event: the first event of a key press, a pointer press, a paste, an IME's
 * or a password manager's input, and a click of any kind.
 */
const INPUT_EVENTS = ['keydown', 'beforeinput', 'input', 'pointerdown', 'click'];

// Effects run in a task of their own right after the render, as React's scheduler runs them, not
// after the next frame as Preact's default: code that waits for a frame (zag's dialogs look for
// their title then, to name the dialog) would otherwise run before the effects that render it.
// And the effects still waiting when the next input comes run before it is handled: a browser
// handles input before other tasks, so a quick typist (or a password manager that fills a form
// and presses Enter) could fill a dialog before its effects had subscribed it to its state; the
// dialog did not render what was typed, and its Log in button stayed disabled under the Enter.
if (typeof MessageChannel !== 'undefined') {
  const channel = new MessageChannel();
  const queue: Array<() => void> = [];
  const runWaiting = () => queue.splice(0).forEach((flush) => flush());
  channel.port1.onmessage = runWaiting;
  (options as { requestAnimationFrame?: (flush: () => void) => void }).requestAnimationFrame = (
    flush,
  ) => {
    if (queue.push(flush) === 1) channel.port2.postMessage(null);
  };
  if (typeof window !== 'undefined') {
    for (const type of INPUT_EVENTS) {
      window.addEventListener(type, runWaiting, { capture: true, passive: true });
    }
  }
}

const previousVnode = options.vnode;
options.vnode = (vnode: VNode<{ autoFocus?: boolean }>) => {
  if (typeof vnode.type === 'string' && vnode.props && 'autoFocus' in vnode.props) {
    const autoFocus = Boolean(vnode.props.autoFocus);
    const ref = vnode.ref as Ref<HTMLElement> | undefined;
    vnode.ref = (element: HTMLElement | null) => {
      if (element && !seen.has(element)) {
        seen.add(element);
        // Once the commit is over, as React does: refs run before the layout effects, and so
        // before emotion inserts the element's styles. Focused then, a dialog's field still sat
        // unstyled at the end of the page, and the browser scrolled the page behind the dialog
        // down to it (1,506 px on the home page), where it stayed.
        if (autoFocus) {
          queueMicrotask(() => {
            if (element.isConnected) element.focus();
          });
        }
      }
      setRef(ref, element);
    };
  }
  previousVnode?.(vnode);
};

let hydrating = false;

/** Runs a hydration: the renders it makes read the server snapshot (see hydrateRoot). */
export function whileHydrating<T>(hydrate: () => T): T {
  const before = hydrating;
  hydrating = true;
  try {
    return hydrate();
  } finally {
    hydrating = before;
  }
}

// Preact 10's own fields and hooks, by the names its build gives them (its devtools use them too).
interface InternalVNode extends VNode {
  /** The parent vnode. */
  __?: InternalVNode | null;
  /** The component instance. */
  __c?: object | null;
  /** useId's counter: a prefix and the next number. */
  __m?: [string | number, number];
  /** Flags: MODE_HYDRATE when the vnode's hydration suspended. */
  __u?: number;
}
type VNodeHook = (vnode: InternalVNode) => void;
const internals = options as typeof options & {
  /** Before a vnode is diffed. */
  __b?: VNodeHook;
  /** Before a component renders. */
  __r?: VNodeHook;
  /** An error (or a promise) thrown while rendering. */
  __e?: (error: unknown, vnode: InternalVNode, oldVNode: InternalVNode, info?: unknown) => void;
};
const MODE_HYDRATE = 1 << 5;

// A component whose render suspended while it hydrated keeps the server's markup; Preact hydrates
// it once the promise settles (then, its render is a hydration again, and reads what one reads).
const suspendedWhileHydrating = new WeakSet<object>();
/** The components whose resumed hydration is rendering, innermost last. */
const resuming: Array<{ component: object; before: boolean }> = [];

/** The end of a resumed hydration's render: done, or suspended again. */
function endResuming(component: object): void {
  if (resuming.at(-1)?.component !== component) return;
  hydrating = resuming.pop()!.before;
}

const previousCatchError = internals.__e;
internals.__e = (error, vnode, oldVNode, info) => {
  const component = vnode.__c;
  if (component) endResuming(component);
  const suspended = typeof (error as PromiseLike<unknown> | null)?.then === 'function';
  if (component && suspended && (vnode.__u ?? 0) & MODE_HYDRATE) {
    suspendedWhileHydrating.add(component);
  }
  previousCatchError?.(error, vnode, oldVNode, info);
};

const previousRender = internals.__r;
internals.__r = (vnode) => {
  const component = vnode.__c;
  if (component && suspendedWhileHydrating.delete(component)) {
    resuming.push({ component, before: hydrating });
    hydrating = true;
  }
  previousRender?.(vnode);
};

const previousDiffed = options.diffed;
options.diffed = (vnode: InternalVNode) => {
  const component = vnode.__c;
  if (component) endResuming(component);
  previousDiffed?.(vnode);
};

// Preact's useId counts on one counter per render root, in render order. A Suspense boundary's
// content may hydrate after what follows it, and would take its ids, and give them: so each
// boundary, in the server render and the hydration, counts the ids inside it on a counter of
// its own, named by its place on the counter around it (as React's ids follow the tree).
const previousDiff = internals.__b;
internals.__b = (vnode) => {
  if (
    (vnode.type as unknown) === Suspense &&
    !vnode.__m &&
    (typeof window === 'undefined' || hydrating)
  ) {
    let around = vnode.__;
    while (around && !around.__m && around.__) around = around.__;
    if (around) {
      const counter = around.__m ?? (around.__m = [0, 0]);
      vnode.__m = [`${counter[0]}s${counter[1]++}`, 0];
    }
  }
  previousDiff?.(vnode);
};

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
