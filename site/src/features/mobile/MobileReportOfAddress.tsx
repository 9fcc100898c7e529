// The phone's report view as its address asks (`/mobile/reporting/?coin=2`). The static HTML has no
// query string: the address is read once the browser has rendered, inside the page's own part, so
// that this second render touches nothing outside it. Until then, and while the view's code loads,
// the view's frame with a loading card.
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { Suspense, useEffect } from 'react';
import { lazyChunk } from '../../shell/loadChunk';
import { StatusContent } from '../../shell/StatusContent';
import { useHydrated } from '../../shell/useHydrated';
import { COINS_ADDRESS } from './MobileReportFrame';
import { MobileReportLoading } from './MobileReportLoading';
import { reportAddressOf } from './reportAddress';

const MobileReport = lazyChunk(() =>
  import('./MobileReport').then((module) => ({ default: module.MobileReport })),
);

export interface MobileReportOfAddressProps {
  /** The page's query string. */
  search: string;
  /** Whether the site led here (fromSite.ts, from the page's `location.state`). */
  fromSite?: boolean;
}

export function MobileReportOfAddress({ search, fromSite = false }: MobileReportOfAddressProps) {
  const { t } = useTranslation('common');
  const { navigate } = useI18next();
  const hydrated = useHydrated();
  const address = hydrated ? reportAddressOf(search) : undefined;
  const none = address?.kind === 'none';

  // The bare address names no coin: the phone's list of reports is the coins list.
  useEffect(() => {
    if (none) void navigate(COINS_ADDRESS, { replace: true });
  }, [none, navigate]);

  if (address === undefined || address.kind === 'none')
    return <MobileReportLoading fromSite={fromSite} />;
  if (address.kind === 'invalid') {
    return (
      <StatusContent status={404} text={t('notFound.text')} backLabel={t('notFound.back')} mobile />
    );
  }
  // A new coin (a link from one report to another) starts a new view, with nothing of the last.
  return (
    <Suspense fallback={<MobileReportLoading fromSite={fromSite} />}>
      <MobileReport key={address.coinId} coinId={address.coinId} fromSite={fromSite} />
    </Suspense>
  );
}
