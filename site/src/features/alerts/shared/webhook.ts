// What the Alerts page can tell about a webhook without asking the server: whether an address is
// one it can send (the server still checks that its host is found and public), and how the latest
// post went.
import { ALERT_WEBHOOK_URL_MAX, type AlertWebhook } from '@coinlens/contract';

/** Why an address cannot be sent as a webhook: empty, not an https URL, or too long. */
export type WebhookUrlProblem = 'required' | 'notHttps' | 'tooLong';

/**
 * What is wrong with `text` as a webhook address, or null when the server may take it: a whole
 * https URL without a user or password, at most ALERT_WEBHOOK_URL_MAX characters. Spaces around
 * it do not count, as on the server.
 */
export function webhookUrlProblem(text: string): WebhookUrlProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  if (text.length > ALERT_WEBHOOK_URL_MAX) return 'tooLong';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'notHttps';
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) {
    return 'notHttps';
  }
  return null;
}

/** How the latest post went: none yet, taken (2xx), refused with a status, or not answered. */
export type DeliveryState = 'none' | 'ok' | 'refused' | 'noAnswer';

export function deliveryState(lastDelivery: AlertWebhook['lastDelivery']): DeliveryState {
  if (lastDelivery === null) return 'none';
  if (lastDelivery.ok) return 'ok';
  return lastDelivery.status === null ? 'noAnswer' : 'refused';
}
