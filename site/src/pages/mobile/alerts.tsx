import { graphql } from 'gatsby';
import { Layout } from '../../shell/Layout';
import { RequireSignIn } from '../../shell/RequireSignIn';
import { AlertsPage } from '../../features/alerts/AlertsPage';
import { MobileTopBar } from '../../features/mobile/MobileTopBar';
import { pageHead } from '../../i18n/head';

export default function MobileAlertsRoute() {
  return (
    <Layout header={false} variant="mobile" banner={<MobileTopBar />}>
      <RequireSignIn>
        <AlertsPage phone />
      </RequireSignIn>
    </Layout>
  );
}

export const Head = pageHead('mobileAlerts');

export const query = graphql`
  query MobileAlertsPage($language: String!) {
    ...AlertsPageLocales
  }
`;
