import { graphql } from 'gatsby';
import { Layout } from '../shell/Layout';
import { RequireSignIn } from '../shell/RequireSignIn';
import { Welcome } from '../features/assistant/welcome/Welcome';
import { pageHead } from '../i18n/head';

export default function WelcomePage() {
  return (
    <Layout variant="welcome">
      <RequireSignIn>
        <Welcome />
      </RequireSignIn>
    </Layout>
  );
}

export const Head = pageHead('welcome');

export const query = graphql`
  query WelcomePage($language: String!) {
    ...PageLocales
  }
`;
