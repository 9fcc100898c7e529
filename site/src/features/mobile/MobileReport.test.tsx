// The phone's report view of one coin, over the mocked API: a followed coin's report under a
// heading with its name and the way back to the coins list; unfollowing with the desktop's
// question, then back to the list (in the history when the site led here, else in place of the
// view); a coin the user does not follow, with the way to follow it; and addresses without a coin
// it can show. Its stories (MobileReport.stories.tsx) cover the rest: a coin the API does not
// know, and a follow list that cannot be loaded.
import '@testing-library/jest-dom';
import type { PriceChartProps } from '@coinlens/design-system';
import type * as DesignSystem from '@coinlens/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import type * as React from 'react';
import { api } from '../../data/client';
import { ApiProvider } from '../../data/swr';
import { clearToken, setToken } from '../../data/token';
import type { Locale } from '../../i18n/locales';
import type { MockApiOptions } from '../../testing/api';
import { mockApi } from '../../testing/api/unitTest';
import { ANA, coin } from '../../testing/fixtures';
import { flatStrings, loadStrings, renderWithLocale } from '../../testing/renderWithLocale';
import { MobileReport } from './MobileReport';
import { MobileReportOfAddress } from './MobileReportOfAddress';

jest.mock('gatsby', () => ({
  ...jest.requireActual<object>('../../testing/gatsbyStub'),
  navigate: jest.fn(() => Promise.resolve()),
}));
// jsdom draws no canvas: the chart shows its name and its text alternative.
jest.mock('@coinlens/design-system', () => {
  const actual = jest.requireActual<typeof DesignSystem>('@coinlens/design-system');
  const { createElement } = jest.requireActual<typeof React>('react');
  return {
    ...actual,
    PriceChart: ({ label, summary }: PriceChartProps) =>
      createElement('figure', { 'aria-label': label }, createElement('figcaption', null, summary)),
  };
});

const BITCOIN = coin('BTC');
const ETHEREUM = coin('ETH');
const WAIT = { timeout: 5000 };

/** The strings of `ns` in `locale`, by key path, with `{{name}}` filled in. */
function texts(locale: Locale, ns: string) {
  const flat = flatStrings(loadStrings(locale, ns));
  return (key: string, name = '') => {
    const value = flat[key];
    if (value === undefined) throw new Error(`No ${locale} string ${ns}:${key}`);
    return value.replace('{{name}}', name);
  };
}
const mobile = texts('en', 'mobile');
const reporting = texts('en', 'reporting');

// A cache of its own for each render, no deduping and no retries, so each test asks afresh.
const TEST_SWR = { provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false };

function serve(options: MockApiOptions = {}) {
  const server = mockApi({ follows: [BITCOIN.id, ETHEREUM.id], ...options });
  setToken(server.tokenFor(ANA));
  return server;
}

function renderView(view: React.ReactElement, locale: Locale = 'en') {
  return renderWithLocale(
    <ApiProvider client={api} config={TEST_SWR}>
      {view}
    </ApiProvider>,
    { locale, originalPath: '/mobile/reporting/' },
  );
}

afterEach(() => {
  clearToken();
  jest.mocked(navigate).mockClear();
});

describe('a followed coin', () => {
  it('shows its report under a heading with its name, and the way back to the coins', async () => {
    serve();
    renderView(<MobileReport coinId={BITCOIN.id} />);
    await screen.findByRole('heading', { level: 1, name: mobile('report.title', 'Bitcoin') });
    const card = screen.getByRole('article', { name: /^Bitcoin/ });
    await within(card).findByText(/Bitcoin has climbed steadily/, {}, WAIT);
    expect(within(card).getByRole('figure', { name: /^Bitcoin price/ })).toBeInTheDocument();
    expect(within(card).getByRole('radiogroup', { name: reporting('card.range') })).toBeVisible();
    expect(screen.getByRole('link', { name: mobile('report.back') })).toHaveAttribute(
      'href',
      '/mobile/',
    );
  });

  it('keeps the language in the way back', async () => {
    serve();
    renderView(<MobileReport coinId={BITCOIN.id} />, 'zh');
    const zh = texts('zh', 'mobile');
    await screen.findByRole('heading', { level: 1, name: zh('report.title', 'Bitcoin') });
    expect(screen.getByRole('link', { name: zh('report.back') })).toHaveAttribute(
      'href',
      '/zh/mobile/',
    );
  });

  it('asks before unfollowing, then goes back in the history when the site led here', async () => {
    const server = serve();
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => {});
    try {
      const user = userEvent.setup();
      renderView(<MobileReport coinId={BITCOIN.id} fromSite />);
      await user.click(
        await screen.findByRole('button', { name: reporting('card.unfollowNamed', 'Bitcoin') }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: reporting('unfollow.title', 'Bitcoin'),
      });
      expect(back).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: reporting('unfollow.confirm') }));
      await waitFor(() => expect(back).toHaveBeenCalledTimes(1), WAIT);
      expect(server.coins.followedIds()).toEqual([ETHEREUM.id]);
      expect(navigate).not.toHaveBeenCalled();
    } finally {
      back.mockRestore();
    }
  });

  it('after unfollowing a coin opened from outside the site, shows the coins list in its place', async () => {
    serve();
    const user = userEvent.setup();
    renderView(<MobileReport coinId={ETHEREUM.id} />, 'pt-br');
    const pt = texts('pt-br', 'reporting');
    await user.click(
      await screen.findByRole('button', { name: pt('card.unfollowNamed', 'Ethereum') }),
    );
    const dialog = await screen.findByRole('dialog', { name: pt('unfollow.title', 'Ethereum') });
    await user.click(within(dialog).getByRole('button', { name: pt('unfollow.confirm') }));
    await waitFor(
      () => expect(navigate).toHaveBeenCalledWith('/pt-br/mobile/', { replace: true }),
      WAIT,
    );
  });
});

describe('a coin the user does not follow', () => {
  it('says so, and follows it: the view then shows its report', async () => {
    const server = serve({ follows: [ETHEREUM.id] });
    const user = userEvent.setup();
    renderView(<MobileReport coinId={BITCOIN.id} />);
    await screen.findByRole('heading', { level: 1, name: mobile('report.title', 'Bitcoin') });
    expect(screen.getByText(mobile('report.notFollowed.title', 'Bitcoin'))).toBeVisible();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: mobile('report.notFollowed.follow', 'Bitcoin') }),
    );
    const card = await screen.findByRole('article', { name: /^Bitcoin/ }, WAIT);
    expect(
      within(card).getByRole('button', { name: reporting('card.unfollowNamed', 'Bitcoin') }),
    ).toBeVisible();
    expect(server.coins.followedIds()).toEqual([BITCOIN.id, ETHEREUM.id]);
  });
});

describe('the address', () => {
  it.each(['?coin=abc', '?coin=0', '?coin=1&coin=2'])(
    'shows a page not found for %s, with the way to the mobile page',
    async (search) => {
      serve();
      renderView(<MobileReportOfAddress search={search} />, 'zh');
      const common = texts('zh', 'common');
      await screen.findByRole('heading', { level: 1, name: common('notFound.text') });
      expect(screen.getByRole('link', { name: common('notFound.back') })).toHaveAttribute(
        'href',
        '/zh/mobile/',
      );
    },
  );

  it('sends an address without a coin to the coins list, in place of itself', async () => {
    serve();
    renderView(<MobileReportOfAddress search="" />, 'pt-br');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/pt-br/mobile/', { replace: true }));
  });
});
