// Draws the open global dialog (see dialogs.ts), loading its code on demand (from where its
// feature registered it) so that no page pays for dialogs in its first load.
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
import { isChunkLoadError } from './chunkReload';
import {
  closeDialog,
  dialogLoader,
  useOpenDialog,
  type DialogName,
  type GlobalDialogProps,
} from './dialogs';

// A lazy component keeps a failed load for good: after a failure its dialog gets a new one, so
// that opening it again (the network back) loads it again.
const loaded = new Map<DialogName, LazyExoticComponent<ComponentType<GlobalDialogProps>>>();
function dialogComponent(name: DialogName) {
  let component = loaded.get(name);
  if (!component) {
    const load = dialogLoader(name);
    if (!load) return null;
    component = lazy(load);
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
  const Dialog = open ? dialogComponent(open) : null;

  // A dialog no feature registered (its frame.ts left out) cannot be drawn: it closes again.
  const unregistered = open !== null && Dialog === null ? open : null;
  useEffect(() => {
    if (unregistered === null) return;
    console.error(
      `No global dialog is registered as "${unregistered}" (registerDialog, dialogs.ts).`,
    );
    closeDialog();
  }, [unregistered]);

  if (!open || !Dialog) return null;
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
