// The alerts' bell as every signed-in page draws it once hydrated (AlertsFramePart, in the account
// slot of the header or the phone's top bar) and the inbox it opens in the header: the unread
// alerts, mark read, mark all read and the way to the Alerts page; on a phone, the way to the
// phone's alerts page.
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import { fakeAlertEvent, coinSubject, type RouteName } from '../../../testing/api';
import { QUOTED_AT } from '../../../testing/fixtures';
import { navigate } from '../../../testing/gatsby';
import { phoneShot } from '../../../testing/phone';
import { page, visible, WAIT } from '../../../testing/play';
import {
  mockApiOf,
  siteStory,
  storyLocale,
  textsOf,
  type SiteParameters,
} from '../../../testing/site';
import { Header } from '../../../shell/Header';
import { MobileTopBar } from '../../mobile/MobileTopBar';
import AlertsFramePart from './AlertsFramePart';

const UNREAD = [
  fakeAlertEvent(2, { subject: coinSubject('ETH'), kind: 'move24h', line: 5, figure: -6.2 }),
  fakeAlertEvent(1),
];

const SITE: SiteParameters = {
  signedIn: true,
  path: '/reporting/',
  now: QUOTED_AT * 1000,
  api: { alerts: { events: UNREAD } },
};

const EVENTS: RouteName = 'GET /api/alert/events';

const meta = {
  title: 'Site/Alerts/Bell',
  tags: ['site', '!autodocs'],
  component: AlertsFramePart,
  ...siteStory,
  render: () => (
    <>
      <Header />
      <AlertsFramePart />
    </>
  ),
  parameters: { ...siteStory.parameters, site: SITE },
} satisfies Meta<typeof AlertsFramePart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The bell, once drawn, named with the unread count. */
function bell(context: StoryContext, count: number) {
  const t = textsOf(context, 'alerts');
  const name = count ? t('bell.labelUnread', { count }) : t('bell.label');
  return visible(page().findByRole('button', { name }, WAIT));
}

/** Opens the inbox from the bell; returns it. */
async function openInbox(context: StoryContext, count: number) {
  const t = textsOf(context, 'alerts');
  await userEvent.click(await bell(context, count));
  return visible(page().findByRole('dialog', { name: t('inbox.title') }, WAIT));
}

/** Two unread alerts: the bell says so, in the header beside the account menu. */
export const Unread: Story = {
  play: async (context) => {
    const button = await bell(context, 2);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAttribute('data-count', '2');
  },
};

/** The inbox: each unread alert with what fired it and a link to its coin's report. */
export const Inbox: Story = {
  play: async (context) => {
    const t = textsOf(context, 'alerts');
    const inbox = await openInbox(context, 2);
    await expect(await bell(context, 2)).toHaveAttribute('aria-expanded', 'true');
    const items = await waitFor(() => {
      const found = within(inbox).getAllByRole('listitem');
      expect(found).toHaveLength(2);
      return found;
    }, WAIT);
    await expect(items[0]).toHaveTextContent(t('trigger.move24h', { line: '5%' }));
    await expect(within(items[1]!).getByRole('link', { name: 'Bitcoin BTC' })).toHaveAttribute(
      'href',
      '/reporting/?coin=1',
    );
    await expect(within(inbox).getByRole('link', { name: t('inbox.seeAll') })).toHaveAttribute(
      'href',
      '/alerts/',
    );
  },
};

/** A new source said the keyword of an alert on every new source. */
const NEW_SOURCE_SAID = fakeAlertEvent(3, {
  alertId: 7,
  kind: 'newSourceKeyword',
  subject: { kind: 'source', id: 40, name: 'Bitcoin ETF weekly', symbol: null, logo: '' },
  line: null,
  keyword: 'Bitcoin ETF',
  figure: null,
  source: null,
  asOf: null,
});

/**
 * An alert on every new source fired: the inbox names the new source that said the keyword and
 * links to its page, with the keyword said.
 */
export const NewSourceSaid: Story = {
  parameters: { site: { ...SITE, api: { alerts: { events: [NEW_SOURCE_SAID, ...UNREAD] } } } },
  play: async (context) => {
    const t = textsOf(context, 'alerts');
    const inbox = await openInbox(context, 3);
    const items = await waitFor(() => {
      const found = within(inbox).getAllByRole('listitem');
      expect(found).toHaveLength(3);
      return found;
    }, WAIT);
    const item = items[0]!;
    await expect(item).toHaveTextContent(t('trigger.newSourceKeyword', { keyword: 'Bitcoin ETF' }));
    const locale = storyLocale(context.globals);
    const prefix = locale === 'en' ? '' : `/${locale}`;
    await expect(within(item).getByRole('link', { name: 'Bitcoin ETF weekly' })).toHaveAttribute(
      'href',
      `${prefix}/monitoring/detail/?id=40`,
    );
    await expect(item.querySelector('[data-kind="newSourceKeyword"]')).not.toBeNull();
  },
};

/** The same in Brazilian Portuguese. */
export const NewSourceSaidPortuguese: Story = {
  ...NewSourceSaid,
  globals: { locale: 'pt-br' },
};

/** Marking one read takes it out and the count down; the focus stays in the inbox. */
export const MarkRead: Story = {
  play: async (context) => {
    const t = textsOf(context, 'alerts');
    const inbox = await openInbox(context, 2);
    const [first] = await within(inbox).findAllByRole('button', { name: t('item.markRead') }, WAIT);
    await userEvent.click(first!);
    await bell(context, 1);
    await waitFor(() => expect(within(inbox).getAllByRole('listitem')).toHaveLength(1), WAIT);
    await expect(inbox).toContainElement(document.activeElement as HTMLElement);
    await expect(mockApiOf(context).calls('POST /api/alert/read').at(-1)?.body).toEqual({
      ids: [2],
    });
  },
};

/** Mark all read empties the inbox and the count; Escape closes it, the focus on the bell. */
export const MarkAllRead: Story = {
  play: async (context) => {
    const t = textsOf(context, 'alerts');
    const inbox = await openInbox(context, 2);
    await userEvent.click(
      await within(inbox).findByRole('button', { name: t('inbox.markAllRead') }, WAIT),
    );
    await visible(within(inbox).findByText(t('inbox.empty'), {}, WAIT));
    const button = await bell(context, 0);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull(), WAIT);
    await expect(button).toHaveFocus();
  },
};

/** The inbox while its alerts load. */
export const Loading: Story = {
  parameters: { site: { ...SITE, api: { faults: { [EVENTS]: 'hold' } } } },
  play: async (context) => {
    const t = textsOf(context, 'alerts');
    const inbox = await openInbox(context, 0);
    await expect(
      within(inbox).getByRole('status', { name: t('inbox.loading') }),
    ).toBeInTheDocument();
  },
};

/** On a phone the bell in the top bar leads to the phone's alerts page. */
export const Phone: Story = {
  parameters: { ...phoneShot(), site: { ...SITE, path: '/mobile/reporting/' } },
  render: () => (
    <>
      <MobileTopBar />
      <AlertsFramePart />
    </>
  ),
  play: async (context) => {
    const button = await bell(context, 2);
    await expect(button).not.toHaveAttribute('aria-expanded');
    await userEvent.click(button);
    await waitFor(() => expect(navigate.mock.calls.at(-1)?.[0]).toBe('/mobile/alerts/'), WAIT);
  },
};
