import { graphql } from 'gatsby';
import { Layout } from '../../shell/Layout';
import { Monitoring } from '../../features/monitoring/Monitoring';
import { RequireSignIn } from '../../shell/RequireSignIn';
import { pageHead } from '../../i18n/head';

export default function MonitoringPage() {
  return (
    <Layout>
      <RequireSignIn>
        <Monitoring />
      </RequireSignIn>
    </Layout>
  );
}

export const Head = pageHead('monitoring');

export const query = graphql`
  query MonitoringPage($language: String!) {
    ...PageLocales
  }
`;
