// "Alert me" on every new source (the list of sources' button): the dialog it opens has no coin
// or source, and what it sends is the API's body for that kind: a keyword and a cooldown, no id.
import '@testing-library/jest-dom';
import { Toaster, toaster } from '@coinlens/design-system';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mutate } from 'swr';
import { ApiProvider } from '../../data/swr';
import { clearToken, setToken } from '../../data/token';
import type { Locale } from '../../i18n/locales';
import { mockApi } from '../../testing/api/unitTest';
import { ANA } from '../../testing/fixtures';
import { flatStrings, loadStrings, renderWithLocale } from '../../testing/renderWithLocale';
import { AlertMeButton } from './AlertMeButton';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));
jest.setTimeout(20_000);

afterEach(async () => {
  act(() => toaster.dismiss());
  clearToken();
  window.history.replaceState(null, '', '/');
  await act(() => mutate(() => true, undefined, { revalidate: false }));
});

/** The button as the list of sources shows it, in `locale`, with the toasts' host. */
function renderButton(locale: Locale = 'en') {
  const api = mockApi();
  setToken(api.tokenFor(ANA));
  window.history.replaceState(
    null,
    '',
    locale === 'en' ? '/monitoring/' : `/${locale}/monitoring/`,
  );
  renderWithLocale(
    <ApiProvider config={{ dedupingInterval: 0, shouldRetryOnError: false }}>
      <AlertMeButton subject={null} size="md" />
      <Toaster toaster={toaster} closeLabel="Dismiss" label="Notifications" />
    </ApiProvider>,
    { locale, originalPath: '/monitoring/' },
  );
  return { api, t: flatStrings(loadStrings(locale, 'alerts')) };
}

it.each<Locale>(['en', 'zh', 'pt-br'])(
  'makes an alert on every new source from its keyword alone (%s)',
  async (locale) => {
    const user = userEvent.setup();
    const { api, t } = renderButton(locale);
    await user.click(screen.getByRole('button', { name: t['alertMeNewSources'] }));
    const dialog = await screen.findByRole('dialog', { name: t['dialog.titleNew'] });
    expect(within(dialog).getByText(t['newSources']!)).toBeVisible();
    // One kind only: said, not offered.
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(dialog).getByText(t['form.kinds.newSourceKeyword']!)).toBeVisible();
    await user.type(
      within(dialog).getByRole('textbox', { name: t['form.keyword'] }),
      'Bitcoin ETF',
    );
    await user.click(within(dialog).getByRole('button', { name: t['form.save'] }));
    expect(await screen.findByText(t['dialog.createdNewSources']!)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('POST /api/alert/add').map((call) => call.body)).toEqual([
      { kind: 'newSourceKeyword', keyword: 'Bitcoin ETF', cooldownMinutes: 60 },
    ]);
    expect(api.alerts.alerts[0]).toMatchObject({ kind: 'newSourceKeyword', subject: null });
  },
);

it('refuses a one-letter keyword in the form, without asking the server', async () => {
  const user = userEvent.setup();
  const { api, t } = renderButton();
  await user.click(screen.getByRole('button', { name: t['alertMeNewSources'] }));
  const dialog = await screen.findByRole('dialog', { name: t['dialog.titleNew'] });
  const keyword = within(dialog).getByRole('textbox', { name: t['form.keyword'] });
  await user.type(keyword, 'E');
  await user.click(within(dialog).getByRole('button', { name: t['form.save'] }));
  expect(keyword).toHaveAttribute('aria-invalid', 'true');
  expect(api.calls('POST /api/alert/add')).toEqual([]);
});
