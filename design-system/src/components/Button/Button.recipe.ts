import { defineRecipe } from '@chakra-ui/react/styled-system';
import { COARSE_POINTER } from '../../theme/media';

/**
 * The product's buttons: `solid` for the one main action of a view, `outline` for the others,
 * `ghost` for quiet actions in dense places. Loading shows through `data-loading`.
 */
export const buttonRecipe = defineRecipe({
  className: 'cl-button',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'transparent',
    fontWeight: 'semibold',
    lineHeight: 'tight',
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    cursor: 'pointer',
    userSelect: 'none',
    position: 'relative',
    transitionProperty: 'background-color, border-color, color, filter',
    transitionDuration: 'fast',
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    '&[data-loading]': { cursor: 'progress' },
    '& svg': { width: '1em', height: '1em', flexShrink: 0 },
  },
  variants: {
    variant: {
      solid: {
        bg: 'accent.solid',
        color: 'fg.onAccent',
        _hover: { _enabled: { filter: 'brightness(1.12)' } },
      },
      outline: {
        bg: 'transparent',
        color: 'fg.default',
        borderColor: 'border.default',
        _hover: { _enabled: { bg: 'bg.raised' } },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.default',
        _hover: { _enabled: { bg: 'bg.raised' } },
      },
    },
    // On a touch screen every size is at least 44 px high, a finger's width (WCAG 2.5.5).
    size: {
      sm: { minHeight: '8', paddingX: '3', fontSize: 'xs', [COARSE_POINTER]: { minHeight: '11' } },
      md: { minHeight: '10', paddingX: '4', fontSize: 'sm', [COARSE_POINTER]: { minHeight: '11' } },
      lg: { minHeight: '12', paddingX: '5', fontSize: 'md' },
    },
  },
  defaultVariants: {
    variant: 'solid',
    size: 'md',
  },
});
