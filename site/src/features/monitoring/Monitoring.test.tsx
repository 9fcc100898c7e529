// The monitoring page over the mocked API, for what its stories' plays (in Chromium) do not check:
// the requests it sends, opening a source's page in the app, every filter, cancelling a removal,
// the failures the stories do not show, Chinese, and the way to the feeds, for an operator alone.
import '@testing-library/jest-dom';
import { serverMessage } from '@coinlens/contract';
import { Toaster, toaster } from '@coinlens/design-system';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import { http, HttpResponse } from 'msw';
import { api } from '../../data/client';
import { useSession } from '../../data/session';
import { ApiProvider } from '../../data/swr';
import { clearToken, setToken } from '../../data/token';
import type { Locale } from '../../i18n/locales';
import type * as GatsbyStub from '../../testing/gatsbyStub';
import { renderWithLocale } from '../../testing/renderWithLocale';
import { closeDialog } from '../../shell/dialogs';
import { fakeLines, fakeSource, type FakeSource, type MockApi } from '../../testing/api';
import { server as msw } from '../../testing/api/server';
import { mockApi } from '../../testing/api/unitTest';
import { ANA } from '../../testing/fixtures';
import { monitoringStrings } from '../../testing/monitoringStrings';
import { FEEDS_PATH, Monitoring, sourceDetailPath } from './Monitoring';

// Gatsby's navigate, watched: a plain click on a card stays in the app.
jest.mock('gatsby', () => ({
  ...jest.requireActual<typeof GatsbyStub>('../../testing/gatsbyStub'),
  navigate: jest.fn(() => Promise.resolve()),
}));
jest.setTimeout(20_000);

const en = monitoringStrings('en');
const zh = monitoringStrings('zh');

const NOW = Date.UTC(2024, 4, 6, 14, 5, 0);
const NOW_SEC = NOW / 1000;
const HOUR = 3600;
const USER_LIST = '/api/monitor/user/source/list';

/** The user's sources in every state; the first three in the list were added last. */
function mine(): FakeSource[] {
  return [
    fakeSource(1, {
      status: 1,
      // Today in UTC, late in the day.
      time: Date.UTC(2024, 4, 6, 23, 30) / 1000,
      title: 'Bitcoin halving AMA',
      author: 'Satoshi Fans',
      link: 'https://x.com/i/spaces/1',
    }),
    fakeSource(2, {
      status: 5,
      time: NOW_SEC - 20 * HOUR,
      heat: 12_345,
      title: 'Ethereum core devcall',
      author: 'Core devs',
      lines: fakeLines(4),
    }),
    fakeSource(3, { status: 2, time: NOW_SEC - HOUR, title: 'Live trading desk', author: 'Desk' }),
    fakeSource(4, { status: 3, time: NOW_SEC - 3 * HOUR, title: 'Macro podcast', author: 'Macro' }),
    fakeSource(5, {
      status: 5,
      time: NOW_SEC - 30 * HOUR,
      title: 'Governance call',
      author: 'DAO',
    }),
    fakeSource(6, {
      status: 1,
      // Tomorrow in UTC, half an hour after midnight.
      time: Date.UTC(2024, 4, 7, 0, 30) / 1000,
      title: 'Layer 2 roundtable',
      author: 'L2 Club',
      link: 'javascript:alert(1)',
    }),
  ];
}

let server: MockApi;

/** The mocked API with Ana's sources, Ana signed in: the page reads through the site's client. */
function serve(options: { sources?: FakeSource[]; followed?: number[] } = {}) {
  server = mockApi({ monitor: { sources: mine(), followed: [2, 1, 3, 4, 5, 6], ...options } });
  setToken(server.tokenFor(ANA));
}

// The page has a cache of its own; no deduping and no retries, so each test asks afresh.
const TEST_SWR = { provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false };

/** Says when the signed-in user's details have come (the page reads them from the same cache). */
function UserLoaded() {
  const { user } = useSession();
  return user ? <p>user details loaded</p> : null;
}

function renderPage({ locale = 'en' as Locale } = {}) {
  return renderWithLocale(
    <ApiProvider client={api} config={TEST_SWR}>
      <UserLoaded />
      <Monitoring />
      <Toaster
        toaster={toaster}
        closeLabel="Dismiss"
        label="Notifications"
        typeLabels={{ success: 'Success', error: 'Error', warning: 'Warning', info: 'Note' }}
      />
    </ApiProvider>,
    { locale, originalPath: '/monitoring/' },
  );
}

// Hidden too: a dialog open over the page hides it from the accessibility tree.
const sourceList = () => screen.getByRole('list', { name: en('list.label'), hidden: true });
/** The titles on the cards, in order. */
const titles = () =>
  within(sourceList())
    .getAllByRole('listitem', { hidden: true })
    .map((item) => within(item).getByTitle(/./).getAttribute('title'));
const filterButton = (key: string, t = en) =>
  within(screen.getByRole('group', { name: t('filter.label') })).getByRole('button', {
    name: t(`filter.${key}`),
  });
const removeButton = (title: string) =>
  screen.getByRole('button', { name: en('list.remove', { title }) });

/** The page once the first page of the list is shown. */
async function renderWithList(options?: { locale?: Locale }) {
  const view = renderPage(options);
  await screen.findByRole('list', {
    name: monitoringStrings(options?.locale ?? 'en')('list.label'),
  });
  return view;
}

function setupUser() {
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

beforeEach(() => {
  // A modal left open by a failed test leaves the body inert: start from a clean one.
  document.body.removeAttribute('style');
  jest.useFakeTimers({ now: NOW });
  serve();
});

afterEach(() => {
  act(() => toaster.dismiss());
  act(() => clearToken());
  closeDialog();
  jest.useRealTimers();
  jest.clearAllMocks();
});

describe('the monitoring page', () => {
  it('shows placeholders, then the user sources, most recently added first', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: en('title') })).toBeInTheDocument();
    expect(screen.getByText(en('lead'))).toBeInTheDocument();
    expect(screen.getByRole('status', { name: en('list.loading') })).toHaveAttribute(
      'aria-busy',
      'true',
    );

    await screen.findByRole('list', { name: en('list.label') });
    expect(screen.queryByRole('status', { name: en('list.loading') })).not.toBeInTheDocument();
    expect(titles()).toEqual([
      'Ethereum core devcall',
      'Bitcoin halving AMA',
      'Live trading desk',
      'Macro podcast',
      'Governance call',
      'Layer 2 roundtable',
    ]);
    expect(screen.getByText(en('list.count_other', { count: 6 }))).toBeInTheDocument();
    expect(server.paths(USER_LIST)).toEqual([`${USER_LIST}?page=1&size=30`]);
    // Everything fits on one page.
    expect(screen.queryByRole('button', { name: en('list.more') })).not.toBeInTheDocument();
  });

  // One page for these checks: they only read it, and following a link changes nothing on it.
  it('shows each source its state and a dot for new content, and links completed, live and ended ones to their pages in the app', async () => {
    const user = setupUser();
    await renderWithList();
    const list = sourceList();
    for (const state of ['unStarted', 'completed', 'inProgress', 'finished']) {
      for (const badge of within(list).getAllByText(en(`status.${state}`))) {
        expect(badge).toHaveAttribute('data-state', state);
      }
    }
    expect(within(list).getAllByText(en('status.unStarted'))).toHaveLength(2);
    expect(within(list).getAllByText(en('status.completed'))).toHaveLength(2);

    // The dot for new content.
    expect(screen.getByRole('link', { name: /Ethereum core devcall/ })).toHaveAccessibleName(
      expect.stringMatching(new RegExp(`${en('unread')}$`)),
    );
    expect(screen.getByRole('link', { name: /Governance call/ })).not.toHaveAccessibleName(
      expect.stringContaining(en('unread')),
    );

    const devcall = screen.getByRole('link', { name: /^Core devs Ethereum core devcall / });
    expect(devcall).toHaveAttribute('href', '/monitoring/detail/?id=2');
    expect(devcall).toHaveAccessibleName(
      `Core devs Ethereum core devcall ${en('status.completed')} 12.3K ${en('heat')} ${en('unread')}`,
    );
    await user.click(devcall);
    expect(navigate).toHaveBeenLastCalledWith('/monitoring/detail/?id=2', undefined);
    expect(sourceDetailPath(9)).toBe('/monitoring/detail/?id=9');

    for (const [name, id, status] of [
      ['Desk Live trading desk', 3, 'status.inProgress'],
      ['Macro Macro podcast', 4, 'status.finished'],
    ] as const) {
      const card = screen.getByRole('link', { name: new RegExp(`^${name} `) });
      expect(card).toHaveAttribute('href', `/monitoring/detail/?id=${id}`);
      expect(card).toHaveAccessibleName(`${name} ${en(status)}`);
      await user.click(card);
      expect(navigate).toHaveBeenLastCalledWith(`/monitoring/detail/?id=${id}`, undefined);
    }
  });

  it("opens an upcoming source's box with its host, title, time and the GoCheck link", async () => {
    const user = setupUser();
    await renderWithList();
    const ama = screen.getByRole('button', { name: /^Satoshi Fans Bitcoin halving AMA / });
    // A time of today (UTC) says so; another day's shows its date.
    expect(ama).toHaveAccessibleName(
      `Satoshi Fans Bitcoin halving AMA ${en('status.unStarted')} ${en('today')} 23:30`,
    );
    const roundtable = screen.getByRole('button', { name: /^L2 Club Layer 2 roundtable / });
    expect(roundtable).toHaveTextContent('05/07/2024 00:30');
    expect(ama).toHaveAttribute('aria-expanded', 'false');

    await user.click(ama);
    expect(ama).toHaveAttribute('aria-expanded', 'true');
    const box = screen.getByRole('region', { name: 'Bitcoin halving AMA' });
    expect(box).toHaveTextContent('Satoshi Fans');
    expect(box).toHaveTextContent(`${en('today')} 23:30`);
    const check = within(box).getByRole('link', { name: `${en('check')} ${en('newTab')}` });
    expect(check).toHaveAttribute('href', 'https://x.com/i/spaces/1');
    expect(check).toHaveAttribute('target', '_blank');
    expect(navigate).not.toHaveBeenCalled();

    // A link that is not a web address is not offered.
    await user.click(roundtable);
    const other = screen.getByRole('region', { name: 'Layer 2 roundtable' });
    expect(within(other).queryByRole('link')).not.toBeInTheDocument();
  });

  it('filters the list by status, sending the status code of each filter', async () => {
    const user = setupUser();
    await renderWithList();
    expect(filterButton('all')).toHaveAttribute('aria-pressed', 'true');

    await user.click(filterButton('upcoming'));
    expect(filterButton('upcoming')).toHaveAttribute('aria-pressed', 'true');
    expect(filterButton('all')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(titles()).toEqual(['Bitcoin halving AMA', 'Layer 2 roundtable']));
    expect(screen.getByText(en('list.count_other', { count: 2 }))).toBeInTheDocument();

    await user.click(filterButton('live'));
    await waitFor(() => expect(titles()).toEqual(['Live trading desk']));
    expect(screen.getByText(en('list.count_one', { count: 1 }))).toBeInTheDocument();

    // Ended means every source that has ended: not yet parsed, parsing or completed.
    await user.click(filterButton('ended'));
    await waitFor(() =>
      expect(titles()).toEqual(['Ethereum core devcall', 'Macro podcast', 'Governance call']),
    );

    await user.click(filterButton('all'));
    await waitFor(() => expect(titles()).toHaveLength(6));
    expect(server.paths(USER_LIST).slice(0, 4)).toEqual([
      `${USER_LIST}?page=1&size=30`,
      `${USER_LIST}?page=1&size=30&status=1`,
      `${USER_LIST}?page=1&size=30&status=2`,
      `${USER_LIST}?page=1&size=30&status=3`,
    ]);
  });

  it('says when no source is in the state picked, and offers to show them all', async () => {
    const user = setupUser();
    serve({ followed: [2, 5] });
    await renderWithList();
    await user.click(filterButton('live'));
    expect(await screen.findByText(en('empty.filteredTitle'))).toBeInTheDocument();
    expect(screen.getByText(en('empty.filteredDescription'))).toBeInTheDocument();
    expect(screen.queryByText(en('empty.title'))).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: en('empty.showAll') }));
    expect(filterButton('all')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(titles()).toEqual(['Ethereum core devcall', 'Governance call']));
  });

  it('shows more sources, 30 at a time; a failed page keeps the shown ones and can be retried', async () => {
    const user = setupUser();
    const many = Array.from({ length: 31 }, (_, index) =>
      fakeSource(100 + index, { status: 5, title: `Episode ${index + 1}` }),
    );
    serve({ sources: many, followed: many.map((source) => source.id) });
    const page2 = `${USER_LIST}?page=2&size=30`;
    const stop = server.fault(`GET ${page2}`, { code: 500, key: 'internal' });
    await renderWithList();
    expect(titles()).toHaveLength(30);
    expect(screen.getByText(en('list.count_other', { count: 31 }))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: en('list.more') }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en('list.moreError'));
    expect(titles()).toHaveLength(30);

    stop();
    await user.click(within(alert).getByRole('button', { name: en('list.retry') }));
    await waitFor(() => expect(titles()).toHaveLength(31));
    expect(titles().at(-1)).toBe('Episode 31');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en('list.more') })).not.toBeInTheDocument();
    expect(server.paths(USER_LIST)).toEqual([`${USER_LIST}?page=1&size=30`, page2, page2]);
  });

  it('asks before removing a source, then removes it and keeps the reader in place', async () => {
    const user = setupUser();
    await renderWithList();
    await user.click(removeButton('Macro podcast'));
    let dialog = await screen.findByRole('dialog', {
      name: en('remove.title', { title: 'Macro podcast' }),
    });
    expect(dialog).toHaveAccessibleDescription(en('remove.description'));
    await user.click(within(dialog).getByRole('button', { name: en('remove.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.paths('/api/monitor/user/source/delete')).toEqual([]);

    await user.click(removeButton('Macro podcast'));
    dialog = await screen.findByRole('dialog', {
      name: en('remove.title', { title: 'Macro podcast' }),
    });
    await user.click(within(dialog).getByRole('button', { name: en('remove.confirm') }));
    expect(
      await screen.findByText(en('remove.done', { title: 'Macro podcast' })),
    ).toBeInTheDocument();
    expect(server.paths('/api/monitor/user/source/delete')).toEqual([
      '/api/monitor/user/source/delete?sourceId=4',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is fetched again, without the source.
    await waitFor(() => expect(titles()).not.toContain('Macro podcast'));
    expect(titles()).toHaveLength(5);
    expect(server.paths(USER_LIST)).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: en('title') })).toHaveFocus();
  });

  it("keeps the dialog open with the server's message when removing fails", async () => {
    const user = setupUser();
    await renderWithList();
    await user.click(removeButton('Governance call'));
    const dialog = await screen.findByRole('dialog', {
      name: en('remove.title', { title: 'Governance call' }),
    });
    // Gone from the server meanwhile.
    server.monitor.drop(5);
    await user.click(within(dialog).getByRole('button', { name: en('remove.confirm') }));
    expect(await screen.findByText(serverMessage('sourceNotFound', 'en'))).toBeInTheDocument();
    expect(
      screen.getByRole('dialog', { name: en('remove.title', { title: 'Governance call' }) }),
    ).toBeInTheDocument();
    // Ready to try again.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: en('remove.confirm') })).toBeEnabled(),
    );
    expect(titles()).toContain('Governance call');
    await user.click(within(dialog).getByRole('button', { name: en('remove.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.paths(USER_LIST)).toHaveLength(1);
  });

  it('says so when removing fails without a message', async () => {
    const user = setupUser();
    // A proxy in front of the API failing with an empty body: no message to show.
    msw.use(
      http.get('/api/monitor/user/source/delete', () => new HttpResponse(null, { status: 502 })),
    );
    await renderWithList();
    await user.click(removeButton('Governance call'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: en('remove.confirm') }));
    expect(
      await screen.findByText(en('remove.failed', { title: 'Governance call' })),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: en('remove.cancel') })).toBeEnabled(),
    );
    await user.click(within(dialog).getByRole('button', { name: en('remove.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reads in Chinese, with links and the today label in Chinese', async () => {
    const user = setupUser();
    await renderWithList({ locale: 'zh' });
    expect(screen.getByRole('heading', { level: 1, name: zh('title') })).toBeInTheDocument();
    expect(filterButton('all', zh)).toHaveAttribute('aria-pressed', 'true');
    const devcall = screen.getByRole('link', { name: /Ethereum core devcall/ });
    expect(devcall).toHaveAttribute('href', '/zh/monitoring/detail/?id=2');
    expect(
      screen.getByRole('button', { name: /^Satoshi Fans Bitcoin halving AMA / }),
    ).toHaveTextContent(`${zh('today')} 23:30`);
    expect(screen.getByText(zh('list.count_other', { count: 6 }))).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: zh('list.remove', { title: 'Macro podcast' }) }),
    ).toBeInTheDocument();
    await user.click(devcall);
    expect(navigate).toHaveBeenCalledWith('/zh/monitoring/detail/?id=2', undefined);
  });

  it('leads an operator to the feeds’ state, beside the add button', async () => {
    server = mockApi({
      operators: [ANA.account],
      monitor: { sources: mine(), followed: [2, 1, 3, 4, 5, 6] },
    });
    setToken(server.tokenFor(ANA));
    await renderWithList();
    const feeds = await screen.findByRole('link', { name: en('feeds') });
    expect(feeds).toHaveAttribute('href', FEEDS_PATH);
    expect(FEEDS_PATH).toBe('/monitoring/feeds/');
    expect(screen.getAllByRole('button', { name: en('add') })).toHaveLength(1);
  });

  it('shows no way to the feeds to a user who is not an operator', async () => {
    await renderWithList();
    await screen.findByText('user details loaded');
    expect(screen.queryByRole('link', { name: en('feeds') })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: en('add') })).toBeInTheDocument();
  });
});
