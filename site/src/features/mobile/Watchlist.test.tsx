// The watchlist's rows: each coin a link to its report view on the phone, in the page's language,
// one tab stop a row.
import '@testing-library/jest-dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../data/client';
import { ApiProvider } from '../../data/swr';
import { clearToken, setToken } from '../../data/token';
import type { Locale } from '../../i18n/locales';
import { mockApi } from '../../testing/api/unitTest';
import { ANA, coin } from '../../testing/fixtures';
import { renderWithLocale } from '../../testing/renderWithLocale';
import { Watchlist } from './Watchlist';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));

const TEST_SWR = { provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false };

afterEach(() => clearToken());

describe('a row of the watchlist', () => {
  it.each<[Locale, string]>([
    ['en', ''],
    ['zh', '/zh'],
    ['pt-br', '/pt-br'],
  ])('opens the coin’s report in %s, one tab stop a row', async (locale, prefix) => {
    const server = mockApi({ follows: [coin('BTC').id, coin('ETH').id] });
    setToken(server.tokenFor(ANA));
    const user = userEvent.setup();
    renderWithLocale(
      <ApiProvider client={api} config={TEST_SWR}>
        <Watchlist />
      </ApiProvider>,
      { locale, originalPath: '/mobile/' },
    );
    const bitcoin = await screen.findByRole('link', { name: /^Bitcoin BTC/ });
    expect(bitcoin).toHaveAttribute('href', `${prefix}/mobile/reporting/?coin=${coin('BTC').id}`);
    expect(screen.getByRole('link', { name: /^Ethereum ETH/ })).toHaveAttribute(
      'href',
      `${prefix}/mobile/reporting/?coin=${coin('ETH').id}`,
    );
    // Newest follow first: Bitcoin's row, then Ethereum's, each one stop.
    await user.tab();
    expect(bitcoin).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: /^Ethereum ETH/ })).toHaveFocus();
  });
});
