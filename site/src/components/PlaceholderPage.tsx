import { chakra } from '@chakra-ui/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import type { ReactNode } from 'react';
import { RequireSignIn } from '../features/shell/RequireSignIn';
import type { PageKey } from '../i18n/head';
import { Layout, type LayoutVariant } from './Layout';

export interface PlaceholderPageProps {
  /** Whose title and description to show. */
  page: PageKey;
  /** See `Layout`. */
  header?: boolean;
  /** See `Layout`. */
  variant?: LayoutVariant;
  /** Only for signed-in users: others are sent to the login dialog. */
  signedIn?: boolean;
}

/** A route whose feature is not built yet: its title, what it will do, and that it is coming. */
export function PlaceholderPage({ page, header, variant, signedIn }: PlaceholderPageProps) {
  const { t } = useTranslation('common');
  const content: ReactNode = (
    <>
      <chakra.h1 fontSize="3xl" fontWeight="bold" letterSpacing="tight" marginBottom="3">
        {t(`meta.${page}.title`)}
      </chakra.h1>
      <chakra.p fontSize="lg" color="fg.muted" marginBottom="6">
        {t(`meta.${page}.description`)}
      </chakra.p>
      <chakra.p color="fg.subtle">{t('placeholder')}</chakra.p>
    </>
  );
  return (
    <Layout header={header} variant={variant}>
      {signedIn ? <RequireSignIn>{content}</RequireSignIn> : content}
    </Layout>
  );
}
