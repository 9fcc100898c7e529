// Google and X sign-in: what the three routes do.
//
// - Google: the site sends the browser to Google itself; here the code is exchanged (with the
//   client secret) and the user read from the userinfo endpoint. Only a verified email is taken.
//   The account is the one linked to that Google user, else the account with that email (a
//   password account gets Google linked to it), else a new one.
// - X: OAuth 2.0 with PKCE. Starting stores a one-time state with the verifier for 10 minutes
//   (auth/oauthStates.ts); finishing spends the state first, so a replayed or forged return is
//   refused before X is asked anything. X shares no email: the account is found by the X user id
//   alone, and a new one is named `x:<id>` in place of an address (it can never collide with an
//   email, nor pass the email rules of password sign-in or reset).
//
// Nothing is written until the provider has answered: a provider that fails leaves no account,
// link or token behind (only the spent state).
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../auth/clock.js';
import {
  googleProfile,
  ProviderError,
  PROVIDER_TIMEOUT_MS,
  xAuthorizeUrl,
  xProfile,
  type SocialSettings,
} from '../../auth/oauth.js';
import { OAuthStateStore } from '../../auth/oauthStates.js';
import { SlidingWindowLimiter } from '../../auth/rateLimit.js';
import {
  defaultNickname,
  EMAIL_MAX_LENGTH,
  httpsAvatar,
  normalizeAccount,
  socialNickname,
} from '../../auth/rules.js';
import type { TokenService } from '../../auth/tokens.js';
import { type IdentityProvider, type User, type UserService } from '../../auth/users.js';
import type { UserInfo } from '@coinlens/contract';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../envelope.js';
import type { RequestContext } from './service.js';

/** One client IP may start this many X sign-ins per window (each stores a row for 10 minutes). */
export const X_STARTS_PER_IP = 30;
export const X_STARTS_PER_IP_WINDOW_MS = 15 * 60_000;
/** Expired X sign-in states are deleted at most this often. */
const SWEEP_INTERVAL_MS = 60 * 60_000;
const REDIRECT_URI_MAX_LENGTH = 2048;

/** The stand-in for an address on an account made by X sign-in. */
export function xAccount(subject: string): string {
  return `x:${subject}`;
}

/** Who signs in, as the provider tells it. */
interface Identity {
  provider: IdentityProvider;
  subject: string;
  /** A verified email to find an existing account by (Google), or null (X). */
  email: string | null;
  /** What a new account gets. */
  account: string;
  nickname: string;
  avatar: string | null;
}

export interface SocialSignInOptions {
  db: Database;
  clock: Clock;
  users: UserService;
  tokens: TokenService;
  settings: SocialSettings;
}

export class SocialSignIn {
  readonly states: OAuthStateStore;
  private readonly db: Database;
  private readonly users: UserService;
  private readonly tokens: TokenService;
  private readonly settings: SocialSettings;
  private readonly clock: Clock;
  private readonly startsPerIp: SlidingWindowLimiter;
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor({ db, clock, users, tokens, settings }: SocialSignInOptions) {
    this.db = db;
    this.clock = clock;
    this.users = users;
    this.tokens = tokens;
    this.settings = settings;
    this.states = new OAuthStateStore(db, clock);
    this.startsPerIp = new SlidingWindowLimiter(X_STARTS_PER_IP, X_STARTS_PER_IP_WINDOW_MS, clock);
  }

  /** Signs in with a Google authorization code. */
  async google(code: string, rawRedirectUri: string, context: RequestContext): Promise<UserInfo> {
    const settings = this.settings.google;
    if (!settings) throw new ApiError(501, 'googleNotConfigured');
    const redirectUri = checkedRedirectUri(rawRedirectUri);
    const profile = await this.ask(
      'google',
      googleProfile(settings, { code, redirectUri }, this.timeoutMs),
      context,
    );
    const email = profile.email === null ? null : normalizeAccount(profile.email);
    if (
      !profile.emailVerified ||
      !email ||
      !email.includes('@') ||
      email.length > EMAIL_MAX_LENGTH
    ) {
      context.log.info({ subject: profile.subject }, 'Google sign-in without a verified email');
      throw new ApiError(403, 'googleEmailUnverified');
    }
    return this.signIn(
      {
        provider: 'google',
        subject: profile.subject,
        email,
        account: email,
        nickname: socialNickname(profile.name, defaultNickname(email)),
        avatar: httpsAvatar(profile.picture),
      },
      context,
    );
  }

  /** Starts an X sign-in: the authorize URL, with a fresh one-time state and PKCE challenge. */
  async xAuthorizeUrl(rawRedirectUri: string, context: RequestContext): Promise<string> {
    const settings = this.settings.x;
    if (!settings) throw new ApiError(501, 'xNotConfigured');
    const redirectUri = checkedRedirectUri(rawRedirectUri);
    const wait = this.startsPerIp.take(context.ip);
    if (wait > 0) {
      context.log.warn({ ip: context.ip }, 'per-IP limit reached: X sign-ins started');
      throw new ApiError(429, 'tooManyRequests', { retryAfter: Math.ceil(wait / 1000) });
    }
    await this.sweep(context.log);
    const { state, codeChallenge } = await this.states.issue('x', redirectUri);
    return xAuthorizeUrl(settings, { redirectUri, state, codeChallenge });
  }

  /** Finishes an X sign-in with the code and the state X sent the browser back with. */
  async x(code: string, state: string, context: RequestContext): Promise<UserInfo> {
    const settings = this.settings.x;
    if (!settings) throw new ApiError(501, 'xNotConfigured');
    const started = await this.states.consume('x', state);
    if (!started.ok) {
      throw new ApiError(
        403,
        started.reason === 'expired' ? 'socialStateExpired' : 'socialStateUnknown',
      );
    }
    const profile = await this.ask(
      'x',
      xProfile(
        settings,
        { code, redirectUri: started.redirectUri, codeVerifier: started.codeVerifier },
        this.timeoutMs,
      ),
      context,
    );
    return this.signIn(
      {
        provider: 'x',
        subject: profile.subject,
        email: null,
        account: xAccount(profile.subject),
        nickname: socialNickname(profile.name, `x_${profile.username}`),
        avatar: httpsAvatar(profile.picture),
      },
      context,
    );
  }

  private get timeoutMs(): number {
    return this.settings.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  }

  /** A provider's answer, or the contract's: 403 for a refused code, 500 for anything else. */
  private async ask<T>(provider: IdentityProvider, call: Promise<T>, context: RequestContext) {
    try {
      return await call;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.kind === 'rejected') {
        context.log.info(
          { provider, reason: error.message },
          'sign-in code refused by the provider',
        );
        throw new ApiError(403, 'socialCodeRejected');
      }
      context.log.error({ provider, err: error }, 'sign-in provider failed');
      throw new ApiError(500, 'socialUnavailable');
    }
  }

  /**
   * The account of an identity, linked or made in one transaction, and a new token for it.
   * Two first sign-ins at once end on the same account: the loser of each insert reads the
   * winner's row.
   */
  private async signIn(identity: Identity, context: RequestContext): Promise<UserInfo> {
    const { provider, subject } = identity;
    const { user, token, created } = await this.db.transaction(async (tx) => {
      let created = false;
      let user: User | null = await this.users.findByIdentity(tx, provider, subject);
      if (!user) {
        user = identity.email ? await this.users.findByAccount(identity.email, tx) : null;
        if (!user) {
          user = await this.users.create(tx, {
            account: identity.account,
            passwordHash: null,
            nickname: identity.nickname,
            avatar: identity.avatar,
          });
          created = user !== null;
          user ??= await this.users.findByAccount(identity.account, tx);
        }
        if (!user) throw new Error(`no account for ${provider} sign-in, nor could one be made`);
        if (!(await this.users.linkIdentity(tx, provider, subject, user.id))) {
          // Linked by a request running alongside: use the account it linked.
          const linked = await this.users.findByIdentity(tx, provider, subject);
          if (!linked) throw new Error(`the ${provider} identity vanished while linking`);
          created = created && linked.id === user.id;
          user = linked;
        }
      }
      return { user, created, token: await this.tokens.issue(tx, user.id) };
    });
    if (created) context.log.info({ userId: user.id, provider }, 'account made by sign-in');
    return this.users.info(user, token, created ? 1 : 0);
  }

  /** Deletes expired X sign-in states, at most once an hour, on the way through a request. */
  private async sweep(log: FastifyBaseLogger): Promise<void> {
    const now = this.clock.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    try {
      await this.states.sweep();
    } catch (error) {
      log.warn({ err: error }, 'sign-in state housekeeping failed; will retry in an hour');
    }
  }
}

/** The redirect URI to hand to a provider: an absolute http(s) URL without a fragment. */
function checkedRedirectUri(value: string): string {
  let url: URL | null = null;
  try {
    url = value.length <= REDIRECT_URI_MAX_LENGTH ? new URL(value) : null;
  } catch {
    // Refused below.
  }
  // No fragment (RFC 6749 3.1.2), and nothing a URL parser would quietly drop or re-encode:
  // control characters (NUL cannot even be stored) and spaces.
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    /[#\s\p{Cc}]/u.test(value)
  ) {
    throw new ApiError(422, 'redirectUriInvalid');
  }
  // As given, not as parsed: the provider compares it with its registered list character for character.
  return value;
}
