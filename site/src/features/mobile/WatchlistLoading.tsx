// The watchlist while the followed coins load: a row's outline for each of a few coins. Apart
// from the Watchlist, whose code loads only for a signed-in user, so that the mobile page's
// placeholder (in every visitor's first load) draws the same rows.
import { Skeleton } from '@coinlens/design-system';
import { Flex } from '@chakra-ui/react/flex';
import { useTranslation } from 'gatsby-plugin-react-i18next';

/** The rows a loading watchlist shows. */
const PLACEHOLDER_ROWS = 3;

export function WatchlistLoading() {
  const { t } = useTranslation('mobile');
  return (
    <Flex direction="column" gap="2" role="status" aria-busy="true" aria-label={t('coins.title')}>
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
        <Skeleton key={index} height="16" borderRadius="lg" />
      ))}
    </Flex>
  );
}
