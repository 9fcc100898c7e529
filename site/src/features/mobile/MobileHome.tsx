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
   * The page address's query as the router knows it (the page's `location.search`): the site's
   * own navigation changes it without a page load (a new user signed in goes to `?tab=chat`).
   */
  search?: string;
}

export function MobileHome({ search }: MobileHomeProps) {
  const { status } = useSession();
  // Until the session is known (the server render), the visitor's page: it has content at once.
  if (status !== 'signedIn') return <MobileIntro />;
  return (
    <Suspense fallback={<SignedInPlaceholder />}>
      <MobileSignedIn search={search} />
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
