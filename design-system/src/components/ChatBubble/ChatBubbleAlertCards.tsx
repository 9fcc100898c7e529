// The two alert layers of an assistant's reply: the alert it offers to make, answered with Yes or
// No, and the alert it made. The words of what an alert watches are AlertItem's (its trigger
// labels and `formatAlertLine`), so that an alert reads the same in the chat, the inbox and the
// alerts page.
import type * as Contract from '@coinlens/contract';
import { useEffect, useId, useState, type MouseEvent } from 'react';
import type { AlertKind } from '../../alerts/kinds';
import { BellIcon, CheckIcon, ClockIcon } from '../../icons/icons';
import type { AlertTriggerLabels } from '../AlertItem/AlertItem';
import { formatAlertLine } from '../AlertItem/alertWords';
import { Logo } from '../Logo';

/** An alert the assistant offers to make (the contract's `alertProposal` layer). */
export type ChatLayerAlertProposal = Extract<Contract.ChatLayer, { type: 'alertProposal' }>;

/** The alert the assistant made on the user's yes (the contract's `alert` layer). */
export type ChatLayerAlert = Extract<Contract.ChatLayer, { type: 'alert' }>;

/** The answer to an offered alert. */
export type ChatBubbleAlertAnswer = 'yes' | 'no';

/** Every word of the alert layers, in the reader's language. */
export interface ChatBubbleAlertLabels {
  /** What an alert watches, per kind, as AlertItem's `trigger` (`Price below ${line}`). */
  trigger: AlertTriggerLabels;
  /** The offer's heading, e.g. "Create this alert?". */
  proposal: string;
  /** The Yes button's text, e.g. "Yes". */
  yes: string;
  /** The No button's text, e.g. "No". */
  no: string;
  /** Shown on an offer past its time, e.g. "This offer has expired. Ask again to set it." */
  expired: string;
  /** The made alert's heading, e.g. "Alert created". */
  created: string;
  /** The text of the link to the alerts page, e.g. "See your alerts". */
  alertsLink: string;
  /** Shown for a missing line or keyword; '—' when left out. */
  unavailable?: string;
}

/** The recipe's parts the cards draw with. */
export type AlertCardClasses = Record<
  | 'alertCard'
  | 'alertHeading'
  | 'alertSubject'
  | 'alertBody'
  | 'alertTrigger'
  | 'alertActions'
  | 'alertAnswer'
  | 'alertNote'
  | 'alertLink'
  | 'logo'
  | 'itemTitle'
  | 'itemMeta',
  string
>;

// setTimeout keeps at most 2^31 - 1 ms; an offer lives minutes, a bad date must not fire at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whether `expiresAt` (Unix seconds) has passed on `now`'s clock, turning true when it does. */
function useExpired(expiresAt: number, now: () => number): boolean {
  const deadline = expiresAt * 1000;
  const [expired, setExpired] = useState(() => !(now() < deadline));
  useEffect(() => {
    const left = deadline - now();
    const past = !(left > 0);
    setExpired(past);
    if (past) return undefined;
    const timer = setTimeout(() => setExpired(true), Math.min(left, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [deadline, now]);
  return expired;
}

/** An alert's watch in words: `Price below $60,000.00`, `Keyword “ETF” said`. */
function describe(
  labels: ChatBubbleAlertLabels,
  alert: { kind: AlertKind; value?: number | null; keyword?: string | null },
  locale: string,
): string {
  const unavailable = labels.unavailable ?? '—';
  return labels.trigger[alert.kind]({
    line: formatAlertLine(alert.kind, alert.value ?? null, locale) ?? unavailable,
    keyword: alert.keyword?.trim() || unavailable,
  });
}

/** The subject's logo and name (`${id}-name`), and what the alert watches (`${id}-trigger`). */
function Subject({
  classes,
  subject,
  trigger,
  id,
}: {
  classes: AlertCardClasses;
  subject: Contract.AlertSubject;
  trigger: string;
  id: string;
}) {
  return (
    <div className={classes.alertSubject}>
      <Logo
        src={subject.logo}
        names={[subject.symbol, subject.name]}
        className={classes.logo}
        data-shape={subject.kind === 'source' ? 'square' : 'round'}
      />
      <span className={classes.alertBody}>
        <span className={classes.itemTitle} id={`${id}-name`} title={subject.name}>
          {subject.name}
          {/* A space, not a margin: the name reads "Bitcoin BTC", not "BitcoinBTC". */}
          {subject.symbol && (
            <>
              {' '}
              <span className={classes.itemMeta}>{subject.symbol}</span>
            </>
          )}
        </span>
        <span className={classes.alertTrigger} id={`${id}-trigger`}>
          {trigger}
        </span>
      </span>
    </div>
  );
}

export interface AlertProposalCardProps {
  layer: ChatLayerAlertProposal;
  classes: AlertCardClasses;
  labels: ChatBubbleAlertLabels;
  locale: string;
  onAnswer?: (details: { answer: ChatBubbleAlertAnswer; proposal: ChatLayerAlertProposal }) => void;
  /** The conversation went on past the offer (or cannot take an answer now). */
  answerDisabled: boolean;
  now: () => number;
}

/**
 * The offered alert: what a yes makes, with Yes and No. The buttons stay in the tab order when
 * they turn off (`aria-disabled`), so that the one just pressed keeps the focus.
 */
export function AlertProposalCard({
  layer,
  classes,
  labels,
  locale,
  onAnswer,
  answerDisabled,
  now,
}: AlertProposalCardProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const what = `${id}-name ${id}-trigger`;
  const noteId = `${id}-note`;
  const expired = useExpired(layer.expiresAt, now);
  const off = expired || answerDisabled;
  const state = expired ? 'expired' : answerDisabled ? 'closed' : 'open';

  const answer = (value: ChatBubbleAlertAnswer) => (event: MouseEvent<HTMLButtonElement>) => {
    if (off) {
      event.preventDefault();
      return;
    }
    onAnswer?.({ answer: value, proposal: layer });
  };

  return (
    <div
      className={classes.alertCard}
      role="group"
      aria-labelledby={`${headingId} ${id}-name ${id}-trigger`}
      data-layer="alert-proposal"
      data-state={state}
      data-kind={layer.alert.kind}
    >
      <p className={classes.alertHeading} id={headingId}>
        <BellIcon />
        {labels.proposal}
      </p>
      <Subject
        classes={classes}
        subject={layer.subject}
        trigger={describe(labels, layer.alert, locale)}
        id={id}
      />
      {onAnswer && (
        <div className={classes.alertActions}>
          {(['yes', 'no'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={classes.alertAnswer}
              data-answer={value}
              aria-disabled={off || undefined}
              // Its name is its word; what it answers, and why it is off, is its description.
              aria-describedby={expired ? `${what} ${noteId}` : what}
              onClick={answer(value)}
            >
              {value === 'yes' ? labels.yes : labels.no}
            </button>
          ))}
        </div>
      )}
      {expired && (
        <p className={classes.alertNote} id={noteId}>
          <ClockIcon />
          {labels.expired}
        </p>
      )}
    </div>
  );
}

/** A plain left click, which a single-page app may take over; others keep the browser's way. */
export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export interface AlertCreatedCardProps {
  layer: ChatLayerAlert;
  classes: AlertCardClasses;
  labels: ChatBubbleAlertLabels;
  locale: string;
  alertsHref?: string;
  onOpenAlerts?: () => void;
}

/** The alert made on the user's yes: "Alert created", what it watches, and the way to the list. */
export function AlertCreatedCard({
  layer,
  classes,
  labels,
  locale,
  alertsHref,
  onOpenAlerts,
}: AlertCreatedCardProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const { alert } = layer;
  // The assistant makes alerts on a coin or a source; a layer without one is dropped as unreadable.
  if (!alert.subject) return null;

  let link = null;
  if (alertsHref) {
    link = (
      <a
        className={classes.alertLink}
        href={alertsHref}
        onClick={(event) => {
          if (!onOpenAlerts || !isPlainClick(event)) return;
          event.preventDefault();
          onOpenAlerts();
        }}
      >
        {labels.alertsLink}
      </a>
    );
  } else if (onOpenAlerts) {
    link = (
      <button type="button" className={classes.alertLink} onClick={() => onOpenAlerts()}>
        {labels.alertsLink}
      </button>
    );
  }

  return (
    <div
      className={classes.alertCard}
      role="group"
      aria-labelledby={`${headingId} ${id}-name ${id}-trigger`}
      data-layer="alert"
      data-kind={alert.kind}
      data-alert-id={alert.id}
    >
      <p className={classes.alertHeading} id={headingId}>
        <CheckIcon />
        {labels.created}
      </p>
      <Subject
        classes={classes}
        subject={alert.subject}
        trigger={describe(labels, alert, locale)}
        id={id}
      />
      {link}
    </div>
  );
}
