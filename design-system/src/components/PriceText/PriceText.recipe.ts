import { defineRecipe } from '@chakra-ui/react/styled-system';

/** A dollar price in tabular figures, so prices line up in a column and do not jitter on update. */
export const priceTextRecipe = defineRecipe({
  className: 'cl-price-text',
  base: {
    display: 'inline-block',
    fontVariantNumeric: 'tabular-nums',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    color: 'fg.default',
    '&[data-unavailable]': { color: 'fg.muted', fontWeight: 'normal' },
  },
  variants: {
    size: {
      sm: { fontSize: 'xs' },
      md: { fontSize: 'sm' },
      lg: { fontSize: 'lg', fontWeight: 'semibold' },
    },
  },
  defaultVariants: {
    size: 'md',
  },
});
