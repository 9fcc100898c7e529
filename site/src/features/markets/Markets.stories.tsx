// The market overview as /markets/ and the phone's /mobile/markets/ show it, public: every coin
// of the stories' mocked API (the fixtures, or 120 of them for a list that pages) in the design
// system's market table, over the mocked API's market routes. The page's address is the story's
// own (a state the page writes its sort and search into, as the page writes the browser's), and the
// layout's dialog host opens the login for a visitor's Follow.
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import { useState } from 'react';
import { MobileTopBar } from '../mobile/MobileTopBar';
import { DialogHost } from '../../shell/DialogHost';
import { useHydrated } from '../../shell/useHydrated';
import { marketCoins } from '../../testing/api';
import { findDialog, findToast, page, visible } from '../../testing/play';
import { inLanguage, PHONES, PhoneColumn, phoneShot } from '../../testing/phone';
import { QUOTED_AT } from '../../testing/fixtures';
import {
  mockApiOf,
  siteStory,
  storyLocale,
  textsOf,
  type SiteParameters,
} from '../../testing/site';
import { Markets } from './Markets';
import { formatUtcTime } from './provenance';

/** How long a step may take: the table, its sparklines and the search box load one after another. */
const WAIT = { timeout: 10_000 };

const SITE: SiteParameters = { path: '/markets/' };
const PHONE_SITE: SiteParameters = { path: '/mobile/markets/' };

interface MarketsPageProps {
  /** The page's address at the start (its query). */
  search?: string;
  /** The phone's page, under the phone's top bar. */
  phone?: boolean;
}

/** The page with an address of its own, read once hydrated, as pages/markets.tsx reads it. */
function MarketsPage({ search: initial = '', phone = false }: MarketsPageProps) {
  const [search, setSearch] = useState(initial);
  const hydrated = useHydrated();
  const markets = (
    <Markets
      phone={phone}
      search={hydrated ? search : null}
      onSearchChange={({ search: next }) => setSearch(next)}
    />
  );
  return (
    <>
      {phone ? (
        <>
          <MobileTopBar />
          <PhoneColumn>{markets}</PhoneColumn>
        </>
      ) : (
        <main>{markets}</main>
      )}
      <DialogHost />
    </>
  );
}

const meta = {
  title: 'Site/Markets',
  tags: ['site', '!autodocs'],
  component: MarketsPage,
  ...siteStory,
  parameters: { ...siteStory.parameters, site: SITE },
} satisfies Meta<typeof MarketsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const texts = (context: StoryContext) => textsOf(context, 'markets');

/** The market table, once it shows. */
const table = (context: StoryContext) =>
  visible(page().findByRole('table', { name: texts(context)('table.label') }, WAIT));

/** The link of the coin named `name` (its logo, name and symbol), once it shows. */
const coinLink = (name: string) =>
  visible(page().findByRole('link', { name: new RegExp(`^${name}`) }, WAIT));

/** The coins' names in the rows drawn, in order. */
async function rowNames(context: StoryContext): Promise<string[]> {
  const rows = within(await table(context))
    .getAllByRole('row')
    .slice(1);
  return rows.flatMap((row) => {
    const link = within(row).queryByRole('link');
    return link ? [link.textContent ?? ''] : [];
  });
}

/** Waits until the first row's sparkline has come (the screenshot shows the table whole). */
async function sparklinesShown(context: StoryContext, name = 'Bitcoin') {
  const label = texts(context)('table.sparklineLabel', { name });
  await visible(page().findByRole('img', { name: label }, WAIT));
}

/** The coins load: the table's placeholder rows, named as loading. */
export const Loading: Story = {
  parameters: { site: { ...SITE, api: { faults: { 'GET /api/market/list': 'hold' } } } },
  play: async (context) => {
    const t = texts(context);
    const list = await table(context);
    await expect(list).toHaveAttribute('aria-busy', 'true');
    await expect(page().getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
    await waitFor(
      () => expect(page().getByRole('status')).toHaveTextContent(t('table.loading')),
      WAIT,
    );
  },
};

/** Every coin by rank, with its changes, its week in a line, a Follow button and the footnote. */
export const Ready: Story = {
  play: async (context) => {
    const t = texts(context);
    await coinLink('Bitcoin');
    await expect((await rowNames(context))[0]).toMatch(/^Bitcoin/);
    await expect(
      page().getByRole('columnheader', { name: new RegExp(t('table.rank')) }),
    ).toHaveAttribute('aria-sort', 'ascending');
    await expect(await coinLink('Bitcoin')).toHaveAttribute(
      'href',
      inLanguage(context, '/coins/bitcoin/'),
    );
    await expect(page().getByText(t('provenance.demo'))).toBeVisible();
    await expect(
      page().getByRole('button', { name: t('follow.actionLabel', { name: 'Bitcoin' }) }),
    ).toBeEnabled();
    await sparklinesShown(context);
    // One sparkline call for the page of rows, none per row.
    await expect(mockApiOf(context).calls('GET /api/market/sparklines')).toHaveLength(1);
  },
};

/** The same in Chinese. */
export const ReadyChinese: Story = { ...Ready, globals: { locale: 'zh' } };

/** The same in Brazilian Portuguese. */
export const ReadyPortuguese: Story = { ...Ready, globals: { locale: 'pt-br' } };

/** A press on the 24 h header sorts by it, highest first; another turns it around. */
export const Sorted: Story = {
  play: async (context) => {
    const t = texts(context);
    await coinLink('Bitcoin');
    const button = () => page().getByRole('button', { name: t('table.change24h') });
    await userEvent.click(button());
    await waitFor(async () => expect((await rowNames(context))[0]).toMatch(/^XRP/), WAIT);
    const header = page().getByRole('columnheader', { name: t('table.change24h') });
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(button());
    await waitFor(async () => expect((await rowNames(context))[0]).toMatch(/^Solana/), WAIT);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    const sorts = mockApiOf(context)
      .calls('GET /api/market/list')
      .map((call) => `${call.query.get('sort')} ${call.query.get('order')}`);
    await expect(sorts).toEqual(['rank asc', 'change24h desc', 'change24h asc']);
    await sparklinesShown(context, 'Solana');
  },
};

/** A search, once typing pauses: the coins whose name or symbol hold it, the sort kept. */
export const Searching: Story = {
  args: { search: '?sort=price' },
  play: async (context) => {
    const t = texts(context);
    await coinLink('Bitcoin');
    const box = await visible(page().findByRole('searchbox', { name: t('search.label') }, WAIT));
    await userEvent.type(box, 'co');
    await waitFor(async () => expect(await rowNames(context)).toHaveLength(2), WAIT);
    // Bitcoin and Dogecoin, by price.
    const names = await rowNames(context);
    await expect(names[0]).toMatch(/^Bitcoin/);
    await expect(names[1]).toMatch(/^Dogecoin/);
    const last = mockApiOf(context).calls('GET /api/market/list').at(-1)!;
    await expect(last.query.get('keyword')).toBe('co');
    await expect(last.query.get('sort')).toBe('price');
    await sparklinesShown(context, 'Dogecoin');
  },
};

/** No coin matches: the search is named, with a hint. */
export const Empty: Story = {
  args: { search: '?q=zzz' },
  play: async (context) => {
    const t = texts(context);
    await visible(page().findByText(t('empty.title', { keyword: 'zzz' }), {}, WAIT));
    await expect(page().getByText(t('empty.hint'))).toBeVisible();
    await expect(
      await page().findByRole('searchbox', { name: t('search.label') }, WAIT),
    ).toHaveValue('zzz');
  },
};

/** The same in Chinese. */
export const EmptyChinese: Story = { ...Empty, globals: { locale: 'zh' } };

/** The provider is unavailable and there are no figures yet: the failure and a way to retry. */
export const Error: Story = {
  parameters: { site: { ...SITE, api: { market: { unavailable: true } } } },
  play: async (context) => {
    const t = texts(context);
    const alert = await visible(page().findByRole('alert', {}, WAIT));
    await expect(alert).toHaveTextContent(t('error.title'));
    await expect(within(alert).getByRole('button', { name: t('error.retry') })).toBeEnabled();
  },
};

/** The same in Brazilian Portuguese. */
export const ErrorPortuguese: Story = { ...Error, globals: { locale: 'pt-br' } };

/** Retried once the provider is back: the coins. */
export const ErrorRetried: Story = {
  parameters: Error.parameters,
  play: async (context) => {
    const t = texts(context);
    const alert = await visible(page().findByRole('alert', {}, WAIT));
    mockApiOf(context).market.unavailable = false;
    await userEvent.click(within(alert).getByRole('button', { name: t('error.retry') }));
    await coinLink('Bitcoin');
    await sparklinesShown(context);
  },
};

/** CoinGecko's last good figures are old: a Stale badge, and the footnote says since when. */
export const Stale: Story = {
  parameters: { site: { ...SITE, api: { marketSource: 'coingecko', market: { stale: true } } } },
  play: async (context) => {
    const t = texts(context);
    await coinLink('Bitcoin');
    await expect(page().getByText(t('stale.badge'))).toBeVisible();
    const time = formatUtcTime(QUOTED_AT, storyLocale(context.globals));
    await expect(page().getByText(t('stale.explanation', { time: time! }))).toBeVisible();
    await sparklinesShown(context);
  },
};

/** The same in Chinese. */
export const StaleChinese: Story = { ...Stale, globals: { locale: 'zh' } };

/** The same in Brazilian Portuguese. */
export const StalePortuguese: Story = { ...Stale, globals: { locale: 'pt-br' } };

/** A refresh fails: the last good figures stay, a notice says so and the page tries again. */
export const RefreshFailed: Story = {
  parameters: { site: { ...SITE, api: { market: { refreshSeconds: 1 } } } },
  play: async (context) => {
    const t = texts(context);
    await coinLink('Bitcoin');
    await sparklinesShown(context);
    mockApiOf(context).market.unavailable = true;
    const time = formatUtcTime(QUOTED_AT, storyLocale(context.globals));
    await visible(page().findByText(t('notice.refreshFailed', { time: time! }), {}, WAIT));
    await expect((await rowNames(context))[0]).toMatch(/^Bitcoin/);
  },
};

/** 120 coins: the next page of 50 loads as the table nears its end, with its own sparkline call. */
export const MorePages: Story = {
  parameters: { site: { ...SITE, api: { coins: marketCoins(120) } } },
  play: async (context) => {
    await coinLink('Bitcoin');
    window.scrollTo(0, document.body.scrollHeight);
    const api = mockApiOf(context);
    await waitFor(() => expect(api.calls('GET /api/market/list')).toHaveLength(2), WAIT);
    await expect(api.calls('GET /api/market/list')[1]!.query.get('page')).toBe('2');
    await waitFor(() => expect(api.calls('GET /api/market/sparklines')).toHaveLength(2), WAIT);
    const ids = api.calls('GET /api/market/sparklines')[1]!.query.get('coinIds')!.split(',');
    await expect(ids).toHaveLength(50);
    await expect(ids[0]).toBe('51');
    window.scrollTo(0, 0);
  },
};

/** A visitor's Follow: the login dialog, and the coin kept to follow once signed in. */
export const VisitorFollow: Story = {
  play: async (context) => {
    const t = texts(context);
    const common = textsOf(context);
    await coinLink('Solana');
    await userEvent.click(
      page().getByRole('button', { name: t('follow.actionLabel', { name: 'Solana' }) }),
    );
    await findDialog(common('login.title'));
    await findToast(t('follow.signIn', { name: 'Solana' }));
    await expect(new URLSearchParams(window.location.search).get('t')).toBe('login');
    await expect(mockApiOf(context).calls('POST /api/follow/add')).toHaveLength(0);
  },
};

/** The same in Chinese. */
export const VisitorFollowChinese: Story = { ...VisitorFollow, globals: { locale: 'zh' } };

/** Ana, signed in, follows Solana at once: the button turns into "Following", a link to its report. */
export const SignedInFollow: Story = {
  parameters: { site: { ...SITE, signedIn: true, api: { follows: [1] } } },
  play: async (context) => {
    const t = texts(context);
    await coinLink('Solana');
    await visible(
      page().findByRole('link', { name: t('follow.followingLabel', { name: 'Bitcoin' }) }, WAIT),
    );
    await userEvent.click(
      page().getByRole('button', { name: t('follow.actionLabel', { name: 'Solana' }) }),
    );
    await findToast(t('follow.done', { name: 'Solana' }));
    const following = await visible(
      page().findByRole('link', { name: t('follow.followingLabel', { name: 'Solana' }) }, WAIT),
    );
    await expect(following).toHaveAttribute('href', inLanguage(context, '/reporting/?coin=5'));
    await expect(mockApiOf(context).followedIds()).toEqual([5, 1]);
    await sparklinesShown(context);
  },
};

/** The same in Brazilian Portuguese. */
export const SignedInFollowPortuguese: Story = { ...SignedInFollow, globals: { locale: 'pt-br' } };

/** Ana follows 50 coins already: the server refuses a 51st, and a toast says why. */
export const FollowLimit: Story = {
  parameters: {
    site: {
      ...SITE,
      signedIn: true,
      api: { faults: { 'POST /api/follow/add': { code: 422, key: 'followLimit' } } },
    },
  },
  play: async (context) => {
    const t = texts(context);
    await coinLink('Solana');
    await userEvent.click(
      page().getByRole('button', { name: t('follow.actionLabel', { name: 'Solana' }) }),
    );
    await findToast(t('follow.limit', { name: 'Solana' }));
    await sparklinesShown(context);
  },
};

/** The phone's page (390 x 844): rank, coin, price, 24 h and Follow; the top bar's markets link. */
export const Phone: Story = {
  args: { phone: true },
  parameters: { ...phoneShot(PHONES.upright), site: PHONE_SITE },
  play: async (context) => {
    const t = texts(context);
    const common = textsOf(context);
    await expect(await coinLink('Bitcoin')).toHaveAttribute(
      'href',
      inLanguage(context, '/mobile/coins/bitcoin/'),
    );
    // At the narrowest the 24 h change goes under the price: four headers there, five above.
    const headers = within(await table(context)).getAllByRole('columnheader');
    await expect(headers).toHaveLength(window.innerWidth <= PHONES.narrowest.width ? 4 : 5);
    const markets = within(page().getByRole('banner')).getByRole('link', {
      name: common('nav.markets'),
    });
    await expect(markets).toHaveAttribute('aria-current', 'page');
    await expect(
      page().getByRole('button', { name: t('follow.actionLabel', { name: 'Bitcoin' }) }),
    ).toBeVisible();
    // Nothing runs off the side once laid out (the table's width is measured as it renders).
    await waitFor(
      () => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth),
      WAIT,
    );
  },
};

/** The same in Chinese. */
export const PhoneChinese: Story = { ...Phone, globals: { locale: 'zh' } };

/** The same in Brazilian Portuguese. */
export const PhonePortuguese: Story = { ...Phone, globals: { locale: 'pt-br' } };

/** The narrowest phone (320 x 640): nothing runs off the side. */
export const PhoneNarrow: Story = {
  ...Phone,
  parameters: { ...Phone.parameters, ...phoneShot(PHONES.narrowest) },
};

/** The same in Brazilian Portuguese, its longest words. */
export const PhoneNarrowPortuguese: Story = { ...PhoneNarrow, globals: { locale: 'pt-br' } };
