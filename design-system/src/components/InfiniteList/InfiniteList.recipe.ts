import { defineSlotRecipe } from '@chakra-ui/react/styled-system';

/** A scrolling region that asks for more items near its bottom, with a loading row. */
export const infiniteListRecipe = defineSlotRecipe({
  className: 'cl-infinite-list',
  slots: ['root', 'status'],
  base: {
    root: {
      position: 'relative',
      overflowY: 'auto',
      overscrollBehavior: 'contain',
      scrollbarWidth: 'thin',
      borderRadius: 'lg',
      _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
    },
    status: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '2',
      paddingY: '3',
      fontSize: 'sm',
      color: 'fg.muted',
      '& [data-part=spinner]': {
        width: '4',
        height: '4',
        borderRadius: 'full',
        borderWidth: '2px',
        borderStyle: 'solid',
        borderColor: 'border.default',
        borderTopColor: 'accent.fg',
        animationName: 'spin',
        animationDuration: '800ms',
        animationIterationCount: 'infinite',
        animationTimingFunction: 'linear',
      },
    },
  },
});
