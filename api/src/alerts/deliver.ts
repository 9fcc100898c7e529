// What fired reaches its users: in the app at once, over each user's sockets in every process
// (one `alert` event per user and evaluation, with the bell's count after it).
import { ALERT_SOCKET_EVENT, type AlertNotice } from '@coinlens/contract';
import type { Fired } from './evaluate.js';
import type { AlertService } from './service.js';

export class InAppAlerts {
  constructor(
    private readonly service: AlertService,
    private readonly notify: (userId: number, event: string, payload: AlertNotice) => void,
  ) {}

  /** Sends each user the alerts of theirs that fired, as one notice. */
  async deliver(fired: readonly Fired[]): Promise<void> {
    const byUser = new Map<number, number[]>();
    for (const one of fired)
      byUser.set(one.userId, [...(byUser.get(one.userId) ?? []), one.eventId]);
    await Promise.all(
      [...byUser].map(async ([userId, eventIds]) => {
        const [events, unread] = await Promise.all([
          this.service.eventsByIds(userId, eventIds),
          this.service.unreadCount(userId),
        ]);
        this.notify(userId, ALERT_SOCKET_EVENT, { events, unread });
      }),
    );
  }
}
