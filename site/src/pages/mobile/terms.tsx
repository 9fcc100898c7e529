import { graphql, type HeadFC } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../../components/Layout';
import { LegalDocument } from '../../features/legal/LegalDocument';
import { MobileTopBar } from '../../features/mobile/MobileTopBar';
import { SiteHead } from '../../i18n/head';
import type { LocaleQueryData } from '../../i18n/query';

export default function MobileTermsPage() {
  return (
    <Layout header={false} variant="mobile" banner={<MobileTopBar />}>
      <LegalDocument document="terms" variant="mobile" />
    </Layout>
  );
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="mobileTerms" />
);

export const query = graphql`
  query MobileTermsPage($language: String!) {
    ...PageLocales
  }
`;
