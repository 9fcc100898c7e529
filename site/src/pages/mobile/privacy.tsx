import { graphql, type HeadFC } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../../components/Layout';
import { LegalDocument } from '../../features/legal/LegalDocument';
import { MobileTopBar } from '../../features/mobile/MobileTopBar';
import { SiteHead } from '../../i18n/head';
import type { LocaleQueryData } from '../../i18n/query';

export default function MobilePrivacyPage() {
  return (
    <Layout header={false} variant="mobile" banner={<MobileTopBar />}>
      <LegalDocument document="privacy" variant="mobile" />
    </Layout>
  );
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="mobilePrivacy" />
);

export const query = graphql`
  query MobilePrivacyPage($language: String!) {
    ...PageLocales
  }
`;
