import { graphql, type PageProps } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../../shell/Layout';
import { RequireSignIn } from '../../shell/RequireSignIn';
import { cameFromSite } from '../../features/mobile/fromSite';
import { MobileReportOfAddress } from '../../features/mobile/MobileReportOfAddress';
import { MobileTopBar } from '../../features/mobile/MobileTopBar';
import { pageHead } from '../../i18n/head';
import type { LocaleQueryData } from '../../i18n/query';

export default function MobileReportingPage({ location }: PageProps<LocaleQueryData, PageContext>) {
  return (
    <Layout header={false} variant="mobile" banner={<MobileTopBar />}>
      <RequireSignIn>
        <MobileReportOfAddress search={location.search} fromSite={cameFromSite(location.state)} />
      </RequireSignIn>
    </Layout>
  );
}

export const Head = pageHead('mobileReporting');

export const query = graphql`
  query MobileReportingPage($language: String!) {
    ...PageLocales
  }
`;
