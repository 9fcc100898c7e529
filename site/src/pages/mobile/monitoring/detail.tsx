import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../../../shell/Layout';
import { StatusContent } from '../../../shell/StatusContent';
import { parseSourceId } from '../../../features/monitoring/detailRoute';
import { cameFromSite } from '../../../features/mobile/fromSite';
import { MobileSource } from '../../../features/mobile/MobileSource';
import { MobileTopBar } from '../../../features/mobile/MobileTopBar';
import { RequireSignIn } from '../../../shell/RequireSignIn';
import { useHydrated } from '../../../shell/useHydrated';
import { pageHead } from '../../../i18n/head';
import type { LocaleQueryData } from '../../../i18n/query';

export default function MobileMonitoringDetailPage({
  location,
}: PageProps<LocaleQueryData, PageContext>) {
  return (
    <Layout header={false} variant="mobile" banner={<MobileTopBar />}>
      <RequireSignIn>
        <SourceOfAddress search={location.search} fromSite={cameFromSite(location.state)} />
      </RequireSignIn>
    </Layout>
  );
}

/**
 * The source the address names, read once the browser has rendered (the static HTML has no query
 * string), as on the desktop page (pages/monitoring/detail.tsx).
 */
function SourceOfAddress({ search, fromSite }: { search: string; fromSite: boolean }) {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  const id = hydrated ? parseSourceId(search) : undefined;
  if (id === undefined) return null;
  if (id === null) {
    return (
      <StatusContent status={404} text={t('notFound.text')} backLabel={t('notFound.back')} mobile />
    );
  }
  return <MobileSource key={id} sourceId={id} fromSite={fromSite} />;
}

export const Head = pageHead('mobileMonitoringDetail');

export const query = graphql`
  query MobileMonitoringDetailPage($language: String!) {
    ...PageLocales
  }
`;
