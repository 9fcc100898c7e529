// The add-monitoring dialog as the monitoring page opens it: in the dialog host, signed in as Ana,
// over the stories' mocked API and its monitoring routes, on 1 November 2026 at noon UTC (the
// sources starting soon say "Today 18:30", "11/02/2026 15:00").
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import type { RouteName } from '../../testing/api';
import { LATER_STARTS, MONITOR_SOURCES, STORY_NOW } from '../../testing/monitorFixtures';
import {
  expectPickerOnPhone,
  expectToastClearOfPicker,
  findDialog,
  findToast,
  page,
  visible,
  WAIT,
  type PickerNames,
} from '../../testing/play';
import { PHONES } from '../../testing/phone';
import {
  mockApiOf,
  dialogStory,
  storyLocale,
  textsOf,
  type SiteParameters,
} from '../../testing/site';
import type { DialogHost } from '../../shell/DialogHost';
import { getOpenDialog } from '../../shell/dialogs';

const SITE: SiteParameters = {
  dialog: 'addMonitor',
  signedIn: true,
  path: '/monitoring/',
  now: STORY_NOW,
  api: { monitor: { sources: MONITOR_SOURCES, followed: [] } },
};

const SOURCE_LIST: RouteName = 'GET /api/monitor/source/list';
/** The request of the "Recently finished" group, as the client writes it. */
const FINISHED_GROUP: RouteName = 'GET /api/monitor/source/list?page=1&size=6&status=3';
const ADD: RouteName = 'GET /api/monitor/user/source/add';

/** The same meta with other mocked API options. */
const withApi = (api: SiteParameters['api']): SiteParameters => ({
  ...SITE,
  api: { ...SITE.api, ...api },
});

const meta = {
  title: 'Site/Dialogs/Add monitoring',
  tags: ['site', '!autodocs'],
  ...dialogStory(SITE),
} satisfies Meta<typeof DialogHost>;

export default meta;
type Story = StoryObj<typeof meta>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A source's card: a toggle named by its host and title first (then its time or heat). */
function card(scope: HTMLElement, title: string) {
  const found = MONITOR_SOURCES.find((source) => source.title === title);
  if (!found) throw new Error(`No fixture source ${title}`);
  return within(scope).getByRole('button', {
    name: new RegExp(`^${escape(found.author)} ${escape(title)}`),
  });
}

/** The dialog, once both groups are listed. */
async function dialogWithGroups(context: StoryContext) {
  const t = textsOf(context, 'monitoring');
  const dialog = await findDialog(t('dialog.title'));
  await waitFor(() => {
    card(dialog, 'Bitcoin halving AMA');
    card(dialog, 'Solana builders space');
  }, WAIT);
  return dialog;
}

const group = (dialog: HTMLElement, name: string) => within(dialog).getByRole('region', { name });

const pick = (dialog: HTMLElement, title: string) => userEvent.click(card(dialog, title));

/** The footer's chips, by their label. */
function chips(dialog: HTMLElement, context: StoryContext): string[] {
  const t = textsOf(context, 'monitoring');
  const list = within(dialog).queryByRole('list', { name: t('dialog.footer.list') });
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

async function search(dialog: HTMLElement, context: StoryContext, text: string) {
  const t = textsOf(context, 'monitoring');
  await userEvent.type(
    within(dialog).getByRole('searchbox', { name: t('dialog.search.label') }),
    text,
  );
}

/** The searches sent to the server, in order. */
const searches = (context: StoryContext) =>
  mockApiOf(context)
    .calls(SOURCE_LIST)
    .map((request) => request.query.get('searchName'))
    .filter((name) => name !== null);

/**
 * Opened: the four sources starting soonest (the next one today, so "Today 18:30") and the six
 * that finished last, newest first; nothing picked yet.
 */
export const Groups: Story = {
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await dialogWithGroups(context);
    await expect(dialog).toHaveAccessibleDescription(t('dialog.description', { limit: 5 }));
    const upcoming = within(group(dialog, t('dialog.upcoming'))).getAllByRole('button');
    await expect(upcoming.map((button) => button.textContent)).toEqual([
      expect.stringContaining('Bitcoin halving AMA'),
      expect.stringContaining('Ethereum core devcall'),
      expect.stringContaining('Layer 2 roundtable'),
      expect.stringContaining('NFT market weekly'),
    ]);
    await expect(upcoming[0]).toHaveTextContent(`${t('today')} 18:30`);
    await expect(upcoming[1]).toHaveTextContent(LATER_STARTS[storyLocale(context.globals)][0]);
    const finished = within(group(dialog, t('dialog.finished'))).getAllByRole('button');
    await expect(finished).toHaveLength(6);
    await expect(finished[0]).toHaveTextContent('Solana builders space');
    await expect(within(dialog).getByText(t('dialog.footer.empty', { limit: 5 }))).toBeVisible();
    // The search has the focus.
    await expect(within(dialog).getByRole('searchbox')).toHaveFocus();
  },
};

/** The same in Chinese. */
export const GroupsChinese: Story = { ...Groups, globals: { locale: 'zh' } };

/** The groups are fetched on open: until they come, each says it is loading. */
export const Loading: Story = {
  parameters: { site: withApi({ faults: { [SOURCE_LIST]: 'hold' } }) },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await findDialog(t('dialog.title'));
    for (const heading of [t('dialog.upcoming'), t('dialog.finished')]) {
      const status = await visible(within(group(dialog, heading)).findByRole('status', {}, WAIT));
      await expect(status).toHaveTextContent(t('dialog.loading'));
    }
  },
};

/** One group could not be fetched (offline): it says so and offers to try again; the other shows. */
export const GroupFails: Story = {
  parameters: { site: withApi({ faults: { [FINISHED_GROUP]: 'network' } }) },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await findDialog(t('dialog.title'));
    const finished = group(dialog, t('dialog.finished'));
    const alert = await visible(within(finished).findByRole('alert', {}, WAIT));
    await expect(alert).toHaveTextContent(t('dialog.error.title'));
    await expect(
      within(alert).getByRole('button', { name: t('dialog.error.retry') }),
    ).toBeEnabled();
    await waitFor(() => card(dialog, 'Bitcoin halving AMA'), WAIT);
  },
};

/** Back online, "Try again" fetches the group that failed, and only that one. */
export const GroupRetried: Story = {
  parameters: GroupFails.parameters,
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await findDialog(t('dialog.title'));
    const finished = group(dialog, t('dialog.finished'));
    const alert = await visible(within(finished).findByRole('alert', {}, WAIT));
    const api = mockApiOf(context);
    const asked = api.calls(SOURCE_LIST).length;
    api.heal(FINISHED_GROUP);
    await userEvent.click(within(alert).getByRole('button', { name: t('dialog.error.retry') }));
    await waitFor(() => expect(within(finished).getAllByRole('button')).toHaveLength(6), WAIT);
    await expect(within(finished).queryByRole('alert')).not.toBeInTheDocument();
    await expect(
      api
        .calls(SOURCE_LIST)
        .slice(asked)
        .map((call) => call.query.get('status')),
    ).toEqual(['3']);
  },
};

/**
 * Typing searches titles and hosts once typing pauses (400 ms): one request for the whole word,
 * and the results take the groups' place.
 */
export const Search: Story = {
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await dialogWithGroups(context);
    await search(dialog, context, 'bitcoin');
    const results = await within(dialog).findByRole('region', { name: t('dialog.results') }, WAIT);
    await waitFor(() => expect(within(results).getAllByRole('button')).toHaveLength(2), WAIT);
    card(results, 'Bitcoin halving AMA');
    card(results, 'Cancelled bitcoin chat');
    await expect(within(dialog).queryByRole('region', { name: t('dialog.upcoming') })).toBeNull();
    await expect(searches(context)).toEqual(['bitcoin']);
  },
};

/** A search nothing matches: the empty state says so, with a hint. */
export const NoMatch: Story = {
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await dialogWithGroups(context);
    await search(dialog, context, 'zzz');
    await visible(within(dialog).findByText(t('dialog.empty.title', { keyword: 'zzz' }), {}, WAIT));
    await expect(within(dialog).getByText(t('dialog.empty.hint'))).toBeVisible();
  },
};

/** The search could not be sent (offline): it says so and offers to try again. */
export const SearchFails: Story = {
  parameters: {
    site: withApi({
      faults: { 'GET /api/monitor/source/list?page=1&searchName=bitcoin&size=20': 'network' },
    }),
  },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await dialogWithGroups(context);
    await search(dialog, context, 'bitcoin');
    const alert = await visible(within(dialog).findByRole('alert', {}, WAIT));
    await expect(alert).toHaveTextContent(t('dialog.error.title'));
    await expect(alert).toHaveTextContent(t('dialog.error.hint'));
    await expect(
      within(alert).getByRole('button', { name: t('dialog.error.retry') }),
    ).toBeEnabled();
  },
};

/** Picked cards are pressed and show as chips in the footer, which counts them. */
export const Picked: Story = {
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await dialogWithGroups(context);
    await pick(dialog, 'Bitcoin halving AMA');
    await pick(dialog, 'Governance call');
    await expect(card(dialog, 'Bitcoin halving AMA')).toHaveAttribute('aria-pressed', 'true');
    await expect(chips(dialog, context)).toEqual([
      expect.stringContaining('Bitcoin halving AMA'),
      expect.stringContaining('Governance call'),
    ]);
    await expect(
      within(dialog).getByText(t('dialog.footer.count', { selected: 2, limit: 5 })),
    ).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: t('dialog.footer.save') }),
    ).toBeEnabled();
  },
};

/** Five sources, from both groups. */
const FIVE = [
  'Bitcoin halving AMA',
  'Ethereum core devcall',
  'Layer 2 roundtable',
  'Solana builders space',
  'Macro podcast',
];

/** Five are the most per add: a sixth is refused with a toast, and is not picked. */
export const SixthRefused: Story = {
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await dialogWithGroups(context);
    for (const title of FIVE) await pick(dialog, title);
    await pick(dialog, 'Governance call');
    await findToast(t('messages.addCoin_tips-1', { limit: 5 }));
    await expect(chips(dialog, context)).toHaveLength(5);
    await expect(card(dialog, 'Governance call')).toHaveAttribute('aria-pressed', 'false');
  },
};

/** Sources Ana monitors already show as picked and cannot be picked again. */
export const AlreadyMonitored: Story = {
  parameters: {
    site: withApi({ monitor: { sources: MONITOR_SOURCES, followed: [11, 21, 24] } }),
  },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await dialogWithGroups(context);
    await waitFor(() => expect(card(dialog, 'Bitcoin halving AMA')).toBeDisabled(), WAIT);
    for (const title of ['Bitcoin halving AMA', 'Solana builders space', 'Mining economics']) {
      const monitored = card(dialog, title);
      await expect(monitored).toBeDisabled();
      await expect(monitored).toHaveAttribute('aria-pressed', 'true');
      await expect(monitored.parentElement).toHaveAttribute(
        'title',
        t('dialog.followed', { title }),
      );
    }
    await expect(card(dialog, 'Ethereum core devcall')).toBeEnabled();
    await expect(chips(dialog, context)).toEqual([]);
  },
};

/** Save monitors the picks: a toast says so, the dialog closes, and the server has them. */
export const Saves: Story = {
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await dialogWithGroups(context);
    await pick(dialog, 'Bitcoin halving AMA');
    await pick(dialog, 'Solana builders space');
    await userEvent.click(within(dialog).getByRole('button', { name: t('dialog.footer.save') }));
    await findToast(t('messages.AddSuccess'));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await expect(getOpenDialog()).toBeNull();
    const api = mockApiOf(context);
    await expect(api.calls(ADD)[0]?.query.get('sourceIds')).toBe('11,21');
    await expect(api.monitor.followedIds()).toEqual([11, 21]);
  },
};

/**
 * The server refuses (Ana monitors 200 sources already): a toast gives its message, and the
 * dialog closes all the same.
 */
export const SaveFails: Story = {
  parameters: { site: withApi({ faults: { [ADD]: { code: 422, key: 'sourceLimit' } } }) },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await dialogWithGroups(context);
    await pick(dialog, 'Bitcoin halving AMA');
    await userEvent.click(within(dialog).getByRole('button', { name: t('dialog.footer.save') }));
    // The server's message, in the request's language (English in Storybook: see site.tsx).
    await findToast('You can follow at most 200 sources; remove some first');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await expect(mockApiOf(context).monitor.followedIds()).toEqual([]);
  },
};

/** A visitor who is signed out gets the login dialog instead (monitoring needs a user). */
export const SignedOut: Story = {
  parameters: { site: { ...SITE, signedIn: false } },
  play: async (context) => {
    await findDialog(textsOf(context)('login.title'));
    await expect(getOpenDialog()).toBe('login');
    await expect(mockApiOf(context).calls(SOURCE_LIST)).toHaveLength(0);
  },
};

/** The dialog's names, in the story's language. */
function pickerNames(context: StoryContext): PickerNames {
  const t = textsOf(context, 'monitoring');
  return {
    title: t('dialog.title'),
    close: t('dialog.close'),
    search: t('dialog.search.label'),
    save: t('dialog.footer.save'),
  };
}

/** Opened on the phone. */
const ON_PHONE: SiteParameters = { ...SITE, path: '/mobile/' };

/**
 * On a phone the dialog fills the screen: five picks make a tall footer, and Save stays on
 * screen at its bottom while the groups scroll between it and the search; nothing scrolls
 * sideways and the search's placeholder fits its field.
 */
async function fivePicksOnPhone(context: StoryContext) {
  const dialog = await dialogWithGroups(context);
  for (const title of FIVE) await pick(dialog, title);
  await expect(chips(dialog, context)).toHaveLength(5);
  await expectPickerOnPhone(dialog, pickerNames(context));
}

/** On a phone held upright (390 x 844), five picks: Save at the bottom of the screen. */
export const FivePicksOnPhone: Story = {
  parameters: { site: ON_PHONE, screenshot: { viewport: true, size: PHONES.upright } },
  play: async (context) => {
    await fivePicksOnPhone(context);
  },
};

/** On the narrowest phone (320 x 640), in Portuguese, with the short placeholder. */
export const FivePicksOnNarrowestPhone: Story = {
  parameters: { site: ON_PHONE, screenshot: { viewport: true, size: PHONES.narrowest } },
  globals: { locale: 'pt-br' },
  play: async (context) => {
    await fivePicksOnPhone(context);
  },
};

/** On a phone held sideways (844 x 390), in Chinese: the dialog fills the low screen too. */
export const FivePicksOnPhoneSideways: Story = {
  parameters: { site: ON_PHONE, screenshot: { viewport: true, size: PHONES.sideways } },
  globals: { locale: 'zh' },
  play: async (context) => {
    await fivePicksOnPhone(context);
  },
};

/** On a phone, the toast that refuses a sixth source leaves the title and close button clear. */
export const SixthRefusedOnPhone: Story = {
  parameters: { site: ON_PHONE, screenshot: { viewport: true, size: PHONES.narrowest } },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await dialogWithGroups(context);
    for (const title of FIVE) await pick(dialog, title);
    await pick(dialog, 'Governance call');
    await expectToastClearOfPicker(
      t('messages.addCoin_tips-1', { limit: 5 }),
      dialog,
      pickerNames(context),
    );
  },
};
