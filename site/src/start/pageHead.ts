// Gatsby wraps each page's Head export in wrapRootElement too (since 5.6), for a Head that needs
// the root's providers. Ours need none, and with them the styling engine's global styles were
// rendered a second time into every page's <head> (10.6 KB of HTML) and inserted again by the
// browser after the hydration. A Head marked here is passed through by wrapRootElement.

const PAGE_HEAD = Symbol.for('coinlens.pageHead');

/** Marks `head` (a page's Head export) as needing none of the root's providers. */
export function markPageHead<T extends object>(head: T): T {
  return Object.assign(head, { [PAGE_HEAD]: true });
}

/** Whether `element` renders a Head marked by markPageHead. */
export function isPageHead(element: unknown): boolean {
  if (typeof element !== 'object' || element === null) return false;
  const { type } = element as { type?: unknown };
  return typeof type === 'function' && (type as { [PAGE_HEAD]?: boolean })[PAGE_HEAD] === true;
}
