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
    const notices = await this.service.noticesOf(fired.map((one) => one.event));
    for (const [userId, notice] of notices) this.notify(userId, ALERT_SOCKET_EVENT, notice);
  }
}
