import { graphql, type HeadFC } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../../components/Layout';
import { Monitoring } from '../../features/monitoring/Monitoring';
import { RequireSignIn } from '../../features/shell/RequireSignIn';
import { SiteHead } from '../../i18n/head';
import type { LocaleQueryData } from '../../i18n/query';

export default function MonitoringPage() {
  return (
    <Layout>
      <RequireSignIn>
        <Monitoring />
      </RequireSignIn>
    </Layout>
  );
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="monitoring" />
);

export const query = graphql`
  query MonitoringPage($language: String!) {
    ...PageLocales
  }
`;
