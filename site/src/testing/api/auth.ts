// The mocked API's accounts and sign-in (`/api/auth/*`, `/api/user`, the nickname), as the
// reference API answers them (api/src/auth, api/src/plugins/auth): the messages in the request's
// `Language`, the validation and the order of its checks, one code per account and type per
// 60 s (429 with `retryAfter`), single-use 6-digit codes, tokens for the guarded routes (401
// without one), the operators whose UserInfo says so (OPERATOR_EMAILS) and social sign-in
// answering 501 (no provider keys, as on a server where none are configured). Left out: the per-IP limits, the lockout after 10 failed sign-ins, code expiry,
// the lock after 5 wrong codes and the 10,000 common passwords (a few stand in for them).
import type { UserInfo } from '@coinlens/contract';
import type { HttpHandler } from 'msw';
import { ANA, type FakeAccount } from '../fixtures';
import { envelopeRoute, Refusal, type Guard, type MockRequest } from './request';

/** The `sendMessage` code types: 4 registers, 2 resets a password. */
export type CodeType = 2 | 4;

/** A mail the server sent: the verification code, as a user reads it in the inbox. */
export interface SentMail {
  to: string;
  type: CodeType;
  code: string;
}

/** One code per account and type per 60 s (the contract). */
export const CODE_COOLDOWN_S = 60;
/** The codes mailed, in turn: fixed, so that a story's screenshot is always the same. */
const CODES = ['482913', '730518', '615204', '908341'];
/** Stand-ins for the server's list of the 10,000 most common passwords. */
const COMMON_PASSWORDS = new Set([
  '123456',
  '12345678',
  '123456789',
  'password',
  'qwerty',
  '111111',
]);
/** The server's email rule (api/src/auth/rules.ts, the site's own rule). */
const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Tokens live 30 days. */
const TOKEN_LIFETIME_S = 30 * 24 * 3600;

const characters = (value: string) => [...value].length;

export interface AuthOptions {
  /** The accounts that exist (Ana by default). */
  accounts?: FakeAccount[];
  /** Codes mailed before the story starts, which hold their 60 s cooldown. */
  recentCodes?: Array<{ account: string; type: CodeType; secondsAgo: number }>;
  /**
   * The server's operators by email, as OPERATOR_EMAILS names them (none by default): their
   * UserInfo says `operator`, and they may see the feeds' state.
   */
  operators?: string[];
}

/** The accounts, their tokens and the codes mailed. */
export class AuthState implements Guard {
  /** Every mail sent, in order. */
  readonly outbox: SentMail[] = [];
  private readonly accounts: FakeAccount[];
  private readonly operators: ReadonlySet<string>;
  /** Unspent codes by `type:account`, with when they were sent (ms). */
  private readonly codes = new Map<string, { code: string; sentAt: number }>();
  private readonly tokens = new Map<string, number>();
  private mailed = 0;

  constructor(options: AuthOptions = {}) {
    this.accounts = (options.accounts ?? [ANA]).map((account) => ({ ...account }));
    this.operators = new Set((options.operators ?? []).map((email) => email.trim().toLowerCase()));
    for (const { account, type, secondsAgo } of options.recentCodes ?? []) {
      this.codes.set(`${type}:${account}`, {
        code: this.nextCode(),
        sentAt: Date.now() - secondsAgo * 1000,
      });
    }
  }

  /** The last code mailed to `account` (what the user reads in the mail). */
  lastCode(account: string): string {
    const mail = this.outbox.filter((sent) => sent.to === account).at(-1);
    if (!mail) throw new Error(`No code was mailed to ${account}`);
    return mail.code;
  }

  /** A token the server accepts for `account`, as sign-in would have issued it. */
  issueToken(account: FakeAccount): string {
    const token = `story-token-${account.id}-${this.tokens.size + 1}`;
    this.tokens.set(token, account.id);
    return token;
  }

  /** The account `token` was issued for, if it was. */
  accountOf(token: string | null): FakeAccount | undefined {
    const id = token === null ? undefined : this.tokens.get(token);
    return this.accounts.find((entry) => entry.id === id);
  }

  /** The account of the request's token; the contract's 401 without a valid one. */
  signedIn(request: MockRequest): FakeAccount {
    const account = this.accountOf(request.token);
    if (!account) throw new Refusal(401, 'unauthorized');
    return account;
  }

  /** Whether `account` is one of the server's operators (OPERATOR_EMAILS). */
  isOperator(account: FakeAccount): boolean {
    return this.operators.has(account.account);
  }

  userInfo(account: FakeAccount, token: string, times = 0): UserInfo {
    return {
      id: account.id,
      account: account.account,
      nickname: account.nickname,
      avatar: account.avatar,
      times,
      priceColors: null,
      operator: this.isOperator(account),
      tokenInfo: {
        tokenName: 'Authorization',
        tokenValue: token,
        expiresAt: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_S,
      },
    };
  }

  account(raw: string): string {
    const account = raw.trim().toLowerCase();
    if (account.length > 254 || !EMAIL_PATTERN.test(account)) {
      throw new Refusal(422, 'emailInvalid');
    }
    return account;
  }

  checkPassword(password: string, { isNew }: { isNew: boolean }): void {
    const length = characters(password);
    if (length < 6 || length > 128) throw new Refusal(422, 'passwordLength');
    if (isNew && COMMON_PASSWORDS.has(password.toLowerCase())) {
      throw new Refusal(422, 'passwordCommon');
    }
  }

  find(account: string): FakeAccount | undefined {
    return this.accounts.find((entry) => entry.account === account);
  }

  add(account: string, password: string): FakeAccount {
    const user: FakeAccount = {
      id: Math.max(0, ...this.accounts.map((entry) => entry.id)) + 1,
      account,
      password,
      nickname: [...account.slice(0, account.lastIndexOf('@'))].slice(0, 32).join(''),
      avatar: null,
    };
    this.accounts.push(user);
    return user;
  }

  /** Mails a code of `type` to `account` unless one went out inside the cooldown (429). */
  sendCode(account: string, type: CodeType, { mail }: { mail: boolean }): void {
    const key = `${type}:${account}`;
    const previous = this.codes.get(key);
    const waitMs = previous ? previous.sentAt + CODE_COOLDOWN_S * 1000 - Date.now() : 0;
    if (waitMs > 0) {
      throw new Refusal(429, 'codeCooldown', {
        retryAfter: Math.ceil(waitMs / 1000),
        codeSent: true,
      });
    }
    const code = this.nextCode();
    this.codes.set(key, { code, sentAt: Date.now() });
    if (mail) this.outbox.push({ to: account, type, code });
  }

  /** Spends the code of `type` for `account`; the contract's 403 when it is not the one. */
  spendCode(account: string, type: CodeType, captcha: string): void {
    const key = `${type}:${account}`;
    if (this.codes.get(key)?.code !== captcha) throw new Refusal(403, 'codeWrong');
    this.codes.delete(key);
  }

  private nextCode(): string {
    const code = CODES[this.mailed % CODES.length] ?? '000000';
    this.mailed += 1;
    return code;
  }
}

/** The handlers of the accounts and sign-in routes, over `auth`. */
export function authHandlers(auth: AuthState): HttpHandler[] {
  return [
    envelopeRoute('POST /api/auth/base/sendMessage', null, ({ body }) => {
      const account = auth.account(body.account);
      const user = auth.find(account);
      if (body.type === 4 && user) throw new Refusal(409, 'alreadyRegistered');
      // A reset code for an address without an account answers the same, and is not mailed.
      auth.sendCode(account, body.type, { mail: body.type === 4 || user !== undefined });
      return null;
    }),

    envelopeRoute('POST /api/auth/login/dologin', null, ({ body }) => {
      const account = auth.account(body.account);
      auth.checkPassword(body.passwd, { isNew: false });
      const user = auth.find(account);
      if (!user || user.password !== body.passwd) throw new Refusal(403, 'wrongCredentials');
      return auth.userInfo(user, auth.issueToken(user), 0);
    }),

    envelopeRoute('POST /api/auth/login/register', null, ({ body }) => {
      const account = auth.account(body.account);
      auth.checkPassword(body.passwd, { isNew: true });
      if (auth.find(account)) throw new Refusal(409, 'alreadyRegistered');
      auth.spendCode(account, 4, body.captcha);
      const user = auth.add(account, body.passwd);
      return auth.userInfo(user, auth.issueToken(user), 1);
    }),

    envelopeRoute('POST /api/auth/login/changePassword', null, ({ body }) => {
      const account = auth.account(body.account);
      auth.checkPassword(body.passwd, { isNew: true });
      const user = auth.find(account);
      if (!user) throw new Refusal(403, 'codeWrong');
      auth.spendCode(account, 2, body.captcha);
      user.password = body.passwd;
      return null;
    }),

    envelopeRoute('POST /api/auth/login/google', null, () => {
      throw new Refusal(501, 'googleNotConfigured');
    }),
    envelopeRoute('POST /api/auth/login/twitterRedirectUrl', null, () => {
      throw new Refusal(501, 'xNotConfigured');
    }),
    envelopeRoute('POST /api/auth/login/twitter', null, () => {
      throw new Refusal(501, 'xNotConfigured');
    }),

    envelopeRoute('GET /api/user', auth, (request) => auth.userInfo(auth.signedIn(request), '')),

    envelopeRoute('POST /api/system/user/modify', auth, (request) => {
      const user = auth.signedIn(request);
      const nickname = request.body.nickname.trim();
      const length = characters(nickname);
      if (length < 3 || length > 32 || /\p{Cc}/u.test(nickname)) {
        throw new Refusal(422, 'nicknameLength');
      }
      user.nickname = nickname;
      return auth.userInfo(user, '');
    }),
  ];
}
