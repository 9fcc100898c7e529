import { defineSlotRecipe } from '@chakra-ui/react/styled-system';

/**
 * What failed and a way to try again, on one line: after a list's later page, a section's
 * summary or a transcript that did not load.
 */
export const inlineRetryRecipe = defineSlotRecipe({
  className: 'cl-inline-retry',
  slots: ['root', 'text'],
  base: {
    root: { display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted' },
    text: { minWidth: 0 },
  },
  variants: {
    /**
     * `row` starts at the left and wraps (a section's body); `listEnd` sits centred under a list,
     * in the list's small print, where the next page would have been.
     */
    placement: {
      row: { root: { flexWrap: 'wrap' } },
      listEnd: { root: { justifyContent: 'center', paddingY: '3', fontSize: 'sm' } },
    },
  },
  defaultVariants: { placement: 'row' },
});
