// The Alerts page's frame, the desktop's and the phone's: its heading and a still placeholder in
// the first load; the page's code (its lists, dialogs and calls) comes once the page has hydrated.
import { PageHeader } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { Suspense } from 'react';
import { lazyChunk } from '../../shell/loadChunk';
import { useHydrated } from '../../shell/useHydrated';
import { useAlertsPageTranslation } from './namespaces';

const Alerts = lazyChunk(() =>
  import('./page/Alerts').then((module) => ({ default: module.Alerts })),
);

export interface AlertsPageProps {
  /** The phone's page (/mobile/alerts/). */
  phone?: boolean;
}

export function AlertsPage({ phone = false }: AlertsPageProps) {
  const { t } = useAlertsPageTranslation();
  const hydrated = useHydrated();
  const placeholder = (
    <Box role="status" minHeight="40vh">
      <chakra.p color="fg.muted">{t('page.loading')}</chakra.p>
    </Box>
  );
  return (
    <>
      {phone ? (
        <chakra.h1 fontSize="2xl" fontWeight="bold" letterSpacing="tight" marginBottom="2">
          {t('page.title')}
        </chakra.h1>
      ) : (
        <PageHeader title={t('page.title')} lead={t('page.intro')} marginBottom="6" />
      )}
      {hydrated ? (
        <Suspense fallback={placeholder}>
          <Alerts phone={phone} />
        </Suspense>
      ) : (
        placeholder
      )}
    </>
  );
}
