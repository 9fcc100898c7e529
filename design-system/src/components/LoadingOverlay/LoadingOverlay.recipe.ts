import { defineSlotRecipe } from '@chakra-ui/react/styled-system';

/**
 * A full-viewport cover with a spinner and a line of text on a raised panel (so the text keeps
 * its contrast whatever page is behind). It sits above dialogs and below toasts and the loading
 * bar, so an error toast raised during the load stays readable.
 */
export const loadingOverlayRecipe = defineSlotRecipe({
  className: 'cl-loading-overlay',
  slots: ['root', 'panel', 'spinner', 'text'],
  base: {
    root: {
      // Closed, the empty live region stays out of the flow: where it is rendered in place (the
      // server's markup, before the portal moves it), it must not take a gap in a flex row.
      '&[data-state=closed]': { position: 'fixed', width: '0', height: '0', overflow: 'hidden' },
      '&[data-state=open]': {
        position: 'fixed',
        inset: '0',
        zIndex: 1650,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '4',
        // Takes every click and touch meant for the page underneath.
        pointerEvents: 'auto',
        touchAction: 'none',
        cursor: 'progress',
        animation: 'fadeIn {durations.normal} ease-out',
      },
      '&[data-initial]': { animation: 'none' },
    },
    panel: {
      display: 'flex',
      alignItems: 'center',
      gap: '3',
      maxWidth: 'min(24rem, 100%)',
      paddingBlock: '3',
      paddingInline: '5',
      bg: 'bg.raised',
      color: 'fg.default',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderRadius: 'lg',
      boxShadow: '0 8px 24px -8px {colors.black}',
      _highContrast: { borderColor: 'CanvasText' },
    },
    spinner: {
      flexShrink: 0,
      width: '5',
      height: '5',
      borderWidth: '2px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderTopColor: 'accent.fg',
      borderRadius: 'full',
      animation: 'spin 0.8s linear infinite',
      // Slower, not stopped: a still spinner would read as a hang.
      _motionReduce: { animationDuration: '2.4s' },
      _highContrast: { borderTopColor: 'Highlight' },
    },
    text: {
      margin: '0',
      fontSize: 'sm',
      fontWeight: 'medium',
      lineHeight: 'normal',
      overflowWrap: 'anywhere',
    },
  },
  variants: {
    backdrop: {
      /** The page stays faintly visible behind: for loads within a page. */
      dim: { root: { '&[data-state=open]': { bg: 'bg.canvas/70' } } },
      /** The page is covered: for a reload or a switch that replaces everything. */
      opaque: { root: { '&[data-state=open]': { bg: 'bg.canvas' } } },
    },
  },
  defaultVariants: { backdrop: 'dim' },
});
