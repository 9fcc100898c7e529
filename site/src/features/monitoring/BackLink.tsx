// The way back to the monitoring page from the pages under it (a source's, the Feeds page): a
// quiet link above the page's heading.
import { chakra } from '@chakra-ui/react/styled-system';
import { Link } from '../../i18n/Link';

export const BackLink = chakra(Link, {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'fg.muted',
    textDecoration: 'none',
    _hover: { color: 'fg', textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  },
});
