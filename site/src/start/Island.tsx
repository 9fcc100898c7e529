// A part of a page's frame (header or top bar, main area, page, footer, overlays): a wrapper that
// says when the hydration has reached it, so that a press on one of its buttons made before the
// page's scripts had even loaded is made again then (earlyClicks.ts). The page hydrates as one
// transition (browserStart.tsx), in slices that let the browser answer in between, and is
// committed whole: no part is left waiting for a later turn, so a navigation or an update that
// comes after the hydration never meets server markup that has not hydrated yet.
//
// The part is a `display: contents` wrapper, so it changes no layout (a sticky header stays
// sticky to the page).
import type { ReactNode } from 'react';
import { partHydrated } from './earlyClicks';

export interface IslandProps {
  /** Names the part, unique on its page: `data-island` on the wrapper. */
  name: string;
  children: ReactNode;
}

export function Island({ name, children }: IslandProps) {
  return (
    <div ref={partHydrated} data-island={name} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
