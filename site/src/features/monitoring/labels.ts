// What every MonitorCard on the site is told, in the page's language: the state names, the words
// read out with the heat, the unread dot and the link, and the "Today" before a time of today.
import type { MonitorCardProps, MonitorStatusLabels } from '@coinlens/design-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useMemo } from 'react';
import { intlLocale } from '../../i18n/locales';

export type MonitorCardLabels = Pick<
  MonitorCardProps,
  | 'statusLabels'
  | 'heatLabel'
  | 'checkLabel'
  | 'newTabLabel'
  | 'todayLabel'
  | 'unreadLabel'
  | 'unavailableLabel'
  | 'locale'
>;

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
      statusLabels,
      heatLabel: t('heat'),
      checkLabel: t('check'),
      newTabLabel: t('newTab'),
      todayLabel: t('today'),
      unreadLabel: t('unread'),
      unavailableLabel: t('unavailable'),
      locale: intlLocale(language),
    };
    // `t` changes with the language.
  }, [t, language]);
}
