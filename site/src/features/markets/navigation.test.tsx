// The ways to the market overview: the header's link, for a visitor and a signed-in user alike,
// and the phone's top bar.
import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import { ApiProvider } from '../../data/swr';
import { clearToken, setToken } from '../../data/token';
import type { Locale } from '../../i18n/locales';
import { mockApi } from '../../testing/api/unitTest';
import { ANA } from '../../testing/fixtures';
import { flatStrings, loadStrings, renderWithLocale } from '../../testing/renderWithLocale';
import { Header } from '../../shell/Header';
import { MobileTopBar } from '../mobile/MobileTopBar';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));

const common = (locale: Locale) => flatStrings(loadStrings(locale, 'common'));
const TEST_SWR = { dedupingInterval: 0, shouldRetryOnError: false };

afterEach(() => clearToken());

describe('the way to the markets', () => {
  it.each<[Locale, string]>([
    ['en', '/markets/'],
    ['zh', '/zh/markets/'],
    ['pt-br', '/pt-br/markets/'],
  ])('is in the header for a visitor (%s)', (locale, href) => {
    mockApi();
    renderWithLocale(
      <ApiProvider config={TEST_SWR}>
        <Header />
      </ApiProvider>,
      { locale, originalPath: '/' },
    );
    const nav = screen.getByRole('navigation', { name: common(locale)['nav.label'] });
    const link = within(nav).getByRole('link', { name: common(locale)['nav.markets'] });
    expect(link).toHaveAttribute('href', href);
    expect(within(nav).queryByRole('link', { name: common(locale)['nav.reporting'] })).toBeNull();
  });

  it('is in the header for a signed-in user, beside their areas, marked on its page', async () => {
    const api = mockApi();
    setToken(api.tokenFor(ANA));
    renderWithLocale(
      <ApiProvider config={TEST_SWR}>
        <Header />
      </ApiProvider>,
      { originalPath: '/markets/' },
    );
    const nav = screen.getByRole('navigation', { name: common('en')['nav.label'] });
    expect(await within(nav).findByRole('link', { name: 'Reporting' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Markets' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('is in the phone’s top bar, for everyone', () => {
    mockApi();
    renderWithLocale(
      <ApiProvider config={TEST_SWR}>
        <MobileTopBar />
      </ApiProvider>,
      { locale: 'zh', originalPath: '/mobile/' },
    );
    const banner = screen.getByRole('banner');
    const link = within(banner).getByRole('link', { name: common('zh')['nav.markets'] });
    expect(link).toHaveAttribute('href', '/zh/mobile/markets/');
    expect(link).not.toHaveAttribute('aria-current');
  });
});
