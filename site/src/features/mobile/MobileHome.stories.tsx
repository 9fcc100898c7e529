// The mobile page as /mobile/ shows it on a phone: the top bar and, for a visitor, what Coinlens
// does and the way in; for Ana, signed in, her coins, her sources' next events and the assistant
// behind the tabs at the bottom of the screen. In the site's layout as the page has it (its mobile
// frame and dialog host), over the stories' mocked API on 1 November 2026 at noon UTC (an upcoming
// event says "Starts today 18:30"), shot at a phone's size (375 x 812; 320 x 640 for the narrowest
// phones). Everything a story changes outside the page is put back when it ends: the address's
// `?tab=`, Ana's onboarding progress, the realtime connection (the layout's, opened here on the
// mocked API's realtime socket) and the locale cookie.
import { formatPercentChange, formatPrice } from '@coinlens/design-system';
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import { Layout } from '../../shell/Layout';
import { LOCALE_COOKIE, localeCookie, localeFromCookie } from '../../i18n/cookie';
import { chatStory } from '../../testing/chat';
import { morning } from '../../testing/chatFixtures';
import { loadMockedIo, type RouteName } from '../../testing/api';
import { ANA, coin, MOVED_PRICES, QUOTED_AT } from '../../testing/fixtures';
import { LATER_STARTS, MONITOR_SOURCES, STORY_NOW } from '../../testing/monitorFixtures';
import { findDialog, page, visible } from '../../testing/play';
import { PHONE, SMALL_PHONE } from '../../testing/phone';
import { mockApiOf, storyLocale, textsOf, type SiteParameters } from '../../testing/site';
import {
  onboardingStorageKey,
  PROGRESS_VERSION,
  type OnboardingProgress,
} from '../assistant/onboarding/onboardingMachine';
import { COUNTDOWN_STEP_MS } from '../assistant/onboarding/script';
import { startRealtime } from '../assistant/realtime/connection';
import { intlLocale } from '../../i18n/locales';
import { formatAsOf } from '../reporting/format';
import { LANGUAGE_RELOAD_DELAY_MS } from '../../shell/LanguagePicker';
import { MobileHome } from './MobileHome';
import { LANGUAGE_SHORT_NAMES, MobileTopBar } from './MobileTopBar';
import type { MobileTab } from './tabs';

/**
 * How long a step may take: the signed-in page, its lists and the chat each load their code and
 * data first, and under a loaded CI machine (builds and tests beside it) that has taken over 5 s.
 */
const WAIT = { timeout: 15_000 };

/** The coins Ana follows, newest first: one up, two down and one flat over 24 h. */
const ANA_COINS = ['BTC', 'ETH', 'SOL', 'USDT'].map((symbol) => coin(symbol).id);

/**
 * The sources Ana monitors: the live desk, the five upcoming ones (the list shows four of them
 * and counts the fifth) and the completed builders' space, which is no event to come.
 */
const ANA_EVENTS = [21, 15, 14, 13, 12, 11, 31];

const SITE: SiteParameters = {
  signedIn: true,
  path: '/mobile/',
  layout: true,
  now: STORY_NOW,
  api: {
    follows: ANA_COINS,
    prices: MOVED_PRICES,
    monitor: { sources: MONITOR_SOURCES, followed: ANA_EVENTS },
    chat: { messages: morning() },
  },
};

const SIGNED_OUT: SiteParameters = { ...SITE, signedIn: false };

/** The same meta with other mocked API options. */
const withApi = (api: SiteParameters['api']): SiteParameters => ({
  ...SITE,
  api: { ...SITE.api, ...api },
});

const FOLLOW_LIST: RouteName = 'GET /api/follow/list';
const PRICES: RouteName = 'GET /api/coin/price';
const USER_SOURCES: RouteName = 'GET /api/monitor/user/source/list';
const CHAT_LIST: RouteName = 'GET /api/chat/list';
const USER: RouteName = 'GET /api/user';

/** `parameters.mobile` of a story. */
interface MobileParameters {
  /** The section the address names when the page loads (`?tab=events`); none by default. */
  tab?: MobileTab;
  /** Ana's onboarding progress saved before the page loads: over, by default. */
  onboarding?: Omit<OnboardingProgress, 'version'>;
}

const FINISHED: Omit<OnboardingProgress, 'version'> = {
  id: 24,
  tasks: { 1: 'done', 2: 'done' },
  finished: true,
};

const mobileParameters = (context: Pick<StoryContext, 'parameters'>): MobileParameters =>
  (context.parameters.mobile as MobileParameters | undefined) ?? {};

/** The `tab` of the address (the story iframe's), or null. */
const addressTab = () => new URLSearchParams(window.location.search).get('tab');

/** Writes `tab` into the address, keeping the rest of it (null removes it). */
function setAddressTab(tab: string | null) {
  if (addressTab() === tab) return;
  const { pathname, search, hash } = window.location;
  const params = new URLSearchParams(search);
  if (tab === null) params.delete('tab');
  else params.set('tab', tab);
  const query = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${pathname}${query ? `?${query}` : ''}${hash}`,
  );
}

/**
 * Before the page loads: the address's tab, Ana's saved onboarding progress, and the realtime
 * connection, opened with socket.io's client over the mocked network on the mocked API's realtime
 * socket (the page's own chat store talks to it, as it talks to socket.io on a page; the layout's
 * own start then does nothing). All put back when the story ends.
 */
async function preparePage<TArgs>(context: StoryContext<TArgs>) {
  const { tab, onboarding = FINISHED } = mobileParameters(context);
  const tabBefore = addressTab();
  setAddressTab(tab ?? null);

  const key = onboardingStorageKey(ANA.id);
  window.localStorage.setItem(key, JSON.stringify({ version: PROGRESS_VERSION, ...onboarding }));

  const stopRealtime = startRealtime({ io: await loadMockedIo() });

  return () => {
    stopRealtime();
    window.localStorage.removeItem(key);
    setAddressTab(tabBefore);
  };
}

/** The mobile page as pages/mobile/index.tsx makes it: the site's layout, its mobile frame. */
function MobilePage() {
  return (
    <Layout header={false} variant="mobile" banner={<MobileTopBar />}>
      <MobileHome />
    </Layout>
  );
}

const meta = {
  title: 'Site/Mobile/Home',
  tags: ['site', '!autodocs'],
  component: MobileHome,
  ...chatStory,
  beforeEach: [...chatStory.beforeEach, preparePage],
  render: () => <MobilePage />,
  parameters: {
    ...chatStory.parameters,
    layout: 'fullscreen',
    screenshot: { viewport: true, size: PHONE },
    // The layout's "Skip to content" link is outside every landmark, as a skip link is: axe knows
    // one by being the page's first link, and the story's page has Storybook's (hidden) links
    // before it.
    a11y: { config: { rules: [{ id: 'region', selector: 'body *:not(a[href="#main"])' }] } },
    site: SITE,
  },
} satisfies Meta<typeof MobileHome>;

export default meta;
type Story = StoryObj<typeof meta>;

const mobileTexts = (context: StoryContext) => textsOf(context, 'mobile');

/**
 * A number as the page writes it, as a text query finds it: Intl may put no-break spaces in it
 * (`US$ 64.502,10`, `R$`), which the text read off the page collapses.
 */
const shown = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

/** The page's language as Intl writes numbers in it. */
const numberLocale = (context: StoryContext) => intlLocale(storyLocale(context.globals));

/** The tabs at the bottom of the page, once they show. */
async function findTabs(context: StoryContext) {
  const t = mobileTexts(context);
  return visible(page().findByRole('tablist', { name: t('tabs.label') }, WAIT));
}

const tabOf = (context: StoryContext, tab: MobileTab) =>
  within(page().getByRole('tablist', { name: mobileTexts(context)('tabs.label') })).getByRole(
    'tab',
    { name: mobileTexts(context)(`tabs.${tab}`) },
  );

/** Checks that `tab` is the one selected, its panel the one shown, and the focus stop. */
async function expectSelected(context: StoryContext, tab: MobileTab) {
  const t = mobileTexts(context);
  for (const other of ['coins', 'events', 'chat'] as const) {
    const selected = other === tab;
    await expect(tabOf(context, other)).toHaveAttribute('aria-selected', String(selected));
    await expect(tabOf(context, other)).toHaveAttribute('tabindex', selected ? '0' : '-1');
    // A hidden panel is out of the accessibility tree.
    const panel = page().queryByRole('tabpanel', { name: t(`tabs.${other}`) });
    if (selected) await expect(panel).toBeVisible();
    else await expect(panel).toBeNull();
  }
}

/**
 * Waits until the page shows `tab`, the one its address names: the page reads the address once
 * it is on screen, so the default tab shows for a moment before.
 */
async function openedOn(context: StoryContext, tab: MobileTab) {
  await findTabs(context);
  await waitFor(() => expectSelected(context, tab), WAIT);
}

/** The section of Ana's coins. */
const coinsSection = (context: StoryContext) =>
  page().getByRole('region', { name: mobileTexts(context)('coins.title') });

/** The section of Ana's coins, once the signed-in page's code has loaded and rendered it. */
const findCoinsSection = (context: StoryContext) =>
  page().findByRole('region', { name: mobileTexts(context)('coins.title') }, WAIT);

/** The rows of Ana's coins, once they show. */
async function findCoinRows(context: StoryContext) {
  const section = await findCoinsSection(context);
  const list = await visible(within(section).findByRole('list', {}, WAIT));
  await waitFor(
    () => expect(within(list).getAllByRole('listitem')).toHaveLength(ANA_COINS.length),
    WAIT,
  );
  return within(list).getAllByRole('listitem');
}

/**
 * Checks a coin's row: its name and symbol, its price, and its 24 h change told by a sign and an
 * arrow (up or down) as well as by colour; none for a change that rounds to 0.00 %.
 */
async function expectCoinRow(
  context: StoryContext,
  row: HTMLElement | undefined,
  symbol: string,
  { price, percentChange24h }: { price: number; percentChange24h: number },
) {
  const locale = numberLocale(context);
  const { name } = coin(symbol);
  if (!row) throw new Error(`No row for ${name}`);
  await expect(within(row).getByText(name)).toBeVisible();
  await expect(within(row).getByText(symbol)).toBeVisible();
  await expect(within(row).getByText(shown(formatPrice(price, locale)))).toBeVisible();
  const changeText = shown(formatPercentChange(percentChange24h, locale));
  const change = within(row).getByText(changeText);
  await expect(change).toBeVisible();
  const trend = change.getAttribute('data-trend');
  const arrow = change.querySelector('svg[data-part="arrow"]');
  if (Number(percentChange24h.toFixed(2)) > 0) {
    await expect(trend).toBe('up');
    await expect(changeText).toMatch(/^\+/);
    await expect(arrow).not.toBeNull();
  } else if (Number(percentChange24h.toFixed(2)) < 0) {
    await expect(trend).toBe('down');
    await expect(changeText).toMatch(/^[-\u2212]/);
    await expect(arrow).not.toBeNull();
  } else {
    await expect(trend).toBe('flat');
    await expect(arrow).toBeNull();
  }
}

const quoteOf = (symbol: string) => coin(symbol).quotes;

/** The section of Ana's next events. */
const eventsSection = (context: StoryContext) =>
  page().getByRole('region', { name: mobileTexts(context)('events.title') });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An accessible name made of `parts`, in order (however the browser spaces them). */
const nameOf = (...parts: string[]) => new RegExp(`^${parts.map(escape).join('\\s*')}$`);

/** The links of Ana's next events that open their phone view, once they show. */
async function findEventLinks(context: StoryContext, count: number) {
  const list = await visible(within(eventsSection(context)).findByRole('list', {}, WAIT));
  const views = () =>
    within(list)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('target') !== '_blank');
  await waitFor(() => expect(views()).toHaveLength(count), WAIT);
  return views();
}

// --- Signed out --------------------------------------------------------------------------------

/**
 * A visitor: what Coinlens does on a phone, the way in, and the top bar with the logo, the
 * language and the login button.
 */
export const SignedOut: Story = {
  parameters: { site: SIGNED_OUT },
  play: async (context) => {
    const t = mobileTexts(context);
    const common = textsOf(context);
    await visible(page().findByRole('heading', { level: 1, name: t('intro.title') }, WAIT));
    await expect(page().getByText(t('intro.lead'))).toBeVisible();
    await expect(page().getByText(common('tagline'))).toBeVisible();
    for (const point of ['coins', 'events', 'assistant']) {
      const heading = page().getByRole('heading', {
        level: 2,
        name: t(`intro.points.${point}.title`),
      });
      await expect(heading).toBeVisible();
      await expect(page().getByText(t(`intro.points.${point}.body`))).toBeVisible();
    }
    await expect(page().getByRole('button', { name: t('intro.signIn') })).toBeEnabled();
    // The top bar.
    const banner = page().getByRole('banner');
    const locale = storyLocale(context.globals);
    const prefix = locale === 'en' ? '' : `/${locale}`;
    await expect(within(banner).getByRole('link', { name: common('logoLabel') })).toHaveAttribute(
      'href',
      `${prefix}/mobile/`,
    );
    await expect(
      within(banner).getByRole('combobox', {
        name: common('language.label', { language: LANGUAGE_SHORT_NAMES[locale] }),
      }),
    ).toHaveValue(locale);
    await visible(within(banner).findByRole('button', { name: common('profile.login') }, WAIT));
    // Nothing of a user's is asked for.
    await expect(page().queryByRole('tablist')).toBeNull();
    await expect(mockApiOf(context).calls(FOLLOW_LIST)).toHaveLength(0);
  },
};

/** The same on the narrowest phone: nothing is cut or runs off the side. */
export const SignedOutNarrow: Story = {
  ...SignedOut,
  parameters: { site: SIGNED_OUT, screenshot: { viewport: true, size: SMALL_PHONE } },
};

/** The same in Chinese. */
export const SignedOutChinese: Story = { ...SignedOut, globals: { locale: 'zh' } };

/** The same in Brazilian Portuguese. */
export const SignedOutPortuguese: Story = { ...SignedOut, globals: { locale: 'pt-br' } };

/** "Sign in or create an account" opens the login dialog, sized for the phone. */
export const SignIn: Story = {
  parameters: { site: SIGNED_OUT },
  play: async (context) => {
    const t = mobileTexts(context);
    const signIn = await visible(page().findByRole('button', { name: t('intro.signIn') }, WAIT));
    await userEvent.click(signIn);
    const dialog = await findDialog(textsOf(context)('login.title'));
    await expect(dialog).toBeVisible();
  },
};

// --- Coins -------------------------------------------------------------------------------------

/**
 * Ana's coins, newest follow first, each with its latest price and 24 h change (the fresh prices
 * of GET /api/coin/price, not the follow list's quotes), the time the prices are from and the
 * badge of the demo data set.
 */
export const Coins: Story = {
  play: async (context) => {
    const t = mobileTexts(context);
    // The placeholder's greeting is replaced by the loaded page's: asked for again until it shows.
    await visible(() =>
      page().getByRole('heading', { level: 1, name: t('greeting', { nickname: ANA.nickname }) }),
    );
    // The greeting shows while the rest of the signed-in page's code loads.
    await findTabs(context);
    await expectSelected(context, 'coins');
    const rows = await findCoinRows(context);
    // Bitcoin and Ethereum moved since their quotes; the page shows where they are now.
    await waitFor(
      () =>
        expect(
          within(rows[0] as HTMLElement).getByText(
            shown(formatPrice(MOVED_PRICES[1]?.price ?? 0, numberLocale(context))),
          ),
        ).toBeVisible(),
      WAIT,
    );
    await expectCoinRow(context, rows[0], 'BTC', MOVED_PRICES[1] ?? quoteOf('BTC'));
    await expectCoinRow(context, rows[1], 'ETH', MOVED_PRICES[2] ?? quoteOf('ETH'));
    await expectCoinRow(context, rows[2], 'SOL', quoteOf('SOL'));
    await expectCoinRow(context, rows[3], 'USDT', quoteOf('USDT'));
    const asOf = formatAsOf(
      QUOTED_AT,
      { t: textsOf(context, 'reporting'), language: storyLocale(context.globals) },
      { now: STORY_NOW },
    );
    await expect(within(coinsSection(context)).getByText(asOf ?? '')).toBeVisible();
    await expect(within(coinsSection(context)).getByText(t('coins.demo'))).toBeVisible();
    await expect(within(coinsSection(context)).queryByText(t('coins.pricesError'))).toBeNull();
    await expect(
      within(coinsSection(context)).getByRole('button', { name: t('coins.add') }),
    ).toBeEnabled();
    // One request for every coin's price.
    const asked = mockApiOf(context).calls(PRICES);
    await expect(asked.at(-1)?.query.get('coinIds')).toBe(
      [...ANA_COINS].sort((a, b) => a - b).join(','),
    );
  },
};

/**
 * Ana's details could not be loaded (the API out of reach): the page greets her without her
 * nickname rather than leaving its heading blank, and her coins still show.
 */
export const GreetingWithoutDetails: Story = {
  parameters: { site: withApi({ faults: { [USER]: 'network' } }) },
  play: async (context) => {
    const t = mobileTexts(context);
    await visible(() => page().getByRole('heading', { level: 1, name: t('greetingUnnamed') }));
    const rows = await findCoinRows(context);
    await expectCoinRow(context, rows[2], 'SOL', quoteOf('SOL'));
  },
};

/** The same in Chinese. */
export const GreetingWithoutDetailsChinese: Story = {
  ...GreetingWithoutDetails,
  globals: { locale: 'zh' },
};

/** The same on the narrowest phone. */
export const CoinsNarrow: Story = {
  ...Coins,
  parameters: { screenshot: { viewport: true, size: SMALL_PHONE } },
};

/** The same in Chinese. */
export const CoinsChinese: Story = { ...Coins, globals: { locale: 'zh' } };

/** The same in Brazilian Portuguese. */
export const CoinsPortuguese: Story = { ...Coins, globals: { locale: 'pt-br' } };

/** "Add coins" opens the add-cryptocurrency dialog. */
export const AddCoins: Story = {
  play: async (context) => {
    const t = mobileTexts(context);
    await findCoinRows(context);
    await userEvent.click(
      within(coinsSection(context)).getByRole('button', { name: t('coins.add') }),
    );
    await findDialog(textsOf(context, 'coins')('title'));
  },
};

/** Ana follows no coin yet: an invitation to add some, and no prices are asked for. */
export const CoinsEmpty: Story = {
  parameters: { site: withApi({ follows: [] }) },
  play: async (context) => {
    const t = mobileTexts(context);
    const section = await findCoinsSection(context);
    await visible(within(section).findByText(t('coins.empty'), {}, WAIT));
    await expect(within(section).getByText(t('coins.emptyHint'))).toBeVisible();
    await expect(within(section).getByRole('button', { name: t('coins.add') })).toBeEnabled();
    await expect(within(section).queryByRole('list')).toBeNull();
    await expect(mockApiOf(context).calls(PRICES)).toHaveLength(0);
  },
};

/** The list of coins is on its way: placeholder rows say it is loading. */
export const CoinsLoading: Story = {
  parameters: { site: withApi({ faults: { [FOLLOW_LIST]: 'hold' } }) },
  play: async (context) => {
    const t = mobileTexts(context);
    const status = await visible(
      within(await findCoinsSection(context)).findByRole(
        'status',
        { name: t('coins.title') },
        WAIT,
      ),
    );
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expect(within(coinsSection(context)).queryByRole('list')).toBeNull();
  },
};

/** The list of coins could not be loaded (offline): the page says so and offers to try again. */
export const CoinsError: Story = {
  parameters: { site: withApi({ faults: { [FOLLOW_LIST]: 'network' } }) },
  play: async (context) => {
    const t = mobileTexts(context);
    const alert = await visible(
      within(await findCoinsSection(context)).findByRole('alert', {}, WAIT),
    );
    await expect(alert).toHaveTextContent(t('coins.error'));
    await expect(within(alert).getByRole('button', { name: t('coins.retry') })).toBeEnabled();
  },
};

/** Back online, "Try again" loads the coins. */
export const CoinsErrorRetried: Story = {
  parameters: CoinsError.parameters,
  play: async (context) => {
    const t = mobileTexts(context);
    const alert = await visible(
      within(await findCoinsSection(context)).findByRole('alert', {}, WAIT),
    );
    mockApiOf(context).heal(FOLLOW_LIST);
    await userEvent.click(within(alert).getByRole('button', { name: t('coins.retry') }));
    const rows = await findCoinRows(context);
    await waitFor(
      () => expect(within(coinsSection(context)).queryByRole('alert')).toBeNull(),
      WAIT,
    );
    await expectCoinRow(context, rows[2], 'SOL', quoteOf('SOL'));
  },
};

/**
 * The prices could not be refreshed: a note says so, and each coin keeps the quote of its follow
 * entry (no "as of" time, no demo badge: those are the prices').
 */
export const PricesUnavailable: Story = {
  parameters: { site: withApi({ faults: { [PRICES]: { code: 500, key: 'internal' } } }) },
  play: async (context) => {
    const t = mobileTexts(context);
    const section = await findCoinsSection(context);
    const rows = await findCoinRows(context);
    await visible(within(section).findByText(t('coins.pricesError'), {}, WAIT));
    await expectCoinRow(context, rows[0], 'BTC', quoteOf('BTC'));
    await expectCoinRow(context, rows[1], 'ETH', quoteOf('ETH'));
    await expect(within(section).queryByText(t('coins.demo'))).toBeNull();
    await expect(mockApiOf(context).calls(PRICES).length).toBeGreaterThan(0);
  },
};

// --- Events ------------------------------------------------------------------------------------

/**
 * The address names the events (`?tab=events`): what is live first, then what is to come, soonest
 * first, five of them and a count of the rest; each opens its phone view, and the event itself in
 * a new tab from a control of its own. Under them, the finished builders' space.
 */
export const Events: Story = {
  parameters: { mobile: { tab: 'events' } },
  play: async (context) => {
    const t = mobileTexts(context);
    await openedOn(context, 'events');
    const links = await findEventLinks(context, 5);
    const today = `${t('events.today')} 18:30`;
    const [devcall, roundtable, weekly] = LATER_STARTS[storyLocale(context.globals)];
    const expected = [
      ['Live trading desk', 'Market Desk', t('events.live')],
      ['Bitcoin halving AMA', 'Satoshi Fans', t('events.startsAt', { time: today })],
      ['Ethereum core devcall', 'Core devs', t('events.startsAt', { time: devcall })],
      ['Layer 2 roundtable', 'L2 Club', t('events.startsAt', { time: roundtable })],
      ['NFT market weekly', 'NFT Desk', t('events.startsAt', { time: weekly })],
    ];
    for (const [index, parts] of expected.entries()) {
      await expect(links[index]).toHaveAccessibleName(nameOf(...parts));
    }
    await expect(within(links[0] as HTMLElement).queryByText(/\d\d:\d\d/)).toBeNull();
    const locale = storyLocale(context.globals);
    await expect(links[1]).toHaveAttribute(
      'href',
      `${locale === 'en' ? '' : `/${locale}`}/mobile/monitoring/detail/?id=11`,
    );
    const outside = within(eventsSection(context))
      .getAllByRole('link')
      .filter((link) => link.getAttribute('target') === '_blank');
    await expect(outside).toHaveLength(5);
    for (const [index, link] of outside.entries()) {
      const title = expected[index]?.[0] ?? '';
      await expect(link).toHaveAccessibleName(
        nameOf(t('source.openEvent', { title }), t('events.newTab')),
      );
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(outside[1]).toHaveAttribute('href', 'https://x.com/i/spaces/story11');
    await expect(
      within(eventsSection(context)).getByText(t('events.more', { count: 1 })),
    ).toBeVisible();
    await expect(
      within(eventsSection(context)).getByRole('button', { name: t('events.add') }),
    ).toBeEnabled();
    const finished = await visible(
      page().findByRole('region', { name: t('source.finished.title') }, WAIT),
    );
    await waitFor(
      () => expect(within(finished).getAllByRole('link')[0]).toHaveTextContent(/Solana builders/),
      WAIT,
    );
  },
};

/** The same on the narrowest phone. */
export const EventsNarrow: Story = {
  ...Events,
  parameters: { mobile: { tab: 'events' }, screenshot: { viewport: true, size: SMALL_PHONE } },
};

/** The same in Chinese. */
export const EventsChinese: Story = { ...Events, globals: { locale: 'zh' } };

/** The events are on their way: placeholders say they are loading. */
export const EventsLoading: Story = {
  parameters: { mobile: { tab: 'events' }, site: withApi({ faults: { [USER_SOURCES]: 'hold' } }) },
  play: async (context) => {
    const t = mobileTexts(context);
    await openedOn(context, 'events');
    const status = await visible(
      within(eventsSection(context)).findByRole('status', { name: t('events.title') }, WAIT),
    );
    await expect(status).toHaveAttribute('aria-busy', 'true');
  },
};

const NOTHING_TO_COME: SiteParameters = withApi({
  monitor: { sources: MONITOR_SOURCES, followed: [21, 22] },
});

/**
 * None of Ana's sources is live or to come (she monitors only finished ones): an invitation to
 * add sources.
 */
export const EventsEmpty: Story = {
  parameters: { mobile: { tab: 'events' }, site: NOTHING_TO_COME },
  play: async (context) => {
    const t = mobileTexts(context);
    await openedOn(context, 'events');
    const section = eventsSection(context);
    await visible(within(section).findByText(t('events.empty'), {}, WAIT));
    await expect(within(section).getByText(t('events.emptyHint'))).toBeVisible();
    await expect(within(section).queryByRole('list')).toBeNull();
    await expect(within(section).getByRole('button', { name: t('events.add') })).toBeEnabled();
  },
};

/** "Add sources" opens the add-monitoring dialog. */
export const AddSources: Story = {
  parameters: EventsEmpty.parameters,
  play: async (context) => {
    const t = mobileTexts(context);
    await openedOn(context, 'events');
    const section = eventsSection(context);
    await visible(within(section).findByText(t('events.empty'), {}, WAIT));
    await userEvent.click(within(section).getByRole('button', { name: t('events.add') }));
    const m = textsOf(context, 'monitoring');
    const dialog = await findDialog(m('dialog.title'));
    // Its screenshot is of the sources, not of their loading state.
    await waitFor(() => expect(within(dialog).queryByText(m('dialog.loading'))).toBeNull(), WAIT);
  },
};

/** The events could not be loaded (offline): the page says so and offers to try again. */
export const EventsError: Story = {
  parameters: {
    mobile: { tab: 'events' },
    site: withApi({ faults: { [USER_SOURCES]: 'network' } }),
  },
  play: async (context) => {
    const t = mobileTexts(context);
    await openedOn(context, 'events');
    const alert = await visible(within(eventsSection(context)).findByRole('alert', {}, WAIT));
    await expect(alert).toHaveTextContent(t('events.error'));
    await expect(within(alert).getByRole('button', { name: t('events.retry') })).toBeEnabled();
  },
};

/** Back online, "Try again" loads the events. */
export const EventsErrorRetried: Story = {
  parameters: EventsError.parameters,
  play: async (context) => {
    const t = mobileTexts(context);
    await openedOn(context, 'events');
    const alert = await visible(within(eventsSection(context)).findByRole('alert', {}, WAIT));
    mockApiOf(context).heal(USER_SOURCES);
    await userEvent.click(within(alert).getByRole('button', { name: t('events.retry') }));
    await findEventLinks(context, 5);
    await expect(within(eventsSection(context)).queryByRole('alert')).toBeNull();
  },
};

// --- Tabs --------------------------------------------------------------------------------------

/**
 * A tab shows its section and writes it into the address (`?tab=events`; the coins, the default,
 * are not written), and the browser's way back goes back to the section before.
 */
export const Tabs: Story = {
  play: async (context) => {
    const t = mobileTexts(context);
    await findTabs(context);
    await expectSelected(context, 'coins');
    await expect(addressTab()).toBeNull();

    await userEvent.click(tabOf(context, 'events'));
    await expectSelected(context, 'events');
    await expect(addressTab()).toBe('events');
    await visible(within(eventsSection(context)).findByRole('list', {}, WAIT));

    await userEvent.click(tabOf(context, 'coins'));
    await expectSelected(context, 'coins');
    await expect(addressTab()).toBeNull();
    await expect(page().getByRole('heading', { level: 2, name: t('coins.title') })).toBeVisible();

    // Back: the events again, as the address says.
    window.history.back();
    await waitFor(() => expect(addressTab()).toBe('events'), WAIT);
    await waitFor(() => expectSelected(context, 'events'), WAIT);
  },
};

/**
 * The arrow keys move between the tabs (wrapping around), Home and End go to the first and the
 * last, and the focus follows: the selected tab is the only one in the tab order.
 */
export const TabsKeyboard: Story = {
  play: async (context) => {
    await findTabs(context);
    await userEvent.click(tabOf(context, 'coins'));
    await expect(tabOf(context, 'coins')).toHaveFocus();
    const steps: Array<[key: string, tab: MobileTab]> = [
      ['{ArrowRight}', 'events'],
      ['{ArrowRight}', 'chat'],
      ['{ArrowRight}', 'coins'],
      ['{ArrowLeft}', 'chat'],
      ['{Home}', 'coins'],
      ['{End}', 'chat'],
      ['{ArrowLeft}', 'events'],
    ];
    for (const [key, tab] of steps) {
      await userEvent.keyboard(key);
      await expect(tabOf(context, tab)).toHaveFocus();
      await expectSelected(context, tab);
      await expect(addressTab()).toBe(tab === 'coins' ? null : tab);
    }
  },
};

// --- Assistant ---------------------------------------------------------------------------------

const assistantTexts = (context: StoryContext) => textsOf(context, 'assistant');

/** The conversation's log, once it shows. */
function findLog(context: StoryContext) {
  return visible(page().findByRole('log', { name: assistantTexts(context)('logLabel') }, WAIT));
}

const bubbles = (log: HTMLElement) => within(log).queryAllByRole('article');

const SOLANA_REPLY = ['Solana is at $142.77, ', 'down 4.56% over the last 24 hours.'];

/**
 * The chat loads only when its tab is first opened: Ana's conversation so far, and a question
 * answered over the realtime socket. Going to another tab and back keeps it as it was.
 */
export const Assistant: Story = {
  parameters: {
    site: withApi({
      chat: { messages: morning(), replies: [{ parts: SOLANA_REPLY.map((text) => ({ text })) }] },
    }),
  },
  play: async (context) => {
    const ta = assistantTexts(context);
    const api = mockApiOf(context);
    await findCoinRows(context);
    // Nothing of the chat before its tab is opened.
    await expect(api.calls(CHAT_LIST)).toHaveLength(0);
    await expect(page().queryByRole('log')).toBeNull();

    await userEvent.click(tabOf(context, 'chat'));
    await expectSelected(context, 'chat');
    await expect(addressTab()).toBe('chat');
    const log = await findLog(context);
    await waitFor(() => expect(bubbles(log)).toHaveLength(4), WAIT);
    await expect(api.calls(CHAT_LIST)).toHaveLength(1);

    const textbox = page().getByRole('textbox', { name: ta('input.label') });
    await waitFor(() => expect(textbox).toBeEnabled(), WAIT);
    await userEvent.type(textbox, 'How is Solana doing?');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(bubbles(log)).toHaveLength(6), WAIT);
    await waitFor(() => expect(bubbles(log)[5]).toHaveTextContent(SOLANA_REPLY.join('')), WAIT);
    await expect(api.chat.questions.map((question) => question.text)).toEqual([
      'How is Solana doing?',
    ]);

    // To the coins and back: the same conversation, not loaded again.
    await userEvent.click(tabOf(context, 'coins'));
    await expect(page().queryByRole('log')).toBeNull();
    await userEvent.click(tabOf(context, 'chat'));
    await expect(await findLog(context)).toBe(log);
    await expect(bubbles(log)).toHaveLength(6);
    await expect(api.calls(CHAT_LIST)).toHaveLength(1);
  },
};

/**
 * A new user sent here from the welcome page (`?tab=chat`) is at the end of the onboarding
 * script: "I'm ready" counts down, and the page goes on to Ana's coins.
 */
export const AssistantOnboardingEnds: Story = {
  parameters: {
    mobile: {
      tab: 'chat',
      onboarding: { id: 18, tasks: { 1: 'done', 2: 'skipped' }, finished: false },
    },
  },
  play: async (context) => {
    const to = textsOf(context, 'onboarding');
    await openedOn(context, 'chat');
    await findLog(context);
    const ready = await visible(page().findByRole('region', { name: to('script.ready') }, WAIT));
    await userEvent.click(within(ready).getByRole('button', { name: to('actions.ready') }));
    // "3", "2", "1", "Go!", a second apart, then the coins.
    await waitFor(() => expectSelected(context, 'coins'), {
      timeout: 6 * COUNTDOWN_STEP_MS + 5000,
    });
    await expect(addressTab()).toBeNull();
    await findCoinRows(context);
    const saved = JSON.parse(window.localStorage.getItem(onboardingStorageKey(ANA.id)) ?? '{}');
    await expect(saved).toMatchObject({ finished: true });
  },
};

// --- The top bar -------------------------------------------------------------------------------

/**
 * Holds the page load the language picker asks for (a 200 ms timer set while the select's change
 * is handled), so that the story stays on its page; any other timer runs as usual. A plain
 * stand-in rather than a spy: Testing Library takes a mocked setTimeout for Jest's fake timers.
 */
function holdLanguageReload() {
  const realSetTimeout = window.setTimeout;
  let changing = false;
  const held: unknown[] = [];
  const start = () => (changing = true);
  const end = () => (changing = false);
  window.addEventListener('change', start, true);
  window.addEventListener('change', end);
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    if (changing && delay === LANGUAGE_RELOAD_DELAY_MS) {
      held.push(handler);
      return 0;
    }
    return realSetTimeout(handler, delay, ...args);
  }) as typeof window.setTimeout;
  return {
    held,
    release: () => {
      window.setTimeout = realSetTimeout;
      window.removeEventListener('change', start, true);
      window.removeEventListener('change', end);
    },
  };
}

/** Puts the locale cookie back as it was before the story. */
function keepLocaleCookie() {
  const before = localeFromCookie(document.cookie);
  return () => {
    document.cookie = before
      ? localeCookie(before)
      : `${LOCALE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  };
}

/**
 * The language picker is the phone's own: a native select labelled "Language" over the short
 * name. Choosing another language shows "Switching language…", remembers it, and would load the
 * page in it (held here, so the story stays).
 */
export const LanguageSwitch: Story = {
  beforeEach: keepLocaleCookie,
  play: async (context) => {
    const common = textsOf(context);
    await findCoinRows(context);
    const select = within(page().getByRole('banner')).getByRole('combobox', {
      name: common('language.label', { language: LANGUAGE_SHORT_NAMES.en }),
    });
    await expect(select).toHaveValue('en');
    await expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', '中文', 'Português Brasil']);
    await expect(page().queryByText(common('language.switching'))).toBeNull();

    const reload = holdLanguageReload();
    try {
      await userEvent.selectOptions(select, 'zh');
    } finally {
      reload.release();
    }
    await visible(page().findByText(common('language.switching'), {}, WAIT));
    await expect(reload.held).toHaveLength(1);
    await expect(localeFromCookie(document.cookie)).toBe('zh');
  },
};
