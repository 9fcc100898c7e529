import { graphql, type HeadFC } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../components/Layout';
import { Reporting } from '../features/reporting/Reporting';
import { RequireSignIn } from '../features/shell/RequireSignIn';
import { SiteHead } from '../i18n/head';
import type { LocaleQueryData } from '../i18n/query';

export default function ReportingPage() {
  return (
    <Layout>
      <RequireSignIn>
        <Reporting />
      </RequireSignIn>
    </Layout>
  );
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="reporting" />
);

export const query = graphql`
  query ReportingPage($language: String!) {
    ...PageLocales
  }
`;
