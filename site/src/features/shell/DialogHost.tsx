// Draws the open global dialog (see dialogs.ts), loading its code on demand so that no page pays
// for dialogs in its first load; and opens the login dialog when a page is loaded with
// `?t=login` for a visitor who is signed out.
import { toaster } from '@coinlens/design-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { isChunkLoadError } from '../../app/chunkReload';
import { loadChunk } from '../../app/loadChunk';
import { useSession } from '../auth/session';
import {
  closeDialog,
  openDialog,
  useLoginAsks,
  useOpenDialog,
  wantsLogin,
  type DialogName,
} from './dialogs';

/** What every global dialog receives. */
export interface GlobalDialogProps {
  /** Closes the dialog. */
  onClose: () => void;
}

type DialogModule = { default: ComponentType<GlobalDialogProps> };

const LOADERS: Record<DialogName, () => Promise<DialogModule>> = {
  login: () => import('../auth/LoginDialog'),
  nickname: () => import('../profile/NicknameDialog'),
  addCoin: () => import('../coins/AddCoinDialog'),
  addMonitor: () => import('../monitoring/AddMonitorDialog'),
};

// A lazy component keeps a failed load for good: after a failure its dialog gets a new one, so
// that opening it again (the network back) loads it again.
const loaded = new Map<DialogName, LazyExoticComponent<ComponentType<GlobalDialogProps>>>();
function dialogComponent(name: DialogName) {
  let component = loaded.get(name);
  if (!component) {
    component = lazy(LOADERS[name]);
    loaded.set(name, component);
  }
  return component;
}

interface LoadBoundaryProps {
  children: ReactNode;
  onError: (error: unknown) => void;
}

/**
 * Catches a dialog whose code could not be loaded (offline, say), instead of the page's error
 * boundary replacing the whole page; any other error goes on to that boundary.
 */
class LoadBoundary extends Component<LoadBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) this.props.onError(error);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    if (isChunkLoadError(this.state.error)) return null;
    throw this.state.error;
  }
}

export function DialogHost() {
  const { t } = useTranslation('common');
  const open = useOpenDialog();
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
    const code = loadChunk(() => import('../auth/social'));
    void code.loaded.then(({ finishSocialSignIn }) => finishSocialSignIn(t));
    return code.stop;
  }, [t]);

  if (!open) return null;
  const Dialog = dialogComponent(open);
  const failed = (error: unknown) => {
    console.error(error);
    loaded.delete(open);
    closeDialog();
    toaster.create({ type: 'error', title: t('messages.networkError') });
  };
  return (
    <LoadBoundary key={open} onError={failed}>
      <Suspense fallback={null}>
        <Dialog onClose={closeDialog} />
      </Suspense>
    </LoadBoundary>
  );
}
