// While code the page asked for cannot be loaded (the browser offline, the server down) and waits
// to be tried again (loadChunk.ts), one toast says why the part it is for does not come:
// it stays until the code has loaded (the user may close it), then goes by itself.
import { toaster } from '@coinlens/design-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useEffect, useSyncExternalStore } from 'react';
import { chunksWaiting, subscribeChunkWaits } from './loadChunk';

/** The toast's id: one toast however many chunks wait. */
export const CHUNK_WAIT_TOAST_ID = 'chunk-wait';

const nothingWaits = () => 0;

export function ChunkWaitNotice() {
  const { t } = useTranslation('common');
  const waiting = useSyncExternalStore(subscribeChunkWaits, chunksWaiting, nothingWaits) > 0;
  const title = t('messages.networkError');

  useEffect(() => {
    if (!waiting) return undefined;
    toaster.create({ id: CHUNK_WAIT_TOAST_ID, type: 'error', title, duration: Infinity });
    return () => toaster.dismiss(CHUNK_WAIT_TOAST_ID);
  }, [waiting, title]);

  return null;
}
