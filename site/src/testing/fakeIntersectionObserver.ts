// An IntersectionObserver for tests (jsdom has none): it records what is watched and with which
// options, and a test says when an element comes into view.

interface Watcher {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit | undefined;
  targets: Set<Element>;
  observer: IntersectionObserver;
}

export interface FakeIntersectionObservers {
  /** Every observer made, connected or not. */
  readonly made: () => number;
  /** The elements watched now, by any observer. */
  readonly watched: () => Element[];
  /** The options the observers watching `element` were made with. */
  readonly optionsOf: (element: Element) => Array<IntersectionObserverInit | undefined>;
  /** Tells the observers watching `element` that it intersects (or not) their root's margin. */
  readonly report: (element: Element, isIntersecting: boolean) => void;
  /** Puts back the window's own (none, in jsdom). */
  readonly restore: () => void;
}

/** Installs the fake as the window's IntersectionObserver until `restore`. */
export function installFakeIntersectionObserver(): FakeIntersectionObservers {
  const watchers: Watcher[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(window, 'IntersectionObserver');

  class FakeObserver implements IntersectionObserver {
    readonly root = null;
    readonly rootMargin: string;
    readonly thresholds = [0];
    private readonly watcher: Watcher;

    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.rootMargin = options?.rootMargin ?? '0px';
      this.watcher = { callback, options, targets: new Set(), observer: this };
      watchers.push(this.watcher);
    }
    observe(target: Element) {
      this.watcher.targets.add(target);
    }
    unobserve(target: Element) {
      this.watcher.targets.delete(target);
    }
    disconnect() {
      this.watcher.targets.clear();
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }

  Object.defineProperty(window, 'IntersectionObserver', {
    configurable: true,
    writable: true,
    value: FakeObserver,
  });

  const watching = (element: Element) => watchers.filter((w) => w.targets.has(element));
  return {
    made: () => watchers.length,
    watched: () => watchers.flatMap((w) => [...w.targets]),
    optionsOf: (element) => watching(element).map((w) => w.options),
    report: (element, isIntersecting) => {
      for (const w of watching(element)) {
        const rect = element.getBoundingClientRect();
        const entry = {
          target: element,
          isIntersecting,
          intersectionRatio: isIntersecting ? 1 : 0,
          boundingClientRect: rect,
          intersectionRect: rect,
          rootBounds: null,
          time: 0,
        } as IntersectionObserverEntry;
        w.callback([entry], w.observer);
      }
    },
    restore: () => {
      if (descriptor) Object.defineProperty(window, 'IntersectionObserver', descriptor);
      else delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    },
  };
}
