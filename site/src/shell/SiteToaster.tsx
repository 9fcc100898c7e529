import { Toaster, toaster } from '@coinlens/design-system';
import type { TFunction } from 'i18next';

/**
 * The site's toast stack, labelled in the page's language: every page has it once (Layout.tsx),
 * and so do the stories' pages (testing/site.tsx). `t` reads the `common` namespace.
 */
export function SiteToaster({ t }: { t: TFunction<'common'> }) {
  return (
    <Toaster
      toaster={toaster}
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
