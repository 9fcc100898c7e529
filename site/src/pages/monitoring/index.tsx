import { graphql, type HeadFC } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { SiteHead } from '../../i18n/head';
import type { LocaleQueryData } from '../../i18n/query';

export default function MonitoringPage() {
  return <PlaceholderPage page="monitoring" signedIn />;
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="monitoring" />
);

export const query = graphql`
  query MonitoringPage($language: String!) {
    ...PageLocales
  }
`;
