import '@testing-library/jest-dom';
import { Toaster, toaster } from '@coinlens/design-system';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { mutate, useSWRConfig, type Cache } from 'swr';
import { api } from '../../data/client';
import { FETCH_MIN_DELAY_MS } from '../../data/minDelay';
import { ApiProvider } from '../../data/swr';
import { clearToken, getToken, setToken } from '../../data/token';
import type { Locale } from '../../i18n/locales';
import { closeDialog, getOpenDialog } from '../../shell/dialogs';
import { marketCoins, type MockApi } from '../../testing/api';
import { mockApi } from '../../testing/api/unitTest';
import { ANA } from '../../testing/fixtures';
import { flatStrings, loadStrings, renderWithLocale } from '../../testing/renderWithLocale';
import { Markets } from './Markets';
import { PENDING_FOLLOW_KEY } from './pendingFollow';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));

jest.setTimeout(20_000);

/** The `markets` strings of `locale`, by key path. */
function strings(locale: Locale): (key: string, values?: Record<string, string>) => string {
  const flat = flatStrings(loadStrings(locale, 'markets'));
  return (key, values = {}) => {
    const value = flat[key];
    if (value === undefined) throw new Error(`No ${locale} string ${key}`);
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
}
const en = strings('en');

// The app's cache, as in the browser (following writes into it); no deduping and no retries.
const TEST_SWR = { dedupingInterval: 0, shouldRetryOnError: false };

/** The app's SWR cache, as the page uses it (its paged lists' entries are emptied after each test). */
let appCache: Cache | undefined;
function KnowTheCache() {
  appCache = useSWRConfig().cache;
  return null;
}

/** Moves the page to another address (the browser's back and forth). */
let showAddress: (search: string) => void = () => {};

/** The page with an address of its own, as pages/markets.tsx holds it. */
function MarketsAt({
  initial,
  onSearchChange,
}: {
  initial: string | null;
  onSearchChange: jest.Mock;
}) {
  const [search, setSearch] = useState(initial);
  showAddress = (next) => act(() => setSearch(next));
  return <Markets search={search} onSearchChange={onSearchChange} />;
}

function renderMarkets({
  locale = 'en' as Locale,
  search = '' as string | null,
}: { locale?: Locale; search?: string | null } = {}) {
  const onSearchChange = jest.fn();
  const view = renderWithLocale(
    <ApiProvider client={api} config={TEST_SWR}>
      <KnowTheCache />
      <MarketsAt initial={search} onSearchChange={onSearchChange} />
      <Toaster
        toaster={toaster}
        closeLabel="Dismiss"
        label="Notifications"
        typeLabels={{ success: 'Success', error: 'Error', warning: 'Warning', info: 'Note' }}
      />
    </ApiProvider>,
    { locale, originalPath: '/markets/' },
  );
  return { ...view, onSearchChange };
}

/** The names of the coins in the table's rows, in order. */
function names(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryByRole('link')?.textContent ?? '')
    .filter(Boolean);
}

const firstRowNamed = async (name: RegExp) =>
  screen.findByRole('link', { name }, { timeout: 5000 });

let server: MockApi;

afterEach(async () => {
  // What the test left under way lands first: a request still pending for a key would be handed
  // to the next test's request of the same key.
  await act(() => server.settled(FETCH_MIN_DELAY_MS + 50, 5000));
  toaster.dismiss();
  closeDialog();
  clearToken();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  await act(() => mutate(() => true, undefined, { revalidate: false }));
  // That leaves out the paged lists' own entries (swr/infinite keeps its pages under `$inf$` keys).
  for (const key of [...(appCache?.keys() ?? [])]) {
    if (key.startsWith('$inf$')) appCache?.delete(key);
  }
});

describe('the market overview', () => {
  it('lists the first page of 50 by rank, and asks for its sparklines in one call', async () => {
    server = mockApi({ coins: marketCoins(120) });
    renderMarkets();
    await firstRowNamed(/Bitcoin/);
    const lists = server.calls('GET /api/market/list');
    expect(lists).toHaveLength(1);
    expect(Object.fromEntries(lists[0]!.query)).toEqual({
      order: 'asc',
      page: '1',
      size: '50',
      sort: 'rank',
    });
    await waitFor(() => expect(server.calls('GET /api/market/sparklines')).toHaveLength(1));
    const ids = server.calls('GET /api/market/sparklines')[0]!.query.get('coinIds')!.split(',');
    expect(ids).toEqual(Array.from({ length: 50 }, (_, index) => String(index + 1)));
    // Nothing asked per row, and no second call for the same page.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.calls('GET /api/market/sparklines')).toHaveLength(1);
  });

  it('asks for nothing before the page has hydrated (the static HTML has no query)', async () => {
    server = mockApi();
    renderMarkets({ search: null });
    expect(screen.getByRole('table', { name: en('table.label') })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.calls('GET /api/market/list')).toHaveLength(0);
  });

  it('shows the sort its address names, sorted by the server', async () => {
    server = mockApi();
    renderMarkets({ search: '?sort=change24h' });
    await firstRowNamed(/XRP/);
    expect(server.calls('GET /api/market/list')[0]!.query.get('sort')).toBe('change24h');
    expect(server.calls('GET /api/market/list')[0]!.query.get('order')).toBe('desc');
    expect(names().slice(0, 3)).toEqual([
      expect.stringContaining('XRP'),
      expect.stringContaining('Bitcoin'),
      expect.stringContaining('Cardano'),
    ]);
    const header = screen.getByRole('columnheader', { name: en('table.change24h') });
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  it('puts a new sort into the address as a new history entry, keeping the search', async () => {
    server = mockApi();
    const { onSearchChange } = renderMarkets({ search: '?q=o' });
    await firstRowNamed(/Bitcoin/);
    await userEvent.click(screen.getByRole('button', { name: en('table.price') }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ search: '?sort=price&q=o', replace: false });
  });

  it('searches once typing pauses for 400 ms, keeping the sort, in place of the entry', async () => {
    server = mockApi();
    const { onSearchChange } = renderMarkets({ search: '?sort=price' });
    await firstRowNamed(/Bitcoin/);
    const box = await screen.findByRole('searchbox', { name: en('search.label') });
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.type(box, 'bit');
      act(() => jest.advanceTimersByTime(399));
      expect(onSearchChange).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(onSearchChange).toHaveBeenCalledTimes(1);
      expect(onSearchChange).toHaveBeenCalledWith({ search: '?sort=price&q=bit', replace: true });
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows what the address searches for, and says when no coin matches', async () => {
    server = mockApi();
    renderMarkets({ search: '?q=zzz' });
    expect(await screen.findByText(en('empty.title', { keyword: 'zzz' }))).toBeVisible();
    expect(await screen.findByRole('searchbox', { name: en('search.label') })).toHaveValue('zzz');
    // Back in the history: the address's search again, in the box and in the list.
    showAddress('?q=sol');
    await firstRowNamed(/Solana/);
    expect(screen.getByRole('searchbox', { name: en('search.label') })).toHaveValue('sol');
    expect(names()).toEqual([expect.stringContaining('Solana')]);
  });

  it('says demo data is not live, and shows no stale badge for fresh figures', async () => {
    server = mockApi();
    renderMarkets({ locale: 'pt-br' });
    await firstRowNamed(/Bitcoin/);
    expect(screen.getByText(strings('pt-br')('provenance.demo'))).toBeVisible();
    expect(screen.queryByText(strings('pt-br')('stale.badge'))).toBeNull();
  });

  it('keeps the last good figures when a refresh fails, says so and tries again', async () => {
    server = mockApi({ market: { refreshSeconds: 1 } });
    renderMarkets();
    await firstRowNamed(/Bitcoin/);
    server.market.unavailable = true;
    const notice = /^The latest prices could not be loaded/;
    expect(await screen.findByText(notice, {}, { timeout: 5000 })).toBeVisible();
    expect(names()).toContainEqual(expect.stringContaining('Bitcoin'));
    // The next try is under way (each takes at least 200 ms): the notice stays meanwhile.
    const tries = server.calls('GET /api/market/list').length;
    await waitFor(
      () => expect(server.calls('GET /api/market/list').length).toBeGreaterThan(tries),
      { timeout: 5000, interval: 20 },
    );
    expect(screen.getByText(notice)).toBeVisible();
    // The server is back: the next refresh takes the notice away.
    server.market.unavailable = false;
    await waitFor(() => expect(screen.queryByText(notice)).toBeNull(), { timeout: 5000 });
  });
});

describe('following a coin from the market overview', () => {
  it('asks a visitor to sign in, and follows the coin once they have', async () => {
    server = mockApi();
    window.history.replaceState(null, '', '/markets/?sort=price');
    renderMarkets({ search: '?sort=price' });
    await firstRowNamed(/Solana/);
    await userEvent.click(
      screen.getByRole('button', { name: en('follow.actionLabel', { name: 'Solana' }) }),
    );
    expect(getOpenDialog()).toBe('login');
    expect(server.calls('POST /api/follow/add')).toHaveLength(0);
    // Signing in comes back here, to the same sort (start/nextAddress.ts).
    const address = new URLSearchParams(window.location.search);
    expect(address.get('t')).toBe('login');
    expect(address.get('next')).toBe('/markets/?sort=price');
    expect(sessionStorage.getItem(PENDING_FOLLOW_KEY)).toContain('"coinId":5');

    // The login dialog signs in (a token) and closes.
    act(() => {
      setToken(server.tokenFor(ANA));
      closeDialog();
    });
    expect(await screen.findByText(en('follow.done', { name: 'Solana' }))).toBeVisible();
    await waitFor(() => expect(server.followedIds()).toEqual([5]));
    expect(server.calls('POST /api/follow/add')).toHaveLength(1);
    expect(sessionStorage.getItem(PENDING_FOLLOW_KEY)).toBeNull();
    expect(
      await screen.findByRole('link', { name: en('follow.followingLabel', { name: 'Solana' }) }),
    ).toBeVisible();
  });

  it('forgets the coin when the visitor closes the login without signing in', async () => {
    server = mockApi();
    renderMarkets();
    await firstRowNamed(/Solana/);
    fireEvent.click(
      screen.getByRole('button', { name: en('follow.actionLabel', { name: 'Solana' }) }),
    );
    expect(sessionStorage.getItem(PENDING_FOLLOW_KEY)).not.toBeNull();
    act(() => closeDialog());
    expect(getToken()).toBeNull();
    await waitFor(() => expect(sessionStorage.getItem(PENDING_FOLLOW_KEY)).toBeNull());
    // The login ask and the page to come back to leave the address with the dialog.
    expect(window.location.search).toBe('');
  });
});
