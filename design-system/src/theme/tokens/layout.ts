import { defineTokens } from '@chakra-ui/react/styled-system';

/** A 4 px grid: spacing token N is N × 0.25rem. */
export const spacing = defineTokens.spacing({
  0: { value: '0' },
  px: { value: '1px' },
  0.5: { value: '0.125rem' },
  1: { value: '0.25rem' },
  1.5: { value: '0.375rem' },
  2: { value: '0.5rem' },
  2.5: { value: '0.625rem' },
  3: { value: '0.75rem' },
  3.5: { value: '0.875rem' },
  4: { value: '1rem' },
  5: { value: '1.25rem' },
  6: { value: '1.5rem' },
  7: { value: '1.75rem' },
  8: { value: '2rem' },
  9: { value: '2.25rem' },
  10: { value: '2.5rem' },
  11: { value: '2.75rem' },
  12: { value: '3rem' },
  14: { value: '3.5rem' },
  16: { value: '4rem' },
  20: { value: '5rem' },
  24: { value: '6rem' },
  28: { value: '7rem' },
  32: { value: '8rem' },
  36: { value: '9rem' },
  40: { value: '10rem' },
  48: { value: '12rem' },
  56: { value: '14rem' },
  64: { value: '16rem' },
  72: { value: '18rem' },
  80: { value: '20rem' },
  96: { value: '24rem' },
});

/** Widths and heights: the spacing scale plus fractions and layout widths. */
export const sizes = defineTokens.sizes({
  ...spacing,
  full: { value: '100%' },
  min: { value: 'min-content' },
  max: { value: 'max-content' },
  fit: { value: 'fit-content' },
  prose: { value: '65ch' },
  page: { value: '72rem' },
});

export const radii = defineTokens.radii({
  none: { value: '0' },
  xs: { value: '0.125rem' },
  sm: { value: '0.25rem' },
  md: { value: '0.375rem' },
  lg: { value: '0.5rem' },
  xl: { value: '0.75rem' },
  full: { value: '9999px' },
});

export const durations = defineTokens.durations({
  fast: { value: '120ms' },
  normal: { value: '200ms' },
  slow: { value: '320ms' },
});

export const breakpoints = {
  sm: '30em',
  md: '48em',
  lg: '64em',
  xl: '80em',
};
