import { defineSlotRecipe } from '@chakra-ui/react/styled-system';

/** A quiet, centred message for a list or area with nothing in it. */
export const emptyStateRecipe = defineSlotRecipe({
  className: 'cl-empty-state',
  slots: ['root', 'illustration', 'title', 'description', 'action'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      textAlign: 'center',
      gap: '2',
      color: 'fg.muted',
    },
    illustration: {
      color: 'fg.subtle',
      marginBottom: '1',
      '& svg': { width: '100%', height: '100%' },
    },
    title: { color: 'fg.default', fontWeight: 'semibold' },
    description: { maxWidth: 'prose' },
    action: { marginTop: '2' },
  },
  variants: {
    size: {
      sm: {
        root: { paddingY: '6', fontSize: 'sm' },
        illustration: { width: '10', height: '10' },
        title: { fontSize: 'sm' },
      },
      md: {
        root: { paddingY: '12', fontSize: 'sm' },
        illustration: { width: '16', height: '16' },
        title: { fontSize: 'md' },
      },
    },
  },
  defaultVariants: { size: 'md' },
});
