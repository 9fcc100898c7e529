// The monitoring page's content as /monitoring/ shows it: the sources Ana monitors, signed in, over
// the stories' mocked API and its monitoring routes, on 1 November 2026 at noon UTC (so an upcoming
// card says "Today 18:30"), with the layout's dialog host (the add-monitoring dialog) beside it.
import { formatHeat } from '@coinlens/design-system';
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import type { RouteName } from '../../testing/api';
import {
  ANA_SOURCES,
  episodes,
  LATER_STARTS,
  MONITOR_SOURCES,
  STORY_NOW,
} from '../../testing/monitorFixtures';
import { ANA } from '../../testing/fixtures';
import { findDialog, findToast, page, visible, WAIT } from '../../testing/play';
import {
  mockApiOf,
  siteStory,
  storyLocale,
  textsOf,
  type SiteParameters,
} from '../../testing/site';
import { intlLocale } from '../../i18n/locales';
import { DialogHost } from '../../shell/DialogHost';
import { Monitoring } from './Monitoring';

const SITE: SiteParameters = {
  signedIn: true,
  path: '/monitoring/',
  now: STORY_NOW,
  api: { monitor: { sources: MONITOR_SOURCES, followed: ANA_SOURCES } },
};

const USER_LIST: RouteName = 'GET /api/monitor/user/source/list';
const DELETE: RouteName = 'GET /api/monitor/user/source/delete';

/** The same meta with the sources Ana monitors (and any other mocked API options). */
const monitoring = (followed: number[], api: SiteParameters['api'] = {}): SiteParameters => ({
  ...SITE,
  api: { monitor: { sources: [...MONITOR_SOURCES, ...episodes(35)], followed }, ...api },
});

/** The page as the layout holds it: in the main landmark, with the dialog host. */
function MonitoringPage() {
  return (
    <>
      <main>
        <Monitoring />
      </main>
      <DialogHost />
    </>
  );
}

const meta = {
  title: 'Site/Monitoring/Sources',
  tags: ['site', '!autodocs'],
  component: Monitoring,
  ...siteStory,
  render: () => <MonitoringPage />,
  parameters: { ...siteStory.parameters, site: SITE },
} satisfies Meta<typeof Monitoring>;

export default meta;
type Story = StoryObj<typeof meta>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The list of Ana's sources, once it shows. */
async function sourceList(context: StoryContext) {
  const t = textsOf(context, 'monitoring');
  return visible(page().findByRole('list', { name: t('list.label') }, WAIT));
}

/** The titles on the cards, in order (of the list on screen now: a new filter makes a new one). */
function titles(context: StoryContext) {
  const t = textsOf(context, 'monitoring');
  return within(page().getByRole('list', { name: t('list.label') }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByTitle(/./).getAttribute('title'));
}

/** A source's card (a link, a button or plain), named by its host and title first. */
function cardOf(list: HTMLElement, title: string, role: 'link' | 'button') {
  const found = [...MONITOR_SOURCES, ...episodes(35)].find((source) => source.title === title);
  if (!found) throw new Error(`No fixture source ${title}`);
  return within(list).getByRole(role, {
    name: new RegExp(`^${escape(found.author)} ${escape(title)}`),
  });
}

const filterButton = (context: StoryContext, filter: string) => {
  const t = textsOf(context, 'monitoring');
  return within(page().getByRole('group', { name: t('filter.label') })).getByRole('button', {
    name: t(`filter.${filter}`),
  });
};

/** Asks to remove `title` and answers the confirmation; returns the confirmation dialog. */
async function removeFromList(context: StoryContext, title: string) {
  const t = textsOf(context, 'monitoring');
  const list = await sourceList(context);
  await userEvent.click(within(list).getByRole('button', { name: t('list.remove', { title }) }));
  const dialog = await findDialog(t('remove.title', { title }));
  await expect(dialog).toHaveAccessibleDescription(t('remove.description'));
  await userEvent.click(within(dialog).getByRole('button', { name: t('remove.confirm') }));
  return dialog;
}

/** The list is on its way: six placeholder cards say it is loading. */
export const Loading: Story = {
  parameters: { site: monitoring(ANA_SOURCES, { faults: { [USER_LIST]: 'hold' } }) },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const status = await visible(page().findByRole('status', { name: t('list.loading') }, WAIT));
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expect(page().getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
  },
};

/** Ana monitors nothing yet: an invitation to add sources. */
export const Empty: Story = {
  parameters: { site: monitoring([]) },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    await visible(page().findByText(t('empty.title'), {}, WAIT));
    await expect(page().getByText(t('empty.description'))).toBeVisible();
    // One in the header, one in the invitation.
    await expect(page().getAllByRole('button', { name: t('add') })).toHaveLength(2);
    await expect(page().queryByText(t('list.count', { count: 0 }))).toBeVisible();
  },
};

/** From the invitation to a list: the dialog adds a source, and the page shows it at once. */
export const AddsFirstSource: Story = {
  parameters: Empty.parameters,
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    await visible(page().findByText(t('empty.title'), {}, WAIT));
    const [, invitation] = page().getAllByRole('button', { name: t('add') });
    await userEvent.click(invitation as HTMLElement);
    const dialog = await findDialog(t('dialog.title'));
    const upcoming = await within(dialog).findByRole(
      'button',
      { name: /^Satoshi Fans Bitcoin halving AMA/ },
      WAIT,
    );
    await userEvent.click(upcoming);
    await userEvent.click(within(dialog).getByRole('button', { name: t('dialog.footer.save') }));
    await findToast(t('messages.AddSuccess'));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await sourceList(context);
    await waitFor(() => expect(titles(context)).toEqual(['Bitcoin halving AMA']), WAIT);
    await expect(page().getByText(t('list.count', { count: 1 }))).toBeVisible();
  },
};

/**
 * One card in each state, most recently added first: completed (with its heat, a link to its
 * page, and a dot for what Ana has not read), upcoming today and tomorrow, live, summarising,
 * ended and cancelled.
 */
export const Sources: Story = {
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const list = await sourceList(context);
    await expect(titles(context)).toEqual([
      'Solana builders space',
      'Bitcoin halving AMA',
      'Live trading desk',
      'Macro podcast',
      'Stablecoin policy AMA',
      'Cancelled bitcoin chat',
      'Ethereum core devcall',
    ]);
    await expect(page().getByText(t('list.count', { count: 7 }))).toBeVisible();
    const completed = cardOf(list, 'Solana builders space', 'link');
    const prefix = context.globals.locale === 'pt-br' ? '/pt-br' : '';
    await expect(completed).toHaveAttribute('href', `${prefix}/monitoring/detail/?id=21`);
    await expect(completed).toHaveAccessibleName(expect.stringContaining(t('unread')));
    const locale = intlLocale(String(context.globals.locale ?? 'en'));
    // The compact number may hold a no-break space, which the text read off the card collapses.
    const heat = (formatHeat(12_345, locale) ?? '').replace(/\s+/g, ' ');
    await expect(completed).toHaveTextContent(heat);
    const today = cardOf(list, 'Bitcoin halving AMA', 'button');
    await expect(today).toHaveTextContent(`${t('today')} 18:30`);
    await expect(today).toHaveAttribute('aria-expanded', 'false');
    await expect(cardOf(list, 'Ethereum core devcall', 'button')).toHaveTextContent(
      LATER_STARTS[storyLocale(context.globals)][0],
    );
    for (const state of ['inProgress', 'parsing', 'finished', 'cancelled']) {
      await expect(within(list).getByText(t(`status.${state}`))).toBeVisible();
    }
    await expect(filterButton(context, 'all')).toHaveAttribute('aria-pressed', 'true');
  },
};

/** The same in Brazilian Portuguese. */
export const SourcesPortuguese: Story = { ...Sources, globals: { locale: 'pt-br' } };

/**
 * Ana is one of the server's operators (OPERATOR_EMAILS): beside "Add sources", the header leads
 * to the state of the feeds the server reads.
 */
export const Operator: Story = {
  parameters: { site: monitoring(ANA_SOURCES, { operators: [ANA.account] }) },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    await sourceList(context);
    const feeds = await visible(page().findByRole('link', { name: t('feeds') }, WAIT));
    const prefix = context.globals.locale === 'pt-br' ? '/pt-br' : '';
    await expect(feeds).toHaveAttribute('href', `${prefix}/monitoring/feeds/`);
    await expect(page().getByRole('button', { name: t('add') })).toBeVisible();
  },
};

/** Presses "Alert me on new sources" once the list is in: the dialog for every new source. */
async function openNewSourcesDialog(context: StoryContext) {
  const t = textsOf(context, 'alerts');
  await sourceList(context);
  await userEvent.click(
    await visible(page().findByRole('button', { name: t('alertMeNewSources') }, WAIT)),
  );
  const dialog = await findDialog(t('dialog.titleNew'));
  await expect(within(dialog).getByText(t('newSources'))).toBeVisible();
  return { t, dialog };
}

/**
 * "Alert me on new sources" in the header opens the alert dialog on every new source (no coin or
 * source: one kind, a keyword); a keyword saved is sent without a subject, and the dialog closes.
 */
export const AlertOnNewSources: Story = {
  play: async (context) => {
    const { t, dialog } = await openNewSourcesDialog(context);
    await expect(within(dialog).queryByRole('combobox')).toBeNull();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t('form.keyword') }),
      'Bitcoin ETF',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t('form.save') }));
    await findToast(t('dialog.createdNewSources'));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await expect(mockApiOf(context).calls('POST /api/alert/add').at(-1)?.body).toEqual({
      kind: 'newSourceKeyword',
      keyword: 'Bitcoin ETF',
      cooldownMinutes: 60,
    });
  },
};

/** The same dialog in Chinese, before anything is typed. */
export const AlertOnNewSourcesChinese: Story = {
  globals: { locale: 'zh' },
  play: async (context) => {
    const { t, dialog } = await openNewSourcesDialog(context);
    await expect(within(dialog).getByText(t('form.kinds.newSourceKeyword'))).toBeVisible();
  },
};

/** An upcoming card opens a box with its host, title, time and the GoCheck link. */
export const UpcomingOpened: Story = {
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const list = await sourceList(context);
    const upcoming = cardOf(list, 'Bitcoin halving AMA', 'button');
    await userEvent.click(upcoming);
    await expect(upcoming).toHaveAttribute('aria-expanded', 'true');
    const box = await visible(
      within(list).findByRole('region', { name: 'Bitcoin halving AMA' }, WAIT),
    );
    await expect(box).toHaveTextContent('Satoshi Fans');
    await expect(box).toHaveTextContent(`${t('today')} 18:30`);
    const check = within(box).getByRole('link', { name: new RegExp(`^${escape(t('check'))}`) });
    await expect(check).toHaveAttribute('href', 'https://x.com/i/spaces/story11');
    await expect(check).toHaveAttribute('target', '_blank');
  },
};

/** "Upcoming" asks the server for status 1 and shows only the sources that have not started. */
export const FilterUpcoming: Story = {
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    await sourceList(context);
    await userEvent.click(filterButton(context, 'upcoming'));
    await waitFor(
      () => expect(titles(context)).toEqual(['Bitcoin halving AMA', 'Ethereum core devcall']),
      WAIT,
    );
    await expect(filterButton(context, 'upcoming')).toHaveAttribute('aria-pressed', 'true');
    await expect(filterButton(context, 'all')).toHaveAttribute('aria-pressed', 'false');
    await expect(page().getByText(t('list.count', { count: 2 }))).toBeVisible();
    const statuses = mockApiOf(context)
      .calls(USER_LIST)
      .map((request) => request.query.get('status'));
    await expect(statuses).toContain('1');
  },
};

/** No source Ana monitors is live: the filter says so and offers to show them all. */
export const FilteredEmpty: Story = {
  parameters: { site: monitoring([21, 11, 22]) },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    await sourceList(context);
    await userEvent.click(filterButton(context, 'live'));
    await visible(page().findByText(t('empty.filteredTitle'), {}, WAIT));
    await expect(page().getByText(t('empty.filteredDescription'))).toBeVisible();
    await expect(page().getByRole('button', { name: t('empty.showAll') })).toBeEnabled();
  },
};

/** "Show all" from there brings back every source. */
export const ShowAll: Story = {
  parameters: FilteredEmpty.parameters,
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    await sourceList(context);
    await userEvent.click(filterButton(context, 'live'));
    const showAll = await visible(page().findByRole('button', { name: t('empty.showAll') }, WAIT));
    await userEvent.click(showAll);
    await sourceList(context);
    await waitFor(
      () =>
        expect(titles(context)).toEqual([
          'Solana builders space',
          'Bitcoin halving AMA',
          'Macro podcast',
        ]),
      WAIT,
    );
    await expect(filterButton(context, 'all')).toHaveAttribute('aria-pressed', 'true');
  },
};

/** 35 episodes: 30 show, "Show more" brings the other 5, and then there is no more. */
export const ShowMore: Story = {
  parameters: {
    site: monitoring(episodes(35).map((source) => source.id)),
  },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const list = await sourceList(context);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(30);
    await expect(page().getByText(t('list.count', { count: 35 }))).toBeVisible();
    await userEvent.click(page().getByRole('button', { name: t('list.more') }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(35), WAIT);
    await expect(titles(context).at(-1)).toBe('Chain Weekly #1');
    await expect(page().queryByRole('button', { name: t('list.more') })).toBeNull();
    const pages = mockApiOf(context)
      .calls(USER_LIST)
      .map((request) => request.query.get('page'));
    await expect(pages).toEqual(['1', '2']);
  },
};

/**
 * Remove asks first; once confirmed, a toast says so, the card goes, and the page's heading keeps
 * the reader's place.
 */
export const Removes: Story = {
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    await removeFromList(context, 'Macro podcast');
    await findToast(t('remove.done', { title: 'Macro podcast' }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await sourceList(context);
    await waitFor(() => expect(titles(context)).not.toContain('Macro podcast'), WAIT);
    await expect(page().getByText(t('list.count', { count: 6 }))).toBeVisible();
    // The card's remove control went with it: the focus goes to the page's heading.
    const heading = page().getByRole('heading', { level: 1, name: t('title') });
    await expect(heading).toHaveFocus();
    await expect(mockApiOf(context).monitor.followedIds()).not.toContain(22);
  },
};

/** The server fails to remove: a toast gives its message, and the question stays for a retry. */
export const RemoveFails: Story = {
  parameters: {
    site: monitoring(ANA_SOURCES, { faults: { [DELETE]: { code: 500, key: 'internal' } } }),
  },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await removeFromList(context, 'Macro podcast');
    // The server's message, in the request's language (English in Storybook: see site.tsx).
    await findToast('Something went wrong on our side; please try again');
    const confirm = within(dialog).getByRole('button', { name: t('remove.confirm') });
    await waitFor(() => expect(confirm).toBeEnabled(), WAIT);
    await expect(dialog).toBeVisible();
    await expect(mockApiOf(context).monitor.followedIds()).toContain(22);
  },
};

/** The list could not be loaded (offline): the page says so and offers to try again. */
export const ListError: Story = {
  parameters: { site: monitoring(ANA_SOURCES, { faults: { [USER_LIST]: 'network' } }) },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const alert = await visible(page().findByRole('alert', {}, WAIT));
    await expect(alert).toHaveTextContent(t('listError.title'));
    await expect(alert).toHaveTextContent(t('listError.description'));
    await expect(within(alert).getByRole('button', { name: t('listError.retry') })).toBeEnabled();
  },
};

/** Back online, "Try again" loads the list. */
export const ListErrorRetried: Story = {
  parameters: ListError.parameters,
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const alert = await visible(page().findByRole('alert', {}, WAIT));
    mockApiOf(context).heal(USER_LIST);
    await userEvent.click(within(alert).getByRole('button', { name: t('listError.retry') }));
    await sourceList(context);
    await expect(titles(context)).toHaveLength(7);
    await expect(page().queryByRole('alert')).toBeNull();
  },
};
