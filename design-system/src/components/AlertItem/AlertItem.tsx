import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import type * as Contract from '@coinlens/contract';
import { forwardRef, useId, type ReactNode } from 'react';
import { formatDateTime } from '../../format/time';
import { CheckIcon } from '../../icons/icons';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import type { AlertKind } from '../../alerts/kinds';
import { Logo } from '../Logo';
import { alertItemRecipe } from './AlertItem.recipe';
import { formatAlertFigure, formatAlertLine, type AlertItemEvent } from './alertWords';

/** Where a figure came from (the contract's `MarketSource`): `demo` data or `coingecko`. */
export type AlertMarketSource = Contract.MarketSource;

/**
 * What fired an alert, in words, one per kind: `line` is the line it watched as written for the
 * reader (`$60,000.00`, `5%`, `70`; '' for a kind without one), `keyword` the word listened for.
 * E.g. `priceAbove: ({ line }) => \`Price above ${line}\``, `sourceKeyword: ({ keyword }) =>
 * \`Keyword “${keyword}” said\``.
 */
export type AlertTriggerLabels = Record<
  AlertKind,
  (details: { line: string; keyword: string }) => string
>;

/** Every word of an alert item, in the reader's language. */
export interface AlertItemLabels {
  /** What fired it, per kind. */
  trigger: AlertTriggerLabels;
  /** The figure that fired it, e.g. `Price ${value}`, `RSI ${value}`; `value` is written for the reader. */
  figure: (details: { kind: AlertKind; value: string }) => string;
  /** The providers' names: `{ coingecko: 'CoinGecko', demo: 'Demo data' }`. */
  sources: Record<AlertMarketSource, string>;
  /** When the figure was current, e.g. `as of ${time}`. */
  asOf: (details: { time: string }) => string;
  /** Read out with the unread dot, e.g. "Unread". */
  unread: string;
  /** The mark-read button's text, e.g. "Mark read". */
  markRead: string;
  /** Shown on an event whose alert was deleted since, e.g. "Alert deleted". */
  deleted: string;
  /** Shown for a line or time that is missing; '—' when left out. */
  unavailable?: string;
}

/** What `renderLink` gets: the caller's `href`, the event, and the name to put in the link. */
export interface AlertItemLinkDetails {
  /** The `href` prop. */
  href: string | undefined;
  /** The event shown. */
  event: AlertItemEvent;
  /** The subject's name (and symbol): the link's text. */
  children: ReactNode;
}

export interface AlertItemProps extends Omit<HTMLChakraProps<'div'>, 'children'> {
  /** The alert that fired, as the API sends it. */
  event: AlertItemEvent;
  /** Every word the item shows or reads out. */
  labels: AlertItemLabels;
  /** The coin's report or the source's page: makes the subject's name a link. */
  href?: string;
  /** Makes the link itself (a router's link); gets the href, the event and the link's text. */
  renderLink?: (details: AlertItemLinkDetails) => ReactNode;
  /** Called when the user marks an unread event read; without it, there is no button. */
  onMarkRead?: (details: { id: number }) => void;
  /** Blocks the mark-read button while that request runs. */
  markingRead?: boolean;
  /** BCP 47 locale of the figures and times; the site passes the page's. */
  locale?: string;
  /** "Now" in ms since the epoch: decides what "today" is; pass it for a server render. */
  now?: number;
  /** The clock to show times on, in minutes east of UTC; the reader's own when left out. */
  utcOffset?: number;
  /** Put before a time of today, e.g. "Today" gives "Today 14:05". */
  todayLabel?: string;
}

const toIso = (seconds: number) => {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/**
 * One fired alert (the inbox and the history): the subject's logo and name, what fired it in
 * words, the figure that fired it with its provider and as-of time (so the reader can check
 * it), when it fired, an unread dot and a mark-read button. The name links to the coin's report
 * or the source's page when the caller gives the way (`href`, `renderLink`); the component does
 * no routing. Put it in a list item; other props go to its root.
 */
const AlertItemRoot = forwardRef<HTMLDivElement, AlertItemProps>(function AlertItem(
  {
    event,
    labels,
    href,
    renderLink,
    onMarkRead,
    markingRead = false,
    locale = 'en',
    now,
    utcOffset,
    todayLabel,
    css,
    ...rest
  },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(alertItemRecipe);
  const id = useId();
  const nameId = `${id}-name`;
  const triggerId = `${id}-trigger`;
  const unavailable = labels.unavailable ?? '—';
  const { subject, kind } = event;

  const line = formatAlertLine(kind, event.line, locale) ?? unavailable;
  const trigger = labels.trigger[kind]({ line, keyword: event.keyword ?? unavailable });
  const figure = formatAlertFigure(kind, event.figure, locale);
  const timeOptions = { now, locale, utcOffset, todayLabel };
  const firedText = formatDateTime(event.firedAt * 1000, timeOptions) ?? unavailable;
  const firedTitle = formatDateTime(event.firedAt * 1000, {
    ...timeOptions,
    todayLabel: undefined,
    // A time of today reads in full too on hover: its date named.
    now: Number.NaN,
    dateStyle: 'medium',
  });
  const asOfText = event.asOf === null ? null : formatDateTime(event.asOf * 1000, timeOptions);

  const name = (
    <>
      {subject.name}
      {/* A space, not a margin: the name reads "Bitcoin BTC", not "BitcoinBTC". */}
      {subject.symbol && (
        <>
          {' '}
          <span className={classes.symbol}>{subject.symbol}</span>
        </>
      )}
    </>
  );
  const linked = renderLink ? (
    renderLink({ href, event, children: name })
  ) : href ? (
    <a href={href}>{name}</a>
  ) : (
    name
  );

  return (
    <>
      {rules}
      <chakra.div
        ref={ref}
        css={[styles.root, css]}
        data-unread={event.read ? undefined : ''}
        data-subject={subject.kind}
        data-kind={kind}
        data-deleted={event.alertId === null ? '' : undefined}
        {...rest}
      >
        <span className={classes.media}>
          <Logo
            src={subject.logo}
            names={[subject.symbol, subject.name]}
            className={classes.logo}
            monogramClassName={classes.monogram}
            loading="lazy"
          />
          {!event.read && (
            <span className={classes.unread} data-part="unread">
              <VisuallyHidden>{labels.unread}</VisuallyHidden>
            </span>
          )}
        </span>
        <div className={classes.body}>
          <p className={classes.header}>
            <span className={classes.name} id={nameId} title={subject.name}>
              {linked}
            </span>
            <time
              className={classes.time}
              dateTime={toIso(event.firedAt)}
              title={firedTitle ?? undefined}
            >
              {firedText}
            </time>
          </p>
          <p className={classes.trigger} id={triggerId}>
            {trigger}
          </p>
          {(figure || event.source || asOfText) && (
            <p className={classes.details}>
              {figure && (
                <span className={classes.figure}>{labels.figure({ kind, value: figure })}</span>
              )}
              {event.source && (
                <span className={classes.provider} data-source={event.source}>
                  {labels.sources[event.source]}
                </span>
              )}
              {asOfText && event.asOf !== null && (
                <time className={classes.asOf} dateTime={toIso(event.asOf)}>
                  {labels.asOf({ time: asOfText })}
                </time>
              )}
            </p>
          )}
          {event.alertId === null && <span className={classes.deleted}>{labels.deleted}</span>}
        </div>
        {!event.read && onMarkRead && (
          <button
            type="button"
            className={classes.action}
            // Its name is its text; which alert it marks is its description.
            aria-describedby={`${nameId} ${triggerId}`}
            // Busy, it keeps its focus (as Button's loading does) and ignores presses.
            aria-busy={markingRead || undefined}
            data-loading={markingRead ? '' : undefined}
            onClick={() => {
              if (!markingRead) onMarkRead({ id: event.id });
            }}
          >
            <CheckIcon />
            {labels.markRead}
          </button>
        )}
      </chakra.div>
    </>
  );
});

export interface AlertItemSkeletonProps extends Omit<HTMLChakraProps<'div'>, 'children'> {
  /** Names the loading state (`role="status"`), e.g. "Loading alerts"; leave out when the list around says it. */
  label?: string;
}

/** The place of an alert still loading: its logo, name and two lines, pulsing (still with reduced motion). */
const AlertItemSkeleton = forwardRef<HTMLDivElement, AlertItemSkeletonProps>(
  function AlertItemSkeleton({ label, css, ...rest }, ref) {
    const { classes, styles, rules } = useSlotClasses(alertItemRecipe);
    return (
      <>
        {rules}
        <chakra.div
          ref={ref}
          css={[styles.root, css]}
          data-loading=""
          {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
          {...rest}
        >
          <span className={classes.barLogo} />
          <div className={classes.body}>
            <span className={classes.bar} />
            <span className={classes.bar} />
            <span className={classes.bar} />
          </div>
        </chakra.div>
      </>
    );
  },
);

export const AlertItem = Object.assign(AlertItemRoot, {
  /** The place of an alert still loading. */
  Skeleton: AlertItemSkeleton,
});
