import { Portal } from '@chakra-ui/react/portal';
import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react/styled-system';
import { forwardRef, useState } from 'react';
import { loadingOverlayRecipe } from './LoadingOverlay.recipe';
import { useSlotClasses } from '../../hooks/useSlotClasses';

type LoadingOverlayVariants = RecipeVariantProps<typeof loadingOverlayRecipe>;

export interface LoadingOverlayProps
  extends Omit<HTMLChakraProps<'div'>, 'children'>, LoadingOverlayVariants {
  /** Shows the overlay. */
  open: boolean;
  /** What is happening, already translated, e.g. "Loading…"; shown and read out. */
  text: string;
  /** Renders into `document.body` so no ancestor's stacking or transform can cover it. */
  portalled?: boolean;
}

/**
 * A full-screen "please wait": dims the page, takes every click and touch meant for it, and
 * shows a spinner with `text`, which is read out politely when it opens. It never moves or traps
 * the focus. It stops the pointer, not the keyboard: while it is open, give the content behind it
 * the `inert` attribute (and `aria-busy="true"`) if keys must not reach it either.
 *
 * The live region is always on the page, empty while closed, so opening it is announced. It does
 * not carry `aria-busy` itself: a screen reader that honours it (JAWS) would hold the message
 * back until the load is over.
 */
export const LoadingOverlay = forwardRef<HTMLDivElement, LoadingOverlayProps>(
  function LoadingOverlay({ open, text, portalled = true, backdrop, ...rest }, ref) {
    const { classes, styles, rules } = useSlotClasses(loadingOverlayRecipe, { backdrop });
    // Open from the first render (a page that starts loading): appear at once, no fade.
    const [openedAtMount, setOpenedAtMount] = useState(open);
    if (openedAtMount && !open) setOpenedAtMount(false);

    return (
      <Portal disabled={!portalled}>
        {rules}
        <chakra.div
          ref={ref}
          role="status"
          aria-live="polite"
          aria-atomic="true"
          data-state={open ? 'open' : 'closed'}
          data-initial={(open && openedAtMount) || undefined}
          css={styles.root}
          {...rest}
        >
          {open && (
            <div className={classes.panel} data-part="panel">
              <span className={classes.spinner} data-part="spinner" aria-hidden="true" />
              <p className={classes.text} data-part="text">
                {text}
              </p>
            </div>
          )}
        </chakra.div>
      </Portal>
    );
  },
);
