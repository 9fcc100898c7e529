import { defineRecipe } from '@chakra-ui/react/styled-system';

/** A signed percentage with an arrow; the colour follows `data-trend`, never alone. */
export const priceChangeRecipe = defineRecipe({
  className: 'cl-price-change',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    fontVariantNumeric: 'tabular-nums',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    color: 'trend.flat',
    '&[data-trend=up]': { color: 'trend.up' },
    '&[data-trend=down]': { color: 'trend.down' },
    '& svg': { flexShrink: 0, width: '0.75em', height: '0.75em' },
  },
  variants: {
    size: {
      sm: { fontSize: 'xs' },
      md: { fontSize: 'sm' },
      lg: { fontSize: 'lg' },
    },
  },
  defaultVariants: {
    size: 'md',
  },
});
