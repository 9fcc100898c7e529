import { graphql } from 'gatsby';
import { Layout } from '../shell/Layout';
import { LegalDocument } from '../features/legal/LegalDocument';
import { pageHead } from '../i18n/head';

export default function PrivacyPage() {
  return (
    <Layout header={false}>
      <LegalDocument document="privacy" />
    </Layout>
  );
}

export const Head = pageHead('privacy');

export const query = graphql`
  query PrivacyPage($language: String!) {
    ...LegalPageLocales
  }
`;
