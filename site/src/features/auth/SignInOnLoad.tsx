// What signing in does when a page loads, drawn with the frame's overlays (frame.ts): opens the
// login dialog for a signed-out visitor whose address asks for it (`?t=login`, on the page's load
// and on each move of the site's own to such an address), finishes a Google or X sign-in that
// came back with a code, and shows the toast that a sign-in ending in a full page load left for it.
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useEffect } from 'react';
import { openDialog, useLoginAsks, wantsLogin } from '../../shell/dialogs';
import { loadChunk } from '../../shell/loadChunk';
import { useSession } from '../../data/session';
import { showRememberedSignInToast } from './signInToast';

export function SignInOnLoad() {
  const { t } = useTranslation('common');
  const { status } = useSession();

  // On the page's load, and on each move of the site's own to a `?t=login` address.
  const loginAsks = useLoginAsks();
  useEffect(() => {
    if (status === 'signedOut' && wantsLogin(window.location.search)) openDialog('login');
  }, [status, loginAsks]);

  // Back from Google or X with a code: finish the sign-in (its code loads only then).
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (!params.has('code') || !params.has('state')) return;
    // Out of reach (offline), its code is tried again until it comes: the code in the address
    // is still good then.
    const code = loadChunk(() => import('./social'));
    void code.loaded.then(({ finishSocialSignIn }) => finishSocialSignIn(t));
    return code.stop;
  }, [t]);

  // A Google or X sign-in lands here with a full page load; its success toast waited for it.
  useEffect(() => {
    showRememberedSignInToast(t);
  }, [t]);

  return null;
}
