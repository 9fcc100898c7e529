import { graphql, type HeadFC } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { PlaceholderPage } from '../components/PlaceholderPage';
import { SiteHead } from '../i18n/head';
import type { LocaleQueryData } from '../i18n/query';

export default function WelcomePage() {
  return <PlaceholderPage page="welcome" variant="welcome" />;
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="welcome" />
);

export const query = graphql`
  query WelcomePage($language: String!) {
    ...PageLocales
  }
`;
