// The mobile page (product spec points 1 and 2): for a visitor, what Coinlens does and the way in;
// for a signed-in user, their coins, their sources' next events and the assistant
// (MobileSignedIn, whose code loads only for them: a visitor's first load stays small).

import { Skeleton } from '@coinlens/design-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Suspense } from 'react';
import { lazyChunk } from '../../app/loadChunk';
import { useSession } from '../auth/session';
import { MobileGreeting } from './MobileGreeting';
import { MobileIntro } from './MobileIntro';

const MobileSignedIn = lazyChunk(() =>
  import('./MobileSignedIn').then((module) => ({ default: module.MobileSignedIn })),
);

export interface MobileHomeProps {
  /**
   * The router's key of the current navigation (the page's `location.key`): a new one means the
   * site went to an address without a page load (a new user signed in goes to `?tab=chat`), so
   * the tab is read from the address again.
   */
  routeKey?: string;
}

export function MobileHome({ routeKey }: MobileHomeProps) {
  const { status } = useSession();
  // Until the session is known (the server render), the visitor's page: it has content at once.
  if (status !== 'signedIn') return <MobileIntro />;
  return (
    <Suspense fallback={<SignedInPlaceholder />}>
      <MobileSignedIn routeKey={routeKey} />
    </Suspense>
  );
}

/**
 * The page while its signed-in part's code loads (or waits for the network): the greeting, and
 * the first section's place, named for assistive technology.
 */
function SignedInPlaceholder() {
  const { t } = useTranslation('mobile');
  return (
    <>
      <MobileGreeting />
      <Skeleton
        role="status"
        aria-busy="true"
        aria-label={t('coins.title')}
        height="16"
        borderRadius="lg"
      />
    </>
  );
}
