// Draws the open global dialog (see dialogs.ts), loading its code on demand so that no page pays
// for dialogs in its first load; and opens the login dialog when a page is loaded with
// `?t=login` (spec, point 2) for a visitor who is signed out.
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useSession } from '../auth/session';
import { closeDialog, openDialog, useOpenDialog, wantsLogin, type DialogName } from './dialogs';

/** What every global dialog receives. */
export interface GlobalDialogProps {
  /** Closes the dialog. */
  onClose: () => void;
}

const DIALOGS: Partial<Record<DialogName, LazyExoticComponent<ComponentType<GlobalDialogProps>>>> =
  {
    login: lazy(() => import('../auth/LoginDialog')),
    nickname: lazy(() => import('../profile/NicknameDialog')),
    addCoin: lazy(() => import('../coins/AddCoinDialog')),
    addMonitor: lazy(() => import('../monitoring/AddMonitorDialog')),
  };

export function DialogHost() {
  const { t } = useTranslation('common');
  const open = useOpenDialog();
  const { status } = useSession();

  useEffect(() => {
    if (status === 'signedOut' && wantsLogin(window.location.search)) openDialog('login');
  }, [status]);

  // Back from Google or X with a code: finish the sign-in (its code loads only then).
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (!params.has('code') || !params.has('state')) return;
    void import('../auth/social').then(({ finishSocialSignIn }) => finishSocialSignIn(t));
  }, [t]);

  const Dialog = open ? DIALOGS[open] : undefined;
  if (!Dialog) return null;
  return (
    <Suspense fallback={null}>
      <Dialog onClose={closeDialog} />
    </Suspense>
  );
}
