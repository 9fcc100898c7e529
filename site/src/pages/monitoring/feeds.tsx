import { graphql } from 'gatsby';
import { Layout } from '../../shell/Layout';
import { FeedsPage } from '../../features/monitoring/feeds/FeedsPage';
import { RequireSignIn } from '../../shell/RequireSignIn';
import { pageHead } from '../../i18n/head';

export default function MonitoringFeedsPage() {
  return (
    <Layout>
      <RequireSignIn>
        <FeedsPage />
      </RequireSignIn>
    </Layout>
  );
}

export const Head = pageHead('monitoringFeeds');

export const query = graphql`
  query MonitoringFeedsPage($language: String!) {
    ...FeedsPageLocales
  }
`;
