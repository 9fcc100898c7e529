import { Portal } from '@chakra-ui/react/portal';
import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react/styled-system';
import { forwardRef, useEffect, useMemo, useSyncExternalStore, type CSSProperties } from 'react';
import { loadingBarRecipe } from './LoadingBar.recipe';
import {
  createLoadingBar,
  HIDDEN_LOADING_BAR,
  LOADING_BAR_DURATION,
  LOADING_BAR_THROTTLE,
  type LoadingBarController,
  type LoadingBarStatus,
} from './loadingBarController';
import { useSlotClasses } from '../../hooks/useSlotClasses';

type LoadingBarVariants = RecipeVariantProps<typeof loadingBarRecipe>;

export interface LoadingBarProps
  extends Omit<HTMLChakraProps<'div'>, 'children'>, LoadingBarVariants {
  /** The bar's accessible name, e.g. "Loading page". */
  label: string;
  /** What the page is doing; ignored when a `controller` is given. */
  status?: LoadingBarStatus;
  /** A `createLoadingBar()` clock driven by code outside React; replaces `status`. */
  controller?: LoadingBarController;
  /** Milliseconds to creep to about 90 % (default 5000); for `status`, not `controller`. */
  duration?: number;
  /** Milliseconds a load must last before the bar shows (default 200); for `status` only. */
  throttle?: number;
  /** Real progress (0 to 100) to show while loading instead of the estimate. */
  value?: number;
  /** Renders into `document.body` so no ancestor's stacking or transform can cover it. */
  portalled?: boolean;
}

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * A thin progress bar fixed to the top of the viewport. While loading it creeps towards 90 %
 * over `duration`; on done it fills and fades out; on error it does the same in the error
 * colour. A load that ends within `throttle` ms never shows it, so quick loads do not flicker.
 * It is hidden from assistive technology while there is nothing to show.
 */
export const LoadingBar = forwardRef<HTMLDivElement, LoadingBarProps>(function LoadingBar(
  {
    label,
    status = 'idle',
    controller,
    duration = LOADING_BAR_DURATION,
    throttle = LOADING_BAR_THROTTLE,
    value,
    portalled = true,
    size,
    style,
    ...rest
  },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(loadingBarRecipe, { size });
  const own = useMemo(() => createLoadingBar({ duration, throttle }), [duration, throttle]);
  const clock = controller ?? own;

  // The bar's own clock follows `status`; a caller's controller is left to its caller.
  useEffect(() => {
    if (controller) return;
    if (status === 'loading') own.start();
    else if (status === 'done') own.done();
    else if (status === 'error') own.error();
    else own.reset();
  }, [controller, own, status]);
  useEffect(() => () => own.reset(), [own]);

  const snapshot = useSyncExternalStore(
    clock.subscribe,
    clock.getSnapshot,
    () => HIDDEN_LOADING_BAR,
  );
  const hidden = snapshot.phase === 'hidden';
  const progress =
    snapshot.phase === 'loading' && typeof value === 'number' && Number.isFinite(value)
      ? clamp(value)
      : snapshot.progress;

  return (
    <Portal disabled={!portalled}>
      {rules}
      <chakra.div
        ref={ref}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        aria-hidden={hidden || undefined}
        data-state={snapshot.phase}
        css={styles.root}
        // A dynamic value, not a state: it goes in as a CSS variable the recipe reads.
        style={{ ...style, '--cl-loading-bar-progress': progress / 100 } as CSSProperties}
        {...rest}
      >
        <div className={classes.indicator} data-part="indicator" />
      </chakra.div>
    </Portal>
  );
});
