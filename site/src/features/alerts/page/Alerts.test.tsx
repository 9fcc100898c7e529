// The Alerts page's list with an alert on every new source (no coin or source): named in the
// page's words, linked to the list of sources, and edited and deleted by those words.
import '@testing-library/jest-dom';
import { toaster } from '@coinlens/design-system';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mutate } from 'swr';
import { ApiProvider } from '../../../data/swr';
import { clearToken, setToken } from '../../../data/token';
import type { Locale } from '../../../i18n/locales';
import { fakeAlert, type MockApi } from '../../../testing/api';
import { mockApi } from '../../../testing/api/unitTest';
import { ANA } from '../../../testing/fixtures';
import { flatStrings, loadStrings, renderWithLocale } from '../../../testing/renderWithLocale';
import { Alerts } from './Alerts';

jest.mock('gatsby', () => jest.requireActual('../../../testing/gatsbyStub'));
jest.setTimeout(20_000);

afterEach(async () => {
  act(() => toaster.dismiss());
  clearToken();
  window.history.replaceState(null, '', '/');
  await act(() => mutate(() => true, undefined, { revalidate: false }));
});

const ON_NEW_SOURCES = fakeAlert(2, {
  kind: 'newSourceKeyword',
  subject: null,
  value: null,
  keyword: 'Bitcoin ETF',
  cooldownMinutes: 30,
});

/** The page in `locale` (the phone's with `phone`); returns its strings and the list's rows. */
async function renderList(
  api: MockApi,
  { locale = 'en', phone = false }: { locale?: Locale; phone?: boolean } = {},
) {
  setToken(api.tokenFor(ANA));
  const path = phone ? '/mobile/alerts/' : '/alerts/';
  window.history.replaceState(null, '', locale === 'en' ? path : `/${locale}${path}`);
  renderWithLocale(
    <ApiProvider config={{ dedupingInterval: 0, shouldRetryOnError: false }}>
      <Alerts phone={phone} />
    </ApiProvider>,
    { locale, originalPath: path },
  );
  const t = {
    ...flatStrings(loadStrings(locale, 'alerts')),
    ...flatStrings(loadStrings(locale, 'alertsPage')),
  };
  const list = await screen.findByRole('region', { name: t['list.title'] });
  const rows = await within(list).findAllByRole('listitem');
  return { t, list, rows };
}

const said = (t: Record<string, string>) =>
  t['trigger.newSourceKeyword']!.replace('{{keyword}}', 'Bitcoin ETF');

it.each<Locale>(['en', 'zh', 'pt-br'])(
  'names an alert on every new source in the page’s words, beside an alert on a coin (%s)',
  async (locale) => {
    const { t, rows } = await renderList(
      mockApi({ alerts: { alerts: [ON_NEW_SOURCES, fakeAlert(1)] } }),
      { locale },
    );
    expect(rows).toHaveLength(2);
    const [row] = rows;
    const prefix = locale === 'en' ? '' : `/${locale}`;
    expect(within(row!).getByRole('link', { name: t['newSources'] })).toHaveAttribute(
      'href',
      `${prefix}/monitoring/`,
    );
    expect(row).toHaveTextContent(said(t));
    // No logo to show: no empty image (a mark, hidden from assistive technology, stands in).
    expect(within(row!).queryByRole('presentation')).toBeNull();
    expect(within(rows[1]!).getByRole('presentation')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Bitcoin' })).toBeInTheDocument();
  },
);

it('links an alert on every new source to the phone’s events on the phone’s page', async () => {
  const { t, rows } = await renderList(mockApi({ alerts: { alerts: [ON_NEW_SOURCES] } }), {
    phone: true,
  });
  expect(within(rows[0]!).getByRole('link', { name: t['newSources'] })).toHaveAttribute(
    'href',
    '/mobile/?tab=events',
  );
});

it('edits the keyword of an alert on every new source, and asks before deleting it by name', async () => {
  const user = userEvent.setup();
  const api = mockApi({ alerts: { alerts: [ON_NEW_SOURCES] } });
  const { t, list } = await renderList(api);
  const named = (key: string) =>
    t[key]!.replace('{{name}}', t['newSources']!).replace('{{trigger}}', said(t));
  await user.click(within(list).getByRole('button', { name: named('list.editNamed') }));
  const dialog = await screen.findByRole('dialog', { name: t['dialog.titleEdit'] });
  expect(within(dialog).getByText(t['newSources']!)).toBeVisible();
  const keyword = within(dialog).getByRole('textbox', { name: t['form.keyword'] });
  expect(keyword).toHaveValue('Bitcoin ETF');
  await user.clear(keyword);
  await user.type(keyword, 'rate cut');
  await user.click(within(dialog).getByRole('button', { name: t['form.save'] }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.calls('POST /api/alert/modify').at(-1)?.body).toEqual({
    id: 2,
    keyword: 'rate cut',
    cooldownMinutes: 30,
  });

  const now = t['trigger.newSourceKeyword']!.replace('{{keyword}}', 'rate cut');
  await user.click(
    await within(list).findByRole('button', {
      name: t['list.deleteNamed']!.replace('{{name}}', t['newSources']!).replace(
        '{{trigger}}',
        now,
      ),
    }),
  );
  const confirm = await screen.findByRole('dialog', { name: t['list.deleteTitle'] });
  expect(confirm).toHaveAccessibleDescription(
    t['list.deleteDescription']!.replace('{{name}}', t['newSources']!).replace('{{trigger}}', now),
  );
});
