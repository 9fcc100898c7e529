import { defineSlotRecipe } from '@chakra-ui/react/styled-system';
import { placeholderPulse } from '../../theme/pulse';

/**
 * A price chart's frame: a box of the chart's height (`--cl-price-chart-height`, set from the
 * `height` prop) that holds the canvas, or a skeleton of the same size while the chart library
 * loads, so the page does not move when the chart appears.
 */
export const priceChartRecipe = defineSlotRecipe({
  className: 'cl-price-chart',
  slots: ['root', 'canvas', 'skeleton', 'fallback'],
  base: {
    root: {
      position: 'relative',
      width: 'full',
      minWidth: '0',
      height: 'var(--cl-price-chart-height)',
      overflow: 'hidden',
    },
    canvas: {
      position: 'absolute',
      inset: '0',
    },
    skeleton: {
      position: 'absolute',
      inset: '0',
      borderRadius: 'md',
      ...placeholderPulse,
    },
    // When the library cannot be loaded (offline, a failed chunk), the summary is shown instead.
    fallback: {
      position: 'absolute',
      inset: '0',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      padding: '4',
      borderRadius: 'md',
      borderWidth: '1px',
      borderStyle: 'dashed',
      borderColor: 'border.default',
      color: 'fg.muted',
      fontSize: 'sm',
      textAlign: 'center',
    },
  },
});
