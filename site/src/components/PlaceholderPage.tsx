import { chakra } from '@chakra-ui/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import type { PageKey } from '../i18n/head';
import { Layout } from './Layout';

export interface PlaceholderPageProps {
  /** Whose title and description to show. */
  page: PageKey;
  /** See `Layout`. */
  header?: boolean;
}

/** A route whose feature is not built yet: its title, what it will do, and that it is coming. */
export function PlaceholderPage({ page, header }: PlaceholderPageProps) {
  const { t } = useTranslation('common');
  return (
    <Layout header={header}>
      <chakra.h1 fontSize="3xl" fontWeight="bold" letterSpacing="tight" marginBottom="3">
        {t(`meta.${page}.title`)}
      </chakra.h1>
      <chakra.p fontSize="lg" color="fg.muted" marginBottom="6">
        {t(`meta.${page}.description`)}
      </chakra.p>
      <chakra.p color="fg.subtle">{t('placeholder')}</chakra.p>
    </Layout>
  );
}
