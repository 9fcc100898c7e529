// Accounts and sign-in (email and password, Google and X): the routes, and the `requireUser`
// guard and `authenticate` lookup that the other plugins use (auth/requireUser.ts).
import { ROUTES } from '@coinlens/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../../auth/clock.js';
import { NO_SOCIAL_SIGN_IN, type SocialSettings } from '../../auth/oauth.js';
import type { Operators } from '../../auth/operators.js';
import { isCommonPassword, type HashQueue } from '../../auth/passwords.js';
import { createRequireUser, currentUser } from '../../auth/requireUser.js';
import type { Changes } from '../../changes.js';
import type { DatabaseHandle } from '../../db/client.js';
import { ok } from '../../envelope.js';
import { localeOf } from '../../i18n.js';
import { createMailer, type MailSettings } from '../../mail/index.js';
import { bearer } from '../docs.js';
import { AuthService, type RequestContext } from './service.js';
import { SocialSignIn } from './social.js';

export { AuthService } from './service.js';

export interface AuthOptions {
  database: DatabaseHandle;
  /** Default: the real time. */
  clock?: Clock;
  /** Default: mails are only logged. */
  mail?: MailSettings;
  /** log2 of scrypt's N for new password hashes (default 15). */
  passwordCost?: number;
  /** Admission to password hashing; default: AuthService's. */
  hashQueue?: HashQueue;
  /** Google and X sign-in; default: neither (their routes answer code 501). */
  social?: SocialSettings;
  /** Where revoked tokens are announced. */
  changes: Changes;
  /** Keep tokens in use in memory (see auth/tokens.ts). */
  tokenCache: boolean;
  /** OPERATOR_EMAILS; default none. */
  operators?: Operators;
}

const tags = ['auth'];

function contextOf(request: FastifyRequest): RequestContext {
  return { locale: localeOf(request.headers.language), ip: request.ip, log: request.log };
}

const authPlugin: FastifyPluginAsyncTypebox<AuthOptions> = async (app, options) => {
  const clock = options.clock ?? systemClock;
  const mailer = createMailer(options.mail ?? {}, app.log, clock);
  app.addHook('onClose', async () => mailer.close());
  const service = new AuthService({
    db: options.database.db,
    clock,
    mailer,
    passwordCost: options.passwordCost,
    hashQueue: options.hashQueue,
    changes: options.changes,
    tokenCache: options.tokenCache,
    operators: options.operators,
  });
  const social = new SocialSignIn({
    db: options.database.db,
    clock,
    users: service.users,
    tokens: service.tokens,
    settings: options.social ?? NO_SOCIAL_SIGN_IN,
  });

  // The dummy hash and the common-password list are made now, not during the first request.
  app.addHook('onReady', async () => {
    await service.passwords.prepare();
    isCommonPassword('');
  });

  app.decorateRequest('user', null);
  app.decorate('requireUser', createRequireUser(service.tokens));
  app.decorate('authenticate', (token: string) => service.tokens.authenticate(token));

  app.post(
    '/api/auth/base/sendMessage',
    {
      schema: {
        tags,
        summary: 'Mail a verification code',
        description:
          'Mails a 6-digit code to `account`: type 4 to register, type 2 to reset the password. The code lives 10 minutes, works once and dies after 5 wrong tries; a new one can be asked for 60 s after the last (before that, 429 with `data.retryAfter` and `data.codeSent` true: the code already sent still works). One client IP may ask for 20 codes an hour (429). Type 2 answers 200 whether or not the address has an account, and mails only when it has. Type 4 for a registered address answers 409. Other codes: 422 (email shape).',
        ...ROUTES['POST /api/auth/base/sendMessage'],
      },
    },
    async (request) => {
      await service.sendCode(request.body.account, request.body.type, contextOf(request));
      return ok(request, null);
    },
  );

  app.post(
    '/api/auth/login/register',
    {
      schema: {
        tags,
        summary: 'Create an account with a register code',
        description:
          'Creates the account and signs it in: the answer carries a token and `times` 1. Codes: 409 the address is registered; 403 wrong or used code; 410 expired code; 423 the code had 5 wrong tries (ask for a new one after `data.retryAfter` seconds); 422 email shape, password length (6 to 128) or a too common password; 429 too many passwords are being hashed right now (try again after `data.retryAfter` seconds).',
        ...ROUTES['POST /api/auth/login/register'],
      },
    },
    async (request) => {
      const { account, passwd, captcha } = request.body;
      return ok(request, await service.register(account, passwd, captcha, contextOf(request)));
    },
  );

  app.post(
    '/api/auth/login/dologin',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          'Answers the user with a new token (`times` 0). Codes: 403 wrong email or password (one message for both); 423 after 10 failures in 15 minutes, for 15 minutes from the last (even with the right password; `data.retryAfter` seconds); 422 email shape or password length; 429 after 30 failed sign-ins from one client IP in 15 minutes (sign-ins under way count), or while too many passwords are being checked at once. Every try is counted before its password is checked, so tries sent at once get no further than the same tries one at a time. 423 and 429 carry `data.retryAfter` seconds and the `Retry-After` header.',
        ...ROUTES['POST /api/auth/login/dologin'],
      },
    },
    async (request) => {
      const { account, passwd } = request.body;
      return ok(request, await service.login(account, passwd, contextOf(request)));
    },
  );

  app.post(
    '/api/auth/login/changePassword',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset code',
        description:
          'Sets the password and revokes every token of the account (sign in again): their requests are refused and their chat sockets disconnected at once. Codes: 403 wrong or used code (also for an address with no account); 410 expired code; 423 the code had 5 wrong tries; 422 email shape, password length or a too common password; 429 too many passwords are being hashed right now (try again after `data.retryAfter` seconds).',
        ...ROUTES['POST /api/auth/login/changePassword'],
      },
    },
    async (request) => {
      const { account, passwd, captcha } = request.body;
      await service.changePassword(account, passwd, captcha, contextOf(request));
      return ok(request, null);
    },
  );

  app.post(
    '/api/auth/login/google',
    {
      schema: {
        tags,
        summary: 'Sign in with Google',
        description:
          'Exchanges the authorization code Google sent the browser back with (asked for with scope `openid email profile` and this `redirectUri`) and answers the user with a new token. The account is the one this Google user signed in to before, else the account with the same (verified) email, which Google is then linked to, else a new one (`times` 1, no password; nickname and avatar from Google). Codes: 501 Google sign-in is not configured on this server; 403 Google refused the code (wrong, expired or used, or another redirectUri) or the Google account has no verified email; 422 redirectUri is not an http(s) URL; 500 Google could not be reached or answered something unreadable (nothing is written).',
        ...ROUTES['POST /api/auth/login/google'],
      },
    },
    async (request) => {
      const { code, redirectUri } = request.body;
      return ok(request, await social.google(code, redirectUri, contextOf(request)));
    },
  );

  app.post(
    '/api/auth/login/twitterRedirectUrl',
    {
      schema: {
        tags,
        summary: 'Start a sign-in with X',
        description:
          "Answers X's authorize URL for a new sign-in: OAuth 2.0 with PKCE (S256) and a one-time `state` that lives 10 minutes; the server keeps the verifier. Send the browser there; X sends it back to `redirectUri` with `code` and `state` for `/api/auth/login/twitter`. Codes: 501 X sign-in is not configured on this server; 422 redirectUri is not an http(s) URL; 429 after 30 starts from one client IP in 15 minutes.",
        ...ROUTES['POST /api/auth/login/twitterRedirectUrl'],
      },
    },
    async (request) => {
      return ok(request, await social.xAuthorizeUrl(request.body.redirectUri, contextOf(request)));
    },
  );

  app.post(
    '/api/auth/login/twitter',
    {
      schema: {
        tags,
        summary: 'Finish a sign-in with X',
        description:
          'Spends the `state` (once: a second use is refused), exchanges the code with X and answers the user with a new token. X shares no email: the account is the one this X user signed in to before, else a new one (`times` 1) whose `account` is `x:<X user id>`, nickname and avatar from X. Codes: 501 X sign-in is not configured on this server; 403 the state is unknown, used or expired (start again), or X refused the code; 500 X could not be reached or answered something unreadable (no account or token is written; the state is spent).',
        ...ROUTES['POST /api/auth/login/twitter'],
      },
    },
    async (request) => {
      const { code, state } = request.body;
      return ok(request, await social.x(code, state, contextOf(request)));
    },
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Sign out',
        description:
          'Revokes the token the request carries: its requests are refused and its chat sockets disconnected at once, on every API process.',
        security: bearer,
        ...ROUTES['POST /api/auth/logout'],
      },
    },
    async (request) => {
      await service.logout(currentUser(request));
      return ok(request, null);
    },
  );

  app.get(
    '/api/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user',
        description:
          'UserInfo without a new token: `tokenInfo.tokenValue` is an empty string (keep the token you sent) and `tokenInfo.expiresAt` is that token’s expiry.',
        security: bearer,
        ...ROUTES['GET /api/user'],
      },
    },
    async (request) => ok(request, service.me(currentUser(request))),
  );

  app.post(
    '/api/system/user/modify',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Change the nickname',
        description:
          'Sets the nickname (3 to 32 characters after trimming; 422 otherwise) and answers the user, without a new token (`tokenValue` is empty).',
        security: bearer,
        ...ROUTES['POST /api/system/user/modify'],
      },
    },
    async (request) => {
      const user = await service.modifyNickname(currentUser(request), request.body.nickname);
      return ok(request, user);
    },
  );

  app.post(
    '/api/user/preferences',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Change the display preferences',
        description:
          'Sets which colour means up on prices (`green-up`, `red-up`, or null for the convention of the language the site is read in; 422 for another value) and answers the user, without a new token (`tokenValue` is empty). Kept with the account, so every browser the user signs in to shows the same.',
        security: bearer,
        ...ROUTES['POST /api/user/preferences'],
      },
    },
    async (request) => {
      const user = await service.setPriceColors(currentUser(request), request.body.priceColors);
      return ok(request, user);
    },
  );
};

/** The auth routes; also decorates the root with `requireUser` and `authenticate`. */
export const auth = fp(authPlugin, { name: 'coinlens-auth' });
