import { defineSlotRecipe } from '@chakra-ui/react/styled-system';

/**
 * A thin bar along the top of the viewport. `data-state` drives it: `loading` shows it, `done`
 * and `error` fill it and fade it out, `hidden` snaps it back to empty unseen. How full it is
 * comes in through `--cl-loading-bar-progress` (0 to 1). It sits above toasts and dialogs.
 */
export const loadingBarRecipe = defineSlotRecipe({
  className: 'cl-loading-bar',
  slots: ['root', 'indicator'],
  base: {
    root: {
      position: 'fixed',
      zIndex: 1750,
      top: '0',
      insetInline: '0',
      overflow: 'hidden',
      pointerEvents: 'none',
      opacity: 1,
      transitionProperty: 'opacity',
      transitionDuration: 'fast',
      '&[data-state=hidden]': { opacity: 0, transitionDuration: '0s' },
      // Fade once the fill (one `normal` transition) has reached the end.
      '&[data-state=done], &[data-state=error]': {
        opacity: 0,
        transitionDuration: 'slow',
        transitionDelay: '{durations.normal}',
      },
    },
    indicator: {
      height: 'full',
      bg: 'accent.fg',
      transform: 'scaleX(var(--cl-loading-bar-progress, 0))',
      transformOrigin: 'left',
      transitionProperty: 'transform, background-color',
      transitionDuration: 'normal',
      transitionTimingFunction: 'linear',
      _rtl: { transformOrigin: 'right' },
      '[data-state=hidden] > &': { transitionDuration: '0s' },
      '[data-state=error] > &': { bg: 'status.error' },
      // Forced colours would drop the fill; draw it in the system's highlight colour instead.
      _highContrast: { forcedColorAdjust: 'none', bg: 'Highlight' },
    },
  },
  variants: {
    size: {
      sm: { root: { height: '0.5' } },
      md: { root: { height: '1' } },
    },
  },
  defaultVariants: { size: 'sm' },
});
