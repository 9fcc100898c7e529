import { graphql, type HeadFC } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { StatusPage } from '../components/StatusPage';
import { SiteHead } from '../i18n/head';
import type { LocaleQueryData } from '../i18n/query';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return <StatusPage status={404} text={t('notFound.text')} backLabel={t('notFound.back')} />;
}

export const Head: HeadFC<LocaleQueryData, PageContext> = (props) => (
  <SiteHead {...props} page="notFound" />
);

export const query = graphql`
  query NotFoundPage($language: String!) {
    ...PageLocales
  }
`;
