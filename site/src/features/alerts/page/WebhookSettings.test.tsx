import '@testing-library/jest-dom';
import { serverMessage } from '@coinlens/contract';
import { toaster } from '@coinlens/design-system';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mutate } from 'swr';
import { ApiProvider } from '../../../data/swr';
import { clearToken, setToken } from '../../../data/token';
import type { Locale } from '../../../i18n/locales';
import { fakeWebhook, type MockApi } from '../../../testing/api';
import { mockApi } from '../../../testing/api/unitTest';
import { ANA } from '../../../testing/fixtures';
import { flatStrings, loadStrings, renderWithLocale } from '../../../testing/renderWithLocale';
import { WebhookSettings } from './WebhookSettings';

jest.mock('gatsby', () => jest.requireActual('../../../testing/gatsbyStub'));

afterEach(async () => {
  act(() => toaster.dismiss());
  clearToken();
  window.history.replaceState(null, '', '/');
  await act(() => mutate(() => true, undefined, { revalidate: false }));
});

/** The section on the Alerts page in `locale` (its path names the API's language too). */
async function renderSection(api: MockApi, locale: Locale = 'en') {
  setToken(api.tokenFor(ANA));
  window.history.replaceState(null, '', locale === 'en' ? '/alerts/' : `/${locale}/alerts/`);
  renderWithLocale(
    <ApiProvider config={{ dedupingInterval: 0, shouldRetryOnError: false }}>
      <WebhookSettings />
    </ApiProvider>,
    { locale, originalPath: '/alerts/' },
  );
  const t = flatStrings(loadStrings(locale, 'alertsPage'));
  const section = await screen.findByRole('region', { name: t['webhook.title'] });
  const field = await within(section).findByRole('textbox', { name: t['webhook.url'] });
  return { t, section, field };
}

it('keeps a paused webhook paused when its address changes', async () => {
  const user = userEvent.setup();
  const api = mockApi({ alerts: { webhook: fakeWebhook({ enabled: false }) } });
  const { t, section, field } = await renderSection(api);
  await user.clear(field);
  await user.type(field, 'https://hooks.example.com/v2');
  await user.click(within(section).getByRole('button', { name: t['webhook.save'] }));
  await waitFor(() => expect(api.alerts.webhook?.url).toBe('https://hooks.example.com/v2'));
  expect(api.alerts.webhook?.enabled).toBe(false);
  expect(within(section).getByRole('checkbox', { name: t['webhook.enabled'] })).not.toBeChecked();
});

it('shows the server’s reason by the field in the page’s language, keeping what was typed', async () => {
  const user = userEvent.setup();
  const api = mockApi();
  const { section, field } = await renderSection(api, 'zh');
  await user.type(field, 'https://10.0.0.5/hook');
  await user.keyboard('{Enter}');
  const reason = serverMessage('alertWebhookAddress', 'zh');
  expect(await within(section).findByRole('alert')).toHaveTextContent(reason);
  expect(field).toHaveValue('https://10.0.0.5/hook');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(expect.stringContaining(reason));
  expect(field).toHaveFocus();
  expect(api.alerts.webhook).toBeNull();
});

it('refuses a plain http address without asking the server, and forgets the refusal on typing', async () => {
  const user = userEvent.setup();
  const api = mockApi();
  const { t, section, field } = await renderSection(api);
  await user.type(field, 'http://hooks.example.com/in');
  await user.click(within(section).getByRole('button', { name: t['webhook.add'] }));
  expect(within(section).getByRole('alert')).toHaveTextContent(t['webhook.urlProblem.notHttps']!);
  expect(field).toHaveFocus();
  expect(api.calls('POST /api/alert/settings')).toHaveLength(0);
  await user.type(field, '/more');
  expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  expect(field).not.toHaveAttribute('aria-invalid');
});
