// Alerts as browser notifications in this browser (Web Push): whether it can have them, and
// turning them on and off. Nothing is asked before the user turns them on: only then does the
// site ask for the permission, register its worker (static/sw.js, which shows each push)
// and hand the API the browser's subscription (`/api/alert/push/*`, api/src/alerts/push.ts).
import type { PushDevices, PushKey } from '@coinlens/contract';
import type { ApiClient } from '../../../data/client';

/**
 * The site's worker, at the root so that it serves every page. Named `sw.js`, the name every
 * cache rule of a Gatsby site revalidates (api/src/plugins/site.ts, and a CDN set up by Gatsby's
 * caching guide), so that a new version reaches the browsers at once.
 */
export const PUSH_WORKER_URL = '/sw.js';

/**
 * Where this browser stands: `unsupported` (no service worker or Push API, e.g. iOS Safari outside
 * a home-screen app), `denied` (the user blocked notifications for the site: only the browser's
 * settings can undo it), `off`, or `on` (subscribed).
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** Why turning notifications on did not happen. */
export class PushRefusedError extends Error {
  constructor(readonly reason: 'unsupported' | 'denied' | 'dismissed') {
    super(`notifications were not turned on: ${reason}`);
    this.name = 'PushRefusedError';
  }
}

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** This browser's subscription, if it has one (none where the worker was never registered). */
async function subscriptionNow(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Where this browser stands now, without asking the API. */
function localState(): PushState | null {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return null;
}

/**
 * Where this browser stands now for the signed-in user. A subscription the API does not hold for
 * this sign-in (saved by an account that signed out here since, or by another one) is ended
 * here: notifications are on only when this user turned them on in this sign-in.
 */
export async function pushState(client: ApiClient): Promise<PushState> {
  const local = localState();
  if (local) return local;
  const subscription = await subscriptionNow();
  if (!subscription) return 'off';
  const { subscribed } = await client.get<PushKey>('/api/alert/push/key', {
    query: { endpoint: subscription.endpoint },
  });
  if (subscribed) return 'on';
  await subscription.unsubscribe();
  return 'off';
}

/** The VAPID key as the bytes `pushManager.subscribe()` takes in every browser. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Saves the subscription with the API, in the page's language: how many browsers have them. */
async function save(client: ApiClient, subscription: PushSubscription): Promise<number> {
  const saved = await client.post<PushDevices>('/api/alert/push/subscribe', subscription.toJSON());
  return saved.devices;
}

/**
 * Asks for the permission (the browser's own prompt), registers the worker and subscribes: the
 * user's click is what starts it. Rejects with PushRefusedError when the browser or the user says
 * no, or with the API's error.
 */
export async function turnPushOn(client: ApiClient): Promise<number> {
  if (!supported()) throw new PushRefusedError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushRefusedError(permission === 'denied' ? 'denied' : 'dismissed');
  }
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await client.get<PushKey>('/api/alert/push/key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  return save(client, subscription);
}

/** Unsubscribes this browser and tells the API: how many of the user's browsers still have them. */
export async function turnPushOff(client: ApiClient): Promise<number> {
  const subscription = supported() ? await subscriptionNow() : null;
  if (!subscription) return (await client.get<PushKey>('/api/alert/push/key')).devices;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  const left = await client.post<PushDevices>('/api/alert/push/unsubscribe', { endpoint });
  return left.devices;
}
