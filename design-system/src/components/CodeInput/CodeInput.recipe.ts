import { defineSlotRecipe } from '@chakra-ui/react/styled-system';

/** The verification-code boxes: one square per digit, state shown through data attributes. */
export const codeInputRecipe = defineSlotRecipe({
  className: 'cl-code-input',
  slots: ['root', 'input'],
  base: {
    root: {
      display: 'inline-flex',
      gap: '2',
    },
    input: {
      width: 'var(--cl-code-box)',
      height: 'calc(var(--cl-code-box) * 1.15)',
      textAlign: 'center',
      fontSize: 'var(--cl-code-font)',
      fontWeight: 'semibold',
      fontVariantNumeric: 'tabular-nums',
      color: 'fg.default',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderRadius: 'md',
      caretColor: 'accent.fg',
      outline: 'none',
      transitionProperty: 'border-color, box-shadow',
      transitionDuration: 'fast',
      '&[data-filled]': { borderColor: 'ink.500' },
      _focusVisible: {
        borderColor: 'focusRing',
        boxShadow: '0 0 0 1px {colors.focusRing}',
      },
      '&[aria-invalid=true]': {
        borderColor: 'status.error',
        boxShadow: '0 0 0 1px {colors.status.error}',
      },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
  variants: {
    size: {
      md: { root: { '--cl-code-box': '2.75rem', '--cl-code-font': '1.25rem' } },
      lg: { root: { '--cl-code-box': '3.25rem', '--cl-code-font': '1.5rem' } },
    },
  },
  defaultVariants: { size: 'md' },
});
