// The alerts pages' own strings (`alertsPage`: the list, the history, the mail, browser
// notifications and webhook choices), which only those pages' data carries (src/i18n/query.ts),
// then the strings every page has for the bell, the inbox and the alert dialog (`alerts`).
import { useTranslation } from 'gatsby-plugin-react-i18next';

export const ALERTS_PAGE_NAMESPACES = ['alertsPage', 'alerts'];

/** `t` over the alerts pages' strings, falling back to the shared alerts ones. */
export const useAlertsPageTranslation = () =>
  useTranslation(ALERTS_PAGE_NAMESPACES, { nsMode: 'fallback' });
