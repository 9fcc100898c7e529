// What the frame draws over a page that its first screen never shows: the loading bar (it moves
// only once the visitor follows a link or a request takes long) and the realtime connection with
// its "reconnecting" notice (it opens only for a signed-in user, after the page has started). Its
// code loads on demand once the page has hydrated (the frame, components/Layout.tsx, draws it
// then), so that no page's first load carries it. The toasts stay in the first load: they say why a part's code cannot come, which a
// part that waits for its own code could not.
import { LoadingBar } from '@coinlens/design-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useEffect } from 'react';
import { startRealtime } from '../assistant/realtime/connection';
import { RealtimeStatus } from '../assistant/realtime/RealtimeStatus';
import { pageLoad } from './pageLoad';

export default function LateOverlays() {
  const { t } = useTranslation('common');
  // The realtime socket lives for the whole visit: Gatsby mounts a frame per page, and later
  // calls do nothing, so it is neither closed nor reopened on navigation (hence no cleanup).
  useEffect(() => {
    startRealtime();
  }, []);
  return (
    <>
      <LoadingBar controller={pageLoad} label={t('loadingPage')} />
      <RealtimeStatus />
    </>
  );
}
