import '@testing-library/jest-dom';
import type { Coin, FollowEntry, ListPage, UserInfo } from '@coinlens/contract';
import { Toaster, toaster } from '@coinlens/design-system';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mutate } from 'swr';
import { api } from '../../data/client';
import type * as ClientModule from '../../data/client';
import { ApiError, NetworkError } from '../../data/errors';
import { ApiProvider } from '../../data/swr';
import { clearToken, setToken } from '../../data/token';
import type { Locale } from '../../i18n/locales';
import { installMatchMedia } from '../../testing/matchMedia';
import { flatStrings, loadStrings, renderWithLocale } from '../../testing/renderWithLocale';
import { DialogHost } from '../../shell/DialogHost';
// The global dialogs, registered as on every page.
import '../frame';
import {
  closeDialog,
  forgetUnsaved,
  getDialogParams,
  getOpenDialog,
  openDialog,
} from '../../shell/dialogs';
import AddCoinDialog from './AddCoinDialog';
import { openAddCoinDialog } from './follows';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));
// The site's one client, swapped for a fake: the dialog reads through ApiProvider's client and
// saves through addFollows' default one, and both are this.
jest.mock('../../data/client', () => ({
  ...jest.requireActual<typeof ClientModule>('../../data/client'),
  api: { get: jest.fn(), post: jest.fn(), monitorGet: jest.fn() },
}));

// A styled table in jsdom is slow to draw and query: on a busy machine a test here can take
// longer than Jest's default 5 s.
jest.setTimeout(20_000);

const fake = jest.mocked(api);
const en = flatStrings(loadStrings('en', 'coins'));

const NAMED: Array<[string, string, number, number]> = [
  ['Bitcoin', 'BTC', 64231.5, 2.3456],
  ['Ethereum', 'ETH', 3120.42, -1.2],
  ['Tether', 'USDT', 1.0002, 0.004],
  ['BNB', 'BNB', 581.3, 0.87],
  ['Solana', 'SOL', 142.77, -4.561],
  ['XRP', 'XRP', 0.5234, 12.5],
  ['Dogecoin', 'DOGE', 0.1234, -0.35],
];

function coin(rank: number): Coin {
  const [name, symbol, price, percentChange24h] = NAMED[rank - 1] ?? [
    `Coin ${rank}`,
    `C${rank}`,
    rank,
    0,
  ];
  return {
    id: rank,
    name,
    symbol,
    logo: `/api/asset/logo/${symbol.toLowerCase()}.svg`,
    rank,
    quotes: { price, percentChange24h, marketCap: 1, volume24h: 1, updatedAt: 0 },
  };
}

/** 45 coins by rank: three pages of 20. */
const COINS = Array.from({ length: 45 }, (_, index) => coin(index + 1));
/** The coins the server has: a few, unless a test needs pages (the table is slow in jsdom). */
let catalogue: Coin[] = [];

/** What the server answers to one asset list request. */
function assetPage(url: URL): ListPage<Coin> {
  const keyword = (url.searchParams.get('keyword') ?? '').toLowerCase();
  const page = Number(url.searchParams.get('page'));
  const size = Number(url.searchParams.get('size'));
  const matches = catalogue.filter(
    (c) => c.name.toLowerCase().includes(keyword) || c.symbol.toLowerCase().includes(keyword),
  );
  const records = matches.slice((page - 1) * size, page * size);
  return { records, page, size, total: matches.length, has_next: page * size < matches.length };
}

const user: UserInfo = {
  id: 1,
  account: 'ana@example.com',
  nickname: 'Ana',
  avatar: null,
  times: 0,
  tokenInfo: { tokenName: 'Authorization', tokenValue: 'tok', expiresAt: 0 },
};

/** Asset list answers a test holds back (a slow search), by request path. */
let held: Map<string, Promise<ListPage<Coin>>>;
/** Request paths the server fails (while listed). */
let failing: Set<string>;

function serve() {
  fake.get.mockImplementation(async (path: string) => {
    const url = new URL(path, 'https://api.test');
    if (url.pathname === '/api/user') return user;
    // Nothing followed: a followed coin's row, disabled, is the stories' (CoinList).
    if (url.pathname === '/api/follow/list') return [];
    if (url.pathname !== '/api/asset/list') throw new Error(`unexpected GET ${path}`);
    if (failing.has(path)) {
      throw new ApiError({ code: 503, msg: 'Unavailable', status: 503, data: null, path });
    }
    return held.get(path) ?? assetPage(url);
  });
}

/** The asset list paths asked for, in order. */
const assetRequests = () =>
  fake.get.mock.calls.map(([path]) => path).filter((path) => path.startsWith('/api/asset/list'));

/** A promise the test settles itself. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// The app's cache, as in the browser; no deduping or retries, so each test asks afresh.
const TEST_SWR = { dedupingInterval: 0, shouldRetryOnError: false };

function renderDialog({ locale = 'en' as Locale, originalPath = '/' } = {}) {
  const onClose = jest.fn();
  renderWithLocale(
    <ApiProvider client={api} config={TEST_SWR}>
      <AddCoinDialog onClose={onClose} />
      <Toaster
        toaster={toaster}
        closeLabel="Dismiss"
        label="Notifications"
        typeLabels={{ success: 'Success', error: 'Error', warning: 'Warning', info: 'Note' }}
      />
    </ApiProvider>,
    { locale, originalPath },
  );
  return { onClose };
}

/** The dialog once its first page of coins is shown. */
async function openDialogWithCoins(options?: { locale?: Locale }) {
  const view = renderDialog(options);
  const dialog = await screen.findByRole('dialog', { name: en.title });
  await within(dialog).findByText('Bitcoin');
  return { ...view, dialog };
}

const table = () => screen.getByRole('table', { name: en['table.label'] });
const rowNames = () =>
  within(table())
    .queryAllByRole('rowheader')
    .map((header) => header.textContent);
const addButton = (name: string) => within(table()).getByRole('button', { name: `Add ${name}` });

const ROW_HEIGHT = 50;
const LIST_HEIGHT = 360;
let listHeight = LIST_HEIGHT;

const isCoinList = (element: Element) =>
  element.getAttribute('role') === 'region' && element.getAttribute('aria-label') === en.results;

/**
 * jsdom has no layout, so every box measures 0 and a list always looks scrolled to its end. The
 * coin list gets a browser's sizes instead: a row is 50 px and the list shows 360 px of them.
 */
function layOutTheList() {
  jest.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    if (!isCoinList(this)) return 0;
    // Counted cheaply: this runs on every scroll and every render of the list.
    // eslint-disable-next-line testing-library/no-node-access -- a layout stand-in, not a query
    const rows = this.getElementsByTagName('tr').length;
    return Math.max(listHeight, rows * ROW_HEIGHT);
  });
  jest.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return isCoinList(this) ? listHeight : 0;
  });
}

function setupUser() {
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

beforeEach(() => {
  jest.useFakeTimers();
  layOutTheList();
  listHeight = LIST_HEIGHT;
  catalogue = COINS.slice(0, 8);
  held = new Map();
  failing = new Set();
  serve();
  setToken('tok');
  process.env.GATSBY_API_URL = 'https://api.test';
});

afterEach(async () => {
  act(() => toaster.dismiss());
  act(() => clearToken());
  closeDialog();
  forgetUnsaved();
  await act(() => mutate(() => true, undefined, { revalidate: false }));
  jest.useRealTimers();
  jest.clearAllMocks();
  jest.restoreAllMocks();
  delete process.env.GATSBY_API_URL;
});

// A signed-out visitor, who gets the login dialog instead, is the stories' (SignedOut).
describe('the add-cryptocurrency dialog', () => {
  it('lists every coin by rank, a page of 20, with price, change and logo', async () => {
    catalogue = COINS;
    await openDialogWithCoins();
    expect(assetRequests()).toEqual(['/api/asset/list?page=1&size=20']);
    expect(rowNames()).toHaveLength(20);
    expect(rowNames()[0]).toBe('Bitcoin BTC');
    const bitcoin = within(table()).getByRole('row', { name: /Bitcoin BTC/ });
    expect(within(bitcoin).getByText('$64,231.50')).toBeInTheDocument();
    // The change column's cell (a narrow table repeats the change under the price).
    const change = within(within(bitcoin).getAllByRole('cell')[1]!);
    expect(change.getByText('+2.35%')).toHaveAttribute('data-trend', 'up');
    expect(within(bitcoin).getByRole('presentation')).toHaveAttribute(
      'src',
      'https://api.test/api/asset/logo/btc.svg',
    );
  });

  it('searches for the typed text once typing pauses for 400 ms', async () => {
    const user = setupUser();
    await openDialogWithCoins();
    await user.type(screen.getByRole('searchbox', { name: en['search.label'] }), 'sol');
    act(() => jest.advanceTimersByTime(399));
    expect(assetRequests()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(rowNames()).toEqual(['Solana SOL']));
    expect(assetRequests()).toEqual([
      '/api/asset/list?page=1&size=20',
      '/api/asset/list?keyword=sol&page=1&size=20',
    ]);
  });

  it('refuses a sixth coin and says why', async () => {
    const user = setupUser();
    await openDialogWithCoins();
    for (const name of ['Bitcoin', 'Ethereum', 'Tether', 'BNB', 'Solana']) {
      await user.click(addButton(name));
    }
    expect(within(table()).getByRole('button', { name: 'Added Solana' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(addButton('XRP'));
    expect(await screen.findByText('You can add up to 5 coins at a time.')).toBeInTheDocument();
    expect(addButton('XRP')).toHaveAttribute('aria-pressed', 'false');
    const picked = screen.getByRole('list', { name: en['footer.list'] });
    expect(within(picked).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('5 of 5 selected')).toBeInTheDocument();
  });

  it('keeps picks from an earlier search and lets them be removed from the footer', async () => {
    const user = setupUser();
    await openDialogWithCoins();
    const save = screen.getByRole('button', { name: en['footer.save'] });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await user.click(addButton('Bitcoin'));
    await user.type(screen.getByRole('searchbox', { name: en['search.label'] }), 'sol');
    await waitFor(() => expect(rowNames()).toEqual(['Solana SOL']));
    await user.click(addButton('Solana'));
    const picked = screen.getByRole('list', { name: en['footer.list'] });
    expect(
      within(picked)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['BTCBitcoin', 'SOLSolana']);
    await user.click(within(picked).getByRole('button', { name: 'Remove Bitcoin' }));
    expect(within(picked).getAllByRole('listitem')).toHaveLength(1);
    expect(save).not.toHaveAttribute('aria-disabled');
  });

  it('follows the picked coins on Save, says so, closes and forgets them', async () => {
    const user = setupUser();
    const answer = deferred<FollowEntry[]>();
    fake.post.mockReturnValue(answer.promise);
    const { onClose } = await openDialogWithCoins();
    await user.click(addButton('Ethereum'));
    await user.click(addButton('Bitcoin'));
    const save = screen.getByRole('button', { name: en['footer.save'] });
    await user.click(save);
    expect(fake.post).toHaveBeenCalledWith('/api/follow/add', { coinIds: [2, 1] });
    expect(save).toHaveAttribute('aria-busy', 'true');
    await user.click(save);
    expect(fake.post).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();

    await act(async () => {
      answer.resolve([
        { coinId: 2, coin: coin(2), followedAt: 200 },
        { coinId: 1, coin: coin(1), followedAt: 200 },
      ]);
    });
    expect(await screen.findByText(en['messages.AddSuccess']!)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    // Opened again, it starts with nothing picked.
    openDialog('addCoin');
    expect(getDialogParams('addCoin')).toEqual({});
  });

  it("shows the server's message when saving fails, and still closes", async () => {
    const user = setupUser();
    fake.post.mockRejectedValue(
      new ApiError({
        code: 404,
        msg: 'That coin does not exist',
        status: 200,
        data: null,
        path: '/api/follow/add',
      }),
    );
    const { onClose } = await openDialogWithCoins();
    await user.click(addButton('Bitcoin'));
    await user.click(screen.getByRole('button', { name: en['footer.save'] }));
    expect(await screen.findByText('That coin does not exist')).toBeInTheDocument();
    expect(screen.queryByText(en['messages.AddSuccess']!)).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says the server could not be reached when saving gets no answer, and keeps the picks', async () => {
    const user = setupUser();
    fake.post.mockRejectedValue(
      new NetworkError({ path: '/api/follow/add', cause: new TypeError() }),
    );
    const { onClose } = await openDialogWithCoins();
    await user.click(addButton('Bitcoin'));
    await user.click(addButton('Ethereum'));
    await user.click(screen.getByRole('button', { name: en['footer.save'] }));
    const common = flatStrings(loadStrings('en', 'common'));
    expect(await screen.findByText(common['messages.networkError']!)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    // Nothing picked is lost: opened again, the dialog starts with the two coins.
    openDialog('addCoin');
    expect(getDialogParams('addCoin').coins?.map((coin) => coin.name)).toEqual([
      'Bitcoin',
      'Ethereum',
    ]);
  });

  it('shows an empty state when nothing matches', async () => {
    const user = setupUser();
    await openDialogWithCoins();
    await user.type(screen.getByRole('searchbox', { name: en['search.label'] }), 'zzz');
    expect(await screen.findByText('No coins match “zzz”')).toBeInTheDocument();
    expect(screen.getByText(en['empty.hint']!)).toBeInTheDocument();
    expect(rowNames()).toEqual([]);
  });

  it('loads the next page when the list is scrolled to within 2 px of its end', async () => {
    catalogue = COINS;
    await openDialogWithCoins();
    const list = screen.getByRole('region', { name: en.results });
    act(() => jest.advanceTimersByTime(1000));
    expect(assetRequests()).toEqual(['/api/asset/list?page=1&size=20']);

    const end = list.scrollHeight - list.clientHeight;
    list.scrollTop = end - 3;
    fireEvent.scroll(list);
    act(() => jest.advanceTimersByTime(1000));
    expect(assetRequests()).toHaveLength(1);
    list.scrollTop = end - 2;
    fireEvent.scroll(list);
    expect(await screen.findByText('Coin 21')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(assetRequests()).toEqual([
      '/api/asset/list?page=1&size=20',
      '/api/asset/list?page=2&size=20',
    ]);
    expect(rowNames()).toHaveLength(40);
  });

  it('loads page after page while they do not fill the list, until the server has no more', async () => {
    catalogue = COINS;
    listHeight = 5000;
    await openDialogWithCoins();
    expect(await screen.findByText(en.end!)).toBeInTheDocument();
    expect(assetRequests()).toEqual([
      '/api/asset/list?page=1&size=20',
      '/api/asset/list?page=2&size=20',
      '/api/asset/list?page=3&size=20',
    ]);
    expect(rowNames()).toHaveLength(45);
  });

  it('never lets an earlier search answer replace a newer one', async () => {
    const user = setupUser();
    const slow = deferred<ListPage<Coin>>();
    held.set('/api/asset/list?keyword=b&page=1&size=20', slow.promise);
    await openDialogWithCoins();
    const search = screen.getByRole('searchbox', { name: en['search.label'] });
    await user.type(search, 'b');
    act(() => jest.advanceTimersByTime(400));
    await user.type(search, 'tc');
    await waitFor(() => expect(rowNames()).toEqual(['Bitcoin BTC']));

    await act(async () => {
      slow.resolve(assetPage(new URL('/api/asset/list?keyword=b&page=1&size=20', 'https://a.b')));
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(rowNames()).toEqual(['Bitcoin BTC']);
    expect(assetRequests()).toContain('/api/asset/list?keyword=b&page=1&size=20');
  });

  it('shows no row of the previous search while a new one loads', async () => {
    const user = setupUser();
    const slow = deferred<ListPage<Coin>>();
    held.set('/api/asset/list?keyword=doge&page=1&size=20', slow.promise);
    await openDialogWithCoins();
    await user.type(screen.getByRole('searchbox', { name: en['search.label'] }), 'doge');
    act(() => jest.advanceTimersByTime(400));
    await waitFor(() => expect(rowNames()).toEqual([]));
    expect(table()).toHaveAttribute('aria-busy', 'true');
    await act(async () => {
      slow.resolve(
        assetPage(new URL('/api/asset/list?keyword=doge&page=1&size=20', 'https://a.b')),
      );
    });
    await waitFor(() => expect(rowNames()).toEqual(['Dogecoin DOGE']));
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const user = setupUser();
    failing.add('/api/asset/list?page=1&size=20');
    renderDialog();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en['error.title']!);
    failing.clear();
    await user.click(within(alert).getByRole('button', { name: en['error.retry'] }));
    expect(await screen.findByText('Bitcoin')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the coins shown and offers to try again when a further page fails', async () => {
    const user = setupUser();
    catalogue = COINS;
    failing.add('/api/asset/list?page=2&size=20');
    // A tall list: the first page does not fill it, so the second is asked for at once.
    listHeight = 5000;
    renderDialog();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en['error.more']!);
    expect(rowNames()).toHaveLength(20);
    failing.clear();
    await user.click(within(alert).getByRole('button', { name: en['error.retry'] }));
    expect(await screen.findByText('Coin 21')).toBeInTheDocument();
    // Only the failed page is asked for again.
    expect(assetRequests().filter((path) => path.includes('page=1&'))).toHaveLength(1);
  });

  it('speaks the page language', async () => {
    const zh = flatStrings(loadStrings('zh', 'coins'));
    renderDialog({ locale: 'zh' });
    const dialog = await screen.findByRole('dialog', { name: zh.title });
    expect(await within(dialog).findByRole('button', { name: '添加 Bitcoin' })).toBeInTheDocument();
    expect(within(dialog).getByRole('columnheader', { name: zh['table.change'] })).toBeVisible();
  });

  // Each screen on a page of the other kind: the placeholder follows the screen's width and the
  // description the page, neither the other.
  it.each([
    { locale: 'en', screen: 'a wide screen', narrow: false, path: '/mobile/' },
    { locale: 'en', screen: 'a phone', narrow: true, path: '/reporting/' },
    { locale: 'zh', screen: 'a wide screen', narrow: false, path: '/mobile/' },
    { locale: 'zh', screen: 'a phone', narrow: true, path: '/reporting/' },
    { locale: 'pt-br', screen: 'a wide screen', narrow: false, path: '/mobile/' },
    { locale: 'pt-br', screen: 'a phone', narrow: true, path: '/reporting/' },
  ] as const)(
    'in $locale on $screen at $path, shows the placeholder that fits the search field and says where the reports are (the coins list on /mobile/, Reporting elsewhere)',
    async ({ locale, narrow, path }) => {
      const strings = flatStrings(loadStrings(locale, 'coins'));
      expect(strings['search.placeholderShort']!.length).toBeLessThan(
        strings['search.placeholder']!.length,
      );
      installMatchMedia((query) => narrow && query === '(max-width: 47.99em)');
      renderDialog({ locale, originalPath: path });
      const search = await screen.findByRole('searchbox', { name: strings['search.label'] });
      expect(search).toHaveAttribute(
        'placeholder',
        strings[narrow ? 'search.placeholderShort' : 'search.placeholder'],
      );
      const dialog = screen.getByRole('dialog', { name: strings.title });
      const description = path === '/mobile/' ? 'description_phone' : 'description';
      expect(dialog).toHaveAccessibleDescription(strings[description]!.replace('{{limit}}', '5'));
    },
  );
});

describe('opening it from anywhere', () => {
  function renderHost() {
    renderWithLocale(
      <ApiProvider client={api} config={TEST_SWR}>
        <DialogHost />
      </ApiProvider>,
    );
  }

  it('loads the dialog when the coin-store flag is set', async () => {
    renderHost();
    act(() => openAddCoinDialog());
    const dialog = await screen.findByRole('dialog', { name: en.title });
    await within(dialog).findByText('Bitcoin');
    await userEvent
      .setup({ advanceTimers: jest.advanceTimersByTime })
      .click(within(dialog).getByRole('button', { name: en.close }));
    await waitFor(() => expect(getOpenDialog()).toBeNull());
  });
});
