// How far each user got in the welcome onboarding, kept per user (a new conversation keeps it), so
// that a reload, a second tab or a phone resumes the script where it stopped. The site owns the
// script; the server knows only that it moves forward, so it keeps the furthest progress it has
// heard of and never lets a stale tab rewind it.
import {
  ONBOARDING_LAST_ITEM,
  type OnboardingProgress,
  type OnboardingTaskOutcome,
} from '@coinlens/contract';
import { eq } from 'drizzle-orm';
import type { Clock } from '../auth/clock.js';
import type { Database } from '../db/client.js';
import { onboardingProgress, users } from '../db/schema.js';

const TASKS = [1, 2] as const;

/** Which of two progresses is further on: finished first, then the later item. */
function further(a: OnboardingProgress, b: OnboardingProgress): number {
  if (a.finished !== b.finished) return a.finished ? 1 : -1;
  return a.id - b.id;
}

/**
 * The progress to keep when a tab reports `incoming` and `stored` is what the server had: the
 * further of the two (the stored one on a tie), with each task it left pending taken from the
 * other when the other settled it (done or skipped). Its `passedOver` list stays its own: an item
 * passed over in the other tab only goes with that tab's skip, and a list that names an item of a
 * task that was not skipped would not be a progress the site could resume.
 */
export function mergeProgress(
  stored: OnboardingProgress | null,
  incoming: OnboardingProgress,
): OnboardingProgress {
  if (stored === null) return normalised(incoming);
  const [base, other] = further(incoming, stored) > 0 ? [incoming, stored] : [stored, incoming];
  const tasks = { ...base.tasks };
  for (const task of TASKS) {
    if (tasks[task] === 'pending') tasks[task] = other.tasks[task];
  }
  return normalised({ ...base, tasks });
}

/** The progress as stored and answered: known keys only, `passedOver` sorted and once each. */
function normalised(progress: OnboardingProgress): OnboardingProgress {
  const passedOver = [...new Set(progress.passedOver ?? [])].sort((a, b) => a - b);
  return {
    version: 1,
    id: progress.id,
    finished: progress.finished,
    tasks: { 1: progress.tasks[1], 2: progress.tasks[2] },
    ...(passedOver.length > 0 ? { passedOver } : {}),
  };
}

const OUTCOMES: readonly unknown[] = [
  'pending',
  'done',
  'skipped',
] satisfies OnboardingTaskOutcome[];

/** A stored value read back: null when it is not a progress this server would have written. */
function readStored(value: unknown): OnboardingProgress | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, id, finished, tasks, passedOver } = value as Record<string, unknown>;
  if (version !== 1 || typeof finished !== 'boolean') return null;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > ONBOARDING_LAST_ITEM) {
    return null;
  }
  if (typeof tasks !== 'object' || tasks === null) return null;
  const { 1: first, 2: second } = tasks as Record<string, unknown>;
  if (!OUTCOMES.includes(first) || !OUTCOMES.includes(second)) return null;
  const passed = Array.isArray(passedOver) ? passedOver.filter(Number.isInteger) : [];
  return normalised({
    version: 1,
    id,
    finished,
    tasks: { 1: first as OnboardingTaskOutcome, 2: second as OnboardingTaskOutcome },
    passedOver: passed as number[],
  });
}

export class OnboardingStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** The user's progress, or null before the first save. */
  async get(userId: number): Promise<OnboardingProgress | null> {
    const [row] = await this.db
      .select({ progress: onboardingProgress.progress })
      .from(onboardingProgress)
      .where(eq(onboardingProgress.userId, userId));
    return row ? readStored(row.progress) : null;
  }

  /** Merges a tab's progress into the user's (see `mergeProgress`); answers the progress kept. */
  async save(userId: number, incoming: OnboardingProgress): Promise<OnboardingProgress> {
    return this.db.transaction(async (tx) => {
      // Two tabs saving at once merge one after the other.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [row] = await tx
        .select({ progress: onboardingProgress.progress })
        .from(onboardingProgress)
        .where(eq(onboardingProgress.userId, userId));
      const kept = mergeProgress(row ? readStored(row.progress) : null, incoming);
      const updatedAt = new Date(this.clock.now());
      await tx
        .insert(onboardingProgress)
        .values({ userId, progress: kept, updatedAt })
        .onConflictDoUpdate({
          target: onboardingProgress.userId,
          set: { progress: kept, updatedAt },
        });
      return kept;
    });
  }
}
