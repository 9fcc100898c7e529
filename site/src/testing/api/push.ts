// Ana's browsers that get her alerts as notifications, as /api/alert/push/* keeps them for the
// stories' sign-in: the endpoints saved, checked and answered as the API does
// (api/src/alerts/push.ts).
import { MAX_PUSH_DEVICES, type PushKey, type PushSubscriptionBody } from '@coinlens/contract';
import type { HttpHandler } from 'msw';
import { envelopeRoute, Refusal, type Guard } from './request';

/** A VAPID public key as the API answers it: an uncompressed P-256 point, URL-safe base64. */
export const MOCK_VAPID_KEY =
  'BPf-dHE1eGyNWqgoS6u1Eq1ok9U0C2b1pKNfvH2SXpkKGAwSj5Kqy4CXeUHKfQ8VqI7IZH-O_TL9zX8s1L2FXjU';

export interface PushOptions {
  /** The endpoints saved by the stories' sign-in (none by default). */
  saved?: string[];
  /** Ana's other browsers that get notifications, saved by other sign-ins. */
  elsewhere?: number;
}

/** The browsers saved, as the API holds them for Ana. */
export class PushMockState {
  readonly saved: Set<string>;
  private readonly elsewhere: number;

  constructor(options: PushOptions = {}) {
    this.saved = new Set(options.saved ?? []);
    this.elsewhere = options.elsewhere ?? 0;
  }

  get devices(): number {
    return Math.min(MAX_PUSH_DEVICES, this.saved.size + this.elsewhere);
  }

  key(endpoint: string | null): PushKey {
    return {
      publicKey: MOCK_VAPID_KEY,
      devices: this.devices,
      subscribed: endpoint !== null && this.saved.has(endpoint),
    };
  }

  subscribe(body: PushSubscriptionBody): { devices: number } {
    if (!URL.canParse(body.endpoint) || new URL(body.endpoint).protocol !== 'https:') {
      throw new Refusal(422, 'alertPushEndpoint');
    }
    this.saved.add(body.endpoint);
    return { devices: this.devices };
  }

  unsubscribe(endpoint: string): { devices: number } {
    this.saved.delete(endpoint);
    return { devices: this.devices };
  }
}

export function pushHandlers(push: PushMockState, auth: Guard): HttpHandler[] {
  return [
    envelopeRoute('GET /api/alert/push/key', auth, ({ query }) => push.key(query.get('endpoint'))),
    envelopeRoute('POST /api/alert/push/subscribe', auth, ({ body }) => push.subscribe(body)),
    envelopeRoute('POST /api/alert/push/unsubscribe', auth, ({ body }) =>
      push.unsubscribe(body.endpoint),
    ),
  ];
}
