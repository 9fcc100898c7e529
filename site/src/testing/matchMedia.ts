// A window.matchMedia for tests (jsdom has none): the queries `matching` says yes to match, the
// rest do not; nothing ever changes, so no listener is ever called.

/** Installs a matchMedia that matches the queries `matching` says yes to (none by default). */
export function installMatchMedia(matching: (query: string) => boolean = () => false): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: matching(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
