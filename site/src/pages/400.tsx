import { graphql } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { StatusPage } from '../shell/StatusPage';
import { pageHead } from '../i18n/head';

export default function BadRequestPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      status={400}
      text={t('badRequest.text')}
      hint={t('badRequest.hint')}
      backLabel={t('notFound.back')}
    />
  );
}

export const Head = pageHead('badRequest');

export const query = graphql`
  query BadRequestPage($language: String!) {
    ...PageLocales
  }
`;
