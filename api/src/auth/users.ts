// Accounts: lookups and writes, and the UserInfo every sign-in answers with. Google and X sign-in
// build on the same calls (an account they create has no password).
import { and, eq } from 'drizzle-orm';
import { PRICE_COLORS, type PriceColors, type UserInfo } from '@coinlens/contract';
import type { Database } from '../db/client.js';
import type { Executor } from '../db/executor.js';
import { userIdentities, users } from '../db/schema.js';
import type { Clock } from './clock.js';
import { Operators } from './operators.js';
import { defaultNickname } from './rules.js';

export type User = typeof users.$inferSelect;

/** The providers an account can sign in with besides its password. */
export type IdentityProvider = 'google' | 'x';

export class UserService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** OPERATOR_EMAILS: the accounts whose UserInfo says `operator`. */
    readonly operators: Operators = new Operators(),
  ) {}

  /** The wire form of a user, as toUserInfo makes it, saying whether it is an operator. */
  info(
    user: Pick<User, 'id' | 'account' | 'nickname' | 'avatar' | 'priceColors'>,
    token: { value: string; expiresAt: Date },
    times = 0,
  ): UserInfo {
    return toUserInfo(user, token, times, this.operators.has(user.account));
  }

  /** The account with this normalised email, or null. */
  async findByAccount(account: string, executor: Executor = this.db): Promise<User | null> {
    const [row] = await executor.select().from(users).where(eq(users.account, account));
    return row ?? null;
  }

  async findById(id: number, executor: Executor = this.db): Promise<User | null> {
    const [row] = await executor.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }

  /**
   * Creates an account (nickname: the email's local part unless given); null when the email is
   * taken, also when another request took it a moment ago.
   */
  async create(
    executor: Executor,
    fields: {
      account: string;
      passwordHash: string | null;
      nickname?: string;
      avatar?: string | null;
    },
  ): Promise<User | null> {
    const now = new Date(this.clock.now());
    const [row] = await executor
      .insert(users)
      .values({
        account: fields.account,
        passwordHash: fields.passwordHash,
        nickname: fields.nickname ?? defaultNickname(fields.account),
        avatar: fields.avatar ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.account })
      .returning();
    return row ?? null;
  }

  /**
   * Sets a user's password hash. With `replacing`, only if the stored hash is still that one
   * (a rehash after sign-in must not undo a password change made meanwhile).
   */
  async setPassword(
    executor: Executor,
    id: number,
    passwordHash: string,
    replacing?: string,
  ): Promise<void> {
    await executor
      .update(users)
      .set({ passwordHash, updatedAt: new Date(this.clock.now()) })
      .where(
        replacing === undefined
          ? eq(users.id, id)
          : and(eq(users.id, id), eq(users.passwordHash, replacing)),
      );
  }

  /** The account a provider identity (Google's `sub`, X's user id) is linked to, or null. */
  async findByIdentity(
    executor: Executor,
    provider: IdentityProvider,
    subject: string,
  ): Promise<User | null> {
    const [row] = await executor
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
    return row?.user ?? null;
  }

  /** Links a provider identity to an account; false when it is linked already (to any account). */
  async linkIdentity(
    executor: Executor,
    provider: IdentityProvider,
    subject: string,
    userId: number,
  ): Promise<boolean> {
    const rows = await executor
      .insert(userIdentities)
      .values({ provider, subject, userId, createdAt: new Date(this.clock.now()) })
      .onConflictDoNothing({ target: [userIdentities.provider, userIdentities.subject] })
      .returning({ id: userIdentities.id });
    return rows.length === 1;
  }

  /** Sets a user's up and down colours (null: the language's); null when the account is gone. */
  async setPriceColors(id: number, priceColors: PriceColors | null): Promise<User | null> {
    const [row] = await this.db
      .update(users)
      .set({ priceColors, updatedAt: new Date(this.clock.now()) })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }

  /** Renames a user; null when the account no longer exists. */
  async setNickname(id: number, nickname: string): Promise<User | null> {
    const [row] = await this.db
      .update(users)
      .set({ nickname, updatedAt: new Date(this.clock.now()) })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }
}

/** A stored choice of colours as the contract's value; anything else (none) as null. */
export function asPriceColors(value: string | null): PriceColors | null {
  return PRICE_COLORS.find((known) => known === value) ?? null;
}

/**
 * The wire form of a user. `token` is the token to hand over, or, on answers that issue none
 * (`GET /api/user`, nickname change), the presented one's expiry with an empty value.
 */
export function toUserInfo(
  user: Pick<User, 'id' | 'account' | 'nickname' | 'avatar' | 'priceColors'>,
  token: { value: string; expiresAt: Date },
  times = 0,
  operator = false,
): UserInfo {
  return {
    id: user.id,
    account: user.account,
    nickname: user.nickname,
    avatar: user.avatar,
    times,
    priceColors: asPriceColors(user.priceColors),
    operator,
    tokenInfo: {
      tokenName: 'Authorization',
      tokenValue: token.value,
      expiresAt: Math.floor(token.expiresAt.getTime() / 1000),
    },
  };
}
