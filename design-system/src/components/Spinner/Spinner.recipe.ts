import { defineRecipe } from '@chakra-ui/react/styled-system';

/**
 * A turning ring in the colour of the text around it, for work under way. Chakra's own Spinner
 * takes its look from Chakra's default theme, which the system leaves out, and so drew nothing.
 */
export const spinnerRecipe = defineRecipe({
  className: 'cl-spinner',
  base: {
    display: 'inline-block',
    flexShrink: 0,
    verticalAlign: 'middle',
    animationName: 'spin',
    animationDuration: '0.8s',
    animationTimingFunction: 'linear',
    animationIterationCount: 'infinite',
    // Still turning (a spinner that stops looks like a hang), only slower.
    _motionReduce: { animationDuration: '2.4s' },
  },
  variants: {
    size: {
      xs: { width: '3', height: '3' },
      sm: { width: '4', height: '4' },
      md: { width: '6', height: '6' },
    },
  },
  defaultVariants: { size: 'sm' },
});
