// A source's page over the mocked API, for what its stories' plays (in Chromium) do not check: the
// requests it sends, all its facts and the coins' figures, a cancelled source, the failures the
// stories do not show (following, the summary, the transcript, marking as read), and the dates in
// Portuguese and Chinese.
import '@testing-library/jest-dom';
import { serverMessage, type Coin } from '@coinlens/contract';
import { Toaster, toaster } from '@coinlens/design-system';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mutate, SWRConfig } from 'swr';
import { api } from '../../data/client';
import { ApiProvider } from '../../data/swr';
import { clearToken, setToken } from '../../data/token';
import type { Locale } from '../../i18n/locales';
import { flatStrings, loadStrings, renderWithLocale } from '../../testing/renderWithLocale';
import { fakeLines, fakeSource, type FakeSource, type MockApi } from '../../testing/api';
import { mockApi } from '../../testing/api/unitTest';
import { ANA } from '../../testing/fixtures';
import { monitoringStrings } from '../../testing/monitoringStrings';
import { formatOffset, KEY_POINT_SEARCH_PAGES, searchStep, SourceDetail } from './SourceDetail';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));

jest.setTimeout(20_000);

const en = monitoringStrings('en');
const common = flatStrings(loadStrings('en', 'common'));

const NOW = Date.UTC(2024, 4, 6, 14, 5, 0);
const NOW_SEC = NOW / 1000;
const HOUR = 3600;

function coin(id: number, name: string, symbol: string, price: number, change: number): Coin {
  return {
    id,
    name,
    symbol,
    logo: `/api/asset/logo/${symbol.toLowerCase()}.svg`,
    rank: id,
    quotes: { price, percentChange24h: change, marketCap: 1, volume24h: 1, updatedAt: NOW_SEC },
  };
}
const BITCOIN = coin(1, 'Bitcoin', 'BTC', 64231.5, 2.3456);
const ETHEREUM = coin(2, 'Ethereum', 'ETH', 3120.42, -1.2);

/** A completed devcall with its summary and 45 lines; an upcoming AMA; a cancelled one. */
function sources(): FakeSource[] {
  return [
    fakeSource(7, {
      status: 5,
      title: 'Ethereum core devcall',
      author: 'Core devs',
      description: 'The weekly call of the client teams.',
      time: Date.UTC(2024, 4, 4, 18, 0) / 1000,
      startedAt: Date.UTC(2024, 4, 4, 18, 4) / 1000,
      endedAt: Date.UTC(2024, 4, 6, 9, 30) / 1000,
      heat: 12_345,
      participants: ['Tim', 'Vitalik'],
      tags: ['eth', 'upgrades'],
      demo: true,
      link: 'https://youtube.com/watch?v=devcall',
      summary: {
        summary: 'The client teams agreed on the next upgrade.',
        keyPoints: ['Pectra ships in May', 'Blobs get cheaper'],
        coins: [ETHEREUM, BITCOIN],
        language: 'en',
      },
      lines: fakeLines(45),
    }),
    fakeSource(8, {
      status: 1,
      title: 'Bitcoin halving AMA',
      author: 'satoshi fans',
      logo: '',
      time: NOW_SEC + 2 * HOUR,
      link: 'javascript:alert(1)',
    }),
    fakeSource(9, { status: 6, title: 'Cancelled chat', author: 'Nobody' }),
    fakeSource(10, {
      status: 5,
      title: 'Long space',
      author: 'Hosts',
      summary: {
        summary: 'A long space.',
        keyPoints: ['Line 3', 'Line 50', 'Line 650', 'Nobody knows where'],
        keyPointSources: [
          { lineId: 3, offsetSec: 60 },
          { lineId: 50, offsetSec: 1470 },
          { lineId: 650, offsetSec: 19_470 },
          null,
        ],
        coins: [],
        language: 'en',
      },
      lines: fakeLines(700),
    }),
    fakeSource(11, {
      status: 5,
      kind: 'article',
      title: 'A post',
      author: 'A blog',
      feed: { title: 'The blog', url: 'https://blog.example/feed.xml', link: null },
      summary: {
        summary: 'A post.',
        keyPoints: ['Line 2'],
        keyPointSources: [{ lineId: 2, offsetSec: 0 }],
        coins: [],
        language: 'en',
      },
      lines: fakeLines(4),
    }),
  ];
}

let server: MockApi;

/**
 * The mocked API with the sources, Ana signed in and following Bitcoin (the coins are the
 * fixtures', whose Bitcoin and Ethereum are these): the page reads through the site's client.
 */
function serve(options: { followed?: number[] } = {}) {
  server = mockApi({
    monitor: { sources: sources(), followed: [7, 8], ...options },
    follows: [BITCOIN.id],
  });
  setToken(server.tokenFor(ANA));
}

// The app's cache, as in the browser (following a coin writes into it); no deduping and no
// retries, so each test asks afresh.
const TEST_SWR = { dedupingInterval: 0, shouldRetryOnError: false };

function renderPage(sourceId: number, { locale = 'en' as Locale } = {}) {
  return renderWithLocale(
    <ApiProvider client={api} config={TEST_SWR}>
      <SourceDetail sourceId={sourceId} />
      <Toaster
        toaster={toaster}
        closeLabel="Dismiss"
        label="Notifications"
        typeLabels={{ success: 'Success', error: 'Error', warning: 'Warning', info: 'Note' }}
      />
    </ApiProvider>,
    { locale, originalPath: `/monitoring/detail/` },
  );
}

/** The header's facts, label to value. */
const facts = () => {
  const terms = screen.getAllByRole('term').map((term) => term.textContent);
  const values = screen.getAllByRole('definition').map((value) => value.textContent);
  return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
};
const section = (name: string) => screen.getByRole('region', { name });
const transcript = (title = 'Ethereum core devcall', t = en) =>
  screen.getByRole('region', { name: t('detail.content.label', { title }) });
/** The transcript's lines as "offset speaker text". */
const lines = (title?: string) =>
  within(transcript(title))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const detailRequests = (path: string) => server.paths(`/api/monitor/source/${path}`);

const LINE_HEIGHT = 48;
let listHeight = 448;

/** jsdom has no layout: the transcript gets a browser's sizes, 48 px a line, 448 px shown. */
function layOutTheTranscript() {
  const isTranscript = (element: Element) =>
    element.getAttribute('role') === 'region' &&
    (element.getAttribute('aria-label') ?? '').startsWith('Transcript of');
  jest.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    if (!isTranscript(this)) return 0;
    // eslint-disable-next-line testing-library/no-node-access -- a layout stand-in, not a query
    return Math.max(listHeight, this.getElementsByTagName('li').length * LINE_HEIGHT);
  });
  jest.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return isTranscript(this) ? listHeight : 0;
  });
}

// jsdom lays nothing out and has no scrollIntoView: a stand-in that records whom it was asked of.
const scrollIntoView = jest.fn(function (this: Element) {
  return this;
});
beforeAll(() => {
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    value: scrollIntoView,
    configurable: true,
    writable: true,
  });
});

function setupUser() {
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
  layOutTheTranscript();
  listHeight = 448;
  serve();
});

afterEach(async () => {
  // Requests still under way settle (and SWR forgets them) before the clock is real again: a
  // request left hanging in the shared cache would stand in for the next test's.
  await act(() => jest.advanceTimersByTimeAsync(1000));
  act(() => toaster.dismiss());
  act(() => clearToken());
  // The app's cache is shared: the next test starts without this one's answers, the pages of
  // the transcript's infinite list included (which a filtered mutate leaves alone).
  await act(() => mutate(() => true, undefined, { revalidate: false }));
  const { cache } = SWRConfig.defaultValue;
  for (const key of [...cache.keys()]) cache.delete(key);
  jest.useRealTimers();
  jest.clearAllMocks();
  jest.restoreAllMocks();
});

describe('formatOffset', () => {
  it.each([
    [0, '0:00'],
    [9.9, '0:09'],
    [61, '1:01'],
    [599, '9:59'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [36_000, '10:00:00'],
    [-5, '0:00'],
  ])('writes %p seconds as %p', (seconds, text) => {
    expect(formatOffset(seconds)).toBe(text);
  });
});

describe('the source page', () => {
  // One page for the header and the summary: these checks only read it.
  it('shows a placeholder, then the source: state, demo badge, facts, its link and the summary with its key points and coins', async () => {
    renderPage(7);
    expect(screen.getByRole('status', { name: en('detail.loading') })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    const title = await screen.findByRole('heading', { level: 1, name: 'Ethereum core devcall' });
    expect(title).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en('detail.back') })).toHaveAttribute(
      'href',
      '/monitoring/',
    );
    expect(screen.getByText(en('status.completed'))).toHaveAttribute('data-state', 'completed');
    expect(screen.getByText(en('detail.demo'))).toHaveAttribute('title', en('detail.demoNote'));
    expect(screen.getByText('The weekly call of the client teams.')).toBeInTheDocument();
    expect(facts()).toEqual({
      [en('detail.host')]: 'Core devs',
      [en('detail.scheduled')]: '05/04/2024 18:00',
      [en('detail.started')]: '05/04/2024 18:04',
      [en('detail.ended')]: `${en('today')} 09:30`,
      [en('detail.heat')]: '12.3K',
      [en('detail.participants')]: 'Tim, Vitalik',
      [en('detail.tags')]: 'eth, upgrades',
    });
    const open = screen.getByRole('link', { name: `${en('detail.open')} ${en('newTab')}` });
    expect(open).toHaveAttribute('href', 'https://youtube.com/watch?v=devcall');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(detailRequests('detail')).toEqual(['/api/monitor/source/detail?sourceId=7']);

    const summary = await screen.findByRole('region', { name: en('detail.summary.title') });
    expect(
      await within(summary).findByText('The client teams agreed on the next upgrade.'),
    ).toBeInTheDocument();
    const keyPoints = within(summary).getByRole('heading', {
      name: en('detail.summary.keyPoints'),
    });
    expect(keyPoints).toBeInTheDocument();
    expect(within(summary).getByText('Pectra ships in May')).toBeInTheDocument();
    expect(within(summary).getByText('Blobs get cheaper')).toBeInTheDocument();
    // Written in the page's language: no note about it.
    expect(within(summary).queryByText(/^Written in/)).not.toBeInTheDocument();
    expect(
      within(summary).getByRole('heading', { name: en('detail.summary.coins') }),
    ).toBeVisible();
    expect(within(summary).getByText('$3,120.42')).toBeInTheDocument();
    expect(within(summary).getByText('-1.20%')).toBeInTheDocument();
    // Bitcoin is followed already; Ethereum can be, once the follow list is known.
    expect(
      await within(summary).findByRole('button', {
        name: en('detail.coin.followingNamed', { name: 'Bitcoin' }),
      }),
    ).toBeDisabled();
    expect(
      within(summary).getByRole('button', {
        name: en('detail.coin.followNamed', { name: 'Ethereum' }),
      }),
    ).toBeEnabled();
    expect(detailRequests('summary')).toEqual(['/api/monitor/source/summary?sourceId=7']);
  });

  it("shows the server's message when following fails, and lets the user try again", async () => {
    const user = setupUser();
    server.fault('POST /api/follow/add', { code: 422, key: 'followCount' }, 1);
    renderPage(7);
    const follow = await screen.findByRole('button', {
      name: en('detail.coin.followNamed', { name: 'Ethereum' }),
    });
    await waitFor(() => expect(follow).toBeEnabled());
    await user.click(follow);
    expect(await screen.findByText(serverMessage('followCount', 'en'))).toBeInTheDocument();
    await waitFor(() => expect(follow).toBeEnabled());
    expect(follow).toHaveTextContent(en('detail.coin.follow'));
  });

  it('says the server could not be reached when following gets no answer', async () => {
    const user = setupUser();
    server.fault('POST /api/follow/add', 'network', 1);
    renderPage(7);
    const follow = await screen.findByRole('button', {
      name: en('detail.coin.followNamed', { name: 'Ethereum' }),
    });
    await waitFor(() => expect(follow).toBeEnabled());
    await user.click(follow);
    expect(await screen.findByText(common['messages.networkError']!)).toBeInTheDocument();
  });

  it('says the summary comes later for a source not yet completed, and does not ask for it', async () => {
    renderPage(8);
    await screen.findByRole('heading', { level: 1, name: 'Bitcoin halving AMA' });
    expect(screen.getByText(en('status.unStarted'))).toBeInTheDocument();
    expect(screen.queryByText(en('detail.demo'))).not.toBeInTheDocument();
    expect(
      within(section(en('detail.summary.title'))).getByText(en('detail.summary.pending')),
    ).toBeInTheDocument();
    expect(facts()).toEqual({
      [en('detail.host')]: 'satoshi fans',
      [en('detail.scheduled')]: `${en('today')} 16:05`,
    });
    // No logo: the host's initial instead.
    expect(screen.getByText('S')).toBeInTheDocument();
    // A link that is not a web address is not offered.
    expect(
      screen.queryByRole('link', { name: new RegExp(en('detail.open')) }),
    ).not.toBeInTheDocument();
    expect(await screen.findByText(en('detail.content.empty'))).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(detailRequests('summary')).toEqual([]);
  });

  it('says a cancelled source has no summary', async () => {
    renderPage(9);
    await screen.findByRole('heading', { level: 1, name: 'Cancelled chat' });
    expect(screen.getByText(en('status.cancelled'))).toBeInTheDocument();
    expect(screen.getByText(en('detail.summary.none'))).toBeInTheDocument();
    expect(detailRequests('summary')).toEqual([]);
  });

  it('shows the not-found page for a source that does not exist', async () => {
    renderPage(404_404);
    expect(await screen.findByTestId('status-code')).toHaveTextContent('404');
    expect(screen.getByRole('heading', { level: 1, name: common['notFound.text'] })).toBeVisible();
    expect(screen.getByRole('link', { name: common['notFound.back'] })).toHaveAttribute(
      'href',
      '/',
    );
    expect(
      screen.queryByRole('link', { name: /detail\.back|All sources/ }),
    ).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(server.paths()).toEqual(['/api/monitor/source/detail?sourceId=404404']);
  });

  it("shows the server's message when the summary cannot be loaded, and tries again", async () => {
    const user = setupUser();
    const stop = server.fault('GET /api/monitor/source/summary?sourceId=7', {
      code: 500,
      key: 'internal',
    });
    renderPage(7);
    const summary = await screen.findByRole('region', { name: en('detail.summary.title') });
    const alert = await within(summary).findByRole('alert');
    expect(alert).toHaveTextContent(serverMessage('internal', 'en'));
    stop();
    await user.click(within(alert).getByRole('button', { name: en('detail.retry') }));
    expect(
      await within(summary).findByText('The client teams agreed on the next upgrade.'),
    ).toBeInTheDocument();
  });

  it('shows the first 20 lines of the transcript, marks the source as read once, and shows more as it is scrolled to the end', async () => {
    renderPage(7);
    await waitFor(() => expect(lines()).toHaveLength(20));
    expect(lines()[0]).toBe('0:00AdaLine 1');
    expect(lines()[19]).toBe('9:30GraceLine 20');
    act(() => jest.advanceTimersByTime(1000));
    expect(detailRequests('content')).toEqual([
      '/api/monitor/source/content?page=1&size=20&sourceId=7',
    ]);
    await waitFor(() =>
      expect(server.paths('/api/monitor/user/source/mark')).toEqual([
        '/api/monitor/user/source/mark?sourceId=7',
      ]),
    );
    // All 45 lines are visible once the event has ended: all are read.
    expect(server.monitor.readLineId(7)).toBe(45);

    const list = transcript();
    list.scrollTop = list.scrollHeight - list.clientHeight - 2;
    fireEvent.scroll(list);
    await waitFor(() => expect(lines()).toHaveLength(40));
    list.scrollTop = list.scrollHeight - list.clientHeight;
    fireEvent.scroll(list);
    expect(await within(list).findByText(en('detail.content.end'))).toBeInTheDocument();
    expect(lines()).toHaveLength(45);
    expect(lines()[44]).toBe('22:00AdaLine 45');
    expect(detailRequests('content')).toEqual([
      '/api/monitor/source/content?page=1&size=20&sourceId=7',
      '/api/monitor/source/content?page=2&size=20&sourceId=7',
      '/api/monitor/source/content?page=3&size=20&sourceId=7',
    ]);
    // Read once: the pages that came later are not marked again.
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(server.paths('/api/monitor/user/source/mark')).toHaveLength(1);
  });

  it('keeps the lines shown and offers to try again when a later page fails', async () => {
    const user = setupUser();
    // Tall: every page is asked for as soon as the last one is shown.
    listHeight = 5000;
    const stop = server.fault('GET /api/monitor/source/content?page=3&size=20&sourceId=7', {
      code: 500,
      key: 'internal',
    });
    renderPage(7);
    const alert = await within(
      await screen.findByRole('region', {
        name: en('detail.content.label', { title: 'Ethereum core devcall' }),
      }),
    ).findByRole('alert', undefined, { timeout: 4000 });
    expect(alert).toHaveTextContent(en('detail.content.more'));
    expect(lines()).toHaveLength(40);
    // Page 3 failed: this is not the end of the transcript.
    expect(screen.queryByText(en('detail.content.end'))).not.toBeInTheDocument();

    stop();
    await user.click(within(alert).getByRole('button', { name: en('detail.content.retry') }));
    expect(await screen.findByText(en('detail.content.end'))).toBeInTheDocument();
    expect(lines()).toHaveLength(45);
  });

  it("shows the server's message when the transcript cannot be loaded, and tries again", async () => {
    const user = setupUser();
    const stop = server.fault('GET /api/monitor/source/content?page=1&size=20&sourceId=7', {
      code: 500,
      key: 'internal',
    });
    renderPage(7);
    const content = await screen.findByRole('region', { name: en('detail.content.title') });
    const alert = await within(content).findByRole('alert');
    expect(alert).toHaveTextContent(serverMessage('internal', 'en'));
    // Nothing was seen: nothing is marked as read.
    expect(server.paths('/api/monitor/user/source/mark')).toEqual([]);
    stop();
    await user.click(within(alert).getByRole('button', { name: en('detail.content.retry') }));
    await waitFor(() => expect(lines()).toHaveLength(20));
  });

  it('says nothing when marking fails (a source the user does not monitor)', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      serve({ followed: [] });
      renderPage(7);
      await waitFor(() => expect(lines()).toHaveLength(20));
      await waitFor(() => expect(server.paths('/api/monitor/user/source/mark')).toHaveLength(1));
      await act(() => jest.advanceTimersByTimeAsync(1000));
      // The refusal went nowhere: no alert, no toast, nothing unhandled.
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText(serverMessage('sourceNotFollowed', 'en'))).not.toBeInTheDocument();
      await act(() => new Promise((resolve) => jest.requireActual('timers').setImmediate(resolve)));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('reads in Portuguese, with the summary language named and links that stay in Portuguese', async () => {
    const pt = monitoringStrings('pt-br');
    renderPage(7, { locale: 'pt-br' });
    await screen.findByRole('heading', { level: 1, name: 'Ethereum core devcall' });
    expect(screen.getByRole('link', { name: pt('detail.back') })).toHaveAttribute(
      'href',
      '/pt-br/monitoring/',
    );
    expect(screen.getByText(pt('status.completed'))).toBeInTheDocument();
    expect(facts()).toMatchObject({
      [pt('detail.host')]: 'Core devs',
      // Day before month, as Brazil writes a date.
      [pt('detail.scheduled')]: '04/05/2024 18:00',
      [pt('detail.ended')]: `${pt('today')} 09:30`,
      // Intl writes a no-break space.
      [pt('detail.heat')]: '12,3\u00a0mil',
    });
    // The summary was written in English, not the page's language.
    expect(
      await screen.findByText(pt('detail.summary.language', { language: 'inglês' })),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', {
        name: pt('detail.coin.followNamed', { name: 'Ethereum' }),
      }),
    ).toBeInTheDocument();
    expect(transcript('Ethereum core devcall', pt)).toBeInTheDocument();
    expect(screen.getByText(/^\$\s3\.120,42$/)).toBeInTheDocument();
  });

  it('writes its times in Chinese the Chinese way', async () => {
    const zh = monitoringStrings('zh');
    renderPage(7, { locale: 'zh' });
    await screen.findByRole('heading', { level: 1, name: 'Ethereum core devcall' });
    expect(facts()).toMatchObject({
      [zh('detail.scheduled')]: '2024/05/04 18:00',
      [zh('detail.started')]: '2024/05/04 18:04',
      [zh('detail.ended')]: `${zh('today')} 09:30`,
    });
  });
});

describe('where the key points came from', () => {
  const timeLink = (time: string, t = en) =>
    screen.findByRole('link', { name: t('detail.summary.atTime', { time }) });
  const contentPages = () =>
    detailRequests('content').map((path) => new URL(path, 'http://x').searchParams.get('page'));

  it('gives each known key point a link to its time, and none to the one whose line is not known', async () => {
    renderPage(10);
    const first = await timeLink('1:00');
    expect(first).toHaveTextContent(/^1:00$/);
    expect(first).toHaveAttribute('href', '#line-3');
    // Links that read alike are told apart by their key point.
    expect(first).toHaveAccessibleDescription('Line 3');
    expect(await timeLink('24:30')).toHaveAttribute('href', '#line-50');
    expect(await timeLink('5:24:30')).toHaveAttribute('href', '#line-650');
    const summary = section(en('detail.summary.title'));
    expect(within(summary).getAllByRole('link')).toHaveLength(3);
    expect(within(summary).getByText('Nobody knows where')).toBeInTheDocument();
  });

  it('brings a loaded line into view, marks it and moves the focus to it', async () => {
    const user = setupUser();
    renderPage(10);
    const link = await timeLink('1:00');
    await waitFor(() => expect(lines('Long space')).toHaveLength(20));
    await user.click(link);
    const line = within(transcript('Long space')).getAllByRole('listitem')[2]!;
    expect(line).toHaveTextContent('Line 3');
    expect(line).toHaveAttribute('id', 'line-3');
    expect(line).toHaveAttribute('data-highlighted');
    expect(line).toHaveFocus();
    expect(scrollIntoView.mock.contexts).toEqual([line]);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    // Nothing more to load for it.
    expect(contentPages()).toEqual(['1']);
  });

  it('loads the pages up to a line further down, then brings it into view', async () => {
    const user = setupUser();
    renderPage(10);
    const link = await timeLink('24:30');
    await waitFor(() => expect(lines('Long space')).toHaveLength(20));
    await user.click(link);
    expect(
      within(section(en('detail.summary.title'))).getByRole('status', { name: '' }),
    ).toHaveTextContent(en('detail.summary.finding'));
    await waitFor(() => expect(lines('Long space')).toHaveLength(60));
    const line = within(transcript('Long space')).getAllByRole('listitem')[49]!;
    await waitFor(() => expect(line).toHaveFocus());
    expect(line).toHaveAttribute('data-highlighted');
    expect(scrollIntoView.mock.contexts).toEqual([line]);
    expect(contentPages()).toEqual(['1', '2', '3']);
    expect(screen.queryByText(en('detail.summary.finding'))).not.toBeInTheDocument();
    // Only the last line asked for is marked.
    await user.click(await timeLink('1:00'));
    expect(line).not.toHaveAttribute('data-highlighted');
    expect(within(transcript('Long space')).getAllByRole('listitem')[2]).toHaveAttribute(
      'data-highlighted',
    );
  });

  // The bound at the level of its rule: drawing 30 pages in jsdom takes a minute.
  it('stops looking after 30 pages, and says why it stopped otherwise', () => {
    const at = (fields: Partial<Parameters<typeof searchStep>[0]>) =>
      searchStep({
        found: false,
        failed: false,
        hasMore: true,
        loadingMore: false,
        pages: 1,
        ...fields,
      });
    expect(at({ pages: 29 })).toBe('load');
    expect(at({ pages: 29, loadingMore: true })).toBe('wait');
    expect(at({ pages: KEY_POINT_SEARCH_PAGES })).toBe('tooFar');
    expect(KEY_POINT_SEARCH_PAGES).toBe(30);
    expect(at({ pages: KEY_POINT_SEARCH_PAGES, found: true })).toBe('found');
    expect(at({ pages: 3, hasMore: false })).toBe('missing');
    expect(at({ failed: true })).toBe('error');
    expect(at({ pages: 0 })).toBe('wait');
  });

  it('shows the feed a post was read from, and links its key points to the text', async () => {
    const user = setupUser();
    renderPage(11);
    await screen.findByRole('heading', { level: 1, name: 'A post' });
    // No site named: the feed's own address.
    const feed = screen.getByRole('link', { name: `The blog ${en('newTab')}` });
    expect(feed).toHaveAttribute('href', 'https://blog.example/feed.xml');
    expect(feed).toHaveAttribute('target', '_blank');
    expect(feed).toHaveAttribute('rel', 'noopener noreferrer');
    expect(facts()[en('detail.feed')]).toBe(`The blog ${en('newTab')}`);
    const link = await screen.findByRole('link', { name: en('detail.summary.seeInText') });
    expect(link).toHaveAttribute('href', '#line-2');
    await waitFor(() => expect(lines('A post')).toHaveLength(4));
    await user.click(link);
    expect(within(transcript('A post')).getAllByRole('listitem')[1]).toHaveFocus();
  });

  it('names the links and the feed in Portuguese and Chinese', async () => {
    for (const locale of ['pt-br', 'zh'] as const) {
      const t = monitoringStrings(locale);
      const { unmount } = renderPage(11, { locale });
      expect(
        await screen.findByRole('link', { name: t('detail.summary.seeInText') }),
      ).toBeVisible();
      expect(facts()[t('detail.feed')]).toBe(`The blog ${t('newTab')}`);
      unmount();
      const view = renderPage(10, { locale });
      expect(await timeLink('1:00', t)).toHaveTextContent('1:00');
      view.unmount();
    }
  });

  it('shows no feed for a source that was not read from one', async () => {
    renderPage(7);
    await screen.findByRole('heading', { level: 1, name: 'Ethereum core devcall' });
    expect(facts()).not.toHaveProperty(en('detail.feed'));
  });
});
