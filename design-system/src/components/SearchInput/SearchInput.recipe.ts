import { defineSlotRecipe } from '@chakra-ui/react/styled-system';
import { COARSE_POINTER } from '../../theme/media';

/** A search field with a leading icon, a clear button and a busy indicator. */
export const searchInputRecipe = defineSlotRecipe({
  className: 'cl-search-input',
  slots: ['root', 'icon', 'input', 'clear', 'spinner'],
  base: {
    root: { position: 'relative', display: 'flex', alignItems: 'center', width: '100%' },
    icon: {
      position: 'absolute',
      left: '3',
      color: 'fg.subtle',
      pointerEvents: 'none',
      display: 'inline-flex',
      '& svg': { width: '4', height: '4' },
    },
    input: {
      width: '100%',
      height: 'var(--cl-search-height)',
      paddingLeft: '9',
      paddingRight: '16',
      fontSize: 'sm',
      color: 'fg.default',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderRadius: 'lg',
      outline: 'none',
      transitionProperty: 'border-color, box-shadow',
      transitionDuration: 'fast',
      _placeholder: { color: 'fg.subtle' },
      _focusVisible: { borderColor: 'focusRing', boxShadow: '0 0 0 1px {colors.focusRing}' },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
      // The native clear control would duplicate ours.
      '&::-webkit-search-cancel-button': { display: 'none' },
    },
    clear: {
      position: 'absolute',
      right: '2',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '7',
      height: '7',
      // A finger gets the field's full height to hit (the field is 44 px high there).
      [COARSE_POINTER]: { right: '0', width: '11', height: '11' },
      borderRadius: 'md',
      color: 'fg.muted',
      bg: 'transparent',
      cursor: 'pointer',
      _hover: { bg: 'bg.subtle', color: 'fg.default' },
      '& svg': { width: '3.5', height: '3.5' },
    },
    spinner: {
      position: 'absolute',
      right: '10',
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
  variants: {
    size: {
      md: {
        root: {
          '--cl-search-height': '2.5rem',
          [COARSE_POINTER]: { '--cl-search-height': '2.75rem' },
        },
      },
      lg: { root: { '--cl-search-height': '3rem' } },
    },
  },
  defaultVariants: { size: 'md' },
});
