// What every MonitorCard on the site is told, in the page's language: the state names, the words
// read out with the heat, the unread dot and the link, and the "Today" before a time of today.
import type { MonitorCardRootProps, MonitorStatusLabels } from '@coinlens/design-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useMemo } from 'react';
import { intlLocale } from '../../i18n/locales';

/** The words of each part of a MonitorCard. */
export interface MonitorCardLabels {
  /** The root's: the formats of times and heat, and what stands for a missing one or the dot. */
  root: Pick<MonitorCardRootProps, 'todayLabel' | 'unreadLabel' | 'unavailableLabel' | 'locale'>;
  /** The Status part's badge of each state. */
  statusLabels: MonitorStatusLabels;
  /** The Heat part's name of its figure. */
  heatLabel: string;
  /** The Details part's link text, and what is read after it. */
  checkLabel: string;
  newTabLabel: string;
}

/** The MonitorCard labels of the page's language. */
export function useMonitorCardLabels(): MonitorCardLabels {
  const { t, i18n } = useTranslation('monitoring');
  const language = i18n.language;
  return useMemo(() => {
    const statusLabels: MonitorStatusLabels = {
      unStarted: t('status.unStarted'),
      inProgress: t('status.inProgress'),
      finished: t('status.finished'),
      parsing: t('status.parsing'),
      completed: t('status.completed'),
      cancelled: t('status.cancelled'),
      invalid: t('status.invalid'),
    };
    return {
      root: {
        todayLabel: t('today'),
        unreadLabel: t('unread'),
        unavailableLabel: t('unavailable'),
        locale: intlLocale(language),
      },
      statusLabels,
      heatLabel: t('heat'),
      checkLabel: t('check'),
      newTabLabel: t('newTab'),
    };
    // `t` changes with the language.
  }, [t, language]);
}
