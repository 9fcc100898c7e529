import { graphql, type PageProps } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { Layout } from '../../shell/Layout';
import { MobileHome } from '../../features/mobile/MobileHome';
import { MobileTopBar } from '../../features/mobile/MobileTopBar';
import { pageHead } from '../../i18n/head';
import type { LocaleQueryData } from '../../i18n/query';

export default function MobilePage({ location }: PageProps<LocaleQueryData, PageContext>) {
  return (
    <Layout header={false} variant="mobile" banner={<MobileTopBar />}>
      <MobileHome routeKey={location.key} />
    </Layout>
  );
}

export const Head = pageHead('mobile');

export const query = graphql`
  query MobilePage($language: String!) {
    ...PageLocales
  }
`;
