import { graphql, type HeadFC } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { SiteHead } from '../../i18n/head';
import type { LocaleQueryData } from '../../i18n/query';

export default function MonitoringDetailPage() {
  return <PlaceholderPage page="monitoringDetail" />;
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="monitoringDetail" />
);

export const query = graphql`
  query MonitoringDetailPage($language: String!) {
    ...PageLocales
  }
`;
