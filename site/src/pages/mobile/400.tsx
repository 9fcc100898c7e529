// The bad-request page for phones: where an HTTP 400 sends a visitor of the mobile pages (phones
// are sent away from /400/, which would end the visit at /mobile/ without a word).
import { graphql } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Layout } from '../../shell/Layout';
import { StatusContent } from '../../shell/StatusContent';
import { MobileTopBar } from '../../features/mobile/MobileTopBar';
import { pageHead } from '../../i18n/head';

export default function MobileBadRequestPage() {
  const { t } = useTranslation('common');
  return (
    <Layout header={false} variant="mobile" banner={<MobileTopBar />}>
      <StatusContent
        status={400}
        text={t('badRequest.text')}
        hint={t('badRequest.hint')}
        backLabel={t('notFound.back')}
        mobile
      />
    </Layout>
  );
}

export const Head = pageHead('mobileBadRequest');

export const query = graphql`
  query MobileBadRequestPage($language: String!) {
    ...PageLocales
  }
`;
