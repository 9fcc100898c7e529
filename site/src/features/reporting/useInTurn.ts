// A list whose items are costly to render shows them in turn when it first comes: the first item
// at once, then one more after each paint. On `/reporting/` a report card is a few hundred
// elements of styled DOM (tens of milliseconds to render and as many to lay out, on a fast
// machine): three cards in one render were one long task and one long layout, which held the page
// for whatever the reader did meanwhile (Lighthouse's total blocking time). The cards after the
// first are below the fold, so nothing on screen waits for them or moves when they come.
import { useEffect, useRef, useState } from 'react';

/**
 * Runs `callback` in a task after the browser's next paint (a frame's callback runs before the
 * paint, a task it queues after it). A hidden page paints nothing: there, in the next task.
 * Returns what cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') {
    timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Of `keys` (the list's items in order), which are shown yet: the first at once, then the next
 * missing one after each paint until all are. From then on the list is shown whole as it changes
 * (an item added later shows at once), and an item once shown stays shown (its state is kept, even
 * when another comes first meanwhile).
 */
export function useInTurn<K>(keys: readonly K[]): (key: K) => boolean {
  // What has been shown, or null once the list has been shown whole. Kept in a ref and added to
  // as the list renders: an item stays shown whatever comes before it. A turn re-renders the list.
  const shown = useRef<Set<K> | null>(new Set());
  const [, setTurn] = useState(0);
  const turns = shown.current;
  if (turns && keys.length > 0) turns.add(keys[0] as K);
  const next = turns ? keys.find((key) => !turns.has(key)) : undefined;
  const waiting = turns !== null && keys.length > 0;

  useEffect(() => {
    if (!waiting) return;
    return afterNextPaint(() => {
      const current = shown.current;
      if (!current) return;
      if (next === undefined) {
        // Everything is on the page already: from now on the list is shown whole, and nothing
        // needs to render again for that.
        shown.current = null;
        return;
      }
      current.add(next);
      setTurn((turn) => turn + 1);
    });
  }, [waiting, next]);

  return (key) => shown.current === null || shown.current.has(key);
}
