import type { VapidSettings } from './alerts/push.js';
import { resolve } from 'node:path';
import { socialSettingsFromEnv, type SocialSettings } from './auth/oauth.js';
import { operatorEmails } from './auth/operators.js';
import { feedSettingsFromEnv, type FeedSettings } from './feeds/settings.js';
import { coinGeckoSettingsFromEnv, type CoinGeckoSettings } from './market/coingecko.js';
import { assistantSettingsFromEnv } from './monitor/summarizer.js';

export interface ServerConfig {
  /** TCP port to listen on. */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** Where the embedded database and the mail outbox live. */
  dataDir: string;
  /** A PostgreSQL connection string (DATABASE_URL); null or unset for the embedded PGlite. */
  databaseUrl?: string | null;
  /** A built static site to serve beside the API, or null for the API alone. */
  siteDir: string | null;
  /**
   * A module with the site's device redirect and security headers (absolute path), or null to
   * serve the site's files as they are.
   */
  siteRules?: string | null;
  /** pino log level. */
  logLevel: string;
  /** `smtp://user:pass@host:587` (SMTP_URL) to send mail; unset: mails go to `<dataDir>/outbox.jsonl`. */
  smtpUrl?: string | null;
  /** The From header of mails (MAIL_FROM). */
  mailFrom?: string | null;
  /** Exact origins (`https://app.example.com`) allowed to call the API; empty: same origin only. */
  corsOrigins?: string[];
  /** Google and X sign-in (GOOGLE_*, X_*: see auth/oauth.ts); unset: neither (code 501). */
  social?: SocialSettings;
  /** MARKET_PROVIDER (snapshot or coingecko) and COINGECKO_*; default the bundled demo data. */
  market?: CoinGeckoSettings;
  /** ASSISTANT_BASE_URL, ASSISTANT_API_KEY, ASSISTANT_MODEL; null: the built-in summarizer. */
  assistant?: ReturnType<typeof assistantSettingsFromEnv>;
  /** DEMO_SOURCES=false leaves the demo monitored sources out of a new database. */
  demoSources?: boolean;
  /** REDIS_URL (`redis://host:6379`): socket.io across several API processes. */
  redisUrl?: string | null;
  /** SITE_URL: the site's public origin, for the links in alert mails. */
  siteUrl?: string | null;
  /** PUBLIC_API_URL: the API's public origin, for the unsubscribe links (default SITE_URL). */
  apiUrl?: string | null;
  /**
   * ALLOW_PRIVATE_FETCH: the server's own requests (alert webhooks, feeds) may reach private
   * addresses and plain http, for tests and development; default false.
   */
  allowPrivateFetch?: boolean;
  /** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT: the Web Push keys (src/alerts/push.ts). */
  vapid?: VapidSettings;
  /** FEEDS and FEEDS_REFRESH_MINUTES: the feeds read into monitored sources (src/feeds). */
  feeds?: FeedSettings;
  /** OPERATOR_EMAILS: the accounts that may see the feeds' state (src/auth/operators.ts). */
  operatorEmails?: string[];
}

/** An http(s) origin (with a path prefix at most) without its trailing slash, or null when unset. */
function publicUrl(name: string, value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // Refused below.
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new Error(`${name} must be an http:// or https:// address, got "${text}"`);
  }
  return text.replace(/\/+$/, '');
}

function redisUrl(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // Refused below.
  }
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:')) {
    throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got "${text}"`);
  }
  return text;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return parsed;
}

function origins(value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  for (const item of list) {
    let origin: string | null = null;
    try {
      origin = new URL(item).origin;
    } catch {
      // Not a URL at all: refused below.
    }
    if (origin !== item) {
      throw new Error(
        `CORS_ORIGINS must list exact origins such as https://app.example.com, got "${item}"`,
      );
    }
  }
  return list;
}

/** Reads the server's settings from the environment (see README.md for the list). */
export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): ServerConfig {
  return {
    port: port(env.PORT, 8000),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(cwd, env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || null,
    siteDir: env.SITE_DIR ? resolve(cwd, env.SITE_DIR) : null,
    siteRules: env.SITE_RULES ? resolve(cwd, env.SITE_RULES) : null,
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || null,
    corsOrigins: origins(env.CORS_ORIGINS),
    social: socialSettingsFromEnv(env),
    market: coinGeckoSettingsFromEnv(env),
    assistant: assistantSettingsFromEnv(env),
    demoSources: flag('DEMO_SOURCES', env.DEMO_SOURCES, true),
    redisUrl: redisUrl(env.REDIS_URL),
    siteUrl:
      publicUrl('SITE_URL', env.SITE_URL) ?? `http://localhost:${port(env.PORT, 8000) || 8000}`,
    apiUrl: publicUrl('PUBLIC_API_URL', env.PUBLIC_API_URL),
    allowPrivateFetch: flag('ALLOW_PRIVATE_FETCH', env.ALLOW_PRIVATE_FETCH, false),
    vapid: {
      publicKey: env.VAPID_PUBLIC_KEY || null,
      privateKey: env.VAPID_PRIVATE_KEY || null,
      subject: env.VAPID_SUBJECT || null,
    },
    feeds: feedSettingsFromEnv(env, cwd),
    operatorEmails: operatorEmails(env.OPERATOR_EMAILS),
  };
}
