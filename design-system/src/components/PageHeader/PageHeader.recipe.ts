import { defineSlotRecipe } from '@chakra-ui/react/styled-system';

/** The top of an area's page: its heading and lead on one side, its main action on the other. */
export const pageHeaderRecipe = defineSlotRecipe({
  className: 'cl-page-header',
  slots: ['root', 'text', 'heading', 'lead', 'actions'],
  base: {
    root: {
      display: 'flex',
      flexDirection: { base: 'column', sm: 'row' },
      alignItems: { base: 'flex-start', sm: 'flex-end' },
      justifyContent: 'space-between',
      gap: '4',
    },
    heading: {
      fontSize: '3xl',
      fontWeight: 'bold',
      letterSpacing: 'tight',
      // The heading takes the focus only from a script (after a removal, on arrival), as a place
      // to read on from, never from a Tab: no ring.
      _focus: { outline: 'none' },
    },
    lead: { marginTop: '2', color: 'fg.muted', maxWidth: 'prose' },
    actions: { display: 'flex', gap: '2', flexShrink: 0 },
  },
});
