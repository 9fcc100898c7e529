import { graphql, type HeadFC } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { PlaceholderPage } from '../components/PlaceholderPage';
import { SiteHead } from '../i18n/head';
import type { LocaleQueryData } from '../i18n/query';

export default function ReportingPage() {
  return <PlaceholderPage page="reporting" signedIn />;
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="reporting" />
);

export const query = graphql`
  query ReportingPage($language: String!) {
    ...PageLocales
  }
`;
