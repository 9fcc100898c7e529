// Sign-in lockout per email address: 10 failed sign-ins within 15 minutes lock the address for
// 15 minutes from the last of them. While locked, every sign-in is refused (423), even with the
// right password, and tries are neither checked nor counted, so they do not extend the lock: the
// lock ends by itself and an attacker can only delay the owner, never shut them out for good.
// Each try is counted before its password is checked (`reserve`), so that a burst sent at once
// gets no more checks than the same tries one at a time. Failures are kept per address whether
// or not an account exists, so a lock does not reveal which addresses are registered. (Per-IP
// limits, in the auth service, bound how many addresses one client can lock.)
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { Executor } from '../db/executor.js';
import { loginFailures } from '../db/schema.js';
import type { Clock } from './clock.js';

export const LOCK_THRESHOLD = 10;
export const LOCK_WINDOW_MS = 15 * 60_000;
export const LOCK_DURATION_MS = 15 * 60_000;

/** What `reserve` found: a try to check (which may be the one that locks), or a locked address. */
export type Reservation =
  { allowed: true; locks: boolean; lockedForMs: number } | { allowed: false; lockedForMs: number };

export class LoginLockout {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Reserves one sign-in try for the address before its password is checked, counting it as a
   * failure from now on (a success clears the count). Atomic: of a burst of tries sent at once,
   * ten are let through, and the tenth locks the address; every later one is refused until the
   * lock ends. Answers how long a locked address stays locked, or whether this try locked it.
   */
  async reserve(account: string): Promise<Reservation> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      // Make sure the row exists, then lock it, so that parallel tries all count.
      await tx
        .insert(loginFailures)
        .values({ account, failedAt: [], updatedAt: new Date(now) })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.account, account))
        .for('update');
      const lockedFor = (row?.lockedUntil?.getTime() ?? 0) - now;
      if (lockedFor > 0) return { allowed: false, lockedForMs: lockedFor };
      const recent = (row?.failedAt ?? []).filter((at) => at > now - LOCK_WINDOW_MS);
      recent.push(now);
      const locks = recent.length >= LOCK_THRESHOLD;
      await tx
        .update(loginFailures)
        .set({
          // A lock starts a fresh count: after it ends, it takes 10 new failures to lock again.
          failedAt: locks ? [] : recent,
          lockedUntil: locks ? new Date(now + LOCK_DURATION_MS) : (row?.lockedUntil ?? null),
          updatedAt: new Date(now),
        })
        .where(eq(loginFailures.account, account));
      return { allowed: true, locks, lockedForMs: locks ? LOCK_DURATION_MS : 0 };
    });
  }

  /** Forgets the failures of an address (after a good sign-in or a password reset). */
  async clear(account: string, executor: Executor = this.db): Promise<void> {
    await executor.delete(loginFailures).where(eq(loginFailures.account, account));
  }

  /** Deletes rows with neither a running lock nor a failure inside the window. */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    await this.db
      .delete(loginFailures)
      .where(
        and(
          lt(loginFailures.updatedAt, new Date(now - LOCK_WINDOW_MS)),
          or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, new Date(now))),
        ),
      );
  }
}
