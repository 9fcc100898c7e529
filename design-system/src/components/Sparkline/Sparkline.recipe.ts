import { defineSlotRecipe } from '@chakra-ui/react/styled-system';

/**
 * A small line of prices, coloured by its direction (`data-tone`); the colour is never the only
 * sign of it: the line's slope says it, and its accessible name does too.
 */
export const sparklineRecipe = defineSlotRecipe({
  className: 'cl-sparkline',
  slots: ['root', 'line'],
  base: {
    root: {
      display: 'block',
      flexShrink: 0,
      overflow: 'visible',
      color: 'trend.flat',
      '&[data-tone=up]': { color: 'trend.up' },
      '&[data-tone=down]': { color: 'trend.down' },
    },
    line: {
      fill: 'none',
      stroke: 'currentColor',
    },
  },
});
