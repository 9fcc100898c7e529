// The signed-in areas' guard (issue: site shell): a signed-out visitor of /reporting or
// /monitoring is sent to the home page of the same language with the login dialog
// (`/?t=login`, `/zh/?t=login` ...). Until the session is known nothing of the area renders.
import { Box } from '@chakra-ui/react';
import { navigate } from 'gatsby';
import { useI18next } from 'gatsby-plugin-react-i18next';
import { useEffect, type ReactNode } from 'react';
import { isLocale, localizedPath } from '../../i18n/locales';
import { useSession } from '../auth/session';

/** Where a signed-out visitor of a signed-in area goes, in their language. */
export function loginAddress(language: string): string {
  return `${localizedPath(isLocale(language) ? language : 'en', '/')}?t=login`;
}

export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { language } = useI18next();

  useEffect(() => {
    if (status === 'signedOut') void navigate(loginAddress(language), { replace: true });
  }, [status, language]);

  if (status !== 'signedIn') return <Box minHeight="60vh" aria-busy="true" />;
  return <>{children}</>;
}
