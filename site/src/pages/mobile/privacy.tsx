import { graphql } from 'gatsby';
import { Layout } from '../../shell/Layout';
import { LegalDocument } from '../../features/legal/LegalDocument';
import { MobileTopBar } from '../../features/mobile/MobileTopBar';
import { pageHead } from '../../i18n/head';

export default function MobilePrivacyPage() {
  return (
    <Layout header={false} variant="mobile" banner={<MobileTopBar />}>
      <LegalDocument document="privacy" variant="mobile" />
    </Layout>
  );
}

export const Head = pageHead('mobilePrivacy');

export const query = graphql`
  query MobilePrivacyPage($language: String!) {
    ...LegalPageLocales
  }
`;
