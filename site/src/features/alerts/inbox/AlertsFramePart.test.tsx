import '@testing-library/jest-dom';
import { ALERT_SOCKET_EVENT } from '@coinlens/contract';
import { Toaster, formatPrice, toaster } from '@coinlens/design-system';
import { act, screen } from '@testing-library/react';
import { mutate } from 'swr';
import { ApiProvider } from '../../../data/swr';
import { clearToken, setToken } from '../../../data/token';
import { intlLocale, type Locale } from '../../../i18n/locales';
import { ACCOUNT_SLOT } from '../../../shell/frameParts';
import { fakeAlert, loadMockedIo, settle, type MockApi } from '../../../testing/api';
import { mockApi } from '../../../testing/api/unitTest';
import { ANA } from '../../../testing/fixtures';
import { flatStrings, loadStrings, renderWithLocale } from '../../../testing/renderWithLocale';
import { startRealtime } from '../../assistant/realtime/connection';
import AlertsFramePart, { ALERT_EVENT } from './AlertsFramePart';

jest.mock('gatsby', () => jest.requireActual('../../../testing/gatsbyStub'));

let stop: (() => void) | undefined;

afterEach(async () => {
  act(() => stop?.());
  stop = undefined;
  act(() => toaster.dismiss());
  clearToken();
  // The app's one cache (the alert calls change it through SWR's global mutate): empty again.
  await act(() => mutate(() => true, undefined, { revalidate: false }));
});

/** Ana signed in, her socket open on the mocked API, the frame part drawn beside a header slot. */
async function renderPart(api: MockApi, locale: Locale = 'en') {
  setToken(api.tokenFor(ANA));
  const io = await loadMockedIo();
  act(() => {
    stop = startRealtime({ url: 'https://api.coinlens.test', io });
  });
  await act(settle);
  renderWithLocale(
    <ApiProvider config={{ dedupingInterval: 0, shouldRetryOnError: false }}>
      <span {...{ [ACCOUNT_SLOT]: 'header' }} />
      <AlertsFramePart />
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

it('listens on the event the contract names', () => {
  expect(ALERT_EVENT).toBe(ALERT_SOCKET_EVENT);
});

it.each(['en', 'zh', 'pt-br'] as const)(
  'counts an alert that fires on the bell at once and says what fired in a toast (%s)',
  async (locale) => {
    const t = flatStrings(loadStrings(locale, 'alerts'));
    const api = mockApi({ alerts: { alerts: [fakeAlert(3, { value: 70_000 })] } });
    await renderPart(api, locale);
    await screen.findByRole('button', { name: t['bell.label'] });

    act(() => {
      api.alerts.fire(3, { figure: 70_412.5 });
    });

    await screen.findByRole('button', {
      name: t['bell.labelUnread_one']!.replace('{{count}}', '1'),
    });
    const trigger = t['trigger.priceAbove']!.replace(
      '{{line}}',
      formatPrice(70_000, intlLocale(locale)) ?? '',
    );
    const toast = t['toast.one']!.replace('{{name}}', 'Bitcoin').replace('{{trigger}}', trigger);
    // The page's prices keep their no-break spaces; the matcher reads every space as one.
    expect(await screen.findByText(toast.replace(/\s+/g, ' '))).toBeVisible();
  },
);

it('draws nothing and asks nothing when signed out', async () => {
  const api = mockApi();
  renderWithLocale(
    <ApiProvider>
      <span {...{ [ACCOUNT_SLOT]: 'header' }} />
      <AlertsFramePart />
    </ApiProvider>,
  );
  await act(settle);
  expect(screen.queryByRole('button')).toBeNull();
  expect(api.calls('GET /api/alert/events')).toEqual([]);
});
