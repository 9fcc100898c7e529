import { graphql } from 'gatsby';
import { Layout } from '../shell/Layout';
import { AlertsPage } from '../features/alerts/AlertsPage';
import { RequireSignIn } from '../shell/RequireSignIn';
import { pageHead } from '../i18n/head';

export default function AlertsRoute() {
  return (
    <Layout>
      <RequireSignIn>
        <AlertsPage />
      </RequireSignIn>
    </Layout>
  );
}

export const Head = pageHead('alerts');

export const query = graphql`
  query AlertsPage($language: String!) {
    ...AlertsPageLocales
  }
`;
