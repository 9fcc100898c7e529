import '@testing-library/jest-dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import { mutate } from 'swr';
import { ApiProvider } from '../../../data/swr';
import { clearToken, setToken } from '../../../data/token';
import { fakeAlert, fakeAlertEvent, type MockApi } from '../../../testing/api';
import { mockApi } from '../../../testing/api/unitTest';
import { ANA } from '../../../testing/fixtures';
import {
  addAlert,
  applyNotice,
  deleteAlert,
  markRead,
  rotateWebhookSecret,
  setWebhook,
  useAlertList,
  useAlertSettings,
  useInbox,
} from './alerts';

afterEach(async () => {
  clearToken();
  await act(() => mutate(() => true, undefined, { revalidate: false }));
});

/** What the bell and the list would show: the inbox's count and ids, the alerts' ids. */
function Shown() {
  const inbox = useInbox().data;
  const list = useAlertList().data;
  return (
    <>
      <p data-testid="unread">{inbox ? inbox.unread : '…'}</p>
      <p data-testid="inbox">{inbox?.records.map((event) => event.id).join(',')}</p>
      <p data-testid="list">{list?.records.map((alert) => alert.id).join(',')}</p>
    </>
  );
}

async function shown(api: MockApi) {
  setToken(api.tokenFor(ANA));
  render(
    <ApiProvider config={{ dedupingInterval: 0, shouldRetryOnError: false }}>
      <Shown />
    </ApiProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('unread')).not.toHaveTextContent('…'));
}

const text = (id: string) => screen.getByTestId(id).textContent;

it('puts a notice’s alerts first in the inbox with the server’s count, before any request', async () => {
  const api = mockApi({ alerts: { events: [fakeAlertEvent(1)] } });
  await shown(api);
  expect(text('inbox')).toBe('1');
  const held = api.holdNext('GET /api/alert/events?page=1&size=20&unread=true');
  await act(() => {
    void applyNotice({ events: [fakeAlertEvent(5), fakeAlertEvent(4)], unread: 3 });
  });
  expect(text('unread')).toBe('3');
  expect(text('inbox')).toBe('5,4,1');
  held();
  await act(() => api.settled(50));
});

it('takes what was marked read out of the inbox, and everything with mark all', async () => {
  const api = mockApi({
    alerts: { events: [fakeAlertEvent(3), fakeAlertEvent(2), fakeAlertEvent(1)] },
  });
  await shown(api);
  await act(() => markRead([2]));
  expect(text('inbox')).toBe('3,1');
  expect(text('unread')).toBe('2');
  await act(() => markRead());
  expect(text('inbox')).toBe('');
  expect(text('unread')).toBe('0');
  expect(api.calls('POST /api/alert/read').map((call) => call.body)).toEqual([{ ids: [2] }, {}]);
});

it('shows a new alert first in the list and a deleted one no more, without asking again', async () => {
  const api = mockApi({ alerts: { alerts: [fakeAlert(1)] } });
  await shown(api);
  await waitFor(() => expect(text('list')).toBe('1'));
  const lists = () => api.calls('GET /api/alert/list').length;
  const before = lists();
  await act(async () => {
    await addAlert({ kind: 'priceBelow', coinId: 2, value: 3000 });
  });
  expect(text('list')).toBe('2,1');
  await act(() => deleteAlert(1));
  expect(text('list')).toBe('2');
  expect(lists()).toBe(before);
});

/** What the webhook section would show: its address, whether it is on, its secret, or none. */
function ShownWebhook() {
  const settings = useAlertSettings().data;
  const webhook = settings?.webhook;
  let shown = '…';
  if (settings) {
    shown = webhook
      ? `${webhook.url} ${webhook.enabled ? 'on' : 'paused'} ${webhook.secret} ${webhook.previousSecretExpiresAt ?? '-'}`
      : 'none';
  }
  return <p data-testid="webhook">{shown}</p>;
}

it('shows a webhook set, paused, with a new secret and removed from the answers, without asking again', async () => {
  const api = mockApi();
  setToken(api.tokenFor(ANA));
  render(
    <ApiProvider config={{ dedupingInterval: 0, shouldRetryOnError: false }}>
      <ShownWebhook />
    </ApiProvider>,
  );
  await waitFor(() => expect(text('webhook')).toBe('none'));
  const gets = () => api.calls('GET /api/alert/settings').length;
  const before = gets();

  await act(() => setWebhook({ url: 'https://hooks.example.com/in', enabled: true }));
  const secret = api.alerts.webhook!.secret;
  expect(text('webhook')).toBe(`https://hooks.example.com/in on ${secret} -`);
  await act(() => setWebhook({ url: 'https://hooks.example.com/in', enabled: false }));
  expect(text('webhook')).toBe(`https://hooks.example.com/in paused ${secret} -`);
  const rotated = await act(() => rotateWebhookSecret());
  const { secret: fresh, previousSecretExpiresAt } = rotated.webhook!;
  expect(fresh).not.toBe(secret);
  expect(text('webhook')).toBe(
    `https://hooks.example.com/in paused ${fresh} ${previousSecretExpiresAt}`,
  );
  await act(() => setWebhook(null));
  expect(text('webhook')).toBe('none');

  expect(gets()).toBe(before);
  expect(api.calls('POST /api/alert/settings').map((call) => call.body)).toEqual([
    { webhook: { url: 'https://hooks.example.com/in', enabled: true } },
    { webhook: { url: 'https://hooks.example.com/in', enabled: false } },
    { webhook: null },
  ]);
});
