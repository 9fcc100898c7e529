import { graphql, navigate, type PageProps } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { useCallback } from 'react';
import { Layout } from '../shell/Layout';
import { Markets } from '../features/markets/Markets';
import { useHydrated } from '../shell/useHydrated';
import { pageHead } from '../i18n/head';
import type { LocaleQueryData } from '../i18n/query';

export default function MarketsPage({ location }: PageProps<LocaleQueryData, PageContext>) {
  // The static HTML has no query string: the sort and search are read once the browser has rendered.
  const hydrated = useHydrated();
  const { pathname } = location;
  const onSearchChange = useCallback(
    ({ search, replace }: { search: string; replace: boolean }) =>
      void navigate(`${pathname}${search}`, { replace }),
    [pathname],
  );
  return (
    <Layout>
      <Markets search={hydrated ? location.search : null} onSearchChange={onSearchChange} />
    </Layout>
  );
}

export const Head = pageHead('markets');

export const query = graphql`
  query MarketsPage($language: String!) {
    ...PageLocales
  }
`;
