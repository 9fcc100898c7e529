import { graphql, type PageProps } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../shell/Layout';
import { linkedCoinOf } from '../features/reporting/linkedCoin';
import { Reporting } from '../features/reporting/Reporting';
import { RequireSignIn } from '../shell/RequireSignIn';
import { useHydrated } from '../shell/useHydrated';
import { pageHead } from '../i18n/head';
import type { LocaleQueryData } from '../i18n/query';

export default function ReportingPage({ location }: PageProps<LocaleQueryData, PageContext>) {
  // The static HTML has no query string: the linked coin is read once the browser has rendered.
  const hydrated = useHydrated();
  return (
    <Layout>
      <RequireSignIn>
        <Reporting linkedCoin={hydrated ? linkedCoinOf(location.search) : null} />
      </RequireSignIn>
    </Layout>
  );
}

export const Head = pageHead('reporting');

export const query = graphql`
  query ReportingPage($language: String!) {
    ...PageLocales
  }
`;
