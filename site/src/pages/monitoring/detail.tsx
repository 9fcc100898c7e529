import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../../shell/Layout';
import { StatusContent } from '../../shell/StatusContent';
import { parseSourceId } from '../../features/monitoring/detailRoute';
import { SourceDetail } from '../../features/monitoring/SourceDetail';
import { RequireSignIn } from '../../shell/RequireSignIn';
import { useHydrated } from '../../shell/useHydrated';
import { pageHead } from '../../i18n/head';
import type { LocaleQueryData } from '../../i18n/query';

export default function MonitoringDetailPage({
  location,
}: PageProps<LocaleQueryData, PageContext>) {
  return (
    <Layout>
      <RequireSignIn>
        <SourceOfAddress search={location.search} />
      </RequireSignIn>
    </Layout>
  );
}

/**
 * The source the address names. The static HTML has no query string: the id is read once the
 * browser has rendered, inside the page's own part, so that this second render touches nothing
 * outside it (the page's other parts may still be hydrating).
 */
function SourceOfAddress({ search }: { search: string }) {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  const id = hydrated ? parseSourceId(search) : undefined;
  if (id === undefined) return null;
  if (id === null) {
    return <StatusContent status={404} text={t('notFound.text')} backLabel={t('notFound.back')} />;
  }
  // A new id (a link from one source to another) starts a new page, with nothing of the last
  // source's state.
  return <SourceDetail key={id} sourceId={id} />;
}

export const Head = pageHead('monitoringDetail');

export const query = graphql`
  query MonitoringDetailPage($language: String!) {
    ...PageLocales
  }
`;
