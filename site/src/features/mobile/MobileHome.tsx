// The mobile page (product spec points 1 and 2): for a visitor, what Coinlens does and the way in;
// for a signed-in user, their coins, their sources' next events and the assistant
// (MobileSignedIn, whose code loads only for them: a visitor's first load stays small).
import { Box, Skeleton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useSession } from '../auth/session';
import { MobileIntro } from './MobileIntro';

const MobileSignedIn = lazy(() =>
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

/** The greeting's and the first section's place while the signed-in page's code loads. */
function SignedInPlaceholder() {
  return (
    <Box role="status" aria-busy="true">
      <Skeleton height="7" width="40" marginBottom="6" borderRadius="md" />
      <Skeleton height="16" borderRadius="lg" />
    </Box>
  );
}
