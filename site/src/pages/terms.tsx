import { graphql } from 'gatsby';
import { Layout } from '../shell/Layout';
import { LegalDocument } from '../features/legal/LegalDocument';
import { pageHead } from '../i18n/head';

export default function TermsPage() {
  return (
    <Layout header={false}>
      <LegalDocument document="terms" />
    </Layout>
  );
}

export const Head = pageHead('terms');

export const query = graphql`
  query TermsPage($language: String!) {
    ...LegalPageLocales
  }
`;
