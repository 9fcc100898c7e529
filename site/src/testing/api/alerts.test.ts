// The mocked API's webhook answers as api/src/alerts/webhook.ts and its route do, and its alerts on
// every new source are checked as api/src/alerts/service.ts checks them, so that the stories and
// tests that stand on it meet what the real server gives.
import {
  ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS,
  ALERT_WEBHOOK_URL_MAX,
  serverMessage,
  type Alert,
  type AlertSettings,
  type Locale,
  type MessageKey,
} from '@coinlens/contract';
import { ANA, QUOTED_AT } from '../fixtures';
import { fakeAlert, fakeWebhook, WEBHOOK_SECRET } from './alerts';
import { fakeSource } from './monitor';
import type { MockApi } from './mockApi';
import { checkAnswer } from './respond';
import { mockApi } from './unitTest';

const SECRET = /^whsec_[A-Za-z0-9_-]{43}$/;

async function call(
  api: MockApi,
  route:
    | 'POST /api/alert/settings'
    | 'POST /api/alert/webhook/rotate'
    | 'GET /api/alert/settings'
    | 'POST /api/alert/add'
    | 'POST /api/alert/modify',
  body?: unknown,
  language: Locale = 'en',
) {
  const [method, path] = route.split(' ') as [string, string];
  const response = await fetch(path, {
    method,
    headers: {
      Authorization: `Bearer ${api.tokenFor(ANA)}`,
      Language: language,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as {
    code: number;
    msg: string;
    data: AlertSettings & Alert;
  };
  checkAnswer(route, response.status, json);
  return json;
}

const settingsOf = async (api: MockApi) => (await call(api, 'GET /api/alert/settings')).data;

it('answers no webhook until one is set', async () => {
  const api = mockApi();
  expect((await settingsOf(api)).webhook).toBeNull();
});

it('makes a secret the first time, on by default, keeps it when the address changes, and stores the address as the server writes it', async () => {
  const api = mockApi();
  const added = await call(api, 'POST /api/alert/settings', {
    webhook: { url: '  https://hooks.example.com  ' },
  });
  expect(added.data.webhook).toEqual({
    url: 'https://hooks.example.com/',
    enabled: true,
    secret: expect.stringMatching(SECRET),
    previousSecretExpiresAt: null,
    lastDelivery: null,
  });
  const secret = added.data.webhook!.secret;
  const moved = await call(api, 'POST /api/alert/settings', {
    webhook: { url: 'https://other.example.com/in', enabled: false },
  });
  expect(moved.data.webhook).toMatchObject({
    url: 'https://other.example.com/in',
    enabled: false,
    secret,
  });
  // A change that leaves `enabled` out turns it on, as on the server.
  const again = await call(api, 'POST /api/alert/settings', {
    webhook: { url: 'https://other.example.com/in' },
  });
  expect(again.data.webhook?.enabled).toBe(true);
});

it('leaves the webhook as it is when the body has none, and removes it with null', async () => {
  const api = mockApi({ alerts: { webhook: fakeWebhook() } });
  const mail = await call(api, 'POST /api/alert/settings', { email: 'digest' });
  expect(mail.data).toMatchObject({ email: 'digest', webhook: { secret: WEBHOOK_SECRET } });
  const removed = await call(api, 'POST /api/alert/settings', { webhook: null });
  expect(removed.data.webhook).toBeNull();
  expect(api.alerts.webhook).toBeNull();
});

it.each<[string, string, MessageKey]>([
  ['plain http', 'http://hooks.example.com/', 'alertWebhookUrl'],
  ['a host without a scheme', 'hooks.example.com', 'alertWebhookUrl'],
  ['a user and password', 'https://ana:pw@hooks.example.com/', 'alertWebhookUrl'],
  ['too long', `https://hooks.example.com/${'a'.repeat(ALERT_WEBHOOK_URL_MAX)}`, 'alertWebhookUrl'],
  ['a private address', 'https://10.0.0.5/hook', 'alertWebhookAddress'],
  ['loopback', 'https://127.0.0.1:8443/hook', 'alertWebhookAddress'],
  ['the cloud metadata address', 'https://169.254.169.254/', 'alertWebhookAddress'],
  ['localhost', 'https://localhost/hook', 'alertWebhookAddress'],
  ['IPv6 loopback', 'https://[::1]/hook', 'alertWebhookAddress'],
  ['a name that is not found', 'https://nowhere.invalid/hook', 'alertWebhookHost'],
])('refuses %s with 422 in the request’s language, changing nothing', async (_, url, key) => {
  const api = mockApi({ alerts: { webhook: fakeWebhook() } });
  const refused = await call(
    api,
    'POST /api/alert/settings',
    { email: 'none', webhook: { url, enabled: true } },
    'zh',
  );
  expect(refused).toEqual({ code: 422, msg: serverMessage(key, 'zh'), data: null });
  expect(api.alerts.settings.email).toBe('each');
  expect(api.alerts.webhook).toEqual(fakeWebhook());
});

it('rotates the secret, the previous one signing 24 hours more, and forgets it after', async () => {
  const api = mockApi({ alerts: { webhook: fakeWebhook() } });
  const now = jest.spyOn(Date, 'now').mockReturnValue(QUOTED_AT * 1000);
  const rotated = await call(api, 'POST /api/alert/webhook/rotate');
  const webhook = rotated.data.webhook!;
  expect(webhook.secret).toMatch(SECRET);
  expect(webhook.secret).not.toBe(WEBHOOK_SECRET);
  expect(webhook.previousSecretExpiresAt).toBe(
    QUOTED_AT + ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS * 3600,
  );
  now.mockReturnValue((QUOTED_AT + ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS * 3600) * 1000);
  expect((await settingsOf(api)).webhook?.previousSecretExpiresAt).toBeNull();
  now.mockRestore();
});

it('refuses to rotate without a webhook (404)', async () => {
  const api = mockApi();
  await expect(call(api, 'POST /api/alert/webhook/rotate', undefined, 'pt-br')).resolves.toEqual({
    code: 404,
    msg: serverMessage('alertWebhookNone', 'pt-br'),
    data: null,
  });
});

it('makes an alert on every new source without a subject, its keyword trimmed, armed', async () => {
  const api = mockApi();
  const added = await call(api, 'POST /api/alert/add', {
    kind: 'newSourceKeyword',
    keyword: '  Bitcoin   ETF ',
    cooldownMinutes: 30,
  });
  expect(added.data).toMatchObject({
    kind: 'newSourceKeyword',
    subject: null,
    value: null,
    keyword: 'Bitcoin ETF',
    cooldownMinutes: 30,
    state: 'armed',
  });
  const changed = await call(api, 'POST /api/alert/modify', {
    id: added.data.id,
    keyword: 'rate cut',
    paused: true,
  });
  expect(changed.data).toMatchObject({ subject: null, keyword: 'rate cut', paused: true });
});

it.each<[string, Record<string, unknown>, MessageKey]>([
  ['with a coin', { coinId: 1, keyword: 'ETF' }, 'alertSubject'],
  ['with a source', { sourceId: 40, keyword: 'ETF' }, 'alertSubject'],
  ['without a keyword', {}, 'alertKeyword'],
  ['with a keyword of one character once trimmed', { keyword: '  E ' }, 'alertKeyword'],
  ['with a keyword of 61 characters', { keyword: 'e'.repeat(61) }, 'alertKeyword'],
  ['with a value', { keyword: 'ETF', value: 5 }, 'alertNoValue'],
])('refuses an alert on every new source %s (422)', async (_, fields, key) => {
  const api = mockApi({ monitor: { sources: [fakeSource(40, { status: 1 })] } });
  const refused = await call(
    api,
    'POST /api/alert/add',
    { kind: 'newSourceKeyword', ...fields },
    'pt-br',
  );
  expect(refused).toEqual({ code: 422, msg: serverMessage(key, 'pt-br'), data: null });
  expect(api.alerts.alerts).toEqual([]);
});

it('refuses a keyword of the wrong length when an alert on every new source is changed', async () => {
  const alert = fakeAlert(1, {
    kind: 'newSourceKeyword',
    subject: null,
    value: null,
    keyword: 'ETF',
  });
  const api = mockApi({ alerts: { alerts: [alert] } });
  const refused = await call(api, 'POST /api/alert/modify', { id: 1, keyword: 'e'.repeat(61) });
  expect(refused).toMatchObject({ code: 422, msg: serverMessage('alertKeyword', 'en') });
  expect(api.alerts.alerts).toEqual([alert]);
});

it('fires an alert on every new source for the source that said its keyword, and keeps it armed', () => {
  const alert = fakeAlert(1, {
    kind: 'newSourceKeyword',
    subject: null,
    value: null,
    keyword: 'ETF',
  });
  const api = mockApi({ alerts: { alerts: [alert] } });
  const source = {
    kind: 'source',
    id: 40,
    name: 'Bitcoin ETF weekly',
    symbol: null,
    logo: '',
  } as const;
  expect(() => api.alerts.fire(1)).toThrow();
  const event = api.alerts.fire(1, { subject: source });
  expect(event).toMatchObject({
    kind: 'newSourceKeyword',
    subject: source,
    keyword: 'ETF',
    figure: null,
  });
  expect(api.alerts.alerts[0]).toMatchObject({ state: 'armed', lastFiredAt: event.firedAt });
});
