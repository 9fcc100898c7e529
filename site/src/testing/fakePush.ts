// A browser's Push API as a real one answers (the notification permission and its prompt, the
// worker's registration, the subscription), for the unit tests (jsdom has none) and the stories
// (Chromium's would ask a push service the machine cannot reach). `restore` puts the browser's own
// back.

/** The endpoint of the fake push service's subscriptions. */
export const FAKE_PUSH_ENDPOINT = 'https://push.example.com/subscription';

export interface FakePushOptions {
  /** A browser without the Push API (e.g. iOS Safari outside a home-screen app). */
  unsupported?: boolean;
  /** The permission before anything is asked (`default`: never asked). */
  permission?: NotificationPermission;
  /** What the permission prompt answers. */
  answer?: NotificationPermission;
  /** The browser is already subscribed (its worker registered), at this endpoint. */
  subscribed?: string;
}

export class FakeSubscription {
  unsubscribed = false;
  constructor(
    readonly endpoint: string,
    private readonly owner: FakePushManager,
  ) {}
  toJSON(): PushSubscriptionJSON {
    // A P-256 public key (65 bytes) and a 16-byte secret, as the API checks them.
    const p256dh = `BA${'A'.repeat(85)}`;
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh, auth: 'A'.repeat(22) },
    };
  }
  async unsubscribe(): Promise<boolean> {
    this.unsubscribed = true;
    this.owner.subscription = null;
    return true;
  }
}

export class FakePushManager {
  subscription: FakeSubscription | null = null;
  subscribedWith: PushSubscriptionOptionsInit | null = null;
  async getSubscription(): Promise<FakeSubscription | null> {
    return this.subscription;
  }
  async subscribe(options: PushSubscriptionOptionsInit): Promise<FakeSubscription> {
    this.subscribedWith = options;
    this.subscription = new FakeSubscription(FAKE_PUSH_ENDPOINT, this);
    return this.subscription;
  }
}

/** Sets `name` on `target` as an own property, and answers what puts the previous one back. */
function replace(target: object, name: string, value: unknown): () => void {
  const previous = Object.getOwnPropertyDescriptor(target, name);
  if (value === undefined) Reflect.deleteProperty(target, name);
  else Object.defineProperty(target, name, { configurable: true, writable: true, value });
  return () => {
    if (previous) Object.defineProperty(target, name, previous);
    else Reflect.deleteProperty(target, name);
  };
}

/** Puts a fake Push API in the page: what it was asked, and `restore`. */
export function installFakePush(options: FakePushOptions = {}) {
  const pushManager = new FakePushManager();
  const registration = { pushManager };
  const state = {
    permission: options.permission ?? 'default',
    asked: 0,
    registered: null as { url: string; scope?: string } | null,
  };
  if (options.subscribed) {
    pushManager.subscription = new FakeSubscription(options.subscribed, pushManager);
    state.registered = { url: '/sw.js', scope: '/' };
  }
  const notification = {
    get permission() {
      return state.permission;
    },
    requestPermission: async () => {
      state.asked += 1;
      state.permission = options.answer ?? 'granted';
      return state.permission;
    },
  };
  const serviceWorker = {
    register: async (url: string, registering?: RegistrationOptions) => {
      state.registered = { url, scope: registering?.scope };
      return registration;
    },
    ready: Promise.resolve(registration),
    getRegistration: async () => (state.registered ? registration : undefined),
  };
  // Where the browser has a worker container (Chromium), only the calls the site makes are
  // replaced on it: the stories' mocked API (msw) talks to its own worker through it.
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  const restores = options.unsupported
    ? [replace(window, 'PushManager', undefined), replace(window, 'Notification', undefined)]
    : [
        replace(window, 'Notification', notification),
        replace(window, 'PushManager', FakePushManager),
        ...(container
          ? Object.entries(serviceWorker).map(([name, value]) => replace(container, name, value))
          : [replace(navigator, 'serviceWorker', serviceWorker)]),
      ];
  return {
    pushManager,
    state,
    restore: () => {
      for (const restore of restores.reverse()) restore();
    },
  };
}
