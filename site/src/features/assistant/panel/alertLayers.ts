// The words and the way of the chat's alert layers (an alert the assistant offers, and the one
// it made on a yes), from the `assistant` namespace: the chat shows on every page, the `alerts`
// namespace only on the alerts pages.
import type { ChatBubbleAlertAnswer, ChatBubbleAlertLabels } from '@coinlens/design-system';
import type { TFunction } from 'i18next';
import { isMobilePath } from '../../../i18n/variant';

/** The alert layers' words in `t`'s language. */
export function chatAlertLabels(t: TFunction): ChatBubbleAlertLabels {
  const trigger = (kind: string) => (values: { line: string; keyword: string }) =>
    t(`layers.alert.trigger.${kind}`, values);
  return {
    // Written out kind by kind: a kind the contract gains fails to compile here.
    trigger: {
      priceAbove: trigger('priceAbove'),
      priceBelow: trigger('priceBelow'),
      move24h: trigger('move24h'),
      rsiOverbought: trigger('rsiOverbought'),
      rsiOversold: trigger('rsiOversold'),
      sma50CrossUp: trigger('sma50CrossUp'),
      sma50CrossDown: trigger('sma50CrossDown'),
      sourceLive: trigger('sourceLive'),
      sourceSummary: trigger('sourceSummary'),
      sourceKeyword: trigger('sourceKeyword'),
      newSourceKeyword: trigger('newSourceKeyword'),
    },
    proposal: t('layers.alert.proposal'),
    yes: t('layers.alert.yes'),
    no: t('layers.alert.no'),
    expired: t('layers.alert.expired'),
    created: t('layers.alert.created'),
    alertsLink: t('layers.alert.alertsLink'),
  };
}

/**
 * What the user says to an offered alert from its buttons: the button's word ("Yes", "是",
 * "Sim"), sent as an ordinary question, which the assistant reads as a typed one.
 */
export function alertAnswerText(labels: ChatBubbleAlertLabels, answer: ChatBubbleAlertAnswer) {
  return answer === 'yes' ? labels.yes : labels.no;
}

/** The alerts page, without language prefix, in the variant of the page at `pathname`. */
export function alertsPath(pathname: string): string {
  return isMobilePath(pathname) ? '/mobile/alerts/' : '/alerts/';
}
