// Fired alerts as the messages about them tell them (the mail, the webhook post, the browser
// notification): each event with the name of what it is about, oldest first.
import type { AlertKind } from '@coinlens/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { alertEvents, coins, sources } from '../db/schema.js';
import type { MailEvent } from '../mail/alertTemplates.js';

/** An event as a message tells it, with the alert it came from (null once deleted). */
export interface MessageEvent extends MailEvent {
  alertId: number | null;
}

/** The events of `ids` that exist, oldest first. */
export async function messageEventsOf(
  db: Database,
  ids: readonly number[],
): Promise<MessageEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      event: alertEvents,
      coin: { name: coins.name, symbol: coins.symbol, slug: coins.slug },
      source: { title: sources.title },
    })
    .from(alertEvents)
    .leftJoin(coins, eq(coins.id, alertEvents.coinId))
    .leftJoin(sources, eq(sources.id, alertEvents.sourceId))
    .where(inArray(alertEvents.id, [...ids]))
    .orderBy(asc(alertEvents.firedAt), asc(alertEvents.id));
  return rows.map(({ event, coin, source }) => ({
    id: event.id,
    alertId: event.alertId,
    kind: event.kind as AlertKind,
    subject:
      event.coinId !== null
        ? {
            kind: 'coin' as const,
            id: event.coinId,
            name: coin?.name ?? '',
            symbol: coin?.symbol ?? '',
            slug: coin?.slug ?? '',
          }
        : { kind: 'source' as const, id: event.sourceId ?? 0, title: source?.title ?? '' },
    line: event.line,
    keyword: event.keyword,
    figure: event.figure,
    provider: event.provider,
    asOf: event.asOf?.getTime() ?? null,
    firedAt: event.firedAt.getTime(),
  }));
}
