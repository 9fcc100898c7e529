import { defineRecipe } from '@chakra-ui/react/styled-system';

/**
 * The place of something still loading: a quiet block of its size that breathes. Chakra's own
 * Skeleton takes its look from Chakra's default theme, which the system leaves out, and so drew
 * nothing at all.
 */
export const skeletonRecipe = defineRecipe({
  className: 'cl-skeleton',
  base: {
    display: 'block',
    flexShrink: 0,
    bg: 'bg.subtle',
    borderRadius: 'md',
    pointerEvents: 'none',
    userSelect: 'none',
    animationName: 'pulse',
    animationDuration: '1.6s',
    animationTimingFunction: 'ease-in-out',
    animationIterationCount: 'infinite',
    _motionReduce: { animation: 'none' },
  },
  variants: {
    /** `text`: one line of text's height, for a paragraph still to come. */
    shape: {
      block: {},
      text: { height: '1em', borderRadius: 'sm' },
    },
  },
  defaultVariants: { shape: 'block' },
});
