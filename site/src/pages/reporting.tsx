import { graphql } from 'gatsby';
import { Layout } from '../components/Layout';
import { Reporting } from '../features/reporting/Reporting';
import { RequireSignIn } from '../features/shell/RequireSignIn';
import { pageHead } from '../i18n/head';

export default function ReportingPage() {
  return (
    <Layout>
      <RequireSignIn>
        <Reporting />
      </RequireSignIn>
    </Layout>
  );
}

export const Head = pageHead('reporting');

export const query = graphql`
  query ReportingPage($language: String!) {
    ...PageLocales
  }
`;
