import { defineSlotRecipe } from '@chakra-ui/react/styled-system';
import { COARSE_POINTER } from '../../theme/media';

/**
 * The header's alert bell: an icon button with the unread count on a badge. `data-pulse` is set
 * when the count has just risen (the badge swells and the bell swings once, still for a reader who
 * asks for less motion); `data-expanded` while the inbox it opens is open.
 */
export const alertBellRecipe = defineSlotRecipe({
  className: 'cl-alert-bell',
  slots: ['root', 'icon', 'badge'],
  base: {
    root: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      boxSize: '10',
      [COARSE_POINTER]: { boxSize: '11' },
      padding: '0',
      borderRadius: 'md',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'transparent',
      bg: 'transparent',
      color: 'fg.muted',
      cursor: 'pointer',
      transitionProperty: 'background-color, color',
      transitionDuration: 'fast',
      _hover: { bg: 'bg.raised', color: 'fg.default' },
      _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
      '&[data-expanded]': { bg: 'bg.raised', color: 'fg.default' },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
      _motionReduce: { transitionDuration: '0s' },
    },
    icon: {
      display: 'inline-flex',
      transformOrigin: '50% 10%',
      '& svg': { boxSize: '5' },
      '&[data-pulse]': {
        animationName: 'bellRing',
        animationDuration: '700ms',
        animationTimingFunction: 'ease-in-out',
      },
      _motionReduce: { '&[data-pulse]': { animationName: 'none' } },
    },
    badge: {
      position: 'absolute',
      // Over the button's corner, so that a wide count (`99+`) leaves the bell in sight.
      top: '-1',
      insetInlineEnd: '-1',
      minWidth: '1.125rem',
      height: '1.125rem',
      paddingInline: '1',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      borderRadius: 'full',
      bg: 'accent.solid',
      color: 'fg.onAccent',
      fontSize: '2xs',
      fontWeight: 'semibold',
      lineHeight: 'none',
      fontVariantNumeric: 'tabular-nums',
      whiteSpace: 'nowrap',
      pointerEvents: 'none',
      _before: { content: 'attr(data-shown)' },
      // A ring in the header's colour keeps the badge apart from the bell under it.
      boxShadow: '0 0 0 2px {colors.bg.canvas}',
      '&[data-pulse]': {
        animationName: 'bellPulse',
        animationDuration: '450ms',
        animationTimingFunction: 'ease-out',
      },
      _motionReduce: { '&[data-pulse]': { animationName: 'none' } },
    },
  },
});
