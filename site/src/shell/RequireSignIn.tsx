// The signed-in areas' guard: a signed-out visitor of /reporting or /monitoring is sent to the home
// page of the same language with the login dialog (`/?t=login`, `/zh/?t=login` ...), of a phone's
// page to the mobile page's (`/mobile/?t=login`). On a full load without a token, the page's head
// has sent them on already (src/start/signedOutRedirect), so whoever sees the static HTML holds a
// token: the server render and the hydration render the area itself, in its loading state, and the
// page does not move when the session is known. Once known signed out, nothing of the area renders.
import { Box } from '@chakra-ui/react/box';
import { navigate } from 'gatsby';
import { useI18next } from 'gatsby-plugin-react-i18next';
import { useEffect, useRef, type ReactNode } from 'react';
import { isMobilePath } from '../i18n/variant';
import { loginAddress } from '../start/signedInAreas';
import { useSession } from '../data/session';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { language, originalPath } = useI18next();
  const mobile = isMobilePath(originalPath);
  // Only a visitor who arrives signed out is sent to the login dialog. Signing out here is a
  // choice that leaves for the home page by itself (and a dead token, for the login dialog, by
  // the API client): sending them elsewhere too would race with that.
  const wasSignedIn = useRef(false);
  if (status === 'signedIn') wasSignedIn.current = true;

  useEffect(() => {
    if (status === 'signedOut' && !wasSignedIn.current) {
      const { pathname, search } = window.location;
      void navigate(loginAddress(language, mobile, pathname + search), { replace: true });
    }
  }, [status, language, mobile]);

  if (status === 'signedOut') return <Box minHeight="60vh" aria-busy="true" />;
  return <>{children}</>;
}
