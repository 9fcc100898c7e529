import { chakra } from '@chakra-ui/react';
import { graphql, type HeadFC, type PageProps } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../../components/Layout';
import { StatusContent } from '../../components/StatusPage';
import { parseSourceId } from '../../features/monitoring/detailRoute';
import { RequireSignIn } from '../../features/shell/RequireSignIn';
import { useHydrated } from '../../features/shell/useHydrated';
import { SiteHead } from '../../i18n/head';
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
        ) : (
          <>
            <chakra.h1 fontSize="3xl" fontWeight="bold" letterSpacing="tight" marginBottom="3">
              {t('meta.monitoringDetail.title')}
            </chakra.h1>
            <chakra.p fontSize="lg" color="fg.muted" marginBottom="6">
              {t('meta.monitoringDetail.description')}
            </chakra.p>
            <chakra.p color="fg.subtle">{t('placeholder')}</chakra.p>
          </>
        )}
      </RequireSignIn>
    </Layout>
  );
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="monitoringDetail" />
);

export const query = graphql`
  query MonitoringDetailPage($language: String!) {
    ...PageLocales
  }
`;
