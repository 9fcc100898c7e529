import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react/styled-system';
import { forwardRef, type ReactNode } from 'react';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import { Button } from '../Button';
import { inlineRetryRecipe } from './InlineRetry.recipe';

export interface InlineRetryProps
  extends Omit<HTMLChakraProps<'div'>, 'children'>, RecipeVariantProps<typeof inlineRetryRecipe> {
  /** What did not load, e.g. "More coins could not be loaded." */
  text: ReactNode;
  /** The button's text, e.g. "Retry". */
  retryLabel: ReactNode;
  /** Asks again for what failed. */
  onRetry: () => void;
}

/**
 * What failed and a Retry button, announced as an alert: the one retry row of the lists, the
 * dialogs and the detail pages.
 */
export const InlineRetry = forwardRef<HTMLDivElement, InlineRetryProps>(function InlineRetry(
  { text, retryLabel, onRetry, placement, ...rest },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(inlineRetryRecipe, { placement });
  return (
    <>
      {rules}
      <chakra.div ref={ref} role="alert" css={styles.root} data-part="inline-retry" {...rest}>
        <span className={classes.text}>{text}</span>
        <Button variant="outline" size="sm" onClick={() => onRetry()}>
          {retryLabel}
        </Button>
      </chakra.div>
    </>
  );
});
