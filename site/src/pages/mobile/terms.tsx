import { graphql } from 'gatsby';
import { Layout } from '../../shell/Layout';
import { LegalDocument } from '../../features/legal/LegalDocument';
import { MobileTopBar } from '../../features/mobile/MobileTopBar';
import { pageHead } from '../../i18n/head';

export default function MobileTermsPage() {
  return (
    <Layout header={false} variant="mobile" banner={<MobileTopBar />}>
      <LegalDocument document="terms" variant="mobile" />
    </Layout>
  );
}

export const Head = pageHead('mobileTerms');

export const query = graphql`
  query MobileTermsPage($language: String!) {
    ...LegalPageLocales
  }
`;
