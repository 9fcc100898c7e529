import { graphql, type HeadFC } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../components/Layout';
import { Home } from '../features/home/Home';
import { SiteHead } from '../i18n/head';
import type { LocaleQueryData } from '../i18n/query';

export default function HomePage() {
  return (
    <Layout>
      <Home />
    </Layout>
  );
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="home" />
);

export const query = graphql`
  query HomePage($language: String!) {
    ...PageLocales
  }
`;
