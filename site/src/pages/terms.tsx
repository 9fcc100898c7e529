import { graphql, type HeadFC } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../components/Layout';
import { LegalDocument } from '../features/legal/LegalDocument';
import { SiteHead } from '../i18n/head';
import type { LocaleQueryData } from '../i18n/query';

export default function TermsPage() {
  return (
    <Layout header={false}>
      <LegalDocument document="terms" />
    </Layout>
  );
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="terms" />
);

export const query = graphql`
  query TermsPage($language: String!) {
    ...PageLocales
  }
`;
