// The phone's view of one monitored source (/mobile/monitoring/detail/?id=N): the way back to the
// events tab, the source (state, title, times, heat, the way to the event), a way to stop
// monitoring it when the user monitors it, its summary with the key points and coins, and its
// transcript, 20 lines at a time as it is scrolled. The parts are the desktop page's
// (monitoring/SourceDetail.tsx), in a phone's column. An unknown source is the mobile 404.
import type { MonitorSourceDetail } from '@coinlens/contract';
import { Button } from '@coinlens/design-system';
import { Flex } from '@chakra-ui/react/flex';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { Suspense, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../data/errors';
import { lazyChunk } from '../../shell/loadChunk';
import { StatusContent } from '../../shell/StatusContent';
import { SourceParts } from '../monitoring/SourceDetail';
import { dropFromUserLists, useMonitoredSourceIds, useSourceDetail } from '../monitoring/sources';
import { EVENTS_ADDRESS } from './fromSite';
import { PhonePageHeader } from './PhonePageHeader';

const RemoveSourceDialog = lazyChunk(() => import('../monitoring/RemoveSourceDialog'));

export interface MobileSourceProps {
  sourceId: number;
  /**
   * Whether the site itself led here (an event row's link): back, and the end of a stop, then go
   * back in the history, to the events tab where it was left; else they go to the events tab.
   */
  fromSite?: boolean;
}

export function MobileSource({ sourceId, fromSite = false }: MobileSourceProps) {
  const { t } = useTranslation(['mobile', 'common']);
  const { navigate } = useI18next();
  const detail = useSourceDetail(sourceId);

  const backToEvents = () => {
    if (fromSite) window.history.back();
    else void navigate(EVENTS_ADDRESS, { replace: true });
  };
  const header = (
    <PhonePageHeader backTo={EVENTS_ADDRESS} backLabel={t('source.back')} goBack={fromSite} />
  );

  if (detail.error instanceof ApiError && detail.error.code === 404) {
    return (
      <>
        {header}
        <StatusContent
          status={404}
          text={t('common:notFound.text')}
          backLabel={t('common:notFound.back')}
          mobile
        />
      </>
    );
  }

  return (
    <Flex direction="column" gap="4" paddingBottom="4">
      {header}
      <SourceParts
        detail={detail}
        compact
        actions={(source) => <StopMonitoring source={source} onRemoved={backToEvents} />}
      />
    </Flex>
  );
}

/**
 * "Stop monitoring", for a source the user monitors, with the desktop's confirmation
 * (RemoveSourceDialog, loaded when it is first needed). Once it is gone, the source leaves the
 * lists kept for the events tab, and `onRemoved` takes the user there.
 */
function StopMonitoring({
  source,
  onRemoved,
}: {
  source: MonitorSourceDetail;
  onRemoved: () => void;
}) {
  const { t } = useTranslation('mobile');
  const monitored = useMonitoredSourceIds(true);
  const { mutate } = useSWRConfig();
  const [asked, setAsked] = useState(false);
  const [removed, setRemoved] = useState(false);
  if (!removed && !monitored?.has(source.id)) return null;
  return (
    <>
      <Button
        variant="outline"
        size="lg"
        alignSelf="flex-start"
        disabled={removed}
        onClick={() => setAsked(true)}
      >
        {t('source.stop')}
      </Button>
      {(asked || removed) && (
        <Suspense fallback={null}>
          <RemoveSourceDialog
            source={source}
            open={asked}
            onClose={() => setAsked(false)}
            onRemoved={() => {
              // Kept on screen, without its dialog, until the page is left.
              setRemoved(true);
              setAsked(false);
              void dropFromUserLists(mutate, source.id).then(onRemoved);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
