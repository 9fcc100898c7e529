// The Alerts page's content as /alerts/ shows it: Ana's alerts (pause, resume, edit, delete), the
// history of the alerts that fired, a page at a time, and how they are mailed, over the stories'
// mocked API (testing/api/alerts.ts), on 1 November 2026 at noon UTC.
import { formatPrice } from '@coinlens/design-system';
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import { coinSubject, fakeAlert, fakeAlertEvent, type RouteName } from '../../../testing/api';
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
import { AlertsPage } from '../AlertsPage';

const NOW = QUOTED_AT * 1000;

/** Three alerts: Bitcoin's price line (armed), Ethereum's 24 h move (fired today), a paused one. */
const ALERTS = [
  fakeAlert(3, { kind: 'priceAbove', value: 70_000 }),
  fakeAlert(2, {
    kind: 'move24h',
    subject: coinSubject('ETH'),
    value: 5,
    state: 'spent',
    lastFiredAt: QUOTED_AT - 1800,
    cooldownMinutes: 30,
  }),
  fakeAlert(1, {
    kind: 'priceBelow',
    subject: coinSubject('SOL'),
    value: 120,
    paused: true,
    cooldownMinutes: 0,
  }),
];

/** `count` fired alerts, the newest first, the first two unread. */
const events = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    fakeAlertEvent(count - index, {
      alertId: index % 3 === 2 ? null : 3,
      figure: 70_000 + 100 * (count - index),
      read: index >= 2,
    }),
  );

const SITE: SiteParameters = {
  signedIn: true,
  path: '/alerts/',
  now: NOW,
  api: { alerts: { alerts: ALERTS, events: events(3) } },
};

const LIST: RouteName = 'GET /api/alert/list';
const EVENTS: RouteName = 'GET /api/alert/events';
const SETTINGS: RouteName = 'GET /api/alert/settings';

const meta = {
  title: 'Site/Alerts/Page',
  tags: ['site', '!autodocs'],
  component: AlertsPage,
  ...siteStory,
  render: (args) => (
    <main>
      <AlertsPage {...args} />
    </main>
  ),
  parameters: { ...siteStory.parameters, site: SITE },
} satisfies Meta<typeof AlertsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The section named `title` (its heading), once it shows. */
const section = (title: string) => visible(page().findByRole('region', { name: title }, WAIT));

/** Every call is held: each part says it is loading, under the page's heading. */
export const Loading: Story = {
  parameters: {
    site: { ...SITE, api: { faults: { [LIST]: 'hold', [EVENTS]: 'hold', [SETTINGS]: 'hold' } } },
  },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    await expect(page().getByRole('heading', { level: 1, name: t('page.title') })).toBeVisible();
    const list = await section(t('list.title'));
    await expect(
      await within(list).findByRole('status', { name: t('page.loading') }, WAIT),
    ).toBeInTheDocument();
  },
};

/** No alert yet and none fired: each part says so and how to make one. */
export const Empty: Story = {
  // (Story parameters merge with the meta's: the lists are replaced, so they are named empty.)
  parameters: { site: { ...SITE, api: { alerts: { alerts: [], events: [] } } } },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const list = await section(t('list.title'));
    await visible(within(list).findByText(t('list.empty'), {}, WAIT));
    await expect(within(list).getByText(t('list.emptyHint'))).toBeVisible();
    await expect(within(list).getByText(t('list.count', { count: 0, limit: 20 }))).toBeVisible();
    const history = await section(t('history.title'));
    await visible(within(history).findByText(t('history.empty'), {}, WAIT));
  },
};

/** Ana's three alerts: what each watches, its state, its pause and when it last fired. */
export const List: Story = {
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const list = await section(t('list.title'));
    const rows = await waitFor(() => {
      const found = within(list).getAllByRole('listitem');
      expect(found).toHaveLength(3);
      return found;
    }, WAIT);
    await expect(rows[0]).toHaveTextContent(t('trigger.priceAbove', { line: '$70,000.00' }));
    await expect(rows[0]).toHaveTextContent(t('list.state.armed'));
    await expect(rows[1]).toHaveTextContent(t('trigger.move24h', { line: '5%' }));
    await expect(rows[1]).toHaveTextContent(t('list.lastFired', { time: t('item.today') }));
    await expect(rows[2]).toHaveTextContent(t('list.state.paused'));
    await expect(within(rows[0]!).getByRole('link', { name: 'Bitcoin' })).toHaveAttribute(
      'href',
      '/reporting/?coin=1',
    );
    await expect(within(list).getByText(t('list.count', { count: 3, limit: 20 }))).toBeVisible();
  },
};

/**
 * An alert on every new source beside Ana's three: named as such with a mark for a logo, linked
 * to her list of sources, what it listens for, and armed (it stays so after firing).
 */
export const OnNewSources: Story = {
  parameters: {
    site: {
      ...SITE,
      api: {
        alerts: {
          alerts: [
            fakeAlert(4, {
              kind: 'newSourceKeyword',
              subject: null,
              value: null,
              keyword: 'Bitcoin ETF',
              lastFiredAt: QUOTED_AT - 3600,
            }),
            ...ALERTS,
          ],
          events: events(3),
        },
      },
    },
  },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const list = await section(t('list.title'));
    const rows = await waitFor(() => {
      const found = within(list).getAllByRole('listitem');
      expect(found).toHaveLength(4);
      return found;
    }, WAIT);
    const row = rows[0]!;
    const locale = storyLocale(context.globals);
    const prefix = locale === 'en' ? '' : `/${locale}`;
    await expect(within(row).getByRole('link', { name: t('newSources') })).toHaveAttribute(
      'href',
      `${prefix}/monitoring/`,
    );
    const trigger = t('trigger.newSourceKeyword', { keyword: 'Bitcoin ETF' });
    await expect(row).toHaveTextContent(trigger);
    await expect(row).toHaveTextContent(t('list.state.armed'));
    await expect(
      within(row).getByRole('button', {
        name: t('list.editNamed', { name: t('newSources'), trigger }),
      }),
    ).toBeVisible();
  },
};

/** The same in Chinese. */
export const OnNewSourcesChinese: Story = { ...OnNewSources, globals: { locale: 'zh' } };

/** Pausing an alert says so and offers to resume it; the API is told. */
export const PauseAndResume: Story = {
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const api = mockApiOf(context);
    const list = await section(t('list.title'));
    const trigger = t('trigger.priceAbove', { line: '$70,000.00' });
    const pause = await within(list).findByRole(
      'button',
      { name: t('list.pauseNamed', { name: 'Bitcoin', trigger }) },
      WAIT,
    );
    await userEvent.click(pause);
    await findToast(t('list.paused'));
    const resume = await within(list).findByRole(
      'button',
      { name: t('list.resumeNamed', { name: 'Bitcoin', trigger }) },
      WAIT,
    );
    await expect(api.calls('POST /api/alert/modify').at(-1)?.body).toEqual({ id: 3, paused: true });
    await userEvent.click(resume);
    await findToast(t('list.resumed'));
    await waitFor(() => expect(api.alerts.alerts[0]?.paused).toBe(false), WAIT);
  },
};

/** Edit opens the alert's form with its line; a new line is saved and shown. */
export const Edit: Story = {
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const list = await section(t('list.title'));
    const trigger = t('trigger.priceAbove', { line: '$70,000.00' });
    await userEvent.click(
      await within(list).findByRole(
        'button',
        { name: t('list.editNamed', { name: 'Bitcoin', trigger }) },
        WAIT,
      ),
    );
    const dialog = await findDialog(t('dialog.titleEdit'));
    const price = within(dialog).getByRole('textbox', { name: t('form.price') });
    await expect(price).toHaveValue('70000');
    await userEvent.clear(price);
    await userEvent.type(price, '72500');
    await userEvent.click(within(dialog).getByRole('button', { name: t('form.save') }));
    await findToast(t('dialog.saved'));
    await visible(
      within(list).findByText(t('trigger.priceAbove', { line: '$72,500.00' }), {}, WAIT),
    );
    await expect(mockApiOf(context).calls('POST /api/alert/modify').at(-1)?.body).toEqual({
      id: 3,
      value: 72_500,
      cooldownMinutes: 60,
    });
  },
};

/** Delete asks first; the alert leaves the list and its firings stay in the history. */
export const Delete: Story = {
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const list = await section(t('list.title'));
    const trigger = t('trigger.priceBelow', { line: '$120.00' });
    await userEvent.click(
      await within(list).findByRole(
        'button',
        { name: t('list.deleteNamed', { name: 'Solana', trigger }) },
        WAIT,
      ),
    );
    const dialog = await findDialog(t('list.deleteTitle'));
    await userEvent.click(within(dialog).getByRole('button', { name: t('list.deleteConfirm') }));
    await findToast(t('list.deleted'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2), WAIT);
    await expect(mockApiOf(context).alerts.alerts.map((alert) => alert.id)).toEqual([3, 2]);
  },
};

/** 25 fired alerts: a page of 20 with the figure, provider and time of each; then the older 5. */
export const History: Story = {
  parameters: { site: { ...SITE, api: { alerts: { alerts: ALERTS, events: events(25) } } } },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const history = await section(t('history.title'));
    const items = await waitFor(() => {
      const found = within(history).getAllByRole('listitem');
      expect(found).toHaveLength(20);
      return found;
    }, WAIT);
    await expect(items[0]).toHaveTextContent(t('item.figure.price', { value: '$72,500.00' }));
    await expect(items[0]).toHaveTextContent(t('item.sources.demo'));
    await expect(within(history).getByText(t('history.page', { page: 1, pages: 2 }))).toBeVisible();
    // The newest two are unread: marking one read leaves one.
    const [markFirst] = within(history).getAllByRole('button', { name: t('item.markRead') });
    await userEvent.click(markFirst!);
    await waitFor(
      () =>
        expect(within(history).getAllByRole('button', { name: t('item.markRead') })).toHaveLength(
          1,
        ),
      WAIT,
    );
    const pages = within(history).getByRole('navigation', { name: t('history.label') });
    await userEvent.click(within(pages).getByRole('button', { name: t('history.next') }));
    await visible(within(history).findByText(t('history.page', { page: 2, pages: 2 }), {}, WAIT));
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(5), WAIT);
    await expect(within(pages).getByRole('button', { name: t('history.next') })).toBeDisabled();
  },
};

/** The list cannot be loaded: the server's words and a retry, which brings it once healed. */
export const Error: Story = {
  parameters: {
    site: { ...SITE, api: { ...SITE.api, faults: { [LIST]: { code: 500, key: 'internal' } } } },
  },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const api = mockApiOf(context);
    const list = await section(t('list.title'));
    const retry = await within(list).findByRole('button', { name: t('page.retry') }, WAIT);
    api.heal(LIST);
    await userEvent.click(retry);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3), WAIT);
  },
};

/** Choosing the daily digest saves it and says so. */
export const MailChoice: Story = {
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const mail = await section(t('mail.title'));
    const each = await within(mail).findByRole('radio', { name: new RegExp(t('mail.each')) }, WAIT);
    await expect(each).toBeChecked();
    await expect(
      within(mail).getByText(t('mail.address', { address: 'ana@example.com' })),
    ).toBeVisible();
    await userEvent.click(within(mail).getByRole('radio', { name: new RegExp(t('mail.digest')) }));
    await findToast(t('mail.saved'));
    await expect(mockApiOf(context).calls('POST /api/alert/settings').at(-1)?.body).toEqual({
      email: 'digest',
    });
    await expect(
      within(mail).getByRole('radio', { name: new RegExp(t('mail.digest')) }),
    ).toBeChecked();
  },
};

/** An account without an address (X sign-in): no mail, the choice disabled, and why. */
export const NoMailAddress: Story = {
  parameters: {
    site: {
      ...SITE,
      api: { alerts: { alerts: ALERTS, settings: { email: 'none', address: null } } },
    },
  },
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const mail = await section(t('mail.title'));
    const group = await within(mail).findByRole('group', { name: t('mail.legend') }, WAIT);
    await expect(group).toHaveAccessibleDescription(t('mail.noAddress'));
    for (const radio of within(group).getAllByRole('radio')) await expect(radio).toBeDisabled();
    await expect(
      within(group).getByRole('radio', { name: new RegExp(t('mail.none')) }),
    ).toBeChecked();
  },
};

/** The page in Chinese: the words, the figures and the times in the reader's language. */
export const Chinese: Story = {
  globals: { locale: 'zh' },
  play: async (context: StoryContext) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const list = await section(t('list.title'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3), WAIT);
    await expect(list).toHaveTextContent(t('list.state.paused'));
  },
};

/** The page in Brazilian Portuguese. */
export const BrazilianPortuguese: Story = {
  globals: { locale: 'pt-br' },
  play: async (context: StoryContext) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const list = await section(t('list.title'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3), WAIT);
    await expect(list).toHaveTextContent(
      // The matcher reads the price's no-break space as a space.
      t('trigger.priceBelow', { line: formatPrice(120, 'pt-BR') ?? '' }).replace(/\s/g, ' '),
    );
  },
};

/** The phone's page (/mobile/alerts/): the same parts, links to the phone's pages. */
export const OnPhone: Story = {
  args: { phone: true },
  parameters: { ...phoneShot(), site: { ...SITE, path: '/mobile/alerts/' } },
  render: (args) => (
    <PhoneColumn>
      <AlertsPage {...args} />
    </PhoneColumn>
  ),
  play: async (context) => {
    const t = textsOf(context, ['alertsPage', 'alerts']);
    const list = await section(t('list.title'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3), WAIT);
    await expect(within(list).getAllByRole('link', { name: 'Bitcoin' })[0]).toHaveAttribute(
      'href',
      '/mobile/reporting/?coin=1',
    );
  },
};
