import { graphql, type HeadFC } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../components/Layout';
import { RequireSignIn } from '../features/shell/RequireSignIn';
import { Welcome } from '../features/welcome/Welcome';
import { SiteHead } from '../i18n/head';
import type { LocaleQueryData } from '../i18n/query';

export default function WelcomePage() {
  return (
    <Layout variant="welcome">
      <RequireSignIn>
        <Welcome />
      </RequireSignIn>
    </Layout>
  );
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="welcome" />
);

export const query = graphql`
  query WelcomePage($language: String!) {
    ...PageLocales
  }
`;
