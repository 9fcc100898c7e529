// Whether an element has come near the viewport, so that a long page can fetch and draw what is
// below the fold as the reader gets to it instead of all at once: on `/reporting/`, a card's
// report and chart. Once near, always near: what was drawn stays.
import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * How near counts, as an IntersectionObserver root margin: within half a viewport's height above
 * or below it, which leaves the time of a report's request and render for a reader scrolling
 * towards it.
 */
export const NEAR_VIEWPORT_MARGIN = '50% 0px';

export interface NearViewport<T extends Element> {
  /** For the element to watch. */
  ref: RefObject<T>;
  /** Whether it is near the viewport, or was once, or `eager` said so. */
  near: boolean;
}

/**
 * Watches the element given `ref` until it is near the viewport. `eager` counts as near, from
 * then on (the first card of a list, which is on screen). A browser without IntersectionObserver
 * has everything near.
 */
export function useNearViewport<T extends Element>(eager = false): NearViewport<T> {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => eager || typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (seen) return;
    // Latched: a card that was first stays drawn when the one above it comes back.
    if (eager) {
      setSeen(true);
      return;
    }
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setSeen(true);
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, eager]);

  return { ref, near: seen || eager };
}
