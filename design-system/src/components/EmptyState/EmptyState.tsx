import {
  chakra,
  useSlotRecipe,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react';
import { forwardRef, type ReactNode } from 'react';
import { emptyStateRecipe } from './EmptyState.recipe';

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
  const styles = useSlotRecipe({ recipe: emptyStateRecipe })({ size });
  return (
    <chakra.div ref={ref} css={styles.root} data-part="empty-state" {...rest}>
      {illustration !== null && (
        <chakra.div css={styles.illustration}>{illustration ?? <DefaultIllustration />}</chakra.div>
      )}
      <chakra.p css={styles.title}>{title}</chakra.p>
      {description && <chakra.p css={styles.description}>{description}</chakra.p>}
      {action && <chakra.div css={styles.action}>{action}</chakra.div>}
    </chakra.div>
  );
});
