// Accounts and sign-in: what each auth route does, over the user, token, code and lockout stores.
//
// Limits, and why:
// - Per address (in the database, shared by every process): one code per address and purpose per
//   60 s; 5 tries per code; 10 failed sign-ins in 15 minutes lock the address for 15 minutes (see
//   auth/lockout.ts).
// - Per client IP (in this process's memory): 20 codes sent per hour, so that one client cannot
//   mail-bomb many addresses or harvest codes; 30 failed sign-ins per 15 minutes (sign-ins still
//   under way count), after which its sign-ins are refused (429) before any password is checked
//   or any failure counted. That bounds how many strangers one IP can lock out (3 addresses per
//   15 minutes) and how fast it can spray passwords across accounts.
// - Per process: a few password hashes at once and a short queue (auth/passwords.ts, HashQueue);
//   past it, sign-ins, registrations and resets answer 429 at once.
// - Nothing answers differently for an address with no account, except what the contract makes
//   public: register (409) and a register code (409, see sendCode). Reset codes for unknown
//   addresses are stored like real ones but never mailed, and sign-in for an unknown address
//   runs a dummy scrypt, so answers and timing match.
//
// Every limit is taken before the work it guards (a try is reserved before its password is
// checked, a code's slot before it is stored), so that requests sent at once get no further
// than the same requests one at a time.
import type { FastifyBaseLogger } from 'fastify';
import type { CodeType, CodeVerdict } from '../../auth/codes.js';
import { CODE_TYPE, CodeStore } from '../../auth/codes.js';
import type { Clock } from '../../auth/clock.js';
import { LoginLockout } from '../../auth/lockout.js';
import {
  HashQueue,
  isCommonPassword,
  PasswordHasher,
  type HashTicket,
} from '../../auth/passwords.js';
import { SlidingWindowLimiter } from '../../auth/rateLimit.js';
import {
  isValidEmail,
  isValidNickname,
  isValidPasswordLength,
  normalizeAccount,
  normalizeNickname,
} from '../../auth/rules.js';
import type { Changes } from '../../changes.js';
import { serverSecret } from '../../auth/secret.js';
import { TokenService, type AuthUser } from '../../auth/tokens.js';
import type { Operators } from '../../auth/operators.js';
import { asPriceColors, UserService } from '../../auth/users.js';
import type { Locale, UserInfo } from '@coinlens/contract';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../envelope.js';
import type { Mailer } from '../../mail/index.js';

export const SENDS_PER_IP = 20;
export const SENDS_PER_IP_WINDOW_MS = 60 * 60_000;
export const LOGIN_FAILURES_PER_IP = 30;
export const LOGIN_FAILURES_PER_IP_WINDOW_MS = 15 * 60_000;
/** Expired codes, tokens and stale failure counts are deleted at most this often. */
const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

/** Who asks: the language of answers and mails, the client's address, the request's log. */
export interface RequestContext {
  locale: Locale;
  ip: string;
  log: FastifyBaseLogger;
}

export interface AuthServiceOptions {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** log2 of scrypt's N for new hashes (default 15). */
  passwordCost?: number;
  /** Admission to password hashing; default: one hash per core but one, and a short queue. */
  hashQueue?: HashQueue;
  /** Where revoked tokens are announced (the token cache and the chat sockets listen). */
  changes: Changes;
  /** Keep tokens in use in memory: only where every process hears of changes. */
  tokenCache: boolean;
  /** OPERATOR_EMAILS; default none. */
  operators?: Operators;
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

export class AuthService {
  readonly users: UserService;
  readonly tokens: TokenService;
  readonly codes: CodeStore;
  readonly lockout: LoginLockout;
  readonly passwords: PasswordHasher;
  readonly hashQueue: HashQueue;
  private readonly db: Database;
  private readonly clock: Clock;
  private readonly mailer: Mailer;
  private readonly sendsPerIp: SlidingWindowLimiter;
  private readonly loginFailuresPerIp: SlidingWindowLimiter;
  private lastHousekeeping = Number.NEGATIVE_INFINITY;

  constructor(options: AuthServiceOptions) {
    const { db, clock, mailer, passwordCost, hashQueue } = options;
    this.db = db;
    this.clock = clock;
    this.mailer = mailer;
    this.users = new UserService(db, clock, options.operators);
    this.tokens = new TokenService(db, clock, options.changes, {
      cache: options.tokenCache,
    });
    this.codes = new CodeStore(db, clock, serverSecret(db, 'auth.codeSecret'));
    this.lockout = new LoginLockout(db, clock);
    this.passwords = new PasswordHasher(passwordCost);
    this.hashQueue = hashQueue ?? new HashQueue();
    this.sendsPerIp = new SlidingWindowLimiter(SENDS_PER_IP, SENDS_PER_IP_WINDOW_MS, clock);
    this.loginFailuresPerIp = new SlidingWindowLimiter(
      LOGIN_FAILURES_PER_IP,
      LOGIN_FAILURES_PER_IP_WINDOW_MS,
      clock,
    );
  }

  /**
   * Mails a verification code. A register code (4) for a registered address answers 409 at once
   * (the site stays on its first step and says so, and the owner gets no pointless mail); the
   * contract makes registration public through register's own 409 anyway. A reset code (2)
   * answers the same whether or not the address has an account, and is mailed only when it has.
   */
  async sendCode(rawAccount: string, type: CodeType, context: RequestContext): Promise<void> {
    await this.housekeeping(context.log);
    const account = this.account(rawAccount);
    const user = await this.users.findByAccount(account);
    if (type === CODE_TYPE.register && user) throw new ApiError(409, 'alreadyRegistered');
    this.take(this.sendsPerIp, context, 'verification codes sent');
    const issued = await this.codes.issue(account, type).catch((error: unknown) => {
      this.sendsPerIp.release(context.ip);
      throw error;
    });
    if (!issued.sent) {
      // Nothing was sent: the slot goes back.
      this.sendsPerIp.release(context.ip);
      throw new ApiError(429, 'codeCooldown', {
        retryAfter: seconds(issued.retryAfterMs),
        codeSent: true,
      });
    }
    if (type === CODE_TYPE.reset && !user) return;
    try {
      await this.mailer.send({ to: account, type, code: issued.code, locale: context.locale });
    } catch (error) {
      // Not mailed: forget it, so that asking again is not held by the 60 s cooldown.
      await this.codes.discard(issued.id);
      throw error;
    }
  }

  /** Creates an account from a register code and signs it in. */
  async register(
    rawAccount: string,
    passwd: string,
    captcha: string,
    context: RequestContext,
  ): Promise<UserInfo> {
    const account = this.account(rawAccount);
    this.refuseWeakPassword(passwd);
    if (await this.users.findByAccount(account)) throw new ApiError(409, 'alreadyRegistered');
    const ticket = this.admitHash(context);
    const { user, token } = await this.withTicket(ticket, async () => {
      const codeId = this.accepted(await this.codes.verify(account, CODE_TYPE.register, captcha));
      // scrypt runs before the transaction: PGlite runs one transaction at a time.
      const passwordHash = await ticket.run(() => this.passwords.hash(passwd));
      return this.db.transaction(async (tx) => {
        if (!(await this.codes.consume(tx, codeId))) throw new ApiError(403, 'codeWrong');
        const user = await this.users.create(tx, { account, passwordHash });
        if (!user) throw new ApiError(409, 'alreadyRegistered');
        await this.lockout.clear(account, tx);
        return { user, token: await this.tokens.issue(tx, user.id) };
      });
    });
    context.log.info({ userId: user.id }, 'account registered');
    return this.users.info(user, token, 1);
  }

  /** Signs in with email and password. */
  async login(rawAccount: string, passwd: string, context: RequestContext): Promise<UserInfo> {
    await this.housekeeping(context.log);
    const account = this.account(rawAccount);
    if (!isValidPasswordLength(passwd)) throw new ApiError(422, 'passwordLength');
    // Counted as a failure from here on: only a wrong password keeps the slot.
    this.take(this.loginFailuresPerIp, context, 'failed sign-ins');
    let ticket: HashTicket | null = null;
    let wrongPassword = false;
    try {
      ticket = this.admitHash(context);
      const reservation = await this.lockout.reserve(account);
      if (!reservation.allowed) {
        throw new ApiError(423, 'accountLocked', { retryAfter: seconds(reservation.lockedForMs) });
      }
      const user = await this.users.findByAccount(account);
      const stored = user?.passwordHash ?? null;
      const good = await ticket.run(() =>
        stored ? this.passwords.verify(passwd, stored) : this.passwords.verifyNobody(passwd),
      );
      if (!user || !stored || !good) {
        wrongPassword = true;
        if (!reservation.locks) throw new ApiError(403, 'wrongCredentials');
        context.log.warn({ account, ip: context.ip }, 'sign-in locked after repeated failures');
        throw new ApiError(423, 'accountLocked', { retryAfter: seconds(reservation.lockedForMs) });
      }
      // A new cost is taken on when a hash can run now; else at a later sign-in.
      const rehashTicket = this.passwords.isOutdated(stored) ? this.hashQueue.admit() : null;
      const rehash = rehashTicket
        ? await rehashTicket.run(() => this.passwords.hash(passwd))
        : null;
      const token = await this.db.transaction(async (tx) => {
        await this.lockout.clear(account, tx);
        if (rehash) await this.users.setPassword(tx, user.id, rehash, stored);
        return this.tokens.issue(tx, user.id);
      });
      return this.users.info(user, token, 0);
    } finally {
      ticket?.cancel();
      if (!wrongPassword) this.loginFailuresPerIp.release(context.ip);
    }
  }

  /** Sets a new password from a reset code and signs the account out everywhere. */
  async changePassword(
    rawAccount: string,
    passwd: string,
    captcha: string,
    context: RequestContext,
  ): Promise<void> {
    const account = this.account(rawAccount);
    this.refuseWeakPassword(passwd);
    const ticket = this.admitHash(context);
    const user = await this.withTicket(ticket, async () => {
      const codeId = this.accepted(await this.codes.verify(account, CODE_TYPE.reset, captcha));
      const user = await this.users.findByAccount(account);
      // Only a code stored for an address without an account (never mailed) gets here by luck.
      if (!user) throw new ApiError(403, 'codeWrong');
      const passwordHash = await ticket.run(() => this.passwords.hash(passwd));
      await this.db.transaction(async (tx) => {
        if (!(await this.codes.consume(tx, codeId))) throw new ApiError(403, 'codeWrong');
        await this.users.setPassword(tx, user.id, passwordHash);
        await this.tokens.revokeAll(tx, user.id);
        await this.lockout.clear(account, tx);
      });
      this.tokens.revoked(user.id);
      return user;
    });
    context.log.info({ userId: user.id }, 'password changed; every token revoked');
  }

  /** Revokes the token the request came with. */
  async logout(user: AuthUser): Promise<void> {
    await this.tokens.revoke(user.token.hash);
  }

  /** The signed-in user; no new token (tokenValue is empty, expiresAt is the presented one's). */
  me(user: AuthUser): UserInfo {
    return this.users.info(user, { value: '', expiresAt: user.token.expiresAt });
  }

  /** Renames the signed-in user. */
  async modifyNickname(user: AuthUser, rawNickname: string): Promise<UserInfo> {
    const nickname = normalizeNickname(rawNickname);
    if (!isValidNickname(nickname)) throw new ApiError(422, 'nicknameLength');
    const updated = await this.users.setNickname(user.id, nickname);
    if (!updated) throw new ApiError(401, 'unauthorized');
    this.tokens.userChanged(user.id);
    return this.users.info(updated, { value: '', expiresAt: user.token.expiresAt });
  }

  /** Sets the signed-in user's up and down colours; null goes back to the language's. */
  async setPriceColors(user: AuthUser, raw: string | null): Promise<UserInfo> {
    const priceColors = raw === null ? null : asPriceColors(raw);
    if (raw !== null && priceColors === null) throw new ApiError(422, 'priceColorsInvalid');
    const updated = await this.users.setPriceColors(user.id, priceColors);
    if (!updated) throw new ApiError(401, 'unauthorized');
    this.tokens.userChanged(user.id);
    return this.users.info(updated, { value: '', expiresAt: user.token.expiresAt });
  }

  private account(raw: string): string {
    const account = normalizeAccount(raw);
    if (!isValidEmail(account)) throw new ApiError(422, 'emailInvalid');
    return account;
  }

  private refuseWeakPassword(passwd: string): void {
    if (!isValidPasswordLength(passwd)) throw new ApiError(422, 'passwordLength');
    if (isCommonPassword(passwd)) throw new ApiError(422, 'passwordCommon');
  }

  /** The id of an accepted code, or the contract's answer for a refused one. */
  private accepted(verdict: CodeVerdict): number {
    if (verdict.ok) return verdict.id;
    if (verdict.reason === 'expired') throw new ApiError(410, 'codeExpired');
    if (verdict.reason === 'spent') {
      throw new ApiError(423, 'codeLocked', { retryAfter: seconds(verdict.retryAfterMs) });
    }
    throw new ApiError(403, 'codeWrong');
  }

  /** Takes a slot of a per-IP limit, or answers 429 with the wait. */
  private take(limiter: SlidingWindowLimiter, context: RequestContext, what: string): void {
    const wait = limiter.take(context.ip);
    if (wait <= 0) return;
    context.log.warn({ ip: context.ip }, `per-IP limit reached: ${what}`);
    throw new ApiError(429, 'tooManyRequests', { retryAfter: seconds(wait) });
  }

  /** Runs `work` with a hash ticket, giving the ticket back if the work ends without using it. */
  private async withTicket<T>(ticket: HashTicket, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      ticket.cancel();
    }
  }

  /** A place in the password hash queue, or 429 when it is full. */
  private admitHash(context: RequestContext): HashTicket {
    const ticket = this.hashQueue.admit();
    if (ticket) return ticket;
    context.log.warn('password hash queue full');
    throw new ApiError(429, 'hashingBusy', { retryAfter: 1 });
  }

  /** Deletes what has expired, at most once an hour, on the way through a request. */
  private async housekeeping(log: FastifyBaseLogger): Promise<void> {
    const now = this.clock.now();
    if (now - this.lastHousekeeping < HOUSEKEEPING_INTERVAL_MS) return;
    this.lastHousekeeping = now;
    try {
      await this.tokens.sweep();
      await this.codes.sweep();
      await this.lockout.sweep();
    } catch (error) {
      log.warn({ err: error }, 'auth housekeeping failed; will retry in an hour');
    }
  }
}
