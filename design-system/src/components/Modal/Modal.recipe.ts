import { defineSlotRecipe } from '@chakra-ui/react/styled-system';
import { COARSE_POINTER, PHONE_SCREEN } from '../../theme/media';

/**
 * Chakra's Dialog parts look this recipe up under the key `dialog`, so Modal gets Chakra's focus
 * trap, scroll lock and Escape handling with our look. Widths: sm 422 px (login), md 455 px
 * (nickname), or any width: Modal sets `--cl-modal-width` on the content. `scrollBehavior`
 * says what scrolls when the content is taller than the window: the page, or the dialog's body.
 * `fullScreen` says whether the dialog fills a phone's screen (Chakra's `size="full"`, kept to
 * phones); with `scrollBehavior="inside"` its footer is then a bar along the screen's bottom.
 */
export const modalRecipe = defineSlotRecipe({
  className: 'cl-modal',
  slots: [
    'trigger',
    'backdrop',
    'positioner',
    'content',
    'header',
    'body',
    'footer',
    'title',
    'description',
    'closeTrigger',
  ],
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      zIndex: 1400,
      bg: 'rgba(5, 7, 10, 0.72)',
      backdropFilter: 'blur(2px)',
      _open: { animationName: 'fadeIn', animationDuration: 'fast' },
      _closed: { animationName: 'fadeOut', animationDuration: 'fast' },
    },
    positioner: {
      position: 'fixed',
      inset: '0',
      zIndex: 1400,
      display: 'flex',
      alignItems: 'flex-start',
      justifyContent: 'center',
      overflowY: 'auto',
      paddingX: '4',
      paddingY: { base: '6', md: '16' },
    },
    content: {
      position: 'relative',
      width: '100%',
      maxWidth: 'var(--cl-modal-width)',
      bg: 'bg.raised',
      color: 'fg.default',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderRadius: 'xl',
      boxShadow: '0 24px 48px rgba(0, 0, 0, 0.45)',
      outline: 'none',
      _open: { animationName: 'slideInFromTop', animationDuration: 'normal' },
      _closed: { animationName: 'fadeOut', animationDuration: 'fast' },
    },
    header: {
      display: 'flex',
      alignItems: 'center',
      gap: '3',
      paddingX: '6',
      paddingTop: '5',
      paddingBottom: '2',
      paddingRight: '12',
    },
    title: { fontSize: 'lg', fontWeight: 'semibold', lineHeight: 'tight' },
    description: { fontSize: 'sm', color: 'fg.muted', paddingX: '6' },
    body: { paddingX: '6', paddingY: '4' },
    footer: {
      display: 'flex',
      justifyContent: 'flex-end',
      gap: '3',
      paddingX: '6',
      paddingBottom: '5',
      paddingTop: '2',
    },
    closeTrigger: {
      position: 'absolute',
      top: '3',
      right: '3',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '8',
      height: '8',
      [COARSE_POINTER]: { width: '11', height: '11', top: '2', right: '2' },
      borderRadius: 'md',
      color: 'fg.muted',
      bg: 'transparent',
      cursor: 'pointer',
      _hover: { bg: 'bg.subtle', color: 'fg.default' },
      '& svg': { width: '4', height: '4' },
    },
  },
  variants: {
    scrollBehavior: {
      // Content taller than the window scrolls with the page behind the dialog.
      outside: {},
      // The dialog never grows past the window: its body scrolls, so that the header and the
      // footer (with its Save) always stay in view. Only the body can shrink: the other parts
      // keep their content's height (a flex item's automatic minimum).
      // The body is a column, so that a part of it may take the height left (a list that
      // scrolls below a search that stays).
      inside: {
        content: { display: 'flex', flexDirection: 'column', maxHeight: '100%' },
        body: {
          flex: '1',
          minHeight: '0',
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
        },
      },
    },
    fullScreen: {
      // A dialog floating over the page on every screen.
      never: {},
      // On a phone, the whole screen, clear of a notch, the status bar and the home indicator.
      phone: {
        positioner: { [PHONE_SCREEN]: { padding: '0' } },
        content: {
          [PHONE_SCREEN]: {
            maxWidth: '100%',
            minHeight: '100%',
            borderWidth: '0',
            borderRadius: '0',
            boxShadow: 'none',
            paddingTop: 'env(safe-area-inset-top, 0px)',
            paddingBottom: 'env(safe-area-inset-bottom, 0px)',
            paddingInline: 'env(safe-area-inset-left, 0px) env(safe-area-inset-right, 0px)',
          },
        },
        header: { [PHONE_SCREEN]: { paddingInlineStart: '4' } },
        description: { [PHONE_SCREEN]: { paddingX: '4' } },
        body: { [PHONE_SCREEN]: { paddingX: '4' } },
        footer: { [PHONE_SCREEN]: { paddingX: '4', paddingBottom: '3' } },
        closeTrigger: {
          [PHONE_SCREEN]: {
            top: 'calc(env(safe-area-inset-top, 0px) + {spacing.2})',
            right: 'calc(env(safe-area-inset-right, 0px) + {spacing.2})',
          },
        },
      },
    },
  },
  defaultVariants: { scrollBehavior: 'outside', fullScreen: 'never' },
});
