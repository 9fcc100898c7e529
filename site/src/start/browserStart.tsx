// The browser's start, from the app's scripts to the hydrated page (docs/start-sequence.md): the
// page hydrates as a transition, inside the same providers as the server render.
import { startTransition, type ReactElement, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RuntimeRoot } from './runtime';

/** The root's providers (runtime.tsx); gatsby-ssr.tsx renders the same ones. */
export function Root({ children }: { children: ReactNode }) {
  return <RuntimeRoot>{children}</RuntimeRoot>;
}

// Hydration as a transition: React does it in slices of a few milliseconds and lets the browser
// answer in between, instead of in one long task (Lighthouse's TBT); a click or a key on the page
// meanwhile makes React finish it at once. A page without server markup is rendered instead.
export function hydrateAsTransition(element: ReactElement, container: Element | null): void {
  if (!container) return;
  // As Gatsby decides: server markup is there when its focus wrapper has children.
  if (!document.getElementById('gatsby-focus-wrapper')?.children.length) {
    createRoot(container).render(element);
    return;
  }
  startTransition(() => {
    hydrateRoot(container, element);
  });
}
