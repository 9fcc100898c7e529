// The Feeds page's frame (/monitoring/feeds/, the server's operators'): the way back to the
// monitoring page, the heading and a still placeholder in the first load; the page's code (the
// list, its times and its calls) comes once the page has hydrated. Its strings are the `feeds`
// namespace, which only this page's data carries (src/i18n/query.ts).
import { PageHeader } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Suspense } from 'react';
import { lazyChunk } from '../../../shell/loadChunk';
import { useHydrated } from '../../../shell/useHydrated';
import { BackLink } from '../BackLink';

const Feeds = lazyChunk(() => import('./Feeds').then((module) => ({ default: module.Feeds })));

export function FeedsPage() {
  const { t } = useTranslation('feeds');
  const hydrated = useHydrated();
  const placeholder = (
    <Box role="status" minHeight="40vh">
      <chakra.p color="fg.muted">{t('loading')}</chakra.p>
    </Box>
  );
  return (
    <>
      <BackLink to="/monitoring/" marginBottom="3">
        <span aria-hidden="true">←</span> {t('back')}
      </BackLink>
      <PageHeader title={t('title')} lead={t('lead')} marginBottom="6" />
      {hydrated ? (
        <Suspense fallback={placeholder}>
          <Feeds />
        </Suspense>
      ) : (
        placeholder
      )}
    </>
  );
}
