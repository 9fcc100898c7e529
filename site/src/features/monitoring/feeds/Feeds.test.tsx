// The Feeds page's content over the mocked API, for what its stories' plays (in Chromium) do not
// check: the minute's refresh and the relative times moving on, the request it sends, and a
// refusal that stays on the page without a toast.
import '@testing-library/jest-dom';
import { Toaster, toaster } from '@coinlens/design-system';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../../data/client';
import { ApiProvider } from '../../../data/swr';
import { clearToken, setToken } from '../../../data/token';
import type { Locale } from '../../../i18n/locales';
import { fakeFeed, type MockApi, type MockApiOptions } from '../../../testing/api';
import { mockApi } from '../../../testing/api/unitTest';
import { ANA, QUOTED_AT } from '../../../testing/fixtures';
import { flatStrings, loadStrings, renderWithLocale } from '../../../testing/renderWithLocale';
import { Feeds } from './Feeds';
import { FEED_LIST_PATH, FEEDS_REFRESH_MS } from './feeds';

jest.setTimeout(20_000);

const NOW = QUOTED_AT * 1000;

/** The `feeds` strings of `locale`, with `{{name}}` filled in. */
function strings(locale: Locale) {
  const flat = flatStrings(loadStrings(locale, 'feeds'));
  return (key: string, values: Record<string, string | number> = {}) =>
    (flat[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}
const en = strings('en');

let server: MockApi;

/** The mocked API, Ana signed in and (unless `options` say otherwise) one of the operators. */
function serve(options: MockApiOptions = {}) {
  server = mockApi({ operators: [ANA.account], ...options });
  setToken(server.tokenFor(ANA));
}

// A cache of the test's own, no deduping and no retries, so each test asks afresh.
const TEST_SWR = { provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false };

function renderFeeds(locale: Locale = 'en') {
  return renderWithLocale(
    <ApiProvider client={api} config={TEST_SWR}>
      <Feeds />
      <Toaster
        toaster={toaster}
        closeLabel="Dismiss"
        label="Notifications"
        typeLabels={{ success: 'Success', error: 'Error', warning: 'Warning', info: 'Note' }}
      />
    </ApiProvider>,
    { locale, originalPath: '/monitoring/feeds/' },
  );
}

const feedList = (t = en) => screen.findByRole('list', { name: t('list.label') });

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
});

afterEach(() => {
  act(() => toaster.dismiss());
  act(() => clearToken());
  jest.useRealTimers();
});

describe('the Feeds page', () => {
  it('lists the feeds in the API’s order, each with its badge, and the failing one’s error', async () => {
    serve();
    renderFeeds();
    expect(screen.getByRole('status', { name: en('loading') })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    const list = await feedList();
    const articles = within(list).getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('data-state'))).toEqual([
      'ok',
      'pending',
      'failing',
      'retired',
    ]);
    const failing = screen.getByRole('article', { name: 'Macro Weekly' });
    expect(within(failing).getByText('HTTP 503 Service Unavailable')).toBeInTheDocument();
    expect(failing).toHaveTextContent(`${en('status.label')} ${en('status.failing')}`);
    expect(server.paths(FEED_LIST_PATH)).toEqual([FEED_LIST_PATH]);
  });

  it('names the words a feed keeps and leaves out, and nothing for a feed without rules', async () => {
    serve();
    renderFeeds();
    await feedList();
    const blog = screen.getByRole('article', { name: 'Example Chain Blog' });
    const words = (label: string) =>
      within(within(blog).getByRole('list', { name: label }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(words(en('rules.keep'))).toEqual(['bitcoin', 'ETF', '以太坊']);
    expect(words(en('rules.mute'))).toEqual(['giveaway']);
    const macro = screen.getByRole('article', { name: 'Macro Weekly' });
    expect(within(macro).queryByRole('list', { name: en('rules.keep') })).toBeNull();
  });

  it('writes times as how long ago, the exact UTC time on hover, and moves them on', async () => {
    serve({ feeds: { feeds: [fakeFeed(1, { title: 'Blog', lastFetchedAt: QUOTED_AT - 60 })] } });
    renderFeeds();
    await feedList();
    const lastRead = screen.getByText('a minute ago');
    expect(lastRead.tagName).toBe('TIME');
    expect(lastRead).toHaveAttribute('title', en('time.exact', { time: '11/01/2026 11:59:00' }));
    // Half a minute on, before the next fetch: the clock alone moves the words.
    act(() => jest.advanceTimersByTime(30_000));
    expect(await screen.findByText('2 minutes ago')).toBeInTheDocument();
    expect(server.paths(FEED_LIST_PATH)).toHaveLength(1);
  });

  it('asks again every minute, and shows what changed', async () => {
    serve({ feeds: { feeds: [fakeFeed(1, { title: 'Blog' })] } });
    renderFeeds();
    await feedList();
    expect(screen.getByRole('article', { name: 'Blog' })).toHaveAttribute('data-state', 'ok');
    server.feeds.replace([fakeFeed(1, { title: 'Blog', failures: 1, lastError: 'HTTP 500' })]);
    act(() => jest.advanceTimersByTime(FEEDS_REFRESH_MS));
    expect(await screen.findByText('HTTP 500')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Blog' })).toHaveAttribute('data-state', 'failing');
    expect(server.paths(FEED_LIST_PATH)).toHaveLength(2);
  });

  it('tells a user who is no operator who sees the page and how one is made, with no toast', async () => {
    serve({ operators: [] });
    renderFeeds();
    expect(await screen.findByText(en('operatorsOnly.title'))).toBeInTheDocument();
    expect(screen.getByText(en('operatorsOnly.how'))).toHaveTextContent('OPERATOR_EMAILS');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: en('list.label') })).not.toBeInTheDocument();
    // A refusal is not polled: the minute passes without another request.
    act(() => jest.advanceTimersByTime(FEEDS_REFRESH_MS * 2));
    expect(server.paths(FEED_LIST_PATH)).toHaveLength(1);
  });

  it('explains the FEEDS setting on a server that reads no feeds', async () => {
    serve({ feeds: { feeds: [] } });
    renderFeeds();
    expect(await screen.findByText(en('empty.title'))).toBeInTheDocument();
    expect(screen.getByText(en('empty.description'))).toHaveTextContent('FEEDS');
  });

  it('offers a retry when the list could not be loaded, which loads it', async () => {
    serve({ faults: { 'GET /api/monitor/feed/list': 'network' } });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderFeeds();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en('error.text'));
    server.heal('GET /api/monitor/feed/list');
    await user.click(within(alert).getByRole('button', { name: en('error.retry') }));
    expect(await feedList()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('writes the page in Chinese, times in Chinese words', async () => {
    serve();
    renderFeeds('zh');
    const zh = strings('zh');
    await feedList(zh);
    const ok = screen.getByRole('article', { name: 'Example Chain Blog' });
    expect(ok).toHaveTextContent(`${zh('status.label')} ${zh('status.ok')}`);
    expect(within(ok).getAllByText('5 分钟前')).toHaveLength(2);
    expect(within(ok).getByText('10 分钟内')).toBeInTheDocument();
  });
});
