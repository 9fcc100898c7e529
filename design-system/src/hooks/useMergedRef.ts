import { useCallback, type ForwardedRef, type MutableRefObject } from 'react';

/**
 * One ref for an element that a component keeps (`local`) and also forwards to its caller
 * (`forwarded`, a callback or an object): the callback it answers keeps both current, and stays
 * the same while `forwarded` does.
 */
export function useMergedRef<T>(
  local: MutableRefObject<T | null>,
  forwarded: ForwardedRef<T>,
): (element: T | null) => void {
  return useCallback(
    (element: T | null) => {
      local.current = element;
      if (typeof forwarded === 'function') forwarded(element);
      else if (forwarded) forwarded.current = element;
    },
    [local, forwarded],
  );
}
