// Verification codes: 6 random digits, mailed, kept only as an HMAC. One live code per address
// and purpose; a new one may be sent 60 s after the last; it lives 10 minutes, is used once, and
// dies after 5 tries.
//
// Every try is counted *before* the comparison, by one conditional UPDATE (attempts < 5), so that
// a burst of parallel guesses still gets 5 tries in all, on PGlite and on PostgreSQL alike.
import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/client.js';
import type { Executor } from '../db/executor.js';
import { verificationCodes } from '../db/schema.js';
import type { Clock } from './clock.js';

/** The contract's `type`: 4 is a register code, 2 a reset code. */
export type CodeType = 4 | 2;
export const CODE_TYPE = { register: 4, reset: 2 } as const satisfies Record<string, CodeType>;

export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_COOLDOWN_MS = 60_000;
export const CODE_MAX_TRIES = 5;
/** Expired codes are kept this long so that a late try hears "expired", not "wrong". */
const CODE_KEPT_MS = 24 * 60 * 60_000;

/** A fresh code: 6 digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form of a code: an HMAC-SHA256 bound to the address and the purpose. */
export function hashCode(secret: Buffer, account: string, type: CodeType, code: string): string {
  return createHmac('sha256', secret).update(`${type}\n${account}\n${code}`).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type IssueResult =
  { sent: true; id: number; code: string } | { sent: false; retryAfterMs: number };

/** What a try found: a good code (still to be consumed), or why not. */
export type CodeVerdict =
  | { ok: true; id: number }
  | { ok: false; reason: 'wrong' }
  | { ok: false; reason: 'expired' }
  | { ok: false; reason: 'spent'; retryAfterMs: number };

export class CodeStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly secret: () => Promise<Buffer>,
  ) {}

  /**
   * Makes and stores a new code for `account` and `type`, replacing the previous one, unless the
   * previous one was sent less than 60 s ago (then says how long to wait). Atomic: two requests
   * at once send one code.
   */
  async issue(account: string, type: CodeType): Promise<IssueResult> {
    const now = this.clock.now();
    const code = generateCode();
    const fields = {
      codeHash: hashCode(await this.secret(), account, type, code),
      sentAt: new Date(now),
      expiresAt: new Date(now + CODE_LIFETIME_MS),
      attempts: 0,
      usedAt: null,
    };
    const [row] = await this.db
      .insert(verificationCodes)
      .values({ account, type, ...fields })
      .onConflictDoUpdate({
        target: [verificationCodes.account, verificationCodes.type],
        set: fields,
        setWhere: lte(verificationCodes.sentAt, new Date(now - CODE_COOLDOWN_MS)),
      })
      .returning({ id: verificationCodes.id });
    if (row) return { sent: true, id: row.id, code };
    const [current] = await this.db
      .select({ sentAt: verificationCodes.sentAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.account, account), eq(verificationCodes.type, type)));
    const wait = current ? current.sentAt.getTime() + CODE_COOLDOWN_MS - now : CODE_COOLDOWN_MS;
    return { sent: false, retryAfterMs: Math.max(wait, 1000) };
  }

  /** Forgets a code that could not be mailed, so that asking again is not held by the cooldown. */
  async discard(id: number): Promise<void> {
    await this.db.delete(verificationCodes).where(eq(verificationCodes.id, id));
  }

  /**
   * Spends one try of the live code for `account` and `type` on `code`. A good code is not used
   * up yet: `consume` does that, inside the transaction of what the code allows.
   */
  async verify(account: string, type: CodeType, code: string): Promise<CodeVerdict> {
    const now = this.clock.now();
    const [row] = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          eq(verificationCodes.account, account),
          eq(verificationCodes.type, type),
          isNull(verificationCodes.usedAt),
          lt(verificationCodes.attempts, CODE_MAX_TRIES),
          gt(verificationCodes.expiresAt, new Date(now)),
        ),
      )
      .returning();
    if (!row) {
      // No try was spent: say why.
      const [current] = await this.db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.account, account), eq(verificationCodes.type, type)));
      if (!current || current.usedAt) return { ok: false, reason: 'wrong' };
      if (current.attempts >= CODE_MAX_TRIES) return this.spent(current.sentAt, now);
      return { ok: false, reason: 'expired' };
    }
    if (sameHash(row.codeHash, hashCode(await this.secret(), account, type, code))) {
      return { ok: true, id: row.id };
    }
    return row.attempts >= CODE_MAX_TRIES
      ? this.spent(row.sentAt, now)
      : { ok: false, reason: 'wrong' };
  }

  /** Uses up a code `verify` accepted; false when another request used it first (or it expired). */
  async consume(executor: Executor, id: number): Promise<boolean> {
    const now = new Date(this.clock.now());
    const rows = await executor
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(verificationCodes.id, id),
          isNull(verificationCodes.usedAt),
          gt(verificationCodes.expiresAt, now),
        ),
      )
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  }

  /** Deletes codes that expired long ago. */
  async sweep(): Promise<void> {
    await this.db
      .delete(verificationCodes)
      .where(lt(verificationCodes.expiresAt, new Date(this.clock.now() - CODE_KEPT_MS)));
  }

  private spent(sentAt: Date, now: number): CodeVerdict {
    // A new code may be asked for once the cooldown of the last one is over.
    return {
      ok: false,
      reason: 'spent',
      retryAfterMs: Math.max(0, sentAt.getTime() + CODE_COOLDOWN_MS - now),
    };
  }
}
