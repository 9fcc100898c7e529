import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system';
import { forwardRef, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useMergedRef } from '../../hooks/useMergedRef';
import { infiniteListRecipe } from './InfiniteList.recipe';
import { useSlotClasses } from '../../hooks/useSlotClasses';

/** More is asked for when the bottom is this close, in px (the product's rule). */
export const INFINITE_SCROLL_THRESHOLD_PX = 2;
/** Two requests for more are at least this far apart, in ms (the product's rule). */
export const INFINITE_SCROLL_MIN_INTERVAL_MS = 200;

export interface InfiniteListProps extends HTMLChakraProps<'div'> {
  /** The region's accessible name, e.g. "Search results". */
  label: string;
  /** The items; the caller renders them (e.g. a `<ul>`). */
  children?: ReactNode;
  /** Whether there are more items to load. */
  hasMore: boolean;
  /** Whether a page is loading now: shows the loading row and asks for nothing more. */
  loading: boolean;
  /** Asks for the next page. */
  onLoadMore: () => void;
  /** Text of the loading row, e.g. "Loading more". */
  loadingLabel: string;
  /** Shown instead of the items when there are none and nothing is loading. */
  emptyState?: ReactNode;
  /** Whether the list has no items (shows `emptyState`). */
  empty?: boolean;
  /** Text shown at the end of the list, when set and nothing more is to come. */
  endLabel?: string;
  /** Distance from the bottom, in px, that asks for more. */
  threshold?: number;
  /** Minimum time between two requests for more, in ms. */
  minInterval?: number;
}

/**
 * A scrolling region (size it with height/width props) that calls `onLoadMore` when scrolled to
 * within 2 px of its bottom, or when its content does not fill it, at most once every 200 ms
 * and never while a page is loading.
 */
export const InfiniteList = forwardRef<HTMLDivElement, InfiniteListProps>(function InfiniteList(
  {
    label,
    children,
    hasMore,
    loading,
    onLoadMore,
    loadingLabel,
    emptyState,
    empty = false,
    endLabel,
    threshold = INFINITE_SCROLL_THRESHOLD_PX,
    minInterval = INFINITE_SCROLL_MIN_INTERVAL_MS,
    onScroll,
    ...rest
  },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(infiniteListRecipe);
  const root = useRef<HTMLDivElement | null>(null);
  const setRoot = useMergedRef(root, ref);
  const lastRequest = useRef(Number.NEGATIVE_INFINITY);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Asks for more when near the bottom; a request too soon after the last is retried later. */
  const check = useCallback(() => {
    const element = root.current;
    if (!element || !hasMore || loading) return;
    const fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (fromBottom > threshold) return;
    const wait = lastRequest.current + minInterval - Date.now();
    clearTimeout(retry.current);
    if (wait > 0) {
      retry.current = setTimeout(check, wait);
      return;
    }
    lastRequest.current = Date.now();
    onLoadMore();
  }, [hasMore, loading, threshold, minInterval, onLoadMore]);

  // After every page (or a change of hasMore/loading), content that does not fill the region
  // cannot be scrolled: ask for more right away.
  useEffect(() => {
    check();
    return () => clearTimeout(retry.current);
  }, [check, children]);

  return (
    <>
      {rules}
      <chakra.div
        ref={setRoot}
        css={styles.root}
        role="region"
        aria-label={label}
        aria-busy={loading || undefined}
        // A scrolling region must be reachable by keyboard to be scrolled without a mouse.
        tabIndex={0}
        data-loading={loading || undefined}
        data-has-more={hasMore || undefined}
        onScroll={(event) => {
          onScroll?.(event);
          check();
        }}
        {...rest}
      >
        {empty && !loading ? emptyState : children}
        {loading && (
          <div className={classes.status} role="status">
            <span data-part="spinner" aria-hidden="true" />
            {loadingLabel}
          </div>
        )}
        {!loading && !hasMore && !empty && endLabel && (
          <div className={classes.status}>{endLabel}</div>
        )}
      </chakra.div>
    </>
  );
});
