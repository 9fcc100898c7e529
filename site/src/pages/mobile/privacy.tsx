import { graphql, type HeadFC } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { SiteHead } from '../../i18n/head';
import type { LocaleQueryData } from '../../i18n/query';

export default function MobilePrivacyPage() {
  return <PlaceholderPage page="mobilePrivacy" header={false} />;
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="mobilePrivacy" />
);

export const query = graphql`
  query MobilePrivacyPage($language: String!) {
    ...PageLocales
  }
`;
