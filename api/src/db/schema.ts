import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Facts about the database itself: schema generation, when demo data was seeded, and so on. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Accounts. `account` is the normalised (trimmed, lower-case) email address. */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  account: text('account').notNull().unique(),
  /** `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url); null for accounts made by Google or X sign-in. */
  passwordHash: text('password_hash'),
  nickname: text('nickname').notNull(),
  avatar: text('avatar'),
  /**
   * Which colour means up on price changes: `green-up` or `red-up` (Chinese markets' custom);
   * null follows the site's language.
   */
  priceColors: text('price_colors'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Bearer tokens: only a SHA-256 of each is kept. Revoking a token deletes its row. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Slides forward on use (at most once an hour). */
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [
    index('auth_tokens_user_id_idx').on(table.userId),
    index('auth_tokens_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * The latest verification code per email address and purpose (4 register, 2 reset), kept as an
 * HMAC. Keyed by address rather than user: register codes are for addresses with no account yet,
 * and reset codes for unknown addresses are stored too (never mailed) so that they answer exactly
 * like real ones.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    type: smallint('type').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: at('sent_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Wrong tries so far; the code dies at 5. */
    attempts: integer('attempts').notNull().default(0),
    usedAt: at('used_at'),
  },
  (table) => [uniqueIndex('verification_codes_account_type_idx').on(table.account, table.type)],
);

/**
 * Recent failed sign-ins per email address (known or not, so that a lock does not reveal whether
 * an account exists) and the lock they led to.
 */
export const loginFailures = pgTable('login_failures', {
  account: text('account').primaryKey(),
  /** Times (ms) of the failures inside the current window, oldest first. */
  failedAt: jsonb('failed_at').$type<number[]>().notNull(),
  lockedUntil: at('locked_until'),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Google and X accounts signed in with: one row per provider identity (`subject`: Google's `sub`,
 * X's user id), so a sign-in finds its account even when the provider's email or name changed.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `google` or `x`. */
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_identities_provider_subject_idx').on(table.provider, table.subject),
    index('user_identities_user_id_idx').on(table.userId),
  ],
);

/**
 * Started X sign-ins (OAuth 2.0 with PKCE): the one-time `state` (kept as a SHA-256, like
 * tokens), the PKCE verifier the code exchange needs, and the redirect URI it must repeat. A
 * row is deleted by the sign-in that uses it; unused ones expire after 10 minutes.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('oauth_states_expires_at_idx').on(table.expiresAt)],
);

/**
 * Every coin a market provider has named, so that a coin keeps its id across restarts and
 * providers (`slug` is CoinGecko's id, which the bundled data set uses too). Names and quotes
 * live in the provider; the row only fixes the id.
 */
export const coins = pgTable('coins', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** The coins a user follows (at most 50 each). */
export const coinFollows = pgTable(
  'coin_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    followedAt: at('followed_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.coinId] }),
    index('coin_follows_user_followed_idx').on(table.userId, table.followedAt),
  ],
);

/**
 * Monitored sources: live events (X Spaces, AMAs, podcasts, developer calls). `status` is the
 * contract's enum (1 UnStarted ... 7 Invalid), moved along by the lifecycle scheduler.
 */
export const sources = pgTable(
  'sources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The importer's id (`demo-...` for the bundled set); re-imports update by it. */
    externalId: text('external_id').notNull().unique(),
    kind: text('kind').notNull(),
    author: text('author').notNull(),
    /** An absolute URL, or null for the author's monogram. */
    logo: text('logo'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    link: text('link').notNull(),
    language: text('language').notNull(),
    status: smallint('status').notNull(),
    /** Scheduled start. */
    scheduledAt: at('scheduled_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    heat: integer('heat').notNull().default(0),
    participants: jsonb('participants').$type<string[]>().notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    /** Days between the events of a repeating series; null for a one-off. */
    repeatEveryDays: integer('repeat_every_days'),
    /** The `externalId` of the next event of the series, once scheduled. */
    nextExternalId: text('next_external_id'),
    demo: boolean('demo').notNull().default(false),
    /** The operator's feed the source was read from (src/feeds); null for imported sources. */
    feedId: integer('feed_id').references(() => feeds.id, { onDelete: 'set null' }),
    summary: text('summary'),
    keyPoints: jsonb('key_points').$type<string[]>(),
    /**
     * One per key point: the `seq` of the transcript line it came from, or null where that is not
     * known; null for a summary written before lines were kept.
     */
    keyPointLines: jsonb('key_point_lines').$type<(number | null)[]>(),
    summaryLanguage: text('summary_language'),
    /** `assistant` or `extractive`. */
    summaryEngine: text('summary_engine'),
    /** Failed summary attempts in a row, and when the next may run. */
    summaryFailures: integer('summary_failures').notNull().default(0),
    summaryRetryAt: at('summary_retry_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('sources_status_scheduled_idx').on(table.status, table.scheduledAt),
    index('sources_scheduled_idx').on(table.scheduledAt),
    // The new-source keyword alerts read only the sources that arrived in the last hours.
    index('sources_created_idx').on(table.createdAt),
  ],
);

/** A source's transcript, one row per line. */
export const sourceLines = pgTable(
  'source_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    speaker: text('speaker').notNull(),
    text: text('text').notNull(),
    offsetSec: integer('offset_sec').notNull(),
  },
  (table) => [uniqueIndex('source_lines_source_seq_idx').on(table.sourceId, table.seq)],
);

/** The coins a source's summary names, most mentioned first (`position`). */
export const sourceCoins = pgTable(
  'source_coins',
  {
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sourceId, table.coinId] }),
    index('source_coins_coin_idx').on(table.coinId),
  ],
);

/**
 * The sources a user follows, and how far they have read: `readLineId` is the last transcript
 * line id they marked as read (0: nothing yet).
 */
export const userSources = pgTable(
  'user_sources',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    addedAt: at('added_at').notNull(),
    readLineId: integer('read_line_id').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.sourceId] }),
    index('user_sources_user_added_idx').on(table.userId, table.addedAt),
  ],
);

/** Chat conversations; a user's newest one is the current one (`POST /api/chat/clean` starts one). */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('chat_conversations_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * Chat messages. The server numbers them (`seqNo`, per conversation). A user's question keeps the
 * id its tab made (`clientId`), by which a resend is recognised among all of the user's
 * questions; a robot line keeps its key (`robotKey`), which the conversation holds once. A reply
 * is written when it starts (`complete` false) and completed when its last part is sent.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    seqNo: integer('seq_no').notNull(),
    /** USER, ASSISTANT or ROBOT. */
    source: text('source').notNull(),
    language: text('language').notNull(),
    text: text('text').notNull(),
    context: jsonb('context'),
    layers: jsonb('layers').notNull(),
    error: boolean('error').notNull().default(false),
    complete: boolean('complete').notNull().default(true),
    /**
     * A question's id, made by the tab that sent it (8 to 64 of A-Z a-z 0-9 _ -); for a question
     * sent without one, its conversation and the client's `seqNo` (src/chat/store.ts,
     * `clientSeqKey`), which no tab's id can be.
     */
    clientId: text('client_id'),
    /** A robot line's key, such as `onboarding-3`. */
    robotKey: text('robot_key'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('chat_messages_conversation_seq_idx').on(table.conversationId, table.seqNo),
    index('chat_messages_client_id_idx').on(table.clientId),
    uniqueIndex('chat_messages_conversation_robot_key_idx').on(
      table.conversationId,
      table.robotKey,
    ),
  ],
);

/**
 * How far each user got in the welcome onboarding (the site's `OnboardingProgress`, as JSON). It
 * belongs to the user, not to a conversation: a new conversation keeps it.
 */
export const onboardingProgress = pgTable('onboarding_progress', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  progress: jsonb('progress').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * A user's alerts (at most 20 each, src/alerts/service.ts): on a coin's figure (`coinId`, with
 * `line` for the kinds that take a value) or on a source (`sourceId`, with `keyword` for a
 * keyword). `armed` and `lastFiredAt` are the rules' state (src/alerts/rules.ts); a firing
 * changes them only if they are still what the evaluation read, so one crossing fires once across
 * processes and restarts.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The contract's AlertKind. */
    kind: text('kind').notNull(),
    coinId: integer('coin_id').references(() => coins.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'cascade' }),
    line: doublePrecision('line'),
    keyword: text('keyword'),
    cooldownMinutes: integer('cooldown_minutes').notNull(),
    paused: boolean('paused').notNull().default(false),
    /** Null until the first fresh reading after it was made or changed. */
    armed: boolean('armed'),
    lastFiredAt: at('last_fired_at'),
    /**
     * newSourceKeyword: the sources that arrive from this time on are listened to (when it was
     * made or its keyword changed); null for the other kinds.
     */
    listensFrom: at('listens_from'),
    /**
     * newSourceKeyword: the sources written up to this time were read for its keyword (each
     * evaluation reads only those written since, less a minute's overlap); null before the first.
     */
    scannedUntil: at('scanned_until'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    index('alerts_user_created_idx').on(table.userId, table.createdAt),
    index('alerts_coin_idx').on(table.coinId),
    index('alerts_source_idx').on(table.sourceId),
  ],
);

/**
 * Every alert that fired: the inbox (unread until `readAt`) and the history, kept when the alert
 * is deleted (`alertId` null), with what fired it so that a user can check it. `firing` names the
 * crossing or the event (one row per firing: the unique index is the last guard against a
 * double).
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    firing: text('firing').notNull(),
    kind: text('kind').notNull(),
    coinId: integer('coin_id').references(() => coins.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'cascade' }),
    line: doublePrecision('line'),
    keyword: text('keyword'),
    /** The figure that fired it; null for a source's event. */
    figure: doublePrecision('figure'),
    /** The market provider (`demo`, `coingecko`) and when its figure was current. */
    provider: text('provider'),
    asOf: at('as_of'),
    firedAt: at('fired_at').notNull(),
    readAt: at('read_at'),
  },
  (table) => [
    uniqueIndex('alert_events_alert_firing_idx').on(table.alertId, table.firing),
    index('alert_events_user_fired_idx').on(table.userId, table.firedAt),
  ],
);

/**
 * How a user's alerts are mailed (src/alerts/mail.ts). No row, or a null `email`, is the default:
 * `each` for an account with an email address, `none` for one without (X sign-in). `locale` is
 * the language of the user's last alert or settings request, the mails' language.
 */
export const alertMailSettings = pgTable('alert_mail_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `each`, `digest` or `none`; null: the default. */
  email: text('email'),
  locale: text('locale').notNull().default('en'),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Alert events waiting to be mailed, written with the event when it fires. One row per event (the
 * key), so an event is mailed at most once; a run of the mail job claims the rows of one mail
 * with a compare-and-set (`claimedBy`, until `claimedUntil`), so that two processes never take the
 * same row, and marks them done once the mail is out. A failed send gives them back for a retry
 * after `retryAt`.
 */
export const alertMailQueue = pgTable(
  'alert_mail_queue',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => alertEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firedAt: at('fired_at').notNull(),
    /** The run that is mailing it, and until when its claim holds (a crashed run's lapses). */
    claimedBy: text('claimed_by'),
    claimedUntil: at('claimed_until'),
    /** Failed sends so far, and the earliest time of the next try. */
    attempts: integer('attempts').notNull().default(0),
    retryAt: at('retry_at'),
    /** When it left the queue, and how: `each`, `digest` (mailed), `skipped` (mail off), `failed`. */
    doneAt: at('done_at'),
    outcome: text('outcome'),
  },
  (table) => [index('alert_mail_queue_pending_idx').on(table.doneAt, table.userId, table.firedAt)],
);

/**
 * The unsubscribe links of the alert mails sent: only a SHA-256 of each token is kept, so a copy
 * of the database holds no working link. A link turns the user's alert mails off; turning them
 * back on deletes the user's links, so old mails cannot turn them off again.
 */
export const alertUnsubscribeTokens = pgTable(
  'alert_unsubscribe_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('alert_unsubscribe_tokens_user_idx').on(table.userId)],
);

/**
 * A user's alert webhook (src/alerts/webhook.ts): where fired alerts are posted, and the secret
 * that signs them. The secret is kept as it is, since signing needs it, and shown to its user so
 * that their receiver can check each post. After a rotation the previous secret also signs until
 * `previousSecretUntil`, so a receiver can switch without dropping posts.
 */
export const alertWebhooks = pgTable('alert_webhooks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  secret: text('secret').notNull(),
  previousSecret: text('previous_secret'),
  previousSecretUntil: at('previous_secret_until'),
  /** The last post's end: when, its HTTP status (null: no answer), and whether it was taken. */
  lastDeliveryAt: at('last_delivery_at'),
  lastDeliveryStatus: integer('last_delivery_status'),
  lastDeliveryOk: boolean('last_delivery_ok'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Alert events waiting to be posted to their user's webhook, written with the event when it
 * fires; claimed, retried and marked done as `alertMailQueue` is.
 */
export const alertWebhookQueue = pgTable(
  'alert_webhook_queue',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => alertEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firedAt: at('fired_at').notNull(),
    claimedBy: text('claimed_by'),
    claimedUntil: at('claimed_until'),
    attempts: integer('attempts').notNull().default(0),
    retryAt: at('retry_at'),
    /** When it left the queue, and how: `posted`, `skipped` (webhook off or gone), `failed`. */
    doneAt: at('done_at'),
    outcome: text('outcome'),
  },
  (table) => [
    index('alert_webhook_queue_pending_idx').on(table.doneAt, table.userId, table.firedAt),
  ],
);

/**
 * The browsers that get their user's alerts as notifications (src/alerts/push.ts): each one's push
 * service endpoint and the keys that encrypt for it, with the language it subscribed in. An
 * endpoint belongs to one browser, so to one user at a time: the account that saved it last.
 */
export const alertPushSubscriptions = pgTable(
  'alert_push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /**
     * The sign-in that saved it: signing out (or any end of that token) forgets the browser, so
     * that a shared browser stops showing an account's alerts once it signs out.
     */
    tokenHash: text('token_hash')
      .notNull()
      .references(() => authTokens.tokenHash, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    locale: text('locale').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    index('alert_push_subscriptions_user_idx').on(table.userId),
    index('alert_push_subscriptions_token_idx').on(table.tokenHash),
  ],
);

/**
 * Keys the server makes once and every process shares (the VAPID key pair of Web Push), by name;
 * `value` is the key's JSON.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: at('created_at').notNull(),
});

/**
 * The feeds the operator configured (FEEDS), polled by the `feeds.poll` job (src/feeds): what the
 * last answer said (`etag`, `lastModified`, for conditional requests) and when to fetch next. A
 * run claims a due feed by moving `nextFetchAt` on with a compare-and-set, so that two processes
 * never fetch it at once. A feed no longer configured is kept (`active` false) with its sources.
 */
export const feeds = pgTable(
  'feeds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    url: text('url').notNull().unique(),
    active: boolean('active').notNull().default(true),
    /** From the feed itself, once read. */
    title: text('title'),
    link: text('link'),
    image: text('image'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastFetchedAt: at('last_fetched_at'),
    /** The last fetch that brought the feed (a 200 read, or a 304). */
    lastSuccessAt: at('last_success_at'),
    /** Why the last fetch failed; null after a success. */
    lastError: text('last_error'),
    /** Failed fetches in a row: the back-off grows with them. */
    failures: integer('failures').notNull().default(0),
    nextFetchAt: at('next_fetch_at').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [index('feeds_active_next_idx').on(table.active, table.nextFetchAt)],
);

/**
 * Each item a feed has given, by its guid: the source it became, and a digest of what it said
 * last (`contentKey`), so that an item unchanged since the last read is not written again (nor its
 * transcript fetched again). `contentKey` is null when its transcript could not be fetched: the
 * next read of the feed tries again.
 */
export const feedItems = pgTable(
  'feed_items',
  {
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    guid: text('guid').notNull(),
    sourceId: integer('source_id')
      .notNull()
      .unique()
      .references(() => sources.id, { onDelete: 'cascade' }),
    contentKey: text('content_key'),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.feedId, table.guid] })],
);
