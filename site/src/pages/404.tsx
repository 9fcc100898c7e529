import { graphql } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { StatusPage } from '../shell/StatusPage';
import { pageHead } from '../i18n/head';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return <StatusPage status={404} text={t('notFound.text')} backLabel={t('notFound.back')} />;
}

export const Head = pageHead('notFound');

export const query = graphql`
  query NotFoundPage($language: String!) {
    ...PageLocales
  }
`;
