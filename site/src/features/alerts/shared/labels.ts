// The alert components' words in the page's language (the `alerts` namespace), made once per
// language: what fired an alert, the item's labels, the form's, what an alert is on (a coin, a
// source or every new source), and the paths an alert links to.
import {
  ALERT_KINDS,
  type AlertEvent,
  type AlertKind,
  type AlertSubject,
} from '@coinlens/contract';
import {
  formatAlertLine,
  type AlertFormError,
  type AlertFormLabels,
  type AlertItemLabels,
  type AlertTriggerLabels,
} from '@coinlens/design-system';
import type { TFunction } from 'i18next';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useMemo } from 'react';
import { intlLocale } from '../../../i18n/locales';
import { EVENTS_ADDRESS } from '../../mobile/fromSite';

/** Which figure label a kind's figure takes. */
const FIGURE_OF: Record<AlertKind, 'price' | 'move' | 'rsi' | 'sma'> = {
  priceAbove: 'price',
  priceBelow: 'price',
  move24h: 'move',
  rsiOverbought: 'rsi',
  rsiOversold: 'rsi',
  sma50CrossUp: 'sma',
  sma50CrossDown: 'sma',
  sourceLive: 'price',
  sourceSummary: 'price',
  sourceKeyword: 'price',
  newSourceKeyword: 'price',
};

export interface AlertLabels {
  /** The BCP 47 locale of figures and times. */
  locale: string;
  /** What fired an alert, per kind. */
  trigger: AlertTriggerLabels;
  /** The AlertItem's words. */
  item: AlertItemLabels;
  /** The AlertForm's words. */
  form: AlertFormLabels;
  /** "Today", before a time of today. */
  todayLabel: string;
  /** What an alert on every new source (its subject null) is on, e.g. "Any new source". */
  newSources: string;
  /** What an alert watches in words (`Price above $60,000.00`), as its item says it. */
  describe: (alert: { kind: AlertKind; value: number | null; keyword: string | null }) => string;
}

function errorText(t: TFunction, error: AlertFormError): string {
  switch (error.code) {
    case 'notPositive':
      return error.kind === 'move24h'
        ? t('form.errors.notPositiveMove')
        : t('form.errors.notPositivePrice');
    case 'tooLarge':
      return t('form.errors.tooLarge', { max: error.max });
    case 'tooShort':
      return t('form.errors.tooShort', { min: error.min });
    case 'tooLong':
      return t('form.errors.tooLong', { max: error.max });
    case 'outOfRange':
      return t('form.errors.outOfRange', { min: error.min, max: error.max });
    default:
      return t(`form.errors.${error.code}`);
  }
}

/** The labels of `t`'s language (exported for tests; components use `useAlertLabels`). */
export function alertLabels(t: TFunction, language: string): AlertLabels {
  const locale = intlLocale(language);
  const trigger = Object.fromEntries(
    ALERT_KINDS.map((kind) => [
      kind,
      ({ line, keyword }: { line: string; keyword: string }) =>
        t(`trigger.${kind}`, { line, keyword }),
    ]),
  ) as AlertTriggerLabels;
  const unavailable = '—';
  return {
    locale,
    trigger,
    todayLabel: t('item.today'),
    newSources: t('newSources'),
    describe: ({ kind, value, keyword }) =>
      trigger[kind]({
        line: formatAlertLine(kind, value, locale) ?? unavailable,
        keyword: keyword ?? unavailable,
      }),
    item: {
      trigger,
      figure: ({ kind, value }) => t(`item.figure.${FIGURE_OF[kind]}`, { value }),
      sources: { coingecko: t('item.sources.coingecko'), demo: t('item.sources.demo') },
      asOf: ({ time }) => t('item.asOf', { time }),
      unread: t('item.unread'),
      markRead: t('item.markRead'),
      deleted: t('item.deleted'),
      unavailable,
    },
    form: {
      kind: t('form.kind'),
      kinds: Object.fromEntries(
        ALERT_KINDS.map((kind) => [kind, t(`form.kinds.${kind}`)]),
      ) as Record<AlertKind, string>,
      price: t('form.price'),
      move: t('form.move'),
      moveHint: t('form.moveHint'),
      keyword: t('form.keyword'),
      keywordHint: t('form.keywordHint'),
      newSources: t('newSources'),
      cooldown: t('form.cooldown'),
      cooldownHint: t('form.cooldownHint'),
      save: t('form.save'),
      saving: t('form.saving'),
      cancel: t('form.cancel'),
      error: (error) => errorText(t, error),
    },
  };
}

/** The alert labels of the page's language. */
export function useAlertLabels(): AlertLabels {
  const { t, i18n } = useTranslation('alerts');
  const language = i18n.language;
  return useMemo(() => alertLabels(t, language), [t, language]);
}

/** The name of what an alert is on: its coin's or source's, or the words for every new source. */
export function subjectName(subject: Pick<AlertSubject, 'name'> | null, labels: AlertLabels) {
  return subject ? subject.name : labels.newSources;
}

/**
 * The page a fired alert or an alert links to, without the language prefix: a coin's report or a
 * source's page, the phone's when `phone`; for an alert on every new source (no subject), the
 * list of the user's sources (the phone's: its events tab, as it has no such list).
 */
export function subjectPath(
  subject: Pick<AlertSubject, 'kind' | 'id'> | null,
  phone = false,
): string {
  if (!subject) return phone ? EVENTS_ADDRESS : '/monitoring/';
  const side = phone ? '/mobile' : '';
  return subject.kind === 'coin'
    ? `${side}/reporting/?coin=${subject.id}`
    : `${side}/monitoring/detail/?id=${subject.id}`;
}

/** The toast's words for a notice: one alert named, or how many fired. */
export function noticeText(
  events: readonly AlertEvent[],
  labels: AlertLabels,
  t: TFunction,
): { title: string; description?: string } {
  const [first] = events;
  if (events.length !== 1 || !first) return { title: t('toast.many', { count: events.length }) };
  const trigger = labels.describe({ kind: first.kind, value: first.line, keyword: first.keyword });
  return { title: t('toast.one', { name: first.subject.name, trigger }) };
}
