// Turning browser notifications on and off against a browser whose Push API answers as a real one
// does (testing/fakePush.ts), and an API client that records the calls.
import type { ApiClient } from '../../../data/client';
import { MOCK_VAPID_KEY as PUBLIC_KEY } from '../../../testing/api/push';
import { FAKE_PUSH_ENDPOINT, installFakePush } from '../../../testing/fakePush';
import {
  PUSH_WORKER_URL,
  pushState,
  PushRefusedError,
  turnPushOff,
  turnPushOn,
} from './pushNotifications';

/**
 * An API client that answers the push routes as the API does for one sign-in (which endpoints it
 * holds), and records what was posted.
 */
function recordingClient(devices = 1) {
  const posts: { path: string; body: unknown }[] = [];
  const saved = new Set<string>();
  const client = {
    get: jest.fn(async (path: string, options?: { query?: { endpoint?: string } }) => {
      if (path !== '/api/alert/push/key') throw new Error(`unexpected GET ${path}`);
      const endpoint = options?.query?.endpoint;
      return { publicKey: PUBLIC_KEY, devices, subscribed: !!endpoint && saved.has(endpoint) };
    }),
    post: jest.fn(async (path: string, body: { endpoint: string }) => {
      posts.push({ path, body });
      if (path.endsWith('/unsubscribe')) saved.delete(body.endpoint);
      else saved.add(body.endpoint);
      return { devices: path.endsWith('/unsubscribe') ? devices - 1 : devices };
    }),
  } as unknown as ApiClient;
  return { client, posts, saved };
}

let restore = () => {};
/** A browser whose permission prompt answers `answer`. */
function installBrowser(answer: NotificationPermission) {
  const browser = installFakePush({ answer });
  restore = browser.restore;
  return browser;
}
afterEach(() => restore());

describe('browser notifications', () => {
  it('are unsupported where the browser has no Push API, and nothing is asked', async () => {
    restore = installFakePush({ unsupported: true }).restore;
    const { client, posts } = recordingClient();
    expect(await pushState(client)).toBe('unsupported');
    await expect(turnPushOn(client)).rejects.toEqual(new PushRefusedError('unsupported'));
    expect(posts).toEqual([]);
  });

  it('ask nothing until turned on, then subscribe with the server’s key and save it', async () => {
    const browser = installBrowser('granted');
    const { client, posts } = recordingClient(2);
    expect(await pushState(client)).toBe('off');
    expect(browser.state.asked).toBe(0);

    expect(await turnPushOn(client)).toBe(2);
    expect(browser.state.asked).toBe(1);
    expect(browser.state.registered).toEqual({ url: PUSH_WORKER_URL, scope: '/' });
    expect(browser.pushManager.subscribedWith?.userVisibleOnly).toBe(true);
    const key = browser.pushManager.subscribedWith?.applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(posts).toEqual([
      {
        path: '/api/alert/push/subscribe',
        body: browser.pushManager.subscription?.toJSON(),
      },
    ]);
    expect(await pushState(client)).toBe('on');
  });

  it.each([
    ['denied', 'denied'],
    ['default', 'dismissed'],
  ] as const)('are not turned on when the prompt answers %s', async (answer, reason) => {
    const browser = installBrowser(answer);
    const { client, posts } = recordingClient();
    await expect(turnPushOn(client)).rejects.toEqual(new PushRefusedError(reason));
    expect(browser.state.registered).toBeNull();
    expect(posts).toEqual([]);
    expect(await pushState(client)).toBe(answer === 'denied' ? 'denied' : 'off');
  });

  it('turned off unsubscribe the browser and tell the server which one', async () => {
    const browser = installBrowser('granted');
    const { client, posts } = recordingClient(2);
    await turnPushOn(client);
    const subscription = browser.pushManager.subscription!;
    expect(await turnPushOff(client)).toBe(1);
    expect(subscription.unsubscribed).toBe(true);
    expect(posts.at(-1)).toEqual({
      path: '/api/alert/push/unsubscribe',
      body: { endpoint: FAKE_PUSH_ENDPOINT },
    });
    expect(await pushState(client)).toBe('off');
  });

  it('left by a sign-in that ended here are ended at the next visit, and show off', async () => {
    const browser = installBrowser('granted');
    const { client, posts, saved } = recordingClient();
    await turnPushOn(client);
    const subscription = browser.pushManager.subscription!;
    // The API forgets the browser when the account that saved it signs out.
    saved.clear();
    posts.length = 0;
    expect(await pushState(client)).toBe('off');
    expect(subscription.unsubscribed).toBe(true);
    expect(posts).toEqual([]);
  });
});
