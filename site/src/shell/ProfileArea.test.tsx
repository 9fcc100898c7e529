import '@testing-library/jest-dom';
import type { PriceColors, UserInfo } from '@coinlens/contract';
import { TREND_COLORS_ATTRIBUTE, Toaster, toaster } from '@coinlens/design-system';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../data/client';
import type * as ClientModule from '../data/client';
import { ApiError } from '../data/errors';
import { ApiProvider } from '../data/swr';
import { clearToken, setToken } from '../data/token';
import type { Locale } from '../i18n/locales';
import { flatStrings, loadStrings, renderWithLocale } from '../testing/renderWithLocale';
import { ProfileArea } from './ProfileArea';

// The site's one client, swapped for a fake: the session reads `GET /api/user` through it and the
// menu saves the choice with it.
jest.mock('../data/client', () => ({
  ...jest.requireActual<typeof ClientModule>('../data/client'),
  api: { get: jest.fn(), post: jest.fn(), monitorGet: jest.fn() },
}));

const fake = jest.mocked(api);

function strings(locale: Locale) {
  const all = flatStrings(loadStrings(locale, 'common'));
  return (key: string) => all[key] ?? key;
}

function ana(priceColors: PriceColors | null = null): UserInfo {
  return {
    id: 1,
    account: 'ana@example.com',
    nickname: 'Ana',
    avatar: null,
    times: 0,
    priceColors,
    tokenInfo: { tokenName: 'Authorization', tokenValue: '', expiresAt: 0 },
  };
}

// A cache of its own per test; no deduping and no retries, so each test asks afresh.
const TEST_SWR = { provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false };

function renderArea(locale: Locale = 'en') {
  return renderWithLocale(
    <ApiProvider client={api} config={TEST_SWR}>
      <ProfileArea />
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

const pageColors = () => document.documentElement.getAttribute(TREND_COLORS_ATTRIBUTE);

/** Opens Ana's account menu (once her details have come) and answers its price colours group. */
async function openColours(user: ReturnType<typeof userEvent.setup>, t = strings('en')) {
  const name = t('profile.menuFor').replace('{{nickname}}', 'Ana');
  await user.click(await screen.findByRole('button', { name }));
  return screen.getByRole('group', { name: t('profile.priceColors') });
}

function signIn(user: UserInfo) {
  fake.get.mockImplementation(async (path: string) => {
    if (path === '/api/user') return user;
    throw new Error(`unexpected GET ${path}`);
  });
  act(() => setToken('tok'));
}

afterEach(() => {
  act(() => toaster.dismiss());
  act(() => clearToken());
  document.documentElement.removeAttribute(TREND_COLORS_ATTRIBUTE);
  jest.clearAllMocks();
});

describe('the page’s up and down colours', () => {
  it.each([
    ['en', 'green-up'],
    ['zh', 'red-up'],
    ['pt-br', 'green-up'],
  ] as const)('follow the %s convention for a visitor: %s', async (locale, expected) => {
    renderArea(locale);
    await waitFor(() => expect(pageColors()).toBe(expected));
  });

  it.each([
    ['en', 'green-up', 'profile.greenUp'],
    ['zh', 'red-up', 'profile.redUp'],
    ['pt-br', 'green-up', 'profile.greenUp'],
  ] as const)(
    'follow the %s convention for a user who has not chosen, and the menu says which',
    async (locale, expected, pressed) => {
      const t = strings(locale);
      signIn(ana(null));
      const user = userEvent.setup();
      renderArea(locale);
      const group = await openColours(user, t);
      expect(within(group).getByRole('button', { name: t(pressed) })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(pageColors()).toBe(expected);
    },
  );

  it('follow the user’s own choice over the language’s', async () => {
    signIn(ana('green-up'));
    renderArea('zh');
    await waitFor(() => expect(pageColors()).toBe('green-up'));
  });
});

describe('the price colours in the account menu', () => {
  it('switch the page at once, before the save answers, and keep the saved choice', async () => {
    const t = strings('en');
    signIn(ana(null));
    let answer: (user: UserInfo) => void = () => {};
    fake.post.mockImplementation(() => new Promise((resolve) => (answer = resolve as never)));
    const user = userEvent.setup();
    renderArea('en');
    const group = await openColours(user, t);
    expect(pageColors()).toBe('green-up');

    await user.click(within(group).getByRole('button', { name: t('profile.redUp') }));
    expect(fake.post).toHaveBeenCalledWith('/api/user/preferences', { priceColors: 'red-up' });
    await waitFor(() => expect(pageColors()).toBe('red-up'));
    // The menu closes on the choice, its button keeps the focus.
    expect(screen.queryByRole('group', { name: t('profile.priceColors') })).toBeNull();

    await act(async () => answer(ana('red-up')));
    const again = await openColours(user, t);
    expect(within(again).getByRole('button', { name: t('profile.redUp') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(again).getByRole('button', { name: t('profile.greenUp') })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(pageColors()).toBe('red-up');
  });

  it('go back to the colours the page had and say so when the save fails', async () => {
    const t = strings('pt-br');
    signIn(ana(null));
    let fail: (error: unknown) => void = () => {};
    fake.post.mockImplementation(() => new Promise((_resolve, reject) => (fail = reject)));
    const user = userEvent.setup();
    renderArea('pt-br');
    const group = await openColours(user, t);
    await user.click(within(group).getByRole('button', { name: t('profile.redUp') }));
    await waitFor(() => expect(pageColors()).toBe('red-up'));

    await act(async () => fail(new Error('offline')));
    await waitFor(() => expect(pageColors()).toBe('green-up'));
    expect(await screen.findByText(t('profile.priceColorsFailed'))).toBeInTheDocument();
    const again = await openColours(user, t);
    expect(within(again).getByRole('button', { name: t('profile.greenUp') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('show the server’s reason when it gives one', async () => {
    signIn(ana('red-up'));
    fake.post.mockRejectedValue(
      new ApiError({
        code: 422,
        msg: 'Price colours must be green-up, red-up or null',
        status: 200,
        data: null,
        path: '/api/user/preferences',
      }),
    );
    const user = userEvent.setup();
    renderArea('en');
    const group = await openColours(user);
    await user.click(within(group).getByRole('button', { name: strings('en')('profile.greenUp') }));
    expect(
      await screen.findByText('Price colours must be green-up, red-up or null'),
    ).toBeInTheDocument();
    await waitFor(() => expect(pageColors()).toBe('red-up'));
  });
});
