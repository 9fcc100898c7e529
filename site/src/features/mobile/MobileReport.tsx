// The phone's report view of one coin: the design system's report card in the phone's one column
// (price, chart with its ranges, summary, indicators, signals, related sources), the card the
// reporting page draws (CoinReportCard) with touch-sized controls. Unfollowing asks the same
// question as on a computer and then goes back to the coins list, where the coin is gone. A coin
// the user does not follow says so, with the way to follow it; one the API does not know is a
// page not found. Its code loads only on this page, and the coins list's data stays in SWR's cache
// from page to page, so the list is there at once on the way back.
import type { FollowEntry } from '@coinlens/contract';
import { Button, EmptyState, toaster } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { useCallback, useState } from 'react';
import { apiAssetUrl } from '../../data/client';
import { ApiError } from '../../data/errors';
import { usePreparedFormats } from '../../i18n/usePreparedFormats';
import { StatusContent } from '../../shell/StatusContent';
import { addFollows, useFollows } from '../coins/follows';
import { CoinReportCard } from '../reporting/CoinReportCard';
import { prepareFormats } from '../reporting/format';
import { useCoinPrices, useCoinReport } from '../reporting/reports';
import { LoadFailed } from './LoadFailed';
import { COINS_ADDRESS, MobileReportFrame } from './MobileReportFrame';
import { MobileReportLoading } from './MobileReportLoading';
import { mobileSourcePath } from './reportAddress';

const NO_COINS: readonly number[] = [];

export interface MobileReportProps {
  /** The coin the address names (`?coin=`), a whole positive id. */
  coinId: number;
  /** Whether the site led here (fromSite.ts): back, and leaving after unfollowing, go back. */
  fromSite?: boolean;
}

export function MobileReport({ coinId, fromSite = false }: MobileReportProps) {
  const { t, i18n } = useTranslation('mobile');
  const { navigate } = useI18next();
  const { follows, error, mutate } = useFollows();
  const entry = follows?.find((item) => item.coinId === coinId);
  // The latest price, fetched again every 30 s: a newer one than the report's has the report
  // fetched again (CoinReportCard).
  const prices = useCoinPrices(entry ? [coinId] : NO_COINS);
  usePreparedFormats(i18n.language, prepareFormats);

  // After unfollowing, back to the list the reader came from (where the coin is gone now), or to
  // the mobile page in place of this one when they came from outside the site.
  const leave = useCallback(() => {
    if (fromSite) window.history.back();
    else void navigate(COINS_ADDRESS, { replace: true });
  }, [fromSite, navigate]);

  if (entry) {
    return (
      <MobileReportFrame name={entry.coin.name} fromSite={fromSite}>
        <CoinReportCard
          entry={entry}
          livePrice={prices.byCoin.get(coinId)}
          onUnfollowed={leave}
          sourceHref={mobileSourcePath}
          touch
        />
      </MobileReportFrame>
    );
  }
  if (follows === undefined && error) {
    return (
      <MobileReportFrame fromSite={fromSite}>
        <LoadFailed
          title={t('coins.error')}
          retryLabel={t('coins.retry')}
          onRetry={() => void mutate()}
        />
      </MobileReportFrame>
    );
  }
  if (follows === undefined) return <MobileReportLoading fromSite={fromSite} />;
  return (
    <NotFollowed
      coinId={coinId}
      fromSite={fromSite}
      onFollowed={(next) => void mutate(next, { revalidate: false })}
    />
  );
}

/**
 * A coin the user does not follow (a link shared by someone else, a coin unfollowed in another
 * tab): its name and logo from its report, what that means, and the way to follow it, after which
 * the view shows its report. A coin the API does not know is a page not found.
 */
interface NotFollowedProps {
  coinId: number;
  fromSite: boolean;
  /** Called with the new follow list once the coin is followed. */
  onFollowed: (follows: FollowEntry[]) => void;
}

function NotFollowed({ coinId, fromSite, onFollowed }: NotFollowedProps) {
  const { t } = useTranslation(['mobile', 'common']);
  const { data: report, error, mutate } = useCoinReport(coinId);
  const [adding, setAdding] = useState(false);

  if (!report && error instanceof ApiError && error.code === 404) {
    return (
      <StatusContent
        status={404}
        text={t('common:notFound.text')}
        backLabel={t('common:notFound.back')}
        mobile
      />
    );
  }
  if (!report && error) {
    return (
      <MobileReportFrame fromSite={fromSite}>
        <LoadFailed
          title={t('report.error')}
          retryLabel={t('report.retry')}
          onRetry={() => void mutate()}
        />
      </MobileReportFrame>
    );
  }
  if (!report) return <MobileReportLoading fromSite={fromSite} />;

  const { name, logo } = report.coin;
  const follow = async () => {
    setAdding(true);
    try {
      // With the new follow list the view has the coin, and shows its report (already loaded).
      onFollowed(await addFollows([coinId]));
      toaster.create({ type: 'success', title: t('report.notFollowed.done', { name }) });
    } catch (failure) {
      // The server's own words when it gave a reason (the follow limit), else ours.
      const text =
        failure instanceof ApiError && failure.msg
          ? failure.msg
          : t('report.notFollowed.failed', { name });
      toaster.create({ type: 'error', title: text });
      setAdding(false);
    }
  };

  return (
    <MobileReportFrame name={name} fromSite={fromSite}>
      <Box
        bg="bg.surface"
        borderWidth="1px"
        borderColor="border.subtle"
        borderRadius="lg"
        padding="4"
      >
        <EmptyState
          size="sm"
          illustration={
            logo ? (
              <chakra.img
                src={apiAssetUrl(logo)}
                alt=""
                width="12"
                height="12"
                borderRadius="full"
                bg="bg.subtle"
              />
            ) : undefined
          }
          title={t('report.notFollowed.title', { name })}
          description={t('report.notFollowed.description')}
          action={
            <Button
              size="lg"
              onClick={() => void follow()}
              loading={adding}
              loadingText={t('common:loading')}
            >
              {t('report.notFollowed.follow', { name })}
            </Button>
          }
        />
      </Box>
    </MobileReportFrame>
  );
}
