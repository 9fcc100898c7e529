// A user's alerts: on a coin's figures (a price line, a 24 h move, its report's RSI or 50-day
// average) or on a monitored source (it goes live, its summary is ready, a keyword is said), and
// the alerts that fired (the inbox and the history).
import { Type, type Static } from 'typebox';
import { Id, MarketSource, Page, Size } from './coins.js';
import { Nullable } from './envelope.js';

/** At most this many alerts per user (code 422 beyond). */
export const MAX_ALERTS = 20;
/** An alert's cooldown: between these, in minutes (default 60). */
export const ALERT_COOLDOWN_MINUTES = Object.freeze({ min: 0, max: 7 * 24 * 60, default: 60 });
/** A keyword to listen for: this many characters at most, after trimming (at least 2). */
export const ALERT_KEYWORD_LENGTH = Object.freeze({ min: 2, max: 60 });
/** The RSI lines of the two RSI alerts. */
export const RSI_LINES = Object.freeze({ overbought: 70, oversold: 30 });

/** What an alert watches; the coin kinds need `coinId`, the source kinds `sourceId`. */
export const ALERT_KINDS = [
  'priceAbove',
  'priceBelow',
  'move24h',
  'rsiOverbought',
  'rsiOversold',
  'sma50CrossUp',
  'sma50CrossDown',
  'sourceLive',
  'sourceSummary',
  'sourceKeyword',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The kinds on a coin, and those of them that need a `value`. */
export const COIN_ALERT_KINDS: readonly AlertKind[] = ALERT_KINDS.filter(
  (kind) => !kind.startsWith('source'),
);
export const VALUE_ALERT_KINDS: readonly AlertKind[] = ['priceAbove', 'priceBelow', 'move24h'];

export const AlertKind = Type.Union(
  [
    Type.Literal('priceAbove'),
    Type.Literal('priceBelow'),
    Type.Literal('move24h'),
    Type.Literal('rsiOverbought'),
    Type.Literal('rsiOversold'),
    Type.Literal('sma50CrossUp'),
    Type.Literal('sma50CrossDown'),
    Type.Literal('sourceLive'),
    Type.Literal('sourceSummary'),
    Type.Literal('sourceKeyword'),
  ],
  {
    description:
      'priceAbove / priceBelow: the price reaches `value` (USD) from the other side; move24h: the 24 h change reaches `value` percent up or down; rsiOverbought / rsiOversold: the RSI of the coin’s report crosses 70 upward / 30 downward; sma50CrossUp / sma50CrossDown: the price crosses its 50-day average upward / downward; sourceLive: the source goes live; sourceSummary: it ended and its summary is ready; sourceKeyword: `keyword` is said in its transcript.',
  },
);

/** What an alert is about, as its list and the inbox show it. */
export const AlertSubject = Type.Object({
  kind: Type.Union([Type.Literal('coin'), Type.Literal('source')]),
  id: Type.Integer(),
  name: Type.String({ description: 'The coin’s name, or the source’s title.' }),
  symbol: Nullable(Type.String({ description: 'The coin’s symbol; null for a source.' })),
  logo: Type.String(),
});
export type AlertSubject = Static<typeof AlertSubject>;

export const Alert = Type.Object({
  id: Type.Integer(),
  kind: AlertKind,
  subject: AlertSubject,
  value: Nullable(
    Type.Number({ description: 'The line: USD for prices, percent for move24h; else null.' }),
  ),
  keyword: Nullable(Type.String({ description: 'sourceKeyword’s word or phrase; else null.' })),
  cooldownMinutes: Type.Integer({
    description: 'Least time between two firings of this alert, in minutes.',
  }),
  paused: Type.Boolean(),
  state: Type.Union([Type.Literal('waiting'), Type.Literal('armed'), Type.Literal('spent')], {
    description:
      'waiting: no fresh figure read yet; armed: fires at the next crossing; spent: fired (or made past its line), re-arms once the figure is back past the line by the rule’s margin. Source alerts are armed until their event.',
  }),
  lastFiredAt: Nullable(Type.Integer({ description: 'Unix seconds.' })),
  createdAt: Type.Integer({ description: 'Unix seconds.' }),
});
export type Alert = Static<typeof Alert>;

export const AlertList = Type.Object({
  records: Type.Array(Alert, { description: 'Newest first.' }),
  limit: Type.Integer({ description: `At most this many alerts per user (${MAX_ALERTS}).` }),
});
export type AlertList = Static<typeof AlertList>;

const Cooldown = Type.Integer({
  description: `Minutes, ${ALERT_COOLDOWN_MINUTES.min} to ${ALERT_COOLDOWN_MINUTES.max} (default ${ALERT_COOLDOWN_MINUTES.default}), else code 422.`,
});
const Value = Type.Number({
  description:
    'priceAbove / priceBelow: a price in USD above 0; move24h: a percent above 0 and at most 1000. Else code 422; no value for the other kinds.',
});
const Keyword = Type.String({
  description: `sourceKeyword only: ${ALERT_KEYWORD_LENGTH.min} to ${ALERT_KEYWORD_LENGTH.max} characters once trimmed, else code 422.`,
});

export const AlertAddBody = Type.Object({
  kind: AlertKind,
  coinId: Type.Optional(Id('For the coin kinds (code 404 if unknown).')),
  sourceId: Type.Optional(Id('For the source kinds (code 404 if unknown or invalid).')),
  value: Type.Optional(Value),
  keyword: Type.Optional(Keyword),
  cooldownMinutes: Type.Optional(Cooldown),
});
export type AlertAddBody = Static<typeof AlertAddBody>;

export const AlertModifyBody = Type.Object({
  id: Id(),
  value: Type.Optional(Value),
  keyword: Type.Optional(Keyword),
  cooldownMinutes: Type.Optional(Cooldown),
  paused: Type.Optional(Type.Boolean()),
});
export type AlertModifyBody = Static<typeof AlertModifyBody>;

export const AlertIdBody = Type.Object({ id: Id() });

/** An alert that fired, with the figure that fired it: the inbox and the history. */
export const AlertEvent = Type.Object({
  id: Type.Integer(),
  alertId: Nullable(Type.Integer({ description: 'null once the alert was deleted.' })),
  kind: AlertKind,
  subject: AlertSubject,
  line: Nullable(Type.Number({ description: 'The line it watched (USD, percent or RSI).' })),
  keyword: Nullable(Type.String()),
  figure: Nullable(
    Type.Number({
      description:
        'The value that fired it: the price, the 24 h change, the RSI or the distance from the 50-day average in percent; null for a source’s event.',
    }),
  ),
  source: Nullable(MarketSource),
  asOf: Nullable(Type.Integer({ description: 'When the figure was current (Unix seconds).' })),
  firedAt: Type.Integer({ description: 'Unix seconds.' }),
  read: Type.Boolean(),
});
export type AlertEvent = Static<typeof AlertEvent>;

export const AlertEventsQuery = Type.Object({
  page: Page,
  size: Size(20),
  unread: Type.Optional(Type.Boolean({ description: 'Only the unread ones (default all).' })),
});

export const AlertEventPage = Type.Object({
  records: Type.Array(AlertEvent, { description: 'Newest first.' }),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
  has_next: Type.Boolean(),
  unread: Type.Integer({ description: 'Unread alerts in all pages: the bell’s count.' }),
});
export type AlertEventPage = Static<typeof AlertEventPage>;

export const AlertReadBody = Type.Object({
  ids: Type.Optional(
    Type.Array(Id(), {
      description: '1 to 100 of the user’s alert events; none: every unread one.',
    }),
  ),
});
export const AlertUnread = Type.Object({ unread: Type.Integer() });

/** The socket.io event that brings a user's alerts the moment they fire. */
export const ALERT_SOCKET_EVENT = 'alert';

/**
 * What the `alert` socket event carries: the alerts that fired for the user in one evaluation
 * (newest first), and the bell's count after them.
 */
export const AlertNotice = Type.Object({
  events: Type.Array(AlertEvent),
  unread: Type.Integer(),
});
export type AlertNotice = Static<typeof AlertNotice>;

/**
 * How a user's alerts reach their mailbox: `each` mails what fired (alerts that fire within
 * `ALERT_MAIL_WINDOW_SECONDS` of the first come as one mail), `digest` mails one list per UTC day,
 * `none` mails nothing (the app's inbox and tabs still get every alert).
 */
export const ALERT_MAIL_MODES = ['each', 'digest', 'none'] as const;
export type AlertMailMode = (typeof ALERT_MAIL_MODES)[number];

/** Alerts of one user fired within this many seconds of the first of them go out as one mail. */
export const ALERT_MAIL_WINDOW_SECONDS = 60;
/** The daily digest of a UTC day goes out from this hour (UTC) of the next day. */
export const ALERT_DIGEST_HOUR_UTC = 0;

export const AlertMailMode = Type.Union(
  [Type.Literal('each'), Type.Literal('digest'), Type.Literal('none')],
  {
    description: `each: a mail per alert, alerts fired within ${ALERT_MAIL_WINDOW_SECONDS} s of one another in one mail; digest: one mail per UTC day with that day’s alerts, sent from ${String(ALERT_DIGEST_HOUR_UTC).padStart(2, '0')}:00 UTC the next day; none: no mail.`,
  },
);

/** A user's alert delivery settings. */
export const AlertSettings = Type.Object({
  email: AlertMailMode,
  address: Nullable(
    Type.String({
      description:
        'Where the mails go: the account’s verified email; null for an account without one (X sign-in), whose `email` is always none.',
    }),
  ),
});
export type AlertSettings = Static<typeof AlertSettings>;

export const AlertSettingsBody = Type.Object({ email: AlertMailMode });
export type AlertSettingsBody = Static<typeof AlertSettingsBody>;

export const AlertUnsubscribeQuery = Type.Object({
  token: Type.String({
    description: 'The token of the unsubscribe link of an alert mail (code 403 if unknown).',
  }),
});

/** What an unsubscribe link did: alert mails are off. */
export const AlertUnsubscribed = Type.Object({ email: Type.Literal('none') });
