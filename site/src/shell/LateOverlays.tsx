// What the frame draws over a page that its first screen never shows: the loading bar (it moves
// only once the visitor follows a link or a request takes long). Its code loads on demand once
// the page has hydrated (the frame, Layout.tsx, draws it then, beside the late parts the features
// add: frameParts.ts), so that no page's first load carries it. The toasts stay in the first load:
// they say why a part's code cannot come, which a part that waits for its own code could not.
import { LoadingBar } from '@coinlens/design-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { pageLoad } from './pageLoad';

export default function LateOverlays() {
  const { t } = useTranslation('common');
  return <LoadingBar controller={pageLoad} label={t('loadingPage')} />;
}
