// A user's alerts: on a coin's figures (a price line, a 24 h move, its report's RSI or 50-day
// average), on a monitored source (it goes live, its summary is ready, a keyword is said) or on
// every new source (one that says a keyword), and the alerts that fired (the inbox and the
// history).
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

/**
 * A source counts as new for a `newSourceKeyword` alert for this many hours after it arrived (from
 * a feed or an import): a live event that says the keyword later in that time still fires.
 */
export const NEW_SOURCE_HOURS = 48;
/** A `newSourceKeyword` alert fires for at most this many sources in one evaluation. */
export const MAX_NEW_SOURCE_FIRINGS = 20;

/** The kinds on a coin: each needs `coinId`. */
const COIN_KINDS = [
  'priceAbove',
  'priceBelow',
  'move24h',
  'rsiOverbought',
  'rsiOversold',
  'sma50CrossUp',
  'sma50CrossDown',
] as const;
/** The kinds on one monitored source: each needs `sourceId`. */
const SOURCE_KINDS = ['sourceLive', 'sourceSummary', 'sourceKeyword'] as const;

/**
 * What an alert watches: the coin kinds, the source kinds, and `newSourceKeyword`, which needs
 * neither a coin nor a source (it listens to every source that arrives after it).
 */
export const ALERT_KINDS = [...COIN_KINDS, ...SOURCE_KINDS, 'newSourceKeyword'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The kinds on a coin, those on one source, and those that need a `value` or a `keyword`. */
export const COIN_ALERT_KINDS: readonly AlertKind[] = COIN_KINDS;
export const SOURCE_ALERT_KINDS: readonly AlertKind[] = SOURCE_KINDS;
export const VALUE_ALERT_KINDS: readonly AlertKind[] = ['priceAbove', 'priceBelow', 'move24h'];
export const KEYWORD_ALERT_KINDS: readonly AlertKind[] = ['sourceKeyword', 'newSourceKeyword'];

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
    Type.Literal('newSourceKeyword'),
  ],
  {
    description: `priceAbove / priceBelow: the price reaches \`value\` (USD) from the other side; move24h: the 24 h change reaches \`value\` percent up or down; rsiOverbought / rsiOversold: the RSI of the coin’s report crosses 70 upward / 30 downward; sma50CrossUp / sma50CrossDown: the price crosses its 50-day average upward / downward; sourceLive: the source goes live; sourceSummary: it ended and its summary is ready; sourceKeyword: \`keyword\` is said in its transcript; newSourceKeyword: a source that arrives after the alert was made (or its keyword changed) says \`keyword\` in its title, description or transcript within ${NEW_SOURCE_HOURS} h of arriving, once per source.`,
  },
);

/** What an alert is about, as its list and the inbox show it (for an event: the source that fired it). */
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
  subject: Type.Union([AlertSubject, Type.Null()], {
    description: 'The coin or source; null for newSourceKeyword, which is on every new source.',
  }),
  value: Nullable(
    Type.Number({ description: 'The line: USD for prices, percent for move24h; else null.' }),
  ),
  keyword: Nullable(Type.String({ description: 'The keyword kinds’ word or phrase; else null.' })),
  cooldownMinutes: Type.Integer({
    description: 'Least time between two firings of this alert, in minutes.',
  }),
  paused: Type.Boolean(),
  state: Type.Union([Type.Literal('waiting'), Type.Literal('armed'), Type.Literal('spent')], {
    description:
      'waiting: no fresh figure read yet; armed: fires at the next crossing; spent: fired (or made past its line), re-arms once the figure is back past the line by the rule’s margin. Source alerts are armed until their event; newSourceKeyword stays armed.',
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
  description: `sourceKeyword and newSourceKeyword only: ${ALERT_KEYWORD_LENGTH.min} to ${ALERT_KEYWORD_LENGTH.max} characters once trimmed, else code 422.`,
});

export const AlertAddBody = Type.Object({
  kind: AlertKind,
  coinId: Type.Optional(Id('For the coin kinds (code 404 if unknown).')),
  sourceId: Type.Optional(
    Id('For the source kinds (code 404 if unknown or invalid); none for newSourceKeyword.'),
  ),
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

/** A webhook's URL: at most this many characters. */
export const ALERT_WEBHOOK_URL_MAX = 2048;
/** After a rotation, the previous signing secret also signs for this many hours. */
export const ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS = 24;
/** The headers of a webhook post: its signature, and its id (the same on every retry). */
export const ALERT_WEBHOOK_SIGNATURE_HEADER = 'coinlens-signature';
export const ALERT_WEBHOOK_ID_HEADER = 'coinlens-webhook-id';
/** A receiver should refuse a post whose signed time is further than this from its clock. */
export const ALERT_WEBHOOK_TOLERANCE_SECONDS = 300;

/** A user's alert webhook, as its settings show it (null in the settings: none). */
export const AlertWebhook = Type.Object({
  url: Type.String({ description: 'Where each fired alert is posted (https).' }),
  enabled: Type.Boolean({ description: 'false: nothing is posted (and nothing is kept to post).' }),
  secret: Type.String({
    description:
      'The signing secret (`whsec_` and 43 characters), made by the server: the HMAC-SHA256 key of the `Coinlens-Signature` header. Rotate it with POST /api/alert/webhook/rotate.',
  }),
  previousSecretExpiresAt: Nullable(
    Type.Integer({
      description: `After a rotation: until when (Unix seconds, ${ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS} h on) posts also carry a signature by the previous secret; else null.`,
    }),
  ),
  lastDelivery: Nullable(
    Type.Object(
      {
        at: Type.Integer({ description: 'Unix seconds.' }),
        ok: Type.Boolean({ description: 'The receiver answered 2xx.' }),
        status: Nullable(
          Type.Integer({ description: 'The receiver’s HTTP status; null: no answer.' }),
        ),
      },
      { description: 'How the latest post went; null before the first.' },
    ),
  ),
});
export type AlertWebhook = Static<typeof AlertWebhook>;

/** A user's alert delivery settings. */
export const AlertSettings = Type.Object({
  email: AlertMailMode,
  address: Nullable(
    Type.String({
      description:
        'Where the mails go: the account’s verified email; null for an account without one (X sign-in), whose `email` is always none.',
    }),
  ),
  webhook: Nullable(AlertWebhook),
});
export type AlertSettings = Static<typeof AlertSettings>;

/**
 * A webhook to set: its secret is made the first time and kept when the address changes. In
 * `AlertSettingsBody`, null removes the webhook with its secret, and no `webhook` leaves it as is.
 */
export const AlertWebhookBody = Type.Object({
  url: Type.String({
    description: `An https address (http only where the server allows private addresses) of at most ${ALERT_WEBHOOK_URL_MAX} characters, without user or password, whose host is public (not loopback, private, link-local, CGNAT, multicast or another special range); else code 422.`,
  }),
  enabled: Type.Optional(Type.Boolean({ description: 'Default true.' })),
});
export type AlertWebhookBody = Static<typeof AlertWebhookBody>;

export const AlertSettingsBody = Type.Object({
  email: Type.Optional(AlertMailMode),
  webhook: Type.Optional(Nullable(AlertWebhookBody)),
});
export type AlertSettingsBody = Static<typeof AlertSettingsBody>;

/** One fired alert in a webhook post: the facts of the in-app notice and of the mail. */
export const AlertWebhookAlert = Type.Object({
  id: Type.Integer({ description: 'The event’s id, as in GET /api/alert/events.' }),
  alertId: Nullable(Type.Integer({ description: 'null once the alert was deleted.' })),
  kind: AlertKind,
  subject: Type.Object({
    kind: Type.Union([Type.Literal('coin'), Type.Literal('source')]),
    id: Type.Integer(),
    name: Type.String({ description: 'The coin’s name, or the source’s title.' }),
    symbol: Nullable(Type.String({ description: 'The coin’s symbol; null for a source.' })),
  }),
  line: Nullable(Type.Number({ description: 'The line it watched (USD, percent or RSI).' })),
  keyword: Nullable(Type.String()),
  figure: Nullable(Type.Number({ description: 'The value that fired it; null for a source.' })),
  provider: Nullable(MarketSource),
  asOf: Nullable(Type.Integer({ description: 'When the figure was current (Unix seconds).' })),
  firedAt: Type.Integer({ description: 'Unix seconds.' }),
  link: Type.String({ description: 'The coin’s or the source’s page on the site.' }),
});
export type AlertWebhookAlert = Static<typeof AlertWebhookAlert>;

/**
 * The JSON body of a webhook post: the alerts of one user fired within
 * `ALERT_MAIL_WINDOW_SECONDS` of the first of them, oldest first.
 */
export const AlertWebhookPayload = Type.Object({
  id: Type.String({ description: 'The post’s id, also its `Coinlens-Webhook-Id` header.' }),
  type: Type.Literal('alerts.fired'),
  alerts: Type.Array(AlertWebhookAlert),
});
export type AlertWebhookPayload = Static<typeof AlertWebhookPayload>;

export const AlertUnsubscribeQuery = Type.Object({
  token: Type.String({
    description: 'The token of the unsubscribe link of an alert mail (code 403 if unknown).',
  }),
});

/** What an unsubscribe link did: alert mails are off. */
export const AlertUnsubscribed = Type.Object({ email: Type.Literal('none') });

/** Browsers that get a user's alerts as notifications (Web Push): at most this many per user. */
export const MAX_PUSH_DEVICES = 10;

/** URL-safe base64 without padding, as the Push API hands a subscription's keys. */
const Base64Url = (description: string, maxLength: number) =>
  Type.String({ pattern: '^[A-Za-z0-9_-]+$', maxLength, description });

/** What a browser needs to turn alert notifications on, and how many of the user's have. */
export const PushKey = Type.Object({
  publicKey: Type.String({
    description:
      'The server’s VAPID public key (URL-safe base64): the `applicationServerKey` of `pushManager.subscribe()`.',
  }),
  devices: Type.Integer({ description: 'How many of the user’s browsers get notifications.' }),
  subscribed: Type.Boolean({
    description:
      'Whether the `endpoint` asked about is one of those browsers, saved while this sign-in lasts (false without one).',
  }),
});
export type PushKey = Static<typeof PushKey>;

/** Asks whether this browser's subscription is one of the user's, saved by this sign-in. */
export const PushKeyQuery = Type.Object({
  endpoint: Type.Optional(Type.String({ maxLength: ALERT_WEBHOOK_URL_MAX })),
});
export type PushKeyQuery = Static<typeof PushKeyQuery>;

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String({
    maxLength: ALERT_WEBHOOK_URL_MAX,
    description:
      'The push service’s https address for this browser; a host that is not public is refused (code 422).',
  }),
  keys: Type.Object({
    p256dh: Base64Url('The browser’s P-256 public key (65 bytes).', 100),
    auth: Base64Url('The browser’s authentication secret (16 bytes).', 40),
  }),
  expirationTime: Type.Optional(Nullable(Type.Number())),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

export const PushEndpointBody = Type.Object({
  endpoint: Type.String({ maxLength: ALERT_WEBHOOK_URL_MAX }),
});
export type PushEndpointBody = Static<typeof PushEndpointBody>;

/** How many of the user's browsers get notifications, after a change. */
export const PushDevices = Type.Object({ devices: Type.Integer() });
export type PushDevices = Static<typeof PushDevices>;
