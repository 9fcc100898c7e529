// The Alerts page's choice of browser notifications, in a browser whose Push API is a fake one
// (testing/fakePush.ts) and over the stories' mocked API (testing/api/push.ts): each state the
// browser can be in, turning them on and off, the prompt said no to, and a subscription left by an
// account that signed out here since.
import { serverMessage } from '@coinlens/contract';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor } from '@storybook/test';
import type { MockApiOptions, RouteName } from '../../../testing/api';
import {
  FAKE_PUSH_ENDPOINT,
  installFakePush,
  type FakePushOptions,
} from '../../../testing/fakePush';
import { phoneShot, PhoneColumn } from '../../../testing/phone';
import { findToast, page, WAIT } from '../../../testing/play';
import {
  mockApiOf,
  siteStory,
  storyLocale,
  textsOf,
  type SiteParameters,
} from '../../../testing/site';
import { PushChoice } from './PushChoice';

const SITE: SiteParameters = { signedIn: true, path: '/alerts/' };

/**
 * The story's browser: a fake Push API put in before it renders, the real one back after (a
 * story's `beforeEach` runs after the meta's, which prepares the site).
 */
const inBrowser = (options: FakePushOptions) => () => installFakePush(options).restore;

/** The story's mocked API holds `push` for Ana. */
const withApi = (api: MockApiOptions) => ({ site: { ...SITE, api } });

const SUBSCRIBE: RouteName = 'POST /api/alert/push/subscribe';

const meta = {
  title: 'Site/Alerts/Browser notifications',
  tags: ['site', '!autodocs'],
  component: PushChoice,
  ...siteStory,
  render: (args) => (
    <main>
      <PushChoice {...args} />
    </main>
  ),
  parameters: { ...siteStory.parameters, site: SITE },
} satisfies Meta<typeof PushChoice>;

export default meta;
type Story = StoryObj<typeof meta>;

const button = (name: string) => page().findByRole('button', { name }, WAIT);

/** Never asked: the hint, and the button that asks. Clicking it asks, subscribes and saves. */
export const Off: Story = {
  beforeEach: inBrowser({ permission: 'default', answer: 'granted' }),
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    await expect(await page().findByText(t('push.offHint'), {}, WAIT)).toBeVisible();
    await userEvent.click(await button(t('push.turnOn')));
    await findToast(t('push.turnedOn'));
    await button(t('push.turnOff'));
    await expect([...mockApiOf(context).push.saved]).toEqual([FAKE_PUSH_ENDPOINT]);
  },
};

/** On in this browser for this sign-in: turning them off unsubscribes and tells the API. */
export const On: Story = {
  beforeEach: inBrowser({ permission: 'granted', subscribed: FAKE_PUSH_ENDPOINT }),
  parameters: withApi({ push: { saved: [FAKE_PUSH_ENDPOINT], elsewhere: 1 } }),
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    await expect(await page().findByText(t('push.onHint'), {}, WAIT)).toBeVisible();
    await userEvent.click(await button(t('push.turnOff')));
    await findToast(t('push.turnedOff'));
    await button(t('push.turnOn'));
    await expect(mockApiOf(context).push.saved.size).toBe(0);
  },
};

/**
 * The browser still has the subscription of an account that signed out here since: the API does
 * not hold it for this sign-in, so it is ended and the choice shows off.
 */
export const LeftBySignedOutAccount: Story = {
  beforeEach: inBrowser({ permission: 'granted', subscribed: FAKE_PUSH_ENDPOINT }),
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    await button(t('push.turnOn'));
    await expect(mockApiOf(context).calls('GET /api/alert/push/key').at(-1)?.path).toContain(
      encodeURIComponent(FAKE_PUSH_ENDPOINT),
    );
    await expect(mockApiOf(context).calls(SUBSCRIBE)).toHaveLength(0);
  },
};

/** While the subscription is saved, the button says it is busy. */
export const TurningOn: Story = {
  beforeEach: inBrowser({ permission: 'default', answer: 'granted' }),
  parameters: withApi({ faults: { [SUBSCRIBE]: 'hold' } }),
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    await userEvent.click(await button(t('push.turnOn')));
    // The design system's button ignores clicks while busy (its own stories show it).
    await expect(await page().findByRole('button', { busy: true }, WAIT)).toHaveTextContent(
      t('push.turnOn'),
    );
    await waitFor(() => expect(mockApiOf(context).calls(SUBSCRIBE)).toHaveLength(1), WAIT);
  },
};

/** The user answers the browser's prompt by closing it: nothing changes, and it says so. */
export const PromptDismissed: Story = {
  beforeEach: inBrowser({ permission: 'default', answer: 'default' }),
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    await userEvent.click(await button(t('push.turnOn')));
    await findToast(t('push.refused.dismissed'));
    await button(t('push.turnOn'));
    await expect(mockApiOf(context).calls(SUBSCRIBE)).toHaveLength(0);
  },
};

/** The API refuses the browser's push service (not a public https address): its reason shows. */
export const RefusedByTheApi: Story = {
  beforeEach: inBrowser({ permission: 'granted' }),
  parameters: withApi({ faults: { [SUBSCRIBE]: { code: 422, key: 'alertPushEndpoint' } } }),
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    await userEvent.click(await button(t('push.turnOn')));
    await findToast(serverMessage('alertPushEndpoint', storyLocale(context.globals)));
    await button(t('push.turnOn'));
  },
};

/** Blocked in the browser's settings: only the browser can undo it, and the text says where. */
export const Blocked: Story = {
  beforeEach: inBrowser({ permission: 'denied' }),
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    await expect(await page().findByText(t('push.denied'), {}, WAIT)).toBeVisible();
    await expect(page().queryByRole('button')).toBeNull();
  },
};

/** A browser without the Push API: what to do instead, and no button. */
export const Unsupported: Story = {
  beforeEach: inBrowser({ unsupported: true }),
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    await expect(await page().findByText(t('push.unsupported'), {}, WAIT)).toBeVisible();
    await expect(page().queryByRole('button')).toBeNull();
  },
};

/** In Chinese. */
export const Chinese: Story = {
  ...Off,
  globals: { locale: 'zh' },
};

/** In Brazilian Portuguese, on for this browser. */
export const BrazilianPortuguese: Story = {
  ...On,
  globals: { locale: 'pt-br' },
};

/** On the phone's page: a touch-sized button. */
export const OnPhone: Story = {
  beforeEach: inBrowser({ permission: 'default' }),
  args: { phone: true },
  parameters: { ...phoneShot(), site: { ...SITE, path: '/mobile/alerts/' } },
  render: (args) => (
    <PhoneColumn>
      <PushChoice {...args} />
    </PhoneColumn>
  ),
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const turnOn = await button(t('push.turnOn'));
    await expect(turnOn.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  },
};
