import { graphql } from 'gatsby';
import { Layout } from '../shell/Layout';
import { Home } from '../features/home/Home';
import { pageHead } from '../i18n/head';

export default function HomePage() {
  return (
    <Layout>
      <Home />
    </Layout>
  );
}

export const Head = pageHead('home');

export const query = graphql`
  query HomePage($language: String!) {
    ...PageLocales
  }
`;
