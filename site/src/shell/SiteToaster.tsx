import { Toaster, toaster } from '@coinlens/design-system';
import { useI18next } from 'gatsby-plugin-react-i18next';
import type { TFunction } from 'i18next';
import { BELOW_MOBILE_TOP_BAR } from './mobileTopBar';

/**
 * The site's toast stack, labelled in the page's language: every page has it once (Layout.tsx),
 * and so do the stories' pages (testing/site.tsx). `t` reads the `common` namespace. On the
 * mobile pages it starts below their top bar; elsewhere at the top of the window.
 */
export function SiteToaster({ t }: { t: TFunction<'common'> }) {
  const { originalPath } = useI18next();
  return (
    <Toaster
      toaster={toaster}
      offsetTop={originalPath.startsWith('/mobile/') ? BELOW_MOBILE_TOP_BAR : undefined}
      closeLabel={t('toast.close')}
      label={t('toast.label')}
      typeLabels={{
        success: t('toast.success'),
        error: t('toast.error'),
        warning: t('toast.warning'),
        info: t('toast.info'),
      }}
    />
  );
}
