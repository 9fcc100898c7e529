// The mobile page: for a visitor, what Coinlens does and the way in; for a signed-in user, their
// coins, their sources' next events and the assistant (MobileSignedIn, whose code loads only for
// them: a visitor's first load stays small).

import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Suspense } from 'react';
import { lazyChunk } from '../../shell/loadChunk';
import { SessionParts } from '../../shell/SessionPart';
import { useSession } from '../../data/session';
import { MobileGreeting } from './MobileGreeting';
import { MobileIntro } from './MobileIntro';
import type { MobileSignedInProps } from './MobileSignedIn';
import { MobileTabBar, SCREEN_UNDER_TOP_BAR } from './MobileTabBar';
import { SectionHeader } from './SectionHeader';
import { DEFAULT_TAB } from './tabs';
import { WatchlistLoading } from './WatchlistLoading';

// React 18 does not know `inert` yet: as a string it reaches the DOM as the attribute.
const INERT = { inert: '' } as Record<string, string>;

const MobileSignedIn = lazyChunk(() =>
  import('./MobileSignedIn').then((module) => ({ default: module.MobileSignedIn })),
);

/** What the page takes: the signed-in part's props, which it hands on. */
export type MobileHomeProps = MobileSignedInProps;

export function MobileHome({ routeKey }: MobileHomeProps) {
  const { status } = useSession();
  // Until the session is known, both parts (SessionParts): the static HTML has the right one on
  // screen from the first paint, with nothing to swap or move when the page's code has started.
  return (
    <SessionParts
      status={status}
      visitor={<MobileIntro />}
      member={
        status === 'unknown' ? (
          <SignedInPlaceholder />
        ) : (
          <Suspense fallback={<SignedInPlaceholder />}>
            <MobileSignedIn routeKey={routeKey} />
          </Suspense>
        )
      }
    />
  );
}

/**
 * The signed-in page until its code has loaded (and, in the static HTML, until the session is
 * known): its frame as it will be, the screen under the top bar with the tabs at its foot, the
 * greeting, and the coins loading, named for assistive technology. The tabs are a still copy.
 */
function SignedInPlaceholder() {
  const { t } = useTranslation('mobile');
  return (
    <Flex direction="column" minHeight={SCREEN_UNDER_TOP_BAR}>
      <MobileGreeting />
      <Box flex="1" paddingBottom="4">
        <SectionHeader id="mobile-coins-placeholder">{t('coins.title')}</SectionHeader>
        <WatchlistLoading />
      </Box>
      <Box aria-hidden="true" {...INERT}>
        <MobileTabBar selected={DEFAULT_TAB} />
      </Box>
    </Flex>
  );
}
