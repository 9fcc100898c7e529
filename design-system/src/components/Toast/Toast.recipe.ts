import { defineSlotRecipe } from '@chakra-ui/react/styled-system';

/**
 * The toast stack and each toast in it. The type's colour comes through `--cl-toast-tone` and
 * always sits beside an icon of its own shape. The stack is placed above dialogs (Chakra's
 * convention: modal 1400, popover 1500, toast 1700; we have no z-index tokens).
 */
export const toastRecipe = defineSlotRecipe({
  className: 'cl-toast',
  slots: [
    'group',
    'list',
    'root',
    'body',
    'indicator',
    'content',
    'title',
    'description',
    'closeTrigger',
  ],
  base: {
    group: {
      position: 'fixed',
      zIndex: 1700,
      // Below whatever the page keeps at its top (a phone's top bar), when the Toaster says so.
      top: 'var(--cl-toast-offset-top, {spacing.4})',
      insetInline: '0',
      marginInline: 'auto',
      width: 'min(24rem, calc(100% - {spacing.8}))',
      // The empty stretch between toasts must not swallow clicks meant for the page.
      pointerEvents: 'none',
    },
    list: {
      display: 'flex',
      flexDirection: 'column',
      gap: '2',
      listStyle: 'none',
      margin: '0',
      padding: '0',
    },
    root: {
      pointerEvents: 'auto',
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      paddingBlock: '3',
      paddingInlineStart: '3',
      paddingInlineEnd: '2',
      bg: 'bg.raised',
      color: 'fg.default',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderRadius: 'lg',
      boxShadow: '0 8px 24px -8px {colors.black}',
      animation: 'slideInFromTop {durations.normal} ease-out',
      _motionReduce: { animation: 'fadeIn {durations.normal} ease-out' },
      '&[data-initial]': { animation: 'none' },
      // Forced colours drop the fill; the outline keeps each toast a distinct box.
      _highContrast: { borderColor: 'CanvasText' },
    },
    // The part that is read out: the icon (named when the site gives it a name) and the text.
    body: {
      flex: '1',
      minWidth: '0',
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
    },
    indicator: {
      flexShrink: 0,
      display: 'inline-flex',
      width: '5',
      height: '5',
      color: 'var(--cl-toast-tone)',
      '& svg': { width: '100%', height: '100%' },
    },
    content: {
      flex: '1',
      minWidth: '0',
      display: 'flex',
      flexDirection: 'column',
      gap: '0.5',
      // The icon is 1.25rem high; this keeps the first line of text centred on it.
      paddingTop: '0.5',
      overflowWrap: 'anywhere',
    },
    title: {
      margin: '0',
      fontSize: 'sm',
      fontWeight: 'semibold',
      lineHeight: 'tight',
      color: 'fg.default',
    },
    description: {
      margin: '0',
      fontSize: 'sm',
      lineHeight: 'normal',
      color: 'fg.muted',
    },
    closeTrigger: {
      flexShrink: 0,
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '8',
      height: '8',
      marginBlock: '-1.5',
      padding: '0',
      border: 'none',
      borderRadius: 'md',
      bg: 'transparent',
      color: 'fg.muted',
      cursor: 'pointer',
      transitionProperty: 'background-color, color',
      transitionDuration: 'fast',
      _hover: { bg: 'bg.subtle', color: 'fg.default' },
      _focusVisible: {
        outline: '2px solid',
        outlineColor: 'focusRing',
        outlineOffset: '0',
      },
      '& svg': { width: '4', height: '4' },
    },
  },
  variants: {
    type: {
      success: { root: { '--cl-toast-tone': '{colors.status.success}' } },
      error: { root: { '--cl-toast-tone': '{colors.status.error}' } },
      warning: { root: { '--cl-toast-tone': '{colors.status.warning}' } },
      info: { root: { '--cl-toast-tone': '{colors.accent.fg}' } },
    },
  },
  defaultVariants: { type: 'info' },
});
