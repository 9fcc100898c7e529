// The phone's report view of one coin as /mobile/reporting/?coin=N shows it: signed in as Ana, who
// follows Bitcoin and Ethereum, over the stories' mocked API (its reports climb steadily to the
// latest price), shot at a phone's size (375 x 812; 320 x 640 for the narrowest phones). In a
// phone's column as the mobile layout gives it, without the top bar (the mobile home page's
// stories have it).
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import type { RouteName } from '../../testing/api';
import { coin, MOVED_PRICES } from '../../testing/fixtures';
import { navigate } from '../../testing/gatsby';
import { findDialog, page, visible, WAIT } from '../../testing/play';
import { PHONE, PhoneColumn, SMALL_PHONE } from '../../testing/phone';
import {
  mockApiOf,
  siteStory,
  storyLocale,
  textsOf,
  type SiteParameters,
} from '../../testing/site';
import { localizedPath } from '../../i18n/locales';
import { MobileReportOfAddress } from './MobileReportOfAddress';

const BITCOIN = coin('BTC');
const ETHEREUM = coin('ETH');
const SOLANA = coin('SOL');

const SITE: SiteParameters = {
  signedIn: true,
  path: '/mobile/reporting/',
  api: { follows: [BITCOIN.id, ETHEREUM.id], prices: MOVED_PRICES },
};

const REPORT: RouteName = 'GET /api/analysis/coin';
const FOLLOW_LIST: RouteName = 'GET /api/follow/list';

const withFaults = (faults: NonNullable<SiteParameters['api']>['faults']): SiteParameters => ({
  ...SITE,
  api: { ...SITE.api, faults },
});

const meta = {
  title: 'Site/Mobile/Report',
  tags: ['site', '!autodocs'],
  component: MobileReportOfAddress,
  ...siteStory,
  // The view as the mobile layout holds it: in the main landmark, a phone's column.
  render: (args) => (
    <PhoneColumn>
      <MobileReportOfAddress {...args} />
    </PhoneColumn>
  ),
  args: { search: `?coin=${BITCOIN.id}`, fromSite: true },
  parameters: {
    ...siteStory.parameters,
    layout: 'fullscreen',
    screenshot: { viewport: true, size: PHONE },
    site: SITE,
  },
} satisfies Meta<typeof MobileReportOfAddress>;

export default meta;
type Story = StoryObj<typeof meta>;

const mobileTexts = (context: StoryContext) => textsOf(context, 'mobile');
const reportingTexts = (context: StoryContext) => textsOf(context, 'reporting');

/** The way back to the coins list: a link to the mobile page, a finger's size. */
async function expectBack(context: StoryContext) {
  const back = page().getByRole('link', { name: mobileTexts(context)('report.back') });
  await expect(back).toHaveAttribute(
    'href',
    localizedPath(storyLocale(context.globals), '/mobile/'),
  );
  await expect(back.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  return back;
}

/** The report card of `name`, once its report has come. */
async function findReadyCard(name: string) {
  const card = await visible(page().findByRole('article', { name: new RegExp(`^${name}`) }, WAIT));
  await waitFor(() => expect(card).toHaveAttribute('data-status', 'ready'), WAIT);
  return card;
}

/** The report is on its way: the card shows the coin from the follow list, with placeholders. */
export const Loading: Story = {
  parameters: { site: withFaults({ [REPORT]: 'hold' }) },
  play: async (context) => {
    await visible(
      page().findByRole(
        'heading',
        { level: 1, name: mobileTexts(context)('report.title', { name: 'Bitcoin' }) },
        WAIT,
      ),
    );
    const card = page().getByRole('article', { name: /^Bitcoin/ });
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expectBack(context);
  },
};

/** Before the follow list has come: the frame and a loading card, named for assistive technology. */
export const LoadingList: Story = {
  parameters: { site: withFaults({ [FOLLOW_LIST]: 'hold' }) },
  play: async (context) => {
    const status = await visible(
      page().findByRole('status', { name: mobileTexts(context)('report.loading') }, WAIT),
    );
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expectBack(context);
  },
};

/**
 * Bitcoin's report on a phone: price, chart with its ranges, summary, indicators and signals, in
 * one column, every control a finger's size; the ranges switch the chart.
 */
export const Loaded: Story = {
  play: async (context) => {
    const t = reportingTexts(context);
    const card = await findReadyCard('Bitcoin');
    await expectBack(context);
    await expect(within(card).getByRole('region', { name: t('card.summary') })).toHaveTextContent(
      /\S/,
    );
    await expect(within(card).getByRole('region', { name: t('card.indicators') })).toBeVisible();
    await expect(within(card).getByRole('region', { name: t('card.signals') })).toBeVisible();
    const unfollow = within(card).getByRole('button', {
      name: t('card.unfollowNamed', { name: 'Bitcoin' }),
    });
    await expect(unfollow.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await expect(unfollow.getBoundingClientRect().width).toBeGreaterThanOrEqual(44);
    const week = within(card).getByRole('radio', { name: t('card.ranges.7d') });
    await expect(week.closest('label')!.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await userEvent.click(week);
    await expect(week).toBeChecked();
    await visible(
      within(card).findByRole(
        'figure',
        {
          name: t('chart.label', { name: 'Bitcoin', range: t('chart.rangeName.7d') }),
        },
        WAIT,
      ),
    );
    // Nothing is wider than the phone.
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** The same on the narrowest phone. */
export const LoadedNarrow: Story = {
  ...Loaded,
  parameters: { screenshot: { viewport: true, size: SMALL_PHONE } },
};

/** The same in Chinese. */
export const LoadedChinese: Story = { ...Loaded, globals: { locale: 'zh' } };

/** The same in Portuguese. */
export const LoadedPortuguese: Story = { ...Loaded, globals: { locale: 'pt-br' } };

/** The report could not be loaded (offline): the card says so; back online, Retry loads it. */
export const LoadError: Story = {
  parameters: { site: withFaults({ [REPORT]: 'network' }) },
  play: async (context) => {
    const t = reportingTexts(context);
    const alert = await visible(page().findByRole('alert', {}, WAIT));
    await expect(alert).toHaveTextContent(t('card.error', { name: 'Bitcoin' }));
    await expect(within(alert).getByRole('button', { name: t('card.retry') })).toBeEnabled();
    await expectBack(context);
  },
};

/** Back online, Retry loads the report. */
export const LoadErrorRetried: Story = {
  parameters: LoadError.parameters,
  play: async (context) => {
    const t = reportingTexts(context);
    const alert = await visible(page().findByRole('alert', {}, WAIT));
    mockApiOf(context).heal(REPORT);
    await userEvent.click(within(alert).getByRole('button', { name: t('card.retry') }));
    await findReadyCard('Bitcoin');
  },
};

/** Ana's coins could not be loaded: the view says so, and tries again. */
export const ListError: Story = {
  parameters: { site: withFaults({ [FOLLOW_LIST]: 'network' }) },
  play: async (context) => {
    const t = mobileTexts(context);
    const alert = await visible(page().findByRole('alert', {}, WAIT));
    await expect(alert).toHaveTextContent(t('coins.error'));
    mockApiOf(context).heal(FOLLOW_LIST);
    await userEvent.click(within(alert).getByRole('button', { name: t('coins.retry') }));
    await findReadyCard('Bitcoin');
  },
};

/** A coin Ana does not follow (a shared link): the view says so, with the way to follow it. */
export const NotFollowed: Story = {
  args: { search: `?coin=${SOLANA.id}` },
  play: async (context) => {
    const t = mobileTexts(context);
    await visible(
      page().findByText(t('report.notFollowed.title', { name: SOLANA.name }), {}, WAIT),
    );
    await expect(page().queryByRole('article')).toBeNull();
    await expect(
      page().getByRole('button', { name: t('report.notFollowed.follow', { name: SOLANA.name }) }),
    ).toBeEnabled();
    await expectBack(context);
  },
};

/** Following it from there: the view shows its report, and her list has it. */
export const NotFollowedFollows: Story = {
  args: NotFollowed.args,
  parameters: { screenshot: { disable: true } },
  play: async (context) => {
    const t = mobileTexts(context);
    await userEvent.click(
      await visible(
        page().findByRole(
          'button',
          { name: t('report.notFollowed.follow', { name: SOLANA.name }) },
          WAIT,
        ),
      ),
    );
    await findReadyCard(SOLANA.name);
    await expect(mockApiOf(context).coins.followedIds()).toEqual([
      SOLANA.id,
      BITCOIN.id,
      ETHEREUM.id,
    ]);
  },
};

/** An address whose coin is no whole id: a page not found, with the way to the mobile page. */
export const InvalidId: Story = {
  args: { search: '?coin=bitcoin' },
  play: async (context) => {
    const t = textsOf(context);
    await visible(page().findByRole('heading', { level: 1, name: t('notFound.text') }, WAIT));
    await expect(page().getByRole('link', { name: t('notFound.back') })).toHaveAttribute(
      'href',
      '/mobile/',
    );
  },
};

/** A coin the API does not know: a page not found too. */
export const UnknownCoin: Story = {
  ...InvalidId,
  args: { search: '?coin=999999' },
  parameters: { screenshot: { disable: true } },
};

/** Unfollowing asks first, with the same question as on a computer. */
export const UnfollowConfirmation: Story = {
  play: async (context) => {
    const t = reportingTexts(context);
    const card = await findReadyCard('Bitcoin');
    await userEvent.click(
      within(card).getByRole('button', { name: t('card.unfollowNamed', { name: 'Bitcoin' }) }),
    );
    const dialog = await findDialog(t('unfollow.title', { name: 'Bitcoin' }));
    await expect(within(dialog).getByRole('button', { name: t('unfollow.confirm') })).toBeEnabled();
  },
};

/** Confirmed: Ana's list loses the coin and the view goes back to the coins list it came from. */
export const Unfollowed: Story = {
  parameters: { screenshot: { disable: true } },
  play: async (context) => {
    const t = reportingTexts(context);
    const card = await findReadyCard('Bitcoin');
    const back = window.history.back;
    const wentBack = new Promise<void>((resolve) => {
      window.history.back = () => resolve();
    });
    try {
      await userEvent.click(
        within(card).getByRole('button', { name: t('card.unfollowNamed', { name: 'Bitcoin' }) }),
      );
      const dialog = await findDialog(t('unfollow.title', { name: 'Bitcoin' }));
      await userEvent.click(within(dialog).getByRole('button', { name: t('unfollow.confirm') }));
      await wentBack;
    } finally {
      window.history.back = back;
    }
    await expect(mockApiOf(context).coins.followedIds()).toEqual([ETHEREUM.id]);
    await expect(navigate).not.toHaveBeenCalled();
  },
};
