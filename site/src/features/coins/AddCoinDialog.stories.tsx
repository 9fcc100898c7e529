// The add-cryptocurrency dialog as the reporting page opens it: in the dialog host, signed in as
// Ana who follows Bitcoin, over the stories' mocked API.
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import { coin } from '../../testing/fixtures';
import {
  expectNoSidewaysScroll,
  expectOnScreen,
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
import { mockApiOf, dialogStory, textsOf, type SiteParameters } from '../../testing/site';
import type { DialogHost } from '../../shell/DialogHost';
import { getOpenDialog } from '../../shell/dialogs';

const SITE: SiteParameters = {
  dialog: 'addCoin',
  signedIn: true,
  path: '/reporting/',
  api: { follows: [coin('BTC').id] },
};

const meta = {
  title: 'Site/Dialogs/Add coin',
  tags: ['site', '!autodocs'],
  ...dialogStory(SITE),
} satisfies Meta<typeof DialogHost>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog, once the first coins are listed. */
async function dialogWithCoins(context: StoryContext) {
  const dialog = await findDialog(textsOf(context, 'coins')('title'));
  await within(dialog).findByText('Ethereum', {}, WAIT);
  return dialog;
}

const add = (dialog: HTMLElement, context: StoryContext, symbol: string) =>
  userEvent.click(
    within(dialog).getByRole('button', {
      name: textsOf(context, 'coins')('actionLabel.add', { name: coin(symbol).name }),
    }),
  );

/** Opened: every coin by rank; Bitcoin, already followed, cannot be picked again. */
export const CoinList: Story = {
  play: async (context) => {
    const t = textsOf(context, 'coins');
    const dialog = await dialogWithCoins(context);
    const table = within(dialog).getByRole('table', { name: t('table.label') });
    await expect(within(table).getAllByRole('rowheader')).toHaveLength(8);
    await expect(
      within(table).getByRole('button', { name: t('actionLabel.followed', { name: 'Bitcoin' }) }),
    ).toBeDisabled();
    await expect(within(dialog).getByText(t('footer.empty', { limit: 5 }))).toBeVisible();
    await expect(mockApiOf(context).calls('GET /api/asset/list')[0]?.query.get('page')).toBe('1');
  },
};

/** The same in Chinese. */
export const CoinListChinese: Story = { ...CoinList, globals: { locale: 'zh' } };

/** The list is fetched on open: until it comes, the table says it is loading. */
export const Loading: Story = {
  parameters: {
    site: { ...SITE, api: { ...SITE.api, faults: { 'GET /api/asset/list': 'hold' } } },
  },
  play: async (context) => {
    const t = textsOf(context, 'coins');
    const dialog = await findDialog(t('title'));
    await within(dialog).findByText(t('table.loading'), {}, WAIT);
  },
};

/** A search (after typing pauses) lists what matches the name or symbol. */
export const Search: Story = {
  play: async (context) => {
    const t = textsOf(context, 'coins');
    const dialog = await dialogWithCoins(context);
    await userEvent.type(within(dialog).getByRole('searchbox', { name: t('search.label') }), 'sol');
    await waitFor(() => {
      expect(within(dialog).getByText('Solana')).toBeVisible();
      expect(within(dialog).queryByText('Ethereum')).not.toBeInTheDocument();
    }, WAIT);
    const keywords = mockApiOf(context)
      .calls('GET /api/asset/list')
      .map((request) => request.query.get('keyword'));
    await expect(keywords).toContain('sol');
  },
};

/** A search nothing matches: the empty state says so. */
export const NoMatch: Story = {
  play: async (context) => {
    const t = textsOf(context, 'coins');
    const dialog = await dialogWithCoins(context);
    await userEvent.type(within(dialog).getByRole('searchbox', { name: t('search.label') }), 'zzz');
    await visible(within(dialog).findByText(t('empty.title', { keyword: 'zzz' }), {}, WAIT));
  },
};

/** The list could not be fetched: the table says so and offers to try again. */
export const ListUnavailable: Story = {
  parameters: {
    site: { ...SITE, api: { ...SITE.api, faults: { 'GET /api/asset/list': 'network' } } },
  },
  play: async (context) => {
    const t = textsOf(context, 'coins');
    const dialog = await findDialog(t('title'));
    await visible(within(dialog).findByText(t('error.title'), {}, WAIT));
    await expect(within(dialog).getByRole('button', { name: t('error.retry') })).toBeEnabled();
  },
};

/** Picked coins show as cards in the footer, and their rows say so. */
export const Picked: Story = {
  play: async (context) => {
    const t = textsOf(context, 'coins');
    const dialog = await dialogWithCoins(context);
    await add(dialog, context, 'ETH');
    await add(dialog, context, 'SOL');
    const cards = within(dialog).getByRole('list', { name: t('footer.list') });
    await expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    await expect(
      within(dialog).getByRole('button', { name: t('actionLabel.selected', { name: 'Solana' }) }),
    ).toBeVisible();
    await expect(
      within(dialog).getByText(t('footer.count', { selected: 2, limit: 5 })),
    ).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: t('footer.save') })).toBeEnabled();
  },
};

/** Five are the most per add: a sixth is refused with a toast, and is not picked. */
export const SixthRefused: Story = {
  play: async (context) => {
    const t = textsOf(context, 'coins');
    const dialog = await dialogWithCoins(context);
    for (const symbol of ['ETH', 'USDT', 'BNB', 'SOL', 'XRP']) await add(dialog, context, symbol);
    await add(dialog, context, 'DOGE');
    await findToast(t('messages.addCoin_tips-1', { limit: 5 }));
    const cards = within(dialog).getByRole('list', { name: t('footer.list') });
    await expect(within(cards).getAllByRole('listitem')).toHaveLength(5);
    await expect(within(cards).queryByText('DOGE')).not.toBeInTheDocument();
  },
};

/** Save follows the picks: a toast says so, the dialog closes, and the server has them. */
export const Saves: Story = {
  play: async (context) => {
    const t = textsOf(context, 'coins');
    const dialog = await dialogWithCoins(context);
    await add(dialog, context, 'ETH');
    await add(dialog, context, 'SOL');
    await userEvent.click(within(dialog).getByRole('button', { name: t('footer.save') }));
    await findToast(t('messages.AddSuccess'));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await expect(getOpenDialog()).toBeNull();
    const api = mockApiOf(context);
    await expect(api.calls('POST /api/follow/add')[0]?.body).toEqual({
      coinIds: [coin('ETH').id, coin('SOL').id],
    });
    await expect(api.followedIds()).toEqual([coin('ETH').id, coin('SOL').id, coin('BTC').id]);
  },
};

/** Saving fails (offline): a toast says why, and the dialog closes all the same. */
export const SaveFails: Story = {
  parameters: {
    site: { ...SITE, api: { ...SITE.api, faults: { 'POST /api/follow/add': 'network' } } },
  },
  play: async (context) => {
    const t = textsOf(context, 'coins');
    const dialog = await dialogWithCoins(context);
    await add(dialog, context, 'ETH');
    await userEvent.click(within(dialog).getByRole('button', { name: t('footer.save') }));
    await findToast(t('common:messages.networkError'));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
  },
};

/** A visitor who is signed out gets the login dialog instead (a follow needs a user). */
export const SignedOut: Story = {
  parameters: { site: { ...SITE, signedIn: false } },
  play: async (context) => {
    await findDialog(textsOf(context)('login.title'));
    await expect(getOpenDialog()).toBe('login');
    await expect(mockApiOf(context).requests).toHaveLength(0);
  },
};

/** Opened from the phone's coins tab. */
const ON_PHONE: SiteParameters = { ...SITE, path: '/mobile/' };

/** The dialog's names, in the story's language. */
function pickerNames(context: StoryContext): PickerNames {
  const t = textsOf(context, 'coins');
  return {
    title: t('title'),
    close: t('close'),
    search: t('search.label'),
    save: t('footer.save'),
  };
}

/** The five coins a phone story picks. */
const FIVE = ['ETH', 'USDT', 'BNB', 'SOL', 'XRP'];

/**
 * On a phone the dialog fills the screen: five picks make a tall footer, and Save stays on
 * screen at its bottom while the coins scroll between it and the search; nothing scrolls sideways
 * and the search's placeholder fits its field.
 */
async function fivePicksOnPhone(context: StoryContext) {
  const t = textsOf(context, 'coins');
  const dialog = await dialogWithCoins(context);
  for (const symbol of FIVE) await add(dialog, context, symbol);
  const cards = within(dialog).getByRole('list', { name: t('footer.list') });
  await expect(within(cards).getAllByRole('listitem')).toHaveLength(5);
  await expectPickerOnPhone(dialog, pickerNames(context));
  await expectNoSidewaysScroll(within(dialog).getByRole('region', { name: t('results') }));
  return dialog;
}

/** On a phone held upright (390 x 844), five picks: Save at the bottom of the screen. */
export const FivePicksOnPhone: Story = {
  parameters: { site: ON_PHONE, screenshot: { viewport: true, size: PHONES.upright } },
  play: async (context) => {
    await fivePicksOnPhone(context);
  },
};

/**
 * On the narrowest phone (320 x 640), in Portuguese: the table drops its change column and does
 * not scroll sideways (the add buttons in view), the placeholder is the short one.
 */
export const FivePicksOnNarrowestPhone: Story = {
  parameters: { site: ON_PHONE, screenshot: { viewport: true, size: PHONES.narrowest } },
  globals: { locale: 'pt-br' },
  play: async (context) => {
    const t = textsOf(context, 'coins');
    const dialog = await fivePicksOnPhone(context);
    const table = within(dialog).getByRole('table', { name: t('table.label') });
    await expect(within(table).queryByRole('columnheader', { name: t('table.change') })).toBeNull();
    await expectOnScreen(
      within(table).getByRole('button', { name: t('actionLabel.add', { name: 'Dogecoin' }) }),
    );
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

/**
 * On a phone, the toast that refuses a sixth coin starts below where the top bar would be: it
 * covers neither the dialog's title nor its close button.
 */
export const SixthRefusedOnPhone: Story = {
  parameters: { site: ON_PHONE, screenshot: { viewport: true, size: PHONES.narrowest } },
  play: async (context) => {
    const t = textsOf(context, 'coins');
    const dialog = await dialogWithCoins(context);
    for (const symbol of FIVE) await add(dialog, context, symbol);
    await add(dialog, context, 'DOGE');
    await expectToastClearOfPicker(
      t('messages.addCoin_tips-1', { limit: 5 }),
      dialog,
      pickerNames(context),
    );
  },
};
