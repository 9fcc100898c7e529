// The Alerts page's webhook section over the stories' mocked API (testing/api/alerts.ts keeps the
// webhook as the API does), on 1 November 2026 at noon UTC: each state it can be in (none, on,
// paused, a failing post, just rotated, loading, failed, an address the server refused), and each
// thing a developer does with it (add one, a refused http address, pause and resume, show and copy
// the secret, rotate it, remove the webhook, retry after a failure), in English, Chinese,
// Portuguese and on a phone.
import { ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS, serverMessage } from '@coinlens/contract';
import { formatDateTime } from '@coinlens/design-system';
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, spyOn, userEvent, waitFor, within } from '@storybook/test';
import { intlLocale } from '../../../i18n/locales';
import {
  fakeWebhook,
  WEBHOOK_SECRET,
  type MockApiOptions,
  type RouteName,
} from '../../../testing/api';
import { QUOTED_AT } from '../../../testing/fixtures';
import { phoneShot, PhoneColumn } from '../../../testing/phone';
import { findDialog, findToast, page, visible, WAIT } from '../../../testing/play';
import {
  mockApiOf,
  siteStory,
  storyLocale,
  textsOf,
  type SiteParameters,
} from '../../../testing/site';
import { WebhookSettings } from './WebhookSettings';

const NOW = QUOTED_AT * 1000;

/** The story's site: Ana signed in on the Alerts page, her alerts' settings `alerts`. */
const site = (alerts: NonNullable<MockApiOptions['alerts']>, faults?: MockApiOptions['faults']) =>
  ({
    signedIn: true,
    path: '/alerts/',
    now: NOW,
    api: { alerts, ...(faults ? { faults } : {}) },
  }) satisfies SiteParameters;

/** A webhook on, its latest post taken ten minutes ago. */
const SITE = site({ webhook: fakeWebhook() });
/** No webhook yet. */
const NONE = site({ webhook: null });

const SETTINGS: RouteName = 'GET /api/alert/settings';

const meta = {
  title: 'Site/Alerts/Webhook',
  tags: ['site', '!autodocs'],
  component: WebhookSettings,
  ...siteStory,
  render: (args) => (
    <main>
      <WebhookSettings {...args} />
    </main>
  ),
  parameters: { ...siteStory.parameters, site: SITE },
} satisfies Meta<typeof WebhookSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

type Texts = ReturnType<typeof textsOf>;

/** The webhook's section, once it shows. */
const section = (t: Texts) =>
  visible(page().findByRole('region', { name: t('webhook.title') }, WAIT));

/** The section once its settings have come: the address's field shows. */
async function loaded(t: Texts) {
  const region = await section(t);
  const field = await within(region).findByRole('textbox', { name: t('webhook.url') }, WAIT);
  return { region, field };
}

/** A moment (Unix seconds) as the section writes it in the story's language. */
function momentIn(context: Pick<StoryContext, 'globals'>, seconds: number) {
  const t = textsOf(context, ['alertsPage', 'alerts']);
  return formatDateTime(seconds * 1000, {
    locale: intlLocale(storyLocale(context.globals)),
    todayLabel: t('item.today'),
    dateStyle: 'medium',
  });
}

/** No webhook: what it does, and an empty field for its address with Add. */
export const None: Story = {
  parameters: { site: NONE },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const { region, field } = await loaded(t);
    await expect(within(region).getByText(t('webhook.intro'))).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(field).toHaveAccessibleDescription(t('webhook.urlHint'));
    await expect(within(region).getByRole('button', { name: t('webhook.add') })).toBeEnabled();
    await expect(within(region).queryByRole('checkbox')).not.toBeInTheDocument();
  },
};

/** A webhook set and on: its address, the secret hidden, how to check a post, the last post. */
export const Enabled: Story = {
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const { region, field } = await loaded(t);
    await expect(field).toHaveValue('https://hooks.example.com/coinlens');
    await expect(within(region).getByText(t('webhook.on'))).toBeVisible();
    await expect(
      within(region).getByRole('checkbox', { name: t('webhook.enabled') }),
    ).toBeChecked();
    const secret = within(region).getByRole('group', { name: t('webhook.secret') });
    await expect(secret).not.toHaveTextContent(WEBHOOK_SECRET);
    await expect(secret).toHaveTextContent('Coinlens-Signature');
    await expect(within(region).getByRole('link', { name: t('webhook.docs') })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    await expect(region).toHaveTextContent(
      t('webhook.deliveryDetail.ok', { time: momentIn(context, QUOTED_AT - 600), status: 200 }),
    );
    // Nothing to save until the address changes.
    await expect(within(region).getByRole('button', { name: t('webhook.save') })).toBeDisabled();
  },
};

/** Paused: unchecked, said so by the title, the secret and address kept. */
export const Paused: Story = {
  parameters: { site: site({ webhook: fakeWebhook({ enabled: false }) }) },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const { region } = await loaded(t);
    const enabled = within(region).getByRole('checkbox', { name: t('webhook.enabled') });
    await expect(enabled).not.toBeChecked();
    await expect(enabled).toHaveAccessibleDescription(t('webhook.pausedHint'));
    await expect(within(region).getByText(t('webhook.off'))).toBeVisible();
  },
};

/** The receiver refused the latest post (HTTP 503): failing, with the status and the retries. */
export const FailingDelivery: Story = {
  parameters: {
    site: site({
      webhook: fakeWebhook({ lastDelivery: { at: QUOTED_AT - 300, ok: false, status: 503 } }),
    }),
  },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const { region } = await loaded(t);
    await expect(within(region).getByText(t('webhook.failing'))).toBeVisible();
    await expect(region).toHaveTextContent(
      t('webhook.deliveryDetail.refused', {
        time: momentIn(context, QUOTED_AT - 300),
        status: 503,
      }),
    );
    await expect(within(region).getByText(t('webhook.retryHint'))).toBeVisible();
  },
};

/** The receiver did not answer the latest post at all (no status). */
export const NotAnswering: Story = {
  parameters: {
    site: site({
      webhook: fakeWebhook({ lastDelivery: { at: QUOTED_AT - 300, ok: false, status: null } }),
    }),
  },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const { region } = await loaded(t);
    await expect(region).toHaveTextContent(
      t('webhook.deliveryDetail.noAnswer', { time: momentIn(context, QUOTED_AT - 300) }),
    );
  },
};

/** Rotated four hours ago: the previous secret still signs, and until when. */
export const Rotated: Story = {
  parameters: {
    site: site({
      webhook: fakeWebhook({
        previousSecretExpiresAt: QUOTED_AT + (ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS - 4) * 3600,
        lastDelivery: null,
      }),
    }),
  },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const { region } = await loaded(t);
    const until = momentIn(context, QUOTED_AT + (ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS - 4) * 3600);
    await expect(
      within(region).getByText(t('webhook.previousSecret', { time: until })),
    ).toBeVisible();
    await expect(within(region).getByText(t('webhook.deliveryNone'))).toBeVisible();
  },
};

/** The settings are on their way: the section says it is loading. */
export const Loading: Story = {
  parameters: { site: site({ webhook: fakeWebhook() }, { [SETTINGS]: 'hold' }) },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const region = await section(t);
    await expect(await within(region).findByRole('status', {}, WAIT)).toHaveTextContent(
      t('page.loading'),
    );
  },
};

/** The settings cannot be loaded: the server's words and a retry. */
export const Error: Story = {
  parameters: {
    site: site({ webhook: fakeWebhook() }, { [SETTINGS]: { code: 500, key: 'internal' } }),
  },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const region = await section(t);
    await expect(await within(region).findByRole('alert', {}, WAIT)).toHaveTextContent(
      serverMessage('internal', 'en'),
    );
    await expect(within(region).getByRole('button', { name: t('page.retry') })).toBeVisible();
    await expect(within(region).queryByRole('textbox')).not.toBeInTheDocument();
  },
};

/** Retry after a failure brings the settings once the server is back. */
export const RetryAfterError: Story = {
  parameters: Error.parameters,
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const region = await section(t);
    const retry = await within(region).findByRole('button', { name: t('page.retry') }, WAIT);
    mockApiOf(context).heal(SETTINGS);
    await userEvent.click(retry);
    await expect(
      await within(region).findByRole('textbox', { name: t('webhook.url') }, WAIT),
    ).toHaveValue('https://hooks.example.com/coinlens');
  },
};

/** A private address: the server's reason by the field, what was typed kept, nothing saved. */
export const InvalidUrl: Story = {
  parameters: { site: NONE },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const { region, field } = await loaded(t);
    await userEvent.type(field, 'https://10.0.0.5/hooks/coinlens');
    await userEvent.click(within(region).getByRole('button', { name: t('webhook.add') }));
    // The stories' client names English as its language (site.tsx): the server answers in it.
    const reason = serverMessage('alertWebhookAddress', 'en');
    await expect(await within(region).findByRole('alert', {}, WAIT)).toHaveTextContent(reason);
    await expect(field).toHaveValue('https://10.0.0.5/hooks/coinlens');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveFocus();
    await expect(mockApiOf(context).alerts.webhook).toBeNull();
  },
};

/** Adding one: the address saved and said so; the secret and the switch come with it. */
export const SaveUrl: Story = {
  parameters: { site: NONE },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const api = mockApiOf(context);
    const { region, field } = await loaded(t);
    await userEvent.type(field, 'https://hooks.example.com/coinlens');
    await userEvent.click(within(region).getByRole('button', { name: t('webhook.add') }));
    await findToast(t('webhook.added'));
    await expect(api.calls('POST /api/alert/settings').at(-1)?.body).toEqual({
      webhook: { url: 'https://hooks.example.com/coinlens', enabled: true },
    });
    await expect(
      await within(region).findByRole('checkbox', { name: t('webhook.enabled') }, WAIT),
    ).toBeChecked();
    await expect(within(region).getByRole('group', { name: t('webhook.secret') })).toBeVisible();
    await expect(within(region).getByRole('button', { name: t('webhook.save') })).toBeDisabled();
  },
};

/** An http address is refused here, before any request, with why. */
export const RefuseHttp: Story = {
  parameters: { site: NONE },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const { region, field } = await loaded(t);
    await userEvent.type(field, 'http://hooks.example.com/coinlens');
    await userEvent.click(within(region).getByRole('button', { name: t('webhook.add') }));
    await expect(within(region).getByRole('alert')).toHaveTextContent(
      t('webhook.urlProblem.notHttps'),
    );
    await expect(field).toHaveValue('http://hooks.example.com/coinlens');
    await expect(field).toHaveFocus();
    await expect(mockApiOf(context).calls('POST /api/alert/settings')).toHaveLength(0);
  },
};

/** Pausing keeps the address and the secret; turning it on again says so too. */
export const ToggleEnabled: Story = {
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const api = mockApiOf(context);
    const { region } = await loaded(t);
    const enabled = within(region).getByRole('checkbox', { name: t('webhook.enabled') });
    await userEvent.click(enabled);
    await findToast(t('webhook.paused'));
    await expect(api.calls('POST /api/alert/settings').at(-1)?.body).toEqual({
      webhook: { url: 'https://hooks.example.com/coinlens', enabled: false },
    });
    await waitFor(() => expect(enabled).toBeEnabled(), WAIT);
    await expect(enabled).not.toBeChecked();
    await expect(api.alerts.webhook?.secret).toBe(WEBHOOK_SECRET);
    await userEvent.click(enabled);
    await findToast(t('webhook.resumed'));
    await waitFor(() => expect(api.alerts.webhook?.enabled).toBe(true), WAIT);
    await waitFor(() => expect(enabled).toBeChecked(), WAIT);
  },
};

/** Show reveals the secret, Hide hides it; Copy puts the whole secret on the clipboard. */
export const ShowAndCopySecret: Story = {
  beforeEach: () => {
    // The test browser's clipboard may refuse a page it did not focus: the call is what counts.
    const writeText = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => writeText.mockRestore();
  },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const { region } = await loaded(t);
    const secret = within(region).getByRole('group', { name: t('webhook.secret') });
    await userEvent.click(within(secret).getByRole('button', { name: t('webhook.show') }));
    await expect(secret).toHaveTextContent(WEBHOOK_SECRET);
    await userEvent.click(within(secret).getByRole('button', { name: t('webhook.copy') }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(WEBHOOK_SECRET);
    await expect(
      await within(secret).findByRole('button', { name: t('webhook.copied') }, WAIT),
    ).toBeVisible();
    // Back to Copy after a moment, before the screenshot.
    await within(secret).findByRole('button', { name: t('webhook.copy') }, WAIT);
  },
};

/** Rotate asks first; the new secret comes, and until when the old one still signs (24 h). */
export const RotateSecret: Story = {
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const api = mockApiOf(context);
    const { region } = await loaded(t);
    await userEvent.click(within(region).getByRole('button', { name: t('webhook.rotate') }));
    const dialog = await findDialog(t('webhook.rotateTitle'));
    await expect(dialog).toHaveAccessibleDescription(
      t('webhook.rotateDescription', { hours: ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t('webhook.rotateConfirm') }));
    await findToast(t('webhook.rotated'));
    const until = api.alerts.webhook?.previousSecretExpiresAt ?? NaN;
    await expect(until * 1000 - Date.now()).toBeGreaterThan(
      (ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS * 3600 - 60) * 1000,
    );
    await findToast(t('webhook.rotatedUntil', { time: momentIn(context, until) }));
    await visible(
      within(region).findByText(
        t('webhook.previousSecret', { time: momentIn(context, until) }),
        {},
        WAIT,
      ),
    );
    await expect(api.alerts.webhook?.secret).not.toBe(WEBHOOK_SECRET);
  },
};

/** Remove asks first; the webhook and its secret go, and the empty form comes back. */
export const Remove: Story = {
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const api = mockApiOf(context);
    const { region, field } = await loaded(t);
    await userEvent.click(within(region).getByRole('button', { name: t('webhook.remove') }));
    const dialog = await findDialog(t('webhook.removeTitle'));
    await expect(dialog).toHaveAccessibleDescription(
      t('webhook.removeDescription', { url: 'https://hooks.example.com/coinlens' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t('webhook.removeConfirm') }));
    await findToast(t('webhook.removed'));
    await expect(api.calls('POST /api/alert/settings').at(-1)?.body).toEqual({ webhook: null });
    await waitFor(() => expect(field).toHaveValue(''), WAIT);
    await expect(within(region).getByRole('button', { name: t('webhook.add') })).toBeVisible();
    await expect(api.alerts.webhook).toBeNull();
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await expect(field).toHaveFocus();
  },
};

/** The set webhook in Chinese: the words, the times and the status in the reader's language. */
export const Chinese: Story = {
  globals: { locale: 'zh' },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const { region } = await loaded(t);
    await expect(
      within(region).getByRole('checkbox', { name: t('webhook.enabled') }),
    ).toBeChecked();
    await expect(region).toHaveTextContent(
      t('webhook.deliveryDetail.ok', { time: momentIn(context, QUOTED_AT - 600), status: 200 }),
    );
  },
};

/** The set webhook in Brazilian Portuguese. */
export const BrazilianPortuguese: Story = {
  globals: { locale: 'pt-br' },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const { region } = await loaded(t);
    await expect(
      within(region).getByRole('checkbox', { name: t('webhook.enabled') }),
    ).toBeChecked();
    await expect(within(region).getByRole('button', { name: t('webhook.rotate') })).toBeVisible();
  },
};

/** On the phone's page: the field above its button, touch-sized buttons. */
export const OnPhone: Story = {
  args: { phone: true },
  parameters: { ...phoneShot(), site: { ...SITE, path: '/mobile/alerts/' } },
  render: (args) => (
    <PhoneColumn>
      <WebhookSettings {...args} />
    </PhoneColumn>
  ),
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const { region } = await loaded(t);
    const rotate = within(region).getByRole('button', { name: t('webhook.rotate') });
    await expect(rotate.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
  },
};
