import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../../components/Layout';
import { StatusContent } from '../../components/StatusPage';
import { parseSourceId } from '../../features/monitoring/detailRoute';
import { SourceDetail } from '../../features/monitoring/SourceDetail';
import { RequireSignIn } from '../../features/shell/RequireSignIn';
import { useHydrated } from '../../features/shell/useHydrated';
import { pageHead } from '../../i18n/head';
import type { LocaleQueryData } from '../../i18n/query';

export default function MonitoringDetailPage({
  location,
}: PageProps<LocaleQueryData, PageContext>) {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  const id = hydrated ? parseSourceId(location.search) : undefined;
  return (
    <Layout>
      <RequireSignIn>
        {id === null ? (
          <StatusContent status={404} text={t('notFound.text')} backLabel={t('notFound.back')} />
        ) : id === undefined ? null : (
          // A new id (a link from one source to another) starts a new page, with nothing of the
          // last source's state.
          <SourceDetail key={id} sourceId={id} />
        )}
      </RequireSignIn>
    </Layout>
  );
}

export const Head = pageHead('monitoringDetail');

export const query = graphql`
  query MonitoringDetailPage($language: String!) {
    ...PageLocales
  }
`;
