// The signed-in user's alerts through the API (`/api/alert/*`, described at /api/docs): the list,
// the fired alerts (the bell's unread inbox and the history's pages), the mail choice and the
// webhook, the calls that change them, and what a realtime notice does to the cache. Every key is a request path, as
// the site's other SWR resources are; a change puts its answer into the cache or has the alert
// resources fetched again.
import type {
  Alert,
  AlertAddBody,
  AlertEventPage,
  AlertList,
  AlertMailMode,
  AlertModifyBody,
  AlertNotice,
  AlertSettings,
  AlertSettingsBody,
  AlertWebhookBody,
} from '@coinlens/contract';
import { useSyncExternalStore } from 'react';
import { mutate as mutateCache } from 'swr';
import { api, type ApiClient } from '../../../data/client';
import { apiKey, useApi, type ApiResource } from '../../../data/swr';
import { getToken, subscribeToken } from '../../../data/token';

/** The paths of the alert resources; each is (with its query) its SWR key. */
export const ALERT_LIST_PATH = '/api/alert/list';
export const ALERT_EVENTS_PATH = '/api/alert/events';
export const ALERT_SETTINGS_PATH = '/api/alert/settings';
/** Where the webhook's signing secret is rotated (a call, not a resource). */
const ALERT_WEBHOOK_ROTATE_PATH = '/api/alert/webhook/rotate';

/** How many unread alerts the bell's inbox shows at most. */
export const INBOX_SIZE = 20;
/** How many fired alerts one page of the history holds. */
export const HISTORY_SIZE = 20;

/** The inbox's key: the newest unread fired alerts, with the bell's count. */
export const INBOX_KEY = apiKey(ALERT_EVENTS_PATH, { page: 1, size: INBOX_SIZE, unread: true })!;

/** The key of the history's page `page` (1-based). */
export const historyKey = (page: number) =>
  apiKey(ALERT_EVENTS_PATH, { page, size: HISTORY_SIZE })!;

/** Whether `key` is one of the alert resources' (any page of any of them). */
const isAlertKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/alert/');
/** Whether `key` is a page of fired alerts (the inbox's or the history's). */
const isEventsKey = (key: unknown) => typeof key === 'string' && key.startsWith(ALERT_EVENTS_PATH);

/** Whether a token is kept; false on the server and while hydrating, as the static HTML was. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribeToken,
    () => getToken() !== null,
    () => false,
  );
}

/**
 * A resource of the signed-in user: nothing is fetched without a token, and one user's data is
 * never shown under the next one's (no previous key's data).
 */
function useUserApi<T>(key: string): ApiResource<T> {
  const signedIn = useSignedIn();
  const resource = useApi<T>(signedIn ? key : null, undefined, { keepPreviousData: false });
  return signedIn ? resource : { ...resource, data: undefined };
}

/** The user's alerts, newest first, and the most they may have. */
export const useAlertList = () => useUserApi<AlertList>(ALERT_LIST_PATH);

/** The newest unread fired alerts and the bell's count (`unread`). */
export const useInbox = () => useUserApi<AlertEventPage>(INBOX_KEY);

/** One page of every fired alert, read or not, newest first. */
export function useHistory(page: number): ApiResource<AlertEventPage> {
  const signedIn = useSignedIn();
  // The page shown stays while the next one loads: paging does not blank the list.
  const resource = useApi<AlertEventPage>(signedIn ? historyKey(page) : null);
  return signedIn ? resource : { ...resource, data: undefined };
}

/** How the user's alerts are mailed, and to which address; and their webhook. */
export const useAlertSettings = () => useUserApi<AlertSettings>(ALERT_SETTINGS_PATH);

/** Has every alert resource fetched again (what is on screen now; the rest when next shown). */
export function refreshAlerts(): Promise<unknown> {
  return mutateCache(isAlertKey);
}

/**
 * What a realtime notice changes: the inbox gets the alerts that fired first and the count the
 * server gave at once (the bell moves without waiting for a request), then every alert resource
 * is fetched again (the history's pages, the alerts' states and last firing).
 */
export async function applyNotice(notice: AlertNotice): Promise<void> {
  await mutateCache<AlertEventPage>(
    INBOX_KEY,
    (inbox) => {
      if (!inbox) return inbox;
      const fresh = new Set(notice.events.map((event) => event.id));
      const records = [
        ...notice.events,
        ...inbox.records.filter((event) => !fresh.has(event.id)),
      ].slice(0, INBOX_SIZE);
      return { ...inbox, records, unread: notice.unread, total: notice.unread };
    },
    { revalidate: false },
  );
  await refreshAlerts();
}

/**
 * Marks fired alerts read (`ids`, or every unread one when left out): they leave the inbox at
 * once, the count becomes the server's, and the pages of fired alerts are fetched again.
 */
export async function markRead(ids?: readonly number[], client: ApiClient = api): Promise<number> {
  const { unread } = await client.post<{ unread: number }>(
    '/api/alert/read',
    ids ? { ids: [...ids] } : {},
  );
  const gone = ids ? new Set(ids) : null;
  await mutateCache<AlertEventPage>(
    INBOX_KEY,
    (inbox) =>
      inbox && {
        ...inbox,
        records: gone ? inbox.records.filter((event) => !gone.has(event.id)) : [],
        unread,
      },
    { revalidate: false },
  );
  await mutateCache((key) => isEventsKey(key) && key !== INBOX_KEY);
  return unread;
}

/** Puts a changed alert into the cached list in its place (a new one first). */
async function rememberAlert(alert: Alert): Promise<Alert> {
  await mutateCache<AlertList>(
    ALERT_LIST_PATH,
    (list) =>
      list && {
        ...list,
        records: list.records.some((one) => one.id === alert.id)
          ? list.records.map((one) => (one.id === alert.id ? alert : one))
          : [alert, ...list.records],
      },
    { revalidate: false },
  );
  return alert;
}

/** POST /api/alert/add: makes an alert; throws ApiFailure (a 422 for the limit or a value). */
export async function addAlert(body: AlertAddBody, client: ApiClient = api): Promise<Alert> {
  return rememberAlert(await client.post<Alert>('/api/alert/add', body));
}

/** POST /api/alert/modify: changes an alert's line, keyword, cooldown or pause. */
export async function modifyAlert(body: AlertModifyBody, client: ApiClient = api): Promise<Alert> {
  return rememberAlert(await client.post<Alert>('/api/alert/modify', body));
}

/** POST /api/alert/delete: what it fired stays in the history. */
export async function deleteAlert(id: number, client: ApiClient = api): Promise<void> {
  await client.post('/api/alert/delete', { id });
  await mutateCache<AlertList>(
    ALERT_LIST_PATH,
    (list) => list && { ...list, records: list.records.filter((one) => one.id !== id) },
    { revalidate: false },
  );
  // The history's events of it now say it was deleted.
  await mutateCache(isEventsKey);
}

/** Puts the settings the server answered into the cache, as they are: nothing is asked again. */
async function rememberSettings(settings: AlertSettings): Promise<AlertSettings> {
  await mutateCache(ALERT_SETTINGS_PATH, settings, { revalidate: false });
  return settings;
}

/** POST /api/alert/settings with `body`: what it leaves out stays as it is. */
async function saveSettings(body: AlertSettingsBody, client: ApiClient): Promise<AlertSettings> {
  return rememberSettings(await client.post<AlertSettings>(ALERT_SETTINGS_PATH, body));
}

/** POST /api/alert/settings: the answer goes into the cache. */
export function setMailMode(email: AlertMailMode, client: ApiClient = api): Promise<AlertSettings> {
  return saveSettings({ email }, client);
}

/**
 * Sets the webhook (its secret is made by the server the first time, kept after), or removes it
 * with its secret (null); throws ApiFailure, a 422 for an address the server refuses. `enabled`
 * is required: the server turns a webhook on when a change leaves it out, which would resume a
 * paused one whose address is edited.
 */
export function setWebhook(
  webhook: Required<AlertWebhookBody> | null,
  client: ApiClient = api,
): Promise<AlertSettings> {
  return saveSettings({ webhook }, client);
}

/**
 * POST /api/alert/webhook/rotate: a new signing secret; the answer's
 * `webhook.previousSecretExpiresAt` says until when the previous one also signs.
 */
export async function rotateWebhookSecret(client: ApiClient = api): Promise<AlertSettings> {
  return rememberSettings(await client.post<AlertSettings>(ALERT_WEBHOOK_ROTATE_PATH));
}
