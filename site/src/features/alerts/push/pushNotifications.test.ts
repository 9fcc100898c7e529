// Turning browser notifications on and off against a browser whose Push API answers as a real one
// does (permission, registration, subscription), and an API client that records the calls.
import type { ApiClient } from '../../../data/client';
import {
  PUSH_WORKER_URL,
  pushState,
  PushRefusedError,
  resyncPush,
  turnPushOff,
  turnPushOn,
} from './pushNotifications';

const PUBLIC_KEY =
  'BPf-dHE1eGyNWqgoS6u1Eq1ok9U0C2b1pKNfvH2SXpkKGAwSj5Kqy4CXeUHKfQ8VqI7IZH-O_TL9zX8s1L2FXjU';

class FakeSubscription {
  unsubscribed = false;
  constructor(
    readonly endpoint: string,
    private readonly owner: FakePushManager,
  ) {}
  toJSON() {
    return { endpoint: this.endpoint, keys: { p256dh: 'p', auth: 'a' } };
  }
  async unsubscribe() {
    this.unsubscribed = true;
    this.owner.subscription = null;
    return true;
  }
}

class FakePushManager {
  subscription: FakeSubscription | null = null;
  subscribedWith: PushSubscriptionOptionsInit | null = null;
  async getSubscription() {
    return this.subscription;
  }
  async subscribe(options: PushSubscriptionOptionsInit) {
    this.subscribedWith = options;
    this.subscription = new FakeSubscription('https://push.example.com/abc', this);
    return this.subscription;
  }
}

/** A browser with the Push API: its permission answer, and what was registered. */
function installBrowser(answer: NotificationPermission = 'granted') {
  const pushManager = new FakePushManager();
  let registered: { url: string; scope?: string } | null = null;
  const registration = { pushManager };
  const permission = { value: 'default' as NotificationPermission, asked: 0 };
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return permission.value;
      },
      requestPermission: async () => {
        permission.asked += 1;
        permission.value = answer;
        return answer;
      },
    },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: FakePushManager });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async (url: string, options?: RegistrationOptions) => {
        registered = { url, scope: options?.scope };
        return registration;
      },
      ready: Promise.resolve(registration),
      getRegistration: async () => (registered ? registration : undefined),
    },
  });
  return { pushManager, permission, registered: () => registered };
}

function removeBrowser() {
  for (const name of ['Notification', 'PushManager'] as const) {
    Reflect.deleteProperty(window, name);
  }
  Reflect.deleteProperty(navigator, 'serviceWorker');
}

/** An API client that answers the push routes and records what was posted. */
function recordingClient(devices = 1) {
  const posts: { path: string; body: unknown }[] = [];
  const client = {
    get: jest.fn(async (path: string) => {
      if (path === '/api/alert/push/key') return { publicKey: PUBLIC_KEY, devices };
      throw new Error(`unexpected GET ${path}`);
    }),
    post: jest.fn(async (path: string, body?: unknown) => {
      posts.push({ path, body });
      return { devices: path.endsWith('/unsubscribe') ? devices - 1 : devices };
    }),
  } as unknown as ApiClient;
  return { client, posts };
}

afterEach(removeBrowser);

describe('browser notifications', () => {
  it('are unsupported where the browser has no Push API, and nothing is asked', async () => {
    removeBrowser();
    const { client, posts } = recordingClient();
    expect(await pushState()).toBe('unsupported');
    await expect(turnPushOn(client)).rejects.toEqual(new PushRefusedError('unsupported'));
    expect(posts).toEqual([]);
  });

  it('ask nothing until turned on, then subscribe with the server’s key and save it', async () => {
    const browser = installBrowser('granted');
    const { client, posts } = recordingClient(2);
    expect(await pushState()).toBe('off');
    expect(browser.permission.asked).toBe(0);

    expect(await turnPushOn(client)).toBe(2);
    expect(browser.permission.asked).toBe(1);
    expect(browser.registered()).toEqual({ url: PUSH_WORKER_URL, scope: '/' });
    expect(browser.pushManager.subscribedWith?.userVisibleOnly).toBe(true);
    const key = browser.pushManager.subscribedWith?.applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(posts).toEqual([
      {
        path: '/api/alert/push/subscribe',
        body: { endpoint: 'https://push.example.com/abc', keys: { p256dh: 'p', auth: 'a' } },
      },
    ]);
    expect(await pushState()).toBe('on');
  });

  it.each([
    ['denied', 'denied'],
    ['default', 'dismissed'],
  ] as const)('are not turned on when the prompt answers %s', async (answer, reason) => {
    const browser = installBrowser(answer);
    const { client, posts } = recordingClient();
    await expect(turnPushOn(client)).rejects.toEqual(new PushRefusedError(reason));
    expect(browser.registered()).toBeNull();
    expect(posts).toEqual([]);
    expect(await pushState()).toBe(answer === 'denied' ? 'denied' : 'off');
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
      body: { endpoint: 'https://push.example.com/abc' },
    });
    expect(await pushState()).toBe('off');
  });

  it('are saved again on a later visit only where they are on', async () => {
    installBrowser('granted');
    const { client, posts } = recordingClient();
    expect(await resyncPush(client)).toBe(false);
    expect(posts).toEqual([]);
    await turnPushOn(client);
    posts.length = 0;
    expect(await resyncPush(client)).toBe(true);
    expect(posts.map((post) => post.path)).toEqual(['/api/alert/push/subscribe']);
  });
});
