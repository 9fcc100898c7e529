import '@testing-library/jest-dom';
import type { Coin, CoinPrice, CoinReport, FollowEntry, PricePoint } from '@coinlens/contract';
import {
  formatPercentChange,
  formatPrice,
  Toaster,
  toaster,
  type PriceChartProps,
} from '@coinlens/design-system';
import type * as DesignSystem from '@coinlens/design-system';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as React from 'react';
import { mutate } from 'swr';
import { api } from '../../data/client';
import type * as ClientModule from '../../data/client';
import { ApiError, NetworkError } from '../../data/errors';
import { ApiProvider } from '../../data/swr';
import { clearToken, setToken } from '../../data/token';
import { intlLocale, type Locale } from '../../i18n/locales';
import { flatStrings, loadStrings, renderWithLocale } from '../../testing/renderWithLocale';
import { closeDialog, getOpenDialog } from '../../shell/dialogs';
import { installFakeIntersectionObserver } from '../../testing/fakeIntersectionObserver';
import { PRICE_REFRESH_MS } from './reports';
import { linkedCoinOf } from './linkedCoin';
import { Reporting } from './Reporting';
import { NEAR_VIEWPORT_MARGIN } from './useNearViewport';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));
// The site's one client, swapped for a fake: the page reads through ApiProvider's client and
// unfollows through removeFollow's default one, and both are this.
jest.mock('../../data/client', () => ({
  ...jest.requireActual<typeof ClientModule>('../../data/client'),
  api: { get: jest.fn(), post: jest.fn(), monitorGet: jest.fn() },
}));
// jsdom draws no canvas: the chart shows what it was given, its name and its text alternative.
jest.mock('@coinlens/design-system', () => {
  const actual = jest.requireActual<typeof DesignSystem>('@coinlens/design-system');
  const { createElement } = jest.requireActual<typeof React>('react');
  return {
    ...actual,
    PriceChart: ({ points, label, summary, tone }: PriceChartProps) =>
      createElement(
        'figure',
        { 'aria-label': label, 'data-points': points.length, 'data-tone': tone },
        createElement('figcaption', null, summary),
      ),
  };
});

const fake = jest.mocked(api);
/** The `reporting` string at `key` in `locale`. */
function strings(locale: Locale): (key: string) => string {
  const flat = flatStrings(loadStrings(locale, 'reporting'));
  return (key) => {
    const value = flat[key];
    if (value === undefined) throw new Error(`No ${locale} string ${key}`);
    return value;
  };
}
const en = strings('en');
const zh = strings('zh');

const NOW = Date.UTC(2024, 4, 6, 14, 5, 0);
const NOW_SEC = NOW / 1000;

function coin(id: number, name: string, symbol: string, price: number, change: number): Coin {
  return {
    id,
    name,
    symbol,
    logo: `/api/asset/logo/${symbol.toLowerCase()}.svg`,
    rank: id,
    quotes: {
      price,
      percentChange24h: change,
      marketCap: 1,
      volume24h: 1,
      updatedAt: NOW_SEC - 60,
    },
  };
}

const BITCOIN = coin(1, 'Bitcoin', 'BTC', 64231.5, 2.3456);
const ETHEREUM = coin(2, 'Ethereum', 'ETH', 3120.42, -1.2);
const SOLANA = coin(5, 'Solana', 'SOL', 151.2, 0.5);

/** `count` hourly prices from `from` to `to`, evenly. */
function series(count: number, from: number, to: number): PricePoint[] {
  return Array.from({ length: count }, (_, index) => ({
    time: NOW_SEC - (count - 1 - index) * 3600,
    price: from + ((to - from) * index) / (count - 1),
  }));
}

/** The change over a series as the API computes it: its last price against its first. */
const changeOver = (points: readonly PricePoint[]) =>
  (points.at(-1)!.price / points[0]!.price - 1) * 100;

/**
 * The report the API gives on `of` at its latest price (the live one the fake serves, when there
 * is one): as the API's, every price figure comes from the series (docs/api.md, "Report
 * figures"), the 24 H series moving by the quote's 24 h change.
 */
function report(of: Coin, language: Locale = 'en'): CoinReport {
  const live = prices.get(of.id);
  const price = live?.price ?? of.quotes.price;
  const change24h = live?.percentChange24h ?? of.quotes.percentChange24h;
  const day = series(24, price / (1 + change24h / 100), price);
  const week = series(168, price * 0.9, price);
  // Up to a high above today's price, then back to it.
  const month = [...series(180, price * 0.8, price * 1.1).slice(0, -1), { time: NOW_SEC, price }];
  const monthPrices = month.map((point) => point.price);
  return {
    coin: {
      ...of,
      quotes: {
        ...of.quotes,
        price,
        percentChange24h: changeOver(day),
        updatedAt: live?.updatedAt ?? of.quotes.updatedAt,
      },
    },
    source: 'demo',
    market: {
      source: 'demo',
      asOf: live?.updatedAt ?? NOW_SEC,
      refreshSeconds: 60,
      stale: false,
      retryAt: null,
    },
    generatedAt: live?.updatedAt ?? NOW_SEC,
    series: { '24h': day, '7d': week, '30d': month },
    indicators: {
      rsi14: 74.2,
      macd: { macd: 12.5, signal: 10, histogram: 2.5 },
      sma20: price * 0.95,
      sma50: price * 0.9,
      ema12: price * 0.97,
      ema26: price * 0.93,
      volatility30d: 48.25,
      high30d: Math.max(...monthPrices),
      low30d: Math.min(...monthPrices),
      change7d: changeOver(week),
      change30d: changeOver(month),
    },
    signals: [
      {
        id: 'overbought',
        tone: 'bearish',
        title: language === 'zh' ? `${of.name} 超买` : `${of.name} is overbought`,
        explanation: 'RSI above 70.',
      },
    ],
    summary:
      language === 'zh' ? `${of.name} 本周上涨。` : `${of.name} rose this week in ${language}.`,
    language,
    sources: [
      {
        id: 7,
        logo: '',
        author: 'Ada',
        title: `${of.name} AMA`,
        status: 5,
        time: NOW_SEC,
        heat: 10,
        link: 'https://example.com',
      },
    ],
  };
}

function follow(of: Coin): FollowEntry {
  return { coinId: of.id, coin: of, followedAt: NOW_SEC };
}

let follows: FollowEntry[];
let prices: Map<number, CoinPrice>;
let language: Locale;

function serve() {
  fake.get.mockImplementation(async (path: string) => {
    const url = new URL(path, 'https://api.test');
    if (url.pathname === '/api/follow/list') return follows;
    if (url.pathname === '/api/coin/price') {
      const ids = (url.searchParams.get('coinIds') ?? '').split(',').map(Number);
      return ids.flatMap((id) => prices.get(id) ?? []);
    }
    if (url.pathname === '/api/analysis/coin') {
      const id = Number(url.searchParams.get('coinId'));
      const of = [BITCOIN, ETHEREUM, SOLANA].find((c) => c.id === id);
      if (!of) throw new Error(`unknown coin ${id}`);
      return report(of, language);
    }
    throw new Error(`unexpected GET ${path}`);
  });
  fake.post.mockImplementation(async (path: string, body: unknown) => {
    if (path === '/api/follow/delete') {
      const { coinId } = body as { coinId: number };
      follows = follows.filter((entry) => entry.coinId !== coinId);
      return follows;
    }
    throw new Error(`unexpected POST ${path}`);
  });
}

function livePrice(
  of: Coin,
  price: number,
  percentChange24h: number,
  updatedAt = NOW_SEC,
): CoinPrice {
  return { coinId: of.id, price, percentChange24h, updatedAt, source: 'demo' };
}

// A cache of its own for each render (SWR keeps its request state per cache, and fake timers
// would leave one test's in the next), no deduping and no retries, so each test asks afresh.
const TEST_SWR = { provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false };

function renderPage({ locale = 'en' as Locale, linkedCoin = null as number | null } = {}) {
  language = locale;
  return renderWithLocale(
    <ApiProvider client={api} config={TEST_SWR}>
      <Reporting linkedCoin={linkedCoin} />
      <Toaster
        toaster={toaster}
        closeLabel="Dismiss"
        label="Notifications"
        typeLabels={{ success: 'Success', error: 'Error', warning: 'Warning', info: 'Note' }}
      />
    </ApiProvider>,
    { locale, originalPath: '/reporting/' },
  );
}

const card = (name: string) => screen.getByRole('article', { name: new RegExp(`^${name}`) });
/** A card that comes after the first: the list shows them one per frame. */
const laterCard = (name: string) => screen.findByRole('article', { name: new RegExp(`^${name}`) });

/** The page once every followed coin's report is shown. */
async function renderWithReports(options?: { locale?: Locale }) {
  const view = renderPage(options);
  for (const entry of follows) {
    await screen.findByText(new RegExp(`^${entry.coin.name} (rose|本周)`));
  }
  return view;
}

function setupUser() {
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
  follows = [];
  prices = new Map();
  serve();
  setToken('tok');
});

afterEach(async () => {
  act(() => toaster.dismiss());
  act(() => clearToken());
  closeDialog();
  // removeFollow also writes the answer to the app's global cache.
  await act(() => mutate(() => true, undefined, { revalidate: false }));
  jest.useRealTimers();
  jest.clearAllMocks();
});

// A card whose report cannot be loaded, and its Retry, are the card's stories' (LoadError and
// LoadErrorRetried in MobileReport.stories.tsx).
describe('the reporting page', () => {
  it('invites a user who follows nothing to add coins', async () => {
    const user = setupUser();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: en('title') })).toBeInTheDocument();
    expect(await screen.findByText(en('empty.title'))).toBeInTheDocument();
    expect(screen.getByText(en('empty.description'))).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    // No prices are asked for when there is nothing to price.
    expect(fake.get).not.toHaveBeenCalledWith(
      expect.stringContaining('/api/coin/price'),
      expect.anything(),
    );

    const [headerButton, emptyStateButton] = screen.getAllByRole('button', {
      name: en('addCoins'),
    });
    expect(headerButton).toBeDefined();
    await user.click(emptyStateButton!);
    expect(getOpenDialog()).toBe('addCoin');
  });

  it('shows placeholder cards while the follow list loads', async () => {
    let answer: (list: FollowEntry[]) => void = () => {};
    fake.get.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answer = resolve as typeof answer;
        }),
    );
    renderPage();
    expect(screen.getByRole('status', { name: en('loading') })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    act(() => answer([]));
    expect(await screen.findByText(en('empty.title'))).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: en('loading') })).not.toBeInTheDocument();
  });

  it('offers to try again when the follow list cannot be loaded', async () => {
    const user = setupUser();
    fake.get.mockRejectedValueOnce(new NetworkError({ path: '/api/follow/list', cause: null }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en('listError.title'));
    follows = [follow(BITCOIN)];
    await user.click(within(alert).getByRole('button', { name: en('listError.retry') }));
    expect(await screen.findByRole('article', { name: /^Bitcoin/ })).toBeInTheDocument();
  });

  it('shows a report card per followed coin, newest follow first', async () => {
    follows = [follow(ETHEREUM), follow(BITCOIN)];
    await renderWithReports();

    expect(screen.getAllByRole('article')).toEqual([card('Ethereum'), card('Bitcoin')]);

    const btc = card('Bitcoin');
    // Until the live prices come, the report's own quote.
    expect(within(btc).getByText('$64,231.50')).toBeInTheDocument();
    expect(within(btc).getByText('+2.35%')).toBeInTheDocument();
    expect(within(btc).getByText(en('card.demo'))).toBeInTheDocument();
    expect(within(btc).getByText(/^As of \d{1,2}:\d{2}/)).toBeInTheDocument();
    // The summary and signals as the API gives them.
    expect(within(btc).getByText('Bitcoin rose this week in en.')).toBeInTheDocument();
    expect(within(btc).getByText('Bitcoin is overbought')).toBeInTheDocument();
    // The indicators, formatted.
    expect(within(btc).getByText('RSI (14)')).toBeInTheDocument();
    expect(within(btc).getByText('74.20')).toBeInTheDocument();
    expect(within(btc).getByText(/^Above 70: overbought/)).toBeInTheDocument();
    expect(within(btc).getByText('48.25%')).toBeInTheDocument();
    expect(within(btc).getByText('+11.11%')).toBeInTheDocument();
    // A related source opens its page on this site.
    expect(within(btc).getByRole('link', { name: 'Bitcoin AMA' })).toHaveAttribute(
      'href',
      '/monitoring/detail/?id=7',
    );
    // One price request for every card.
    const priceCalls = fake.get.mock.calls.filter(([path]) => path.startsWith('/api/coin/price'));
    expect(priceCalls.map(([path]) => path)).toEqual(['/api/coin/price?coinIds=1%2C2']);
  });

  it('brings the coin an address links to into view once its card is drawn', async () => {
    follows = [follow(ETHEREUM), follow(BITCOIN), follow(SOLANA)];
    // jsdom lays nothing out, so it has no scrollIntoView: this one notes where it was asked.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderPage({ linkedCoin: SOLANA.id });
      await waitFor(() => expect(scrolled).toHaveLength(1));
      expect(scrolled[0]).toHaveAttribute('data-coin-id', String(SOLANA.id));
      expect(within(scrolled[0] as HTMLElement).getByRole('article')).toBe(card('Solana'));
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('reads the linked coin from the address, and nothing else', () => {
    expect(linkedCoinOf('?coin=2')).toBe(2);
    for (const search of ['', '?coin=0', '?coin=-1', '?coin=2&coin=3', '?coin=1.5', '?coin=x']) {
      expect(linkedCoinOf(search)).toBeNull();
    }
  });

  it('shows the first card as the list comes, then one more per frame', async () => {
    follows = [follow(ETHEREUM), follow(BITCOIN), follow(SOLANA)];
    // The number of cards in the list each time it changes, and when (the placeholders before
    // it are cards too).
    const seen: { cards: number; at: number }[] = [];
    const observer = new MutationObserver(() => {
      // eslint-disable-next-line testing-library/no-node-access -- counted on every change
      const cards = document.querySelectorAll('li > article').length;
      if (cards !== (seen.at(-1)?.cards ?? 0)) seen.push({ cards, at: Date.now() });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      renderPage();
      await laterCard('Solana');
    } finally {
      observer.disconnect();
    }
    expect(seen.map(({ cards }) => cards)).toEqual([1, 2, 3]);
    // A frame (16 ms with fake timers) or more between them.
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(16);
    expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(16);
    expect(screen.getAllByRole('article')).toEqual([
      card('Ethereum'),
      card('Bitcoin'),
      card('Solana'),
    ]);
  });

  it("asks for a card's report as the reader nears it, the first card at once", async () => {
    const observers = installFakeIntersectionObserver();
    try {
      follows = [follow(ETHEREUM), follow(BITCOIN)];
      renderPage();
      await screen.findByText('Ethereum rose this week in en.');
      const btc = await laterCard('Bitcoin');
      const reportCalls = () =>
        fake.get.mock.calls
          .map(([path]) => path)
          .filter((path) => path.startsWith('/api/analysis/coin'));
      expect(reportCalls()).toEqual(['/api/analysis/coin?coinId=2']);

      // Below the fold: its coin and live price, its report loading, and nothing asked for.
      expect(btc).toHaveAttribute('data-status', 'pending');
      expect(btc).not.toHaveAttribute('aria-busy');
      expect(within(btc).getByText('$64,231.50')).toBeInTheDocument();
      expect(within(btc).getByRole('button', { name: /Unfollow Bitcoin/ })).toBeEnabled();
      // eslint-disable-next-line testing-library/no-node-access -- the list item is what is watched
      const item = btc.closest('li')!;
      expect(observers.optionsOf(item)).toEqual([{ rootMargin: NEAR_VIEWPORT_MARGIN }]);

      act(() => observers.report(item, true));
      expect(await within(btc).findByText('Bitcoin rose this week in en.')).toBeInTheDocument();
      expect(reportCalls()).toEqual(['/api/analysis/coin?coinId=2', '/api/analysis/coin?coinId=1']);
      expect(observers.watched()).toEqual([]);
    } finally {
      observers.restore();
    }
  });

  it('reads the page in Chinese, with links that stay in Chinese', async () => {
    follows = [follow(BITCOIN)];
    await renderWithReports({ locale: 'zh' });
    expect(screen.getByRole('heading', { level: 1, name: zh('title') })).toBeInTheDocument();
    const btc = card('Bitcoin');
    expect(within(btc).getByText('Bitcoin 本周上涨。')).toBeInTheDocument();
    expect(within(btc).getByText(zh('indicators.volatility.label'))).toBeInTheDocument();
    expect(within(btc).getByText(/^过去 7 天，价格从/)).toBeInTheDocument();
    expect(within(btc).getByRole('link', { name: 'Bitcoin AMA' })).toHaveAttribute(
      'href',
      '/zh/monitoring/detail/?id=7',
    );
  });

  it('gives the chart the series of the range picked, 7 days first', async () => {
    const user = setupUser();
    follows = [follow(BITCOIN)];
    await renderWithReports();
    const btc = card('Bitcoin');
    const chart = () => within(btc).getByRole('figure');

    expect(within(btc).getByRole('radio', { name: '7D' })).toBeChecked();
    expect(chart()).toHaveAttribute('data-points', '168');
    expect(chart()).toHaveAccessibleName('Bitcoin price over the last 7 days');
    expect(chart()).toHaveAttribute('data-tone', 'up');
    expect(chart()).toHaveTextContent(/^Over the last 7 days, the price rose from \$57,808\.35/);

    await user.click(within(btc).getByRole('radio', { name: '24H' }));
    expect(chart()).toHaveAttribute('data-points', '24');
    expect(chart()).toHaveAttribute('data-tone', 'up');
    expect(chart()).toHaveTextContent(/^Over the last 24 hours, the price rose from \$62,759\.42/);

    await user.click(within(btc).getByRole('radio', { name: '30D' }));
    expect(chart()).toHaveAttribute('data-points', '180');
  });

  it.each(['en', 'zh', 'pt-br'] as const)(
    'shows the same figures in the header, the chart captions and the indicators in %s',
    async (locale) => {
      const user = setupUser();
      follows = [follow(ETHEREUM)];
      // A live price newer than the report the card first got: the card fetches the report
      // again, and every figure moves on together.
      const view = renderPage({ locale });
      await screen.findByText(locale === 'zh' ? /^Ethereum 本周/ : /^Ethereum rose/);
      prices.set(ETHEREUM.id, livePrice(ETHEREUM, 3001.5, -3.8765, NOW_SEC + 30));
      await act(() => jest.advanceTimersByTimeAsync(PRICE_REFRESH_MS));
      const eth = card('Ethereum');
      const t = strings(locale);
      // The matcher sees the text with its no-break spaces as spaces.
      await within(eth).findByText(formatPrice(3001.5, intlLocale(locale))!.replace(/\s/g, ' '));
      const chart = () => within(eth).getByRole('figure');
      /** The indicator's value, read as a user reads the definition list. */
      const indicator = (key: string) => {
        const term = within(eth).getByText(t(key));
        // eslint-disable-next-line testing-library/no-node-access -- a term's description follows it
        return term.closest('dt')?.nextElementSibling?.textContent ?? '';
      };
      /** The percentage, low and high a chart's caption gives. */
      const caption = async (range: '24h' | '7d' | '30d') => {
        await user.click(within(eth).getByRole('radio', { name: t(`card.ranges.${range}`) }));
        return chart().textContent ?? '';
      };
      const unsigned = (text: string) => text.replace(/^[+-]/, '');

      // The header's 24 h change is the 24 H chart's.
      const header = formatPercentChange(-3.8765, intlLocale(locale))!;
      expect(within(eth).getByText(header)).toBeInTheDocument();
      expect(await caption('24h')).toContain(unsigned(header));
      // The 7- and 30-day changes are the 7 D and 30 D charts'.
      expect(await caption('7d')).toContain(unsigned(indicator('indicators.change7d')).trim());
      const month = await caption('30d');
      expect(month).toContain(unsigned(indicator('indicators.change30d')).trim());
      // The 30-day low and high are the 30 D chart's.
      expect(month).toContain(indicator('indicators.low30d.label'));
      expect(month).toContain(indicator('indicators.high30d.label'));
      view.unmount();
    },
  );

  it('asks before unfollowing, then unfollows and removes the card', async () => {
    const user = setupUser();
    follows = [follow(ETHEREUM), follow(BITCOIN)];
    await renderWithReports();

    await user.click(within(card('Bitcoin')).getByRole('button', { name: 'Unfollow Bitcoin' }));
    let dialog = await screen.findByRole('dialog', { name: 'Stop following Bitcoin?' });
    await user.click(within(dialog).getByRole('button', { name: en('unfollow.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.post).not.toHaveBeenCalled();
    expect(card('Bitcoin')).toBeInTheDocument();

    await user.click(within(card('Bitcoin')).getByRole('button', { name: 'Unfollow Bitcoin' }));
    dialog = await screen.findByRole('dialog', { name: 'Stop following Bitcoin?' });
    await user.click(within(dialog).getByRole('button', { name: en('unfollow.confirm') }));

    expect(fake.post).toHaveBeenCalledWith('/api/follow/delete', { coinId: 1 });
    expect(await screen.findByText('You no longer follow Bitcoin.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: /^Bitcoin/ })).not.toBeInTheDocument(),
    );
    expect(screen.getAllByRole('article')).toEqual([card('Ethereum')]);
    // Without a reload: the follow list was not asked for again.
    expect(fake.get.mock.calls.filter(([path]) => path === '/api/follow/list')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('keeps the card and says why when unfollowing fails', async () => {
    const user = setupUser();
    follows = [follow(BITCOIN)];
    fake.post.mockRejectedValueOnce(
      new ApiError({ code: 500, msg: '', status: 500, data: null, path: '/api/follow/delete' }),
    );
    await renderWithReports();
    await user.click(within(card('Bitcoin')).getByRole('button', { name: 'Unfollow Bitcoin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop following Bitcoin?' });
    await user.click(within(dialog).getByRole('button', { name: en('unfollow.confirm') }));
    expect(
      await screen.findByText('Bitcoin could not be unfollowed. Try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Stop following Bitcoin?' })).toBeInTheDocument();
    expect(card('Bitcoin')).toBeInTheDocument();
    // Closed as a person would, which gives the page back its pointer (the modal locks it).
    const cancel = within(dialog).getByRole('button', { name: en('unfollow.cancel') });
    await waitFor(() => expect(cancel).toBeEnabled());
    await user.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveStyle({ pointerEvents: 'none' });
  });

  it('refreshes the prices every 30 seconds while the tab is visible, and not while it is hidden', async () => {
    follows = [follow(BITCOIN)];
    prices.set(BITCOIN.id, livePrice(BITCOIN, 65000, 3.5));
    await renderWithReports();
    const btc = card('Bitcoin');
    expect(await within(btc).findByText('$65,000.00')).toBeInTheDocument();
    expect(within(btc).getByText('+3.50%')).toBeInTheDocument();

    // A newer price: the card fetches its report again, whose figures are the new price's.
    prices.set(BITCOIN.id, livePrice(BITCOIN, 63500.25, -0.5, NOW_SEC + 30));
    await act(() => jest.advanceTimersByTimeAsync(PRICE_REFRESH_MS - 1000));
    expect(within(btc).getByText('$65,000.00')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(await within(btc).findByText('$63,500.25')).toBeInTheDocument();
    expect(within(btc).getByText('-0.50%')).toBeInTheDocument();

    const priceCalls = () =>
      fake.get.mock.calls.filter(([path]) => path.startsWith('/api/coin/price')).length;
    const before = priceCalls();
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(() => jest.advanceTimersByTimeAsync(PRICE_REFRESH_MS * 3));
    expect(priceCalls()).toBe(before);
    visibility.mockRestore();
  });
});
