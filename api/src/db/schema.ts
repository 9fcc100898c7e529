import {
  index,
  integer,
  jsonb,
  pgTable,
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
