// The queues written with each firing (the mails of src/alerts/mail.ts, the webhook posts of
// src/alerts/webhook.ts): one row per fired alert to send, put in the firing's transaction.
import { sql } from 'drizzle-orm';
import { columnList, instants, integers } from '../db/arrays.js';
import type { Executor } from '../db/executor.js';
import type { alertMailQueue, alertWebhookQueue } from '../db/schema.js';

/** A fired alert to send: its event, its user, when it fired. */
export interface Queued {
  eventId: number;
  userId: number;
  firedAt: Date;
}

/** Queues `firings` (each once: a firing queued already stays as it is). */
export async function enqueue(
  tx: Executor,
  queue: typeof alertMailQueue | typeof alertWebhookQueue,
  firings: readonly Queued[],
): Promise<void> {
  if (firings.length === 0) return;
  await tx.execute(
    sql`insert into ${queue} (${columnList(queue.eventId, queue.userId, queue.firedAt)}) select * from unnest(${integers(firings.map((firing) => firing.eventId))}, ${integers(firings.map((firing) => firing.userId))}, ${instants(firings.map((firing) => firing.firedAt))}) on conflict do nothing`,
  );
}
