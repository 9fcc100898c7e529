// Accounts and sign-in (the API contract's Authentication table): the routes, and the
// `requireUser` guard and `authenticate` lookup that the other plugins use (auth/requireUser.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { systemClock, type Clock } from '../../auth/clock.js';
import { isCommonPassword } from '../../auth/passwords.js';
import { createRequireUser, currentUser } from '../../auth/requireUser.js';
import type { DatabaseHandle } from '../../db/client.js';
import { ok } from '../../envelope.js';
import { localeOf } from '../../i18n.js';
import { createMailer, type MailSettings } from '../../mail/index.js';
import {
  answers,
  bearer,
  ChangePasswordBody,
  LoginBody,
  ModifyBody,
  RegisterBody,
  SendMessageBody,
  UserInfo,
} from './schemas.js';
import { AuthService, type RequestContext } from './service.js';

export { AuthService } from './service.js';

export interface AuthOptions {
  database: DatabaseHandle;
  /** Default: the real time. */
  clock?: Clock;
  /** Default: mails are only logged. */
  mail?: MailSettings;
  /** log2 of scrypt's N for new password hashes (default 15). */
  passwordCost?: number;
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
          'Mails a 6-digit code to `account`: type 4 to register, type 2 to reset the password. The code lives 10 minutes, works once and dies after 5 wrong tries; a new one can be asked for 60 s after the last (429 with `data.retryAfter` before that). One client IP may ask for 20 codes an hour (429). Type 2 answers 200 whether or not the address has an account, and mails only when it has. Type 4 for a registered address answers 409. Other codes: 422 (email shape).',
        body: SendMessageBody,
        response: answers(Type.Null(), 'null on success; or code 409, 422.', { limited: true }),
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
          'Creates the account and signs it in: the answer carries a token and `times` 1. Codes: 409 the address is registered; 403 wrong or used code; 410 expired code; 423 the code had 5 wrong tries (ask for a new one after `data.retryAfter` seconds); 422 email shape, password length (6 to 128) or a too common password.',
        body: RegisterBody,
        response: answers(UserInfo, 'The new user with a token, or code 403, 409, 410, 422, 423.'),
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
          'Answers the user with a new token (`times` 0). Codes: 403 wrong email or password (one message for both); 423 after 10 failures in 15 minutes, for 15 minutes from the last (even with the right password; `data.retryAfter` seconds); 422 email shape or password length; 429 after 30 failed sign-ins from one client IP in 15 minutes.',
        body: LoginBody,
        response: answers(UserInfo, 'The user with a new token, or code 403, 422, 423.', {
          limited: true,
        }),
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
          'Sets the password and revokes every token of the account (sign in again). Codes: 403 wrong or used code (also for an address with no account); 410 expired code; 423 the code had 5 wrong tries; 422 email shape, password length or a too common password.',
        body: ChangePasswordBody,
        response: answers(Type.Null(), 'null on success; or code 403, 410, 422, 423.'),
      },
    },
    async (request) => {
      const { account, passwd, captcha } = request.body;
      await service.changePassword(account, passwd, captcha, contextOf(request));
      return ok(request, null);
    },
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Sign out',
        description: 'Revokes the token the request carries.',
        security: bearer,
        response: answers(Type.Null(), 'null.', { guarded: true }),
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
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user',
        description:
          'UserInfo without a new token: `tokenInfo.tokenValue` is an empty string (keep the token you sent) and `tokenInfo.expiresAt` is that token’s expiry.',
        security: bearer,
        response: answers(UserInfo, 'The user; tokenValue is empty.', { guarded: true }),
      },
    },
    async (request) => ok(request, service.me(currentUser(request))),
  );

  app.post(
    '/api/system/user/modify',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Change the nickname',
        description:
          'Sets the nickname (3 to 32 characters after trimming; 422 otherwise) and answers the user, without a new token (`tokenValue` is empty).',
        security: bearer,
        body: ModifyBody,
        response: answers(UserInfo, 'The renamed user, or code 422.', { guarded: true }),
      },
    },
    async (request) => {
      const user = await service.modifyNickname(currentUser(request), request.body.nickname);
      return ok(request, user);
    },
  );
};

/** The auth routes; also decorates the root with `requireUser` and `authenticate`. */
export const auth = fp(authPlugin, { name: 'coinlens-auth' });
