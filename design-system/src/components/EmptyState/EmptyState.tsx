import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react/styled-system';
import { forwardRef, type ReactNode } from 'react';
import { emptyStateRecipe } from './EmptyState.recipe';
import { useSlotClasses } from '../../hooks/useSlotClasses';

export interface EmptyStateProps
  extends Omit<HTMLChakraProps<'div'>, 'title'>, RecipeVariantProps<typeof emptyStateRecipe> {
  /** What is empty, in a few words, e.g. "No coins found". */
  title: ReactNode;
  /** What the person can do about it. */
  description?: ReactNode;
  /** A way out, e.g. an "Add coins" button. */
  action?: ReactNode;
  /** Replaces the default illustration; `null` shows none. */
  illustration?: ReactNode;
}

function DefaultIllustration() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect
        x="10"
        y="14"
        width="44"
        height="36"
        rx="6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <path d="M10 24h44" stroke="currentColor" strokeWidth="2" />
      <circle cx="32" cy="38" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M37 43l6 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The message shown where a list or area has nothing in it, with a way forward. */
export const EmptyState = forwardRef<HTMLDivElement, EmptyStateProps>(function EmptyState(
  { title, description, action, illustration, size, ...rest },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(emptyStateRecipe, { size });
  return (
    <>
      {rules}
      <chakra.div ref={ref} css={styles.root} data-part="empty-state" {...rest}>
        {illustration !== null && (
          <div className={classes.illustration}>{illustration ?? <DefaultIllustration />}</div>
        )}
        <p className={classes.title}>{title}</p>
        {description && <p className={classes.description}>{description}</p>}
        {action && <div className={classes.action}>{action}</div>}
      </chakra.div>
    </>
  );
});
