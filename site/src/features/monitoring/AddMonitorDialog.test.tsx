// The add-monitoring dialog over the mocked API, for what its stories' plays (in Chromium) do not
// check: the requests it sends, the search's 400 ms pause, paging the results, removing a pick,
// keeping a pick through a search, saving twice, the failures the stories do not show, and the
// languages they do not show.
import '@testing-library/jest-dom';
import { serverMessage } from '@coinlens/contract';
import { Toaster, toaster } from '@coinlens/design-system';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../data/client';
import { ApiProvider } from '../../data/swr';
import { clearToken, setToken } from '../../data/token';
import type { Locale } from '../../i18n/locales';
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
import AddMonitorDialog from './AddMonitorDialog';
import { fakeSource, type FakeSource, type MockApi, type RouteName } from '../../testing/api';
import { mockApi } from '../../testing/api/unitTest';
import { ANA } from '../../testing/fixtures';
import { monitoringStrings } from '../../testing/monitoringStrings';
import { Monitoring } from './Monitoring';
import { openAddMonitorDialog } from './sources';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));

// A modal of styled cards in jsdom is slow to draw and query on a busy machine.
jest.setTimeout(20_000);

const en = monitoringStrings('en');

const NOW = Date.UTC(2024, 4, 6, 14, 5, 0);
const NOW_SEC = NOW / 1000;
const HOUR = 3600;

const SOURCE_LIST = '/api/monitor/source/list';
const UPCOMING_PAGE = '/api/monitor/source/list?page=1&size=4&status=1';
const FINISHED_PAGE = '/api/monitor/source/list?page=1&size=6&status=3';
/** A page of a search, as the client writes its query (names sorted, form-encoded). */
const searchPage = (text: string, page = 1) =>
  `/api/monitor/source/list?${new URLSearchParams({ page: String(page), searchName: text, size: '20' })}`;
/** The route of a request path, as a fault names it. */
const get = (path: string) => `GET ${path}` as RouteName;

/** Five upcoming sources (out of order), seven ended ones, one live and one cancelled. */
function catalogue(): FakeSource[] {
  const upcoming = (id: number, inHours: number, title: string) =>
    fakeSource(id, { status: 1, time: NOW_SEC + inHours * HOUR, title, author: `Host ${id}` });
  const ended = (id: number, status: 3 | 4 | 5, hoursAgo: number, title: string) =>
    fakeSource(id, { status, time: NOW_SEC - hoursAgo * HOUR, title, author: `Host ${id}` });
  return [
    upcoming(13, 30, 'Layer 2 roundtable'),
    upcoming(11, 1, 'Bitcoin halving AMA'),
    upcoming(15, 80, 'DeFi office hours'),
    upcoming(12, 3, 'Ethereum core devcall'),
    upcoming(14, 50, 'NFT market weekly'),
    ended(21, 5, 1, 'Solana builders space'),
    ended(22, 4, 2, 'Macro podcast'),
    ended(23, 3, 3, 'Stablecoin policy AMA'),
    ended(24, 5, 4, 'Mining economics'),
    ended(25, 5, 5, 'Wallet security clinic'),
    ended(26, 5, 6, 'Governance call'),
    ended(27, 5, 30, 'Old market recap'),
    fakeSource(31, { status: 2, time: NOW_SEC - HOUR / 2, title: 'Live trading desk' }),
    fakeSource(32, { status: 6, time: NOW_SEC - HOUR, title: 'Cancelled bitcoin chat' }),
  ];
}

/** `count` completed episodes hosted by Zed, newest first by number. */
const episodes = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    fakeSource(100 + index, {
      status: 5,
      time: NOW_SEC - 48 * HOUR - index * 60,
      title: `Episode ${index + 1}`,
      author: `Host ${100 + index} Zed`,
    }),
  );

let server: MockApi;

/** The mocked API with the catalogue, Ana signed in: the dialog reads through the site's client. */
function serve(options: { sources?: FakeSource[] } = {}) {
  server = mockApi({ monitor: { sources: catalogue(), ...options } });
  setToken(server.tokenFor(ANA));
}

// Each render gets a cache of its own; no deduping and no retries, so each test asks afresh.
const TEST_SWR = { provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false };

const TOASTER = (
  <Toaster
    toaster={toaster}
    closeLabel="Dismiss"
    label="Notifications"
    typeLabels={{ success: 'Success', error: 'Error', warning: 'Warning', info: 'Note' }}
  />
);

function renderDialog({ locale = 'en' as Locale, withPage = false } = {}) {
  const onClose = jest.fn();
  renderWithLocale(
    <ApiProvider client={api} config={TEST_SWR}>
      {withPage && <Monitoring />}
      <AddMonitorDialog onClose={onClose} />
      {TOASTER}
    </ApiProvider>,
    { locale },
  );
  return { onClose };
}

const group = (name: string) => screen.getByRole('region', { name });
const upcomingGroup = () => group(en('dialog.upcoming'));
const finishedGroup = () => group(en('dialog.finished'));
/** The scrolling list of search results (the section around it has the same name). */
const resultsList = () =>
  screen
    .getAllByRole('region', { name: en('dialog.results') })
    .find((element) => element.getAttribute('tabindex') === '0')!;
/** The titles of the cards in `container`, in order. */
const titlesIn = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('listitem')
    .map((item) => within(item).getByTitle(/./).getAttribute('title'));
/** A card: a toggle button named by its host, title and time or heat. */
const card = (title: string, container: HTMLElement = screen.getByRole('dialog')) =>
  within(container).getByRole('button', { name: new RegExp(`^Host \\d+ ${title} `) });
const footer = () => screen.queryByRole('list', { name: en('dialog.footer.list') });
const chips = () =>
  within(footer()!)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const save = () => screen.getByRole('button', { name: en('dialog.footer.save') });
const searchBox = () => screen.getByRole('searchbox', { name: en('dialog.search.label') });

/** The dialog once both groups are shown. */
async function openWithGroups(options?: { locale?: Locale; withPage?: boolean }) {
  const view = renderDialog(options);
  await waitFor(() => expect(within(finishedGroup()).getAllByRole('listitem')).toHaveLength(6));
  await waitFor(() => expect(within(upcomingGroup()).getAllByRole('listitem')).toHaveLength(4));
  return view;
}

/** Fake time for a list to load page after page. */
const PAGES_WAIT = { timeout: 4000 };

const CARD_HEIGHT = 72;
let listHeight = 280;

/**
 * jsdom has no layout: every box measures 0, so a list always looks scrolled to its end. The
 * results list gets a browser's sizes instead: 280 px high, two cards a row, 72 px a row.
 */
function layOutTheList() {
  const isResults = (element: Element) =>
    element.getAttribute('role') === 'region' &&
    element.getAttribute('aria-label') === en('dialog.results');
  jest.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    if (!isResults(this)) return 0;
    // eslint-disable-next-line testing-library/no-node-access -- a layout stand-in, not a query
    const cards = this.getElementsByTagName('li').length;
    return Math.max(listHeight, Math.ceil(cards / 2) * CARD_HEIGHT);
  });
  jest.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return isResults(this) ? listHeight : 0;
  });
}

function setupUser() {
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
  layOutTheList();
  listHeight = 280;
  serve();
});

afterEach(() => {
  act(() => toaster.dismiss());
  act(() => clearToken());
  closeDialog();
  forgetUnsaved();
  jest.useRealTimers();
  jest.clearAllMocks();
  jest.restoreAllMocks();
});

describe('the add-monitoring dialog', () => {
  it('shows sources starting soon (4, soonest first) and recently finished ones (6, newest first)', async () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: en('dialog.title') });
    expect(dialog).toHaveAccessibleDescription(en('dialog.description', { limit: 5 }));
    // The loading image of each group, until its sources come.
    expect(within(dialog).getAllByText(en('dialog.loading'))).toHaveLength(2);
    expect(within(dialog).getByRole('heading', { name: en('dialog.upcoming') })).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: en('dialog.finished') })).toBeVisible();

    await waitFor(() => expect(titlesIn(upcomingGroup())).toHaveLength(4));
    await waitFor(() => expect(titlesIn(finishedGroup())).toHaveLength(6));
    expect(within(dialog).queryByText(en('dialog.loading'))).not.toBeInTheDocument();
    expect(titlesIn(upcomingGroup())).toEqual([
      'Bitcoin halving AMA',
      'Ethereum core devcall',
      'Layer 2 roundtable',
      'NFT market weekly',
    ]);
    // Ended, parsing and completed sources all count as finished.
    expect(titlesIn(finishedGroup())).toEqual([
      'Solana builders space',
      'Macro podcast',
      'Stablecoin policy AMA',
      'Mining economics',
      'Wallet security clinic',
      'Governance call',
    ]);
    expect(server.paths(SOURCE_LIST).sort()).toEqual([UPCOMING_PAGE, FINISHED_PAGE].sort());
    // What the user follows already, to mark it.
    expect(server.paths('/api/monitor/user/source/list')).toEqual([
      '/api/monitor/user/source/list?page=1&size=100',
    ]);
    // An upcoming card shows its time (today's with the label), a finished one its heat.
    expect(card('Bitcoin halving AMA')).toHaveAccessibleName(
      `Host 11 Bitcoin halving AMA ${en('status.unStarted')} ${en('today')} 15:05`,
    );
    expect(card('NFT market weekly')).toHaveTextContent('05/08/2024 16:05');
    expect(card('Solana builders space')).toHaveAccessibleName(
      `Host 21 Solana builders space ${en('status.completed')} 2.1K ${en('heat')}`,
    );
  });

  it('shows picked cards as chips in the footer, which remove them', async () => {
    const user = setupUser();
    await openWithGroups();
    expect(screen.getByText(en('dialog.footer.empty', { limit: 5 }))).toBeVisible();
    expect(save()).toHaveAttribute('aria-disabled', 'true');

    await user.click(card('Ethereum core devcall'));
    await user.click(card('Macro podcast'));
    expect(card('Ethereum core devcall')).toHaveAttribute('aria-pressed', 'true');
    expect(card('Macro podcast')).toHaveAttribute('aria-pressed', 'true');
    expect(chips()).toEqual(['Ethereum core devcall', 'Macro podcast']);
    expect(screen.getByText(en('dialog.footer.count', { selected: 2, limit: 5 }))).toBeVisible();
    expect(save()).not.toHaveAttribute('aria-disabled');

    await user.click(
      within(footer()!).getByRole('button', {
        name: en('dialog.footer.remove', { name: 'Ethereum core devcall' }),
      }),
    );
    expect(chips()).toEqual(['Macro podcast']);
    expect(card('Ethereum core devcall')).toHaveAttribute('aria-pressed', 'false');

    // A second click on a picked card unpicks it too.
    await user.click(card('Macro podcast'));
    expect(footer()).not.toBeInTheDocument();
    expect(screen.getByText(en('dialog.footer.count', { selected: 0, limit: 5 }))).toBeVisible();
  });

  it('scrolls its lists inside, and refuses a sixth pick with the limit message', async () => {
    const user = setupUser();
    await openWithGroups();
    for (const title of [
      'Bitcoin halving AMA',
      'Ethereum core devcall',
      'Layer 2 roundtable',
      'Solana builders space',
      'Macro podcast',
    ]) {
      await user.click(card(title));
    }
    expect(chips()).toHaveLength(5);
    // jsdom lays nothing out: here the dialog asks the Modal for a body that scrolls above its
    // footer; the browser test measures it at 1280x720 and 1366x768.
    expect(screen.getByRole('dialog', { name: en('dialog.title') })).toHaveAttribute(
      'data-scroll-behavior',
      'inside',
    );
    await user.click(card('Mining economics'));
    expect(await screen.findByText(en('messages.addCoin_tips-1', { limit: 5 }))).toBeVisible();
    expect(card('Mining economics')).toHaveAttribute('aria-pressed', 'false');
    expect(chips()).toHaveLength(5);
    expect(chips()).not.toContain('Mining economics');
    expect(screen.getByText(en('dialog.footer.count', { selected: 5, limit: 5 }))).toBeVisible();
  });

  it('searches the typed text once typing pauses for 400 ms, and not for blank text', async () => {
    const user = setupUser();
    await openWithGroups();
    await user.type(searchBox(), '   ');
    act(() => jest.advanceTimersByTime(1000));
    expect(server.paths(SOURCE_LIST)).toHaveLength(2);
    expect(upcomingGroup()).toBeInTheDocument();

    await user.clear(searchBox());
    await user.type(searchBox(), 'bitcoin');
    act(() => jest.advanceTimersByTime(399));
    expect(server.paths(SOURCE_LIST)).toHaveLength(2);
    act(() => jest.advanceTimersByTime(1));
    expect(await screen.findByRole('heading', { name: en('dialog.results') })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: en('dialog.upcoming') })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: en('dialog.finished') })).not.toBeInTheDocument();
    // Every status, title or host, newest first.
    await waitFor(() =>
      expect(titlesIn(resultsList())).toEqual(['Bitcoin halving AMA', 'Cancelled bitcoin chat']),
    );
    expect(server.paths(SOURCE_LIST).slice(2)).toEqual([searchPage('bitcoin')]);
    // The list's fixed size: 280 px high, 580 px wide (narrower on a phone).
    expect(resultsList()).toHaveStyle({ height: '280px', width: '580px', maxWidth: '100%' });

    // Clearing the search brings the groups back.
    await user.click(screen.getByRole('button', { name: en('dialog.search.clear') }));
    expect(await screen.findByRole('region', { name: en('dialog.upcoming') })).toBeInTheDocument();
  });

  it('keeps a source picked in a group picked, once, when it shows in the results', async () => {
    const user = setupUser();
    await openWithGroups();
    await user.click(card('Bitcoin halving AMA'));
    await user.type(searchBox(), 'halving');
    await waitFor(() => expect(titlesIn(resultsList())).toEqual(['Bitcoin halving AMA']));
    expect(card('Bitcoin halving AMA', resultsList())).toHaveAttribute('aria-pressed', 'true');
    expect(chips()).toEqual(['Bitcoin halving AMA']);

    await user.clear(searchBox());
    await waitFor(() =>
      expect(card('Bitcoin halving AMA', upcomingGroup())).toHaveAttribute('aria-pressed', 'true'),
    );
    await user.click(save());
    await waitFor(() =>
      expect(server.paths('/api/monitor/user/source/add')).toEqual([
        '/api/monitor/user/source/add?sourceIds=11',
      ]),
    );
  });

  it('loads the next page of results when scrolled to within 2 px of its end', async () => {
    const user = setupUser();
    serve({ sources: [...catalogue(), ...episodes(21)] });
    await openWithGroups();
    await user.type(searchBox(), 'zed');
    await waitFor(() => expect(titlesIn(resultsList())).toHaveLength(20));
    const list = resultsList();
    act(() => jest.advanceTimersByTime(1000));
    expect(server.paths(SOURCE_LIST).slice(2)).toEqual([searchPage('zed')]);
    expect(screen.queryByText(en('dialog.end'))).not.toBeInTheDocument();

    const end = list.scrollHeight - list.clientHeight;
    list.scrollTop = end - 3;
    fireEvent.scroll(list);
    act(() => jest.advanceTimersByTime(1000));
    expect(server.paths(SOURCE_LIST)).toHaveLength(3);
    list.scrollTop = end - 2;
    fireEvent.scroll(list);
    expect(await screen.findByText(en('dialog.end'))).toBeInTheDocument();
    expect(titlesIn(resultsList())).toHaveLength(21);
    expect(titlesIn(resultsList()).at(-1)).toBe('Episode 21');
    expect(server.paths(SOURCE_LIST).slice(2)).toEqual([searchPage('zed'), searchPage('zed', 2)]);
  });

  // Three pages of cards (51 in all), queried by role after each: over 20 s on a loaded CI machine,
  // and a test cut short leaves its requests running into the tests after it.
  it('loads pages at once while they do not fill the list; a failed one keeps the rest', async () => {
    const user = setupUser();
    listHeight = 5000;
    serve({ sources: [...catalogue(), ...episodes(41)] });
    const stop = server.fault(get(searchPage('zed', 3)), { code: 500, key: 'internal' });
    await openWithGroups();
    await user.type(searchBox(), 'zed');
    const alert = await screen.findByRole('alert', undefined, PAGES_WAIT);
    expect(alert).toHaveTextContent(en('dialog.error.more'));
    expect(titlesIn(resultsList())).toHaveLength(40);
    // Page 3 failed: the list is not at its end and must not say it is.
    expect(screen.queryByText(en('dialog.end'))).not.toBeInTheDocument();

    stop();
    await user.click(within(alert).getByRole('button', { name: en('dialog.error.retry') }));
    expect(await screen.findByText(en('dialog.end'), undefined, PAGES_WAIT)).toBeInTheDocument();
    expect(titlesIn(resultsList())).toHaveLength(41);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server.paths(SOURCE_LIST).slice(2)).toEqual([
      searchPage('zed'),
      searchPage('zed', 2),
      searchPage('zed', 3),
      searchPage('zed', 3),
    ]);
  }, 60_000);

  it('offers to try again when the results cannot be loaded', async () => {
    const user = setupUser();
    await openWithGroups();
    const stop = server.fault(get(searchPage('macro')), { code: 500, key: 'internal' });
    await user.type(searchBox(), 'macro');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en('dialog.error.title'));
    expect(alert).toHaveTextContent(en('dialog.error.hint'));

    stop();
    await user.click(within(alert).getByRole('button', { name: en('dialog.error.retry') }));
    await waitFor(() => expect(titlesIn(resultsList())).toEqual(['Macro podcast']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('follows the picks on Save, says so, closes and refreshes the monitoring page', async () => {
    const user = setupUser();
    const { onClose } = await openWithGroups({ withPage: true });
    const pageLists = () => server.paths('/api/monitor/user/source/list?page=1&size=30');
    await waitFor(() => expect(pageLists()).toHaveLength(1));

    await user.click(card('Ethereum core devcall'));
    await user.click(card('Solana builders space'));
    const release = server.holdNext('GET /api/monitor/user/source/add');
    await user.click(save());
    expect(save()).toHaveAttribute('aria-busy', 'true');
    // Saving twice does not send twice.
    await user.click(save());
    expect(onClose).not.toHaveBeenCalled();

    act(() => release());
    expect(await screen.findByText(en('messages.AddSuccess'))).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(server.paths('/api/monitor/user/source/add')).toEqual([
      '/api/monitor/user/source/add?sourceIds=12%2C21',
    ]);
    expect(server.monitor.followedIds()).toEqual([12, 21]);
    // The page's list heard of it and was fetched again.
    await waitFor(() => expect(pageLists()).toHaveLength(2));
  });

  it("shows the server's message when saving fails, and still closes", async () => {
    const user = setupUser();
    const { onClose } = await openWithGroups();
    await user.click(card('Macro podcast'));
    // Gone from the server since the list was read: nothing is added.
    server.monitor.drop(22);
    await user.click(save());
    expect(await screen.findByText(serverMessage('sourceNotFound', 'en'))).toBeInTheDocument();
    expect(screen.queryByText(en('messages.AddSuccess'))).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(server.monitor.followedIds()).toEqual([]);
  });

  it('says the server could not be reached when saving gets no answer, closes and keeps the pick', async () => {
    const user = setupUser();
    const { onClose } = await openWithGroups();
    await user.click(card('Macro podcast'));
    server.fault('GET /api/monitor/user/source/add', 'network');
    await user.click(save());
    const common = flatStrings(loadStrings('en', 'common'));
    expect(await screen.findByText(common['messages.networkError']!)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    // Nothing picked is lost: opened again, the dialog starts with the source.
    openDialog('addMonitor');
    expect(getDialogParams('addMonitor').sources?.map((source) => source.title)).toEqual([
      'Macro podcast',
    ]);
  });

  it('asks a signed-out visitor to log in instead', async () => {
    act(() => clearToken());
    renderDialog();
    await waitFor(() => expect(getOpenDialog()).toBe('login'));
    expect(screen.queryByRole('dialog', { name: en('dialog.title') })).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.path.startsWith('/api/monitor/'))).toEqual(
      [],
    );
  });

  it('speaks Chinese on a Chinese page', async () => {
    const user = setupUser();
    const zh = monitoringStrings('zh');
    renderDialog({ locale: 'zh' });
    const dialog = screen.getByRole('dialog', { name: zh('dialog.title') });
    const upcoming = within(dialog).getByRole('region', { name: zh('dialog.upcoming') });
    await waitFor(() => expect(within(upcoming).getAllByRole('listitem')).toHaveLength(4));
    expect(within(dialog).getByRole('region', { name: zh('dialog.finished') })).toBeVisible();
    expect(
      within(upcoming).getByRole('button', { name: /^Host 11 Bitcoin halving AMA / }),
    ).toHaveAccessibleName(
      `Host 11 Bitcoin halving AMA ${zh('status.unStarted')} ${zh('today')} 15:05`,
    );
    await user.click(within(upcoming).getByRole('button', { name: /Bitcoin halving AMA/ }));
    expect(screen.getByText(zh('dialog.footer.count', { selected: 1, limit: 5 }))).toBeVisible();
    expect(screen.getByRole('searchbox', { name: zh('dialog.search.label') })).toBeVisible();
  });

  it('counts the picks in Portuguese on a Brazilian page', async () => {
    const user = setupUser();
    const pt = monitoringStrings('pt-br');
    renderDialog({ locale: 'pt-br' });
    const finished = screen.getByRole('region', { name: pt('dialog.finished') });
    await waitFor(() => expect(within(finished).getAllByRole('listitem')).toHaveLength(6));
    // A finished card's heat in the page's locale.
    const solana = within(finished).getByRole('button', { name: /Solana builders space/ });
    expect(solana).toHaveTextContent('2,1 mil');
    await user.click(solana);
    expect(screen.getByText(pt('dialog.footer.count', { selected: 1, limit: 5 }))).toBeVisible();
    expect(screen.getByRole('button', { name: pt('dialog.footer.save') })).toBeVisible();
  });
});

describe('opening it from anywhere', () => {
  it('loads the dialog when the add-monitoring flag is set, and closes it', async () => {
    const user = setupUser();
    renderWithLocale(
      <ApiProvider client={api} config={TEST_SWR}>
        <DialogHost />
      </ApiProvider>,
    );
    act(() => openAddMonitorDialog());
    const dialog = await screen.findByRole('dialog', { name: en('dialog.title') });
    await user.click(within(dialog).getByRole('button', { name: en('dialog.close') }));
    await waitFor(() => expect(getOpenDialog()).toBeNull());
  });
});
