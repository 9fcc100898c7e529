import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react/styled-system';
import { forwardRef } from 'react';
import { skeletonRecipe } from './Skeleton.recipe';

const StyledSkeleton = chakra('div', skeletonRecipe);

export interface SkeletonProps
  extends HTMLChakraProps<'div'>, RecipeVariantProps<typeof skeletonRecipe> {}

/**
 * The place of something still loading, sized by its props (`height`, `width`). It is decorative:
 * name the loading state on the element around it (`role="status"` with a label), or on the
 * skeleton itself when it stands alone.
 */
export const Skeleton = forwardRef<HTMLDivElement, SkeletonProps>(function Skeleton(props, ref) {
  return <StyledSkeleton ref={ref} data-part="skeleton" {...props} />;
});
