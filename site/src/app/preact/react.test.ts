/**
 * @jest-environment-options {"customExportConditions": ["require", "default"]}
 */
// The React layer the built site runs on (Preact's, with React's behaviour where the site relies on
// it). Elements are made with its createElement: this file's JSX would be React's.

import type * as Preact from 'preact';
import type * as Compat from 'preact/compat';
import type * as Layer from './react';
import type * as LayerClient from './react-dom-client';

// jsdom has no MessageChannel; this one delivers in a task of its own, as a browser's does.
class TaskChannel {
  port1: { onmessage: (() => void) | null } = { onmessage: null };
  port2 = { postMessage: () => setTimeout(() => this.port1.onmessage?.(), 0) };
}
Object.assign(globalThis, { MessageChannel: TaskChannel });

/* eslint-disable @typescript-eslint/no-require-imports -- loaded after the channel above */
const layer = require('./react') as typeof Compat & typeof Layer;
const { createRoot, hydrateRoot } = require('./react-dom-client') as typeof LayerClient;
const { hydrate } = require('preact') as typeof Preact;
/* eslint-enable @typescript-eslint/no-require-imports */

const {
  createElement: h,
  createPortal,
  useEffect,
  useId,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
} = layer;

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => container.remove());

function storeOf(initial: string) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: string) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

describe('useSyncExternalStore', () => {
  const store = storeOf('client');
  function Status() {
    const value = useSyncExternalStore(store.subscribe, store.get, () => 'server');
    return h('span', { 'data-value': value, hidden: value === 'server' }, value);
  }
  const serverMarkup = '<span data-value="server" hidden="">server</span>';

  it('hydrates with the server snapshot, then renders the client one, attributes included', async () => {
    container.innerHTML = serverMarkup;
    hydrateRoot(container, h(Status, null));
    const span = container.querySelector('span')!;
    await settle();
    expect(container.querySelector('span')).toBe(span);
    expect(span.getAttribute('data-value')).toBe('client');
    expect(span.hidden).toBe(false);
    expect(span.textContent).toBe('client');
  });

  it('(why: a hydration that reads the client snapshot at once keeps the server attributes)', async () => {
    container.innerHTML = serverMarkup;
    hydrate(h(Status, null), container);
    await settle();
    expect(container.querySelector('span')!.getAttribute('data-value')).toBe('server');
  });

  it('renders the client snapshot outside a hydration, and follows the store', async () => {
    createRoot(container).render(h(Status, null));
    await settle();
    expect(container.textContent).toBe('client');
    store.set('changed');
    await settle();
    expect(container.querySelector('span')!.getAttribute('data-value')).toBe('changed');
    store.set('client');
  });
});

describe('autoFocus', () => {
  function Step({ step }: { step: number }) {
    return h('input', { key: step, 'aria-label': `step ${step}`, autoFocus: true });
  }

  it('focuses an element when it mounts, as React does, and not on later renders', async () => {
    const root = createRoot(container);
    root.render(h('div', null, h('button', null, 'other'), h(Step, { step: 1 })));
    await settle();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('step 1');

    container.querySelector('button')!.focus();
    root.render(h('div', null, h('button', null, 'other'), h(Step, { step: 1 })));
    await settle();
    expect(document.activeElement?.tagName).toBe('BUTTON');

    // A new step mounts a new field: it takes the focus.
    root.render(h('div', null, h('button', null, 'other'), h(Step, { step: 2 })));
    await settle();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('step 2');
  });

  it('focuses it once its commit is over, after the layout effects that insert its styles', async () => {
    const order: string[] = [];
    function Field() {
      useLayoutEffect(() => {
        order.push('layout effect');
      }, []);
      return h('input', { autoFocus: true, onFocus: () => order.push('focus') });
    }
    createRoot(container).render(h(Field, null));
    await settle();
    expect(order).toEqual(['layout effect', 'focus']);
  });

  it('leaves an element rendered with autoFocus false alone, and keeps its ref working', async () => {
    const ref = { current: null as HTMLInputElement | null };
    createRoot(container).render(h('input', { autoFocus: false, ref }));
    await settle();
    expect(ref.current).toBeInstanceOf(HTMLInputElement);
    expect(document.activeElement).not.toBe(ref.current);
  });
});

describe('useId', () => {
  it('gives a dialog in a portal other ids than the page', async () => {
    const layer = document.createElement('div');
    document.body.append(layer);
    function Named({ text }: { text: string }) {
      const id = useId();
      return h('span', { id, 'data-text': text }, text);
    }
    createRoot(container).render(
      h('div', null, h(Named, { text: 'page' }), createPortal(h(Named, { text: 'dialog' }), layer)),
    );
    await settle();
    const page = container.querySelector('[data-text=page]')!.id;
    const dialog = layer.querySelector('[data-text=dialog]')!.id;
    expect(page).not.toBe('');
    expect(dialog).not.toBe(page);
    layer.remove();
  });

  it('keeps the server ids during a hydration', () => {
    function Named() {
      return h('span', { id: useId() });
    }
    container.innerHTML = '<span id="P0-0"></span>';
    hydrateRoot(container, h(Named, null));
    expect(container.querySelector('span')!.id).toBe('P0-0');
  });
});

it('runs effects before the next frame', async () => {
  // A race against jsdom's frames (every 16 ms): the effects' own task wins it unless a busy
  // machine (CI) stalls the test past a frame, so it is run up to three times; with Preact's
  // default (effects after the next frame) the frame comes first every time.
  let order: string[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    order = await effectsAndFrame();
    if (order[0] === 'effect') break;
  }
  expect(order).toEqual(['effect', 'frame']);
});

/** Renders a part whose effect shows another, and the order of that one's effect and a frame. */
async function effectsAndFrame(): Promise<string[]> {
  const order: string[] = [];
  function Child() {
    useEffect(() => {
      order.push('effect');
    }, []);
    return null;
  }
  function Parent() {
    const [shown, setShown] = useState(false);
    useEffect(() => {
      // As a dialog opening: the state changes, and something waits a frame for what it renders.
      setShown(true);
      requestAnimationFrame(() => order.push('frame'));
    }, []);
    return shown ? h(Child, null) : null;
  }
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  root.render(h(Parent, null));
  // Both, however long a busy machine takes (the order is what counts).
  for (let waited = 0; order.length < 2 && waited < 5000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  root.unmount();
  host.remove();
  return order;
}

it.each(['keydown', 'input', 'pointerdown', 'click'])(
  "runs a render's waiting effects before the next %s is handled",
  (type) => {
    // As a dialog that opened: its effects (which subscribe it to its state) wait for their task,
    // and a browser handles the visitor's input first.
    const seen: string[] = [];
    const field = document.createElement('input');
    container.append(field);
    function Dialog() {
      useEffect(() => {
        seen.push('effect');
      }, []);
      return null;
    }
    createRoot(container.appendChild(document.createElement('div'))).render(h(Dialog, null));
    field.addEventListener(type, () => seen.push(type));
    field.dispatchEvent(new Event(type, { bubbles: true }));
    expect(seen).toEqual(['effect', type]);
  },
);

describe('a hydration that suspends', () => {
  /* eslint-disable @typescript-eslint/no-require-imports -- the server render of the same layer */
  const { renderToString } = require('preact-render-to-string') as {
    renderToString: (vnode: unknown) => string;
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const { Suspense } = layer;
  const store = storeOf('client');

  /** A part that suspends while it hydrates, until `release()`: it renders its children then. */
  function gate() {
    let released = false;
    let release = () => {};
    const waiting = new Promise<void>((resolve) => (release = resolve)).then(() => {
      released = true;
    });
    function Gate({ children }: { children?: unknown }) {
      if (typeof window !== 'undefined' && !released) throw waiting;
      return h('section', null, children as never);
    }
    return { Gate, release: () => (release(), waiting) };
  }

  function Status({ name }: { name: string }) {
    const value = useSyncExternalStore(store.subscribe, store.get, () => 'server');
    const id = useId();
    return h(
      'span',
      { id, 'data-name': name, 'data-value': value },
      value,
      // What a later render adds, named by the id (as a popup names its field).
      value === 'changed' && h('output', { htmlFor: id }),
    );
  }

  function Passing({ children }: { children?: unknown }) {
    return h('section', null, children as never);
  }

  function page(Gate: (props: { children?: unknown }) => unknown) {
    return h(
      'div',
      null,
      h(Status, { name: 'before' }),
      h(Suspense, { fallback: null }, h(Gate as never, null, h(Status, { name: 'inside' }))),
      h(Status, { name: 'after' }),
    );
  }

  const ids = () =>
    Object.fromEntries(
      [...container.querySelectorAll('span')].map((span) => [span.dataset.name, span.id]),
    );

  it('keeps the server markup of the part, then hydrates it as a hydration', async () => {
    // The server render (jsdom has a window: the layer is told, as a hydration is; the server's
    // part never suspends).
    const serverMarkup = layer.whileHydrating(() => renderToString(page(Passing)));
    container.innerHTML = serverMarkup;
    const serverIds = ids();
    const inside = container.querySelector('[data-name=inside]')!;

    const client = gate();
    hydrateRoot(container, page(client.Gate));
    await settle();
    // The rest of the page hydrated; the part is still the server's.
    expect(container.querySelector('[data-name=after]')!.getAttribute('data-value')).toBe('client');
    expect(container.querySelector('[data-name=inside]')).toBe(inside);
    expect(inside.getAttribute('data-value')).toBe('server');

    await client.release();
    await settle();
    // Hydrated, not made again; read the server snapshot first, so its attributes follow.
    expect(container.querySelector('[data-name=inside]')).toBe(inside);
    expect(inside.getAttribute('data-value')).toBe('client');
    expect(container.innerHTML).not.toContain('server');

    // Every part keeps the server's ids when it renders again.
    store.set('changed');
    await settle();
    expect(container.querySelector('[data-name=inside]')!.getAttribute('data-value')).toBe(
      'changed',
    );
    expect(ids()).toEqual(serverIds);
    for (const span of container.querySelectorAll('span')) {
      expect(span.querySelector('output')!.htmlFor.value).toBe(span.id);
    }
    expect(new Set(Object.values(serverIds)).size).toBe(3);
    store.set('client');
  });
});
