// The mocked API's alerts (`/api/alert/*`), as api/src/plugins/alerts and api/src/alerts/service.ts
// answer them: the list newest first with its limit of 20, add and modify with the server's checks
// (the subject named for the kind, none for an alert on every new source, the value, keyword and
// cooldown in range, a source's event still to come) and its 422s in the request's language,
// delete keeping what fired, the fired alerts paged newest first with the unread count, marking
// them read, the mail choice (none for an account without an address), and the webhook as
// api/src/alerts/webhook.ts keeps it (its address checked, its secret made the first time and
// kept, rotated with the previous one signing for a day, removed with its secret). `fire` plays an
// evaluation: what fired is kept and sent to the user's sockets as the `alert` event, as
// api/src/alerts/deliver.ts does.
import {
  ALERT_COOLDOWN_MINUTES,
  ALERT_KEYWORD_LENGTH,
  ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS,
  ALERT_WEBHOOK_URL_MAX,
  COIN_ALERT_KINDS,
  KEYWORD_ALERT_KINDS,
  MAX_ALERTS,
  SOURCE_ALERT_KINDS,
  type Alert,
  type AlertAddBody,
  type AlertEvent,
  type AlertEventPage,
  type AlertKind,
  type AlertList,
  type AlertMailMode,
  type AlertModifyBody,
  type AlertNotice,
  type AlertSettings,
  type AlertSettingsBody,
  type AlertSubject,
  type AlertWebhook,
  type AlertWebhookBody,
  type MarketSource,
} from '@coinlens/contract';
import type { HttpHandler } from 'msw';
import { QUOTED_AT, coin } from '../fixtures';
import type { AuthState } from './auth';
import type { CoinState } from './coins';
import type { MonitorState } from './monitor';
import { envelopeRoute, Refusal } from './request';

/** What a story or test starts the alerts with. */
export interface AlertOptions {
  /** Ana's alerts, newest first. */
  alerts?: Alert[];
  /** The alerts that fired, newest first. */
  events?: AlertEvent[];
  /** How the alerts are mailed: `each` to Ana's address by default. */
  settings?: { email: AlertMailMode; address: string | null };
  /** Ana's webhook (none by default); `fakeWebhook` makes one. */
  webhook?: AlertWebhook | null;
}

const MAX_MOVE = 1000;
const MAX_EVENTS_SIZE = 100;

const isCoinKind = (kind: AlertKind) => COIN_ALERT_KINDS.includes(kind);
const isSourceKind = (kind: AlertKind) => SOURCE_ALERT_KINDS.includes(kind);

/** The subject of an alert on the fixture coin `symbol`, as the API writes it. */
export function coinSubject(symbol: string): AlertSubject {
  const { id, name, logo } = coin(symbol);
  return { kind: 'coin', id, name, symbol, logo };
}

/** An alert with sensible defaults: Bitcoin above $70,000, armed, made yesterday. */
export function fakeAlert(id: number, fields: Partial<Alert> = {}): Alert {
  return {
    id,
    kind: 'priceAbove',
    subject: coinSubject('BTC'),
    value: 70_000,
    keyword: null,
    cooldownMinutes: ALERT_COOLDOWN_MINUTES.default,
    paused: false,
    state: 'armed',
    lastFiredAt: null,
    createdAt: QUOTED_AT - 86_400,
    ...fields,
  };
}

/** A fired alert with sensible defaults: Bitcoin went above $70,000 on demo figures, unread. */
export function fakeAlertEvent(id: number, fields: Partial<AlertEvent> = {}): AlertEvent {
  return {
    id,
    alertId: 1,
    kind: 'priceAbove',
    subject: coinSubject('BTC'),
    line: 70_000,
    keyword: null,
    figure: 70_412.5,
    source: 'demo' satisfies MarketSource,
    asOf: QUOTED_AT - 60 * id,
    firedAt: QUOTED_AT - 60 * id + 5,
    read: false,
    ...fields,
  };
}

/** A signing secret as the API writes one: `whsec_` and 32 bytes in URL-safe base64 (43). */
export const WEBHOOK_SECRET = 'whsec_Q29pbmxlbnMgc3RvcmllczogbmV2ZXIgYSByZWFsIHM';

/**
 * A webhook with sensible defaults: on, at a public https address, signed with `WEBHOOK_SECRET`,
 * its latest post taken (HTTP 200) ten minutes before the stories' moment.
 */
export function fakeWebhook(fields: Partial<AlertWebhook> = {}): AlertWebhook {
  return {
    url: 'https://hooks.example.com/coinlens',
    enabled: true,
    secret: WEBHOOK_SECRET,
    previousSecretExpiresAt: null,
    lastDelivery: { at: QUOTED_AT - 600, ok: true, status: 200 },
    ...fields,
  };
}

/** A new secret, made as the API makes one (api/src/alerts/webhook.ts `newWebhookSecret`). */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const base64 = btoa(String.fromCharCode(...bytes));
  return `whsec_${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** Whether a literal IPv4 address is in a range the API refuses (not public unicast). */
function isSpecialIpv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  const [a = 0, b = 0, c = 0] = parts;
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113)
  );
}

/**
 * The webhook's address checked as the API's FetchGuard.checkUrl checks it in production (https
 * only), answered as it is stored. The mock has no resolver: a name under `.invalid` or `.test`
 * is not found, `localhost` and the special literal addresses are refused as not public, and any
 * other name resolves to a public address.
 */
function checkedWebhookUrl(text: string): string {
  if (text.length > ALERT_WEBHOOK_URL_MAX) throw new Refusal(422, 'alertWebhookUrl');
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Refusal(422, 'alertWebhookUrl');
  }
  if (url.username || url.password || url.protocol !== 'https:') {
    throw new Refusal(422, 'alertWebhookUrl');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (/\.(invalid|test)$/.test(host)) throw new Refusal(422, 'alertWebhookHost');
  const ipv4 = /^\d+\.\d+\.\d+\.\d+$/.test(host);
  // Of IPv6 literals, only global unicast (2000::/3) passes here.
  const ipv6 = host.includes(':');
  const special =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    (ipv4 && isSpecialIpv4(host)) ||
    (ipv6 && !/^[23]/.test(host));
  if (special) throw new Refusal(422, 'alertWebhookAddress');
  return url.href;
}

function checkedValue(kind: AlertKind, value: number | undefined): number | null {
  if (kind === 'move24h') {
    if (value === undefined || !(value > 0 && value <= MAX_MOVE))
      throw new Refusal(422, 'alertMove');
    return value;
  }
  if (kind === 'priceAbove' || kind === 'priceBelow') {
    if (value === undefined || !(value > 0)) throw new Refusal(422, 'alertPrice');
    return value;
  }
  if (value !== undefined) throw new Refusal(422, 'alertNoValue');
  return null;
}

function checkedKeyword(kind: AlertKind, keyword: string | undefined): string | null {
  if (!KEYWORD_ALERT_KINDS.includes(kind)) {
    if (keyword !== undefined) throw new Refusal(422, 'alertNoValue');
    return null;
  }
  const trimmed = (keyword ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');
  const length = [...trimmed].length;
  if (length < ALERT_KEYWORD_LENGTH.min || length > ALERT_KEYWORD_LENGTH.max) {
    throw new Refusal(422, 'alertKeyword');
  }
  return trimmed;
}

function checkedCooldown(minutes: number | undefined): number {
  const value = minutes ?? ALERT_COOLDOWN_MINUTES.default;
  if (value < ALERT_COOLDOWN_MINUTES.min || value > ALERT_COOLDOWN_MINUTES.max) {
    throw new Refusal(422, 'alertCooldown');
  }
  return value;
}

/** Ana's alerts, what fired, how it is mailed and her webhook. */
export class AlertState {
  alerts: Alert[];
  events: AlertEvent[];
  settings: { email: AlertMailMode; address: string | null };
  /** Ana's webhook as the server keeps it (a lapsed previous secret is left out when answered). */
  webhook: AlertWebhook | null;
  private nextId: number;
  private nextEventId: number;

  constructor(
    options: AlertOptions,
    private readonly coins: CoinState,
    private readonly monitor: () => MonitorState,
    /** Sends a notice to the user's sockets. */
    private readonly notify: (notice: AlertNotice) => void,
  ) {
    this.alerts = [...(options.alerts ?? [])];
    this.events = [...(options.events ?? [])];
    this.settings = options.settings ?? { email: 'each', address: 'ana@example.com' };
    this.webhook = options.webhook ? { ...options.webhook } : null;
    this.nextId = Math.max(0, ...this.alerts.map((alert) => alert.id)) + 1;
    this.nextEventId = Math.max(0, ...this.events.map((event) => event.id)) + 1;
  }

  list(): AlertList {
    return { records: this.alerts.map((alert) => ({ ...alert })), limit: MAX_ALERTS };
  }

  add(body: AlertAddBody): Alert {
    const coinId = body.coinId ?? null;
    const sourceId = body.sourceId ?? null;
    // A coin kind names a coin, a source kind a source, and newSourceKeyword neither.
    if (
      (coinId !== null) !== isCoinKind(body.kind) ||
      (sourceId !== null) !== isSourceKind(body.kind)
    ) {
      throw new Refusal(422, 'alertSubject');
    }
    const value = checkedValue(body.kind, body.value);
    const keyword = checkedKeyword(body.kind, body.keyword);
    const cooldownMinutes = checkedCooldown(body.cooldownMinutes);
    let subject: AlertSubject | null = null;
    if (coinId !== null) subject = this.coinSubject(coinId);
    if (sourceId !== null) subject = this.sourceSubject(sourceId, body.kind);
    if (this.alerts.length >= MAX_ALERTS) throw new Refusal(422, 'alertLimit');
    const alert: Alert = {
      id: this.nextId++,
      kind: body.kind,
      subject,
      value,
      keyword,
      cooldownMinutes,
      paused: false,
      state: isCoinKind(body.kind) ? 'waiting' : 'armed',
      lastFiredAt: null,
      createdAt: Math.floor(Date.now() / 1000),
    };
    this.alerts.unshift(alert);
    return { ...alert };
  }

  modify(body: AlertModifyBody): Alert {
    const index = this.alerts.findIndex((alert) => alert.id === body.id);
    const alert = this.alerts[index];
    if (!alert) throw new Refusal(404, 'alertNotFound');
    const changed: Alert = { ...alert };
    if (body.value !== undefined) changed.value = checkedValue(alert.kind, body.value);
    if (body.keyword !== undefined) changed.keyword = checkedKeyword(alert.kind, body.keyword);
    if (body.cooldownMinutes !== undefined) {
      changed.cooldownMinutes = checkedCooldown(body.cooldownMinutes);
    }
    if (body.paused !== undefined) changed.paused = body.paused;
    // A new line starts the alert over: it finds its side on the next fresh figure.
    if (body.value !== undefined || body.keyword !== undefined) {
      changed.state = isCoinKind(alert.kind) ? 'waiting' : 'armed';
    }
    this.alerts[index] = changed;
    return { ...changed };
  }

  remove(id: number): null {
    if (!this.alerts.some((alert) => alert.id === id)) throw new Refusal(404, 'alertNotFound');
    this.alerts = this.alerts.filter((alert) => alert.id !== id);
    this.events = this.events.map((event) =>
      event.alertId === id ? { ...event, alertId: null } : event,
    );
    return null;
  }

  unread(): number {
    return this.events.filter((event) => !event.read).length;
  }

  page(query: URLSearchParams): AlertEventPage {
    const page = Number(query.get('page') ?? 1);
    const size = Number(query.get('size') ?? 20);
    if (!Number.isInteger(page) || page < 1) throw new Refusal(422, 'pageInvalid');
    if (!Number.isInteger(size) || size < 1 || size > MAX_EVENTS_SIZE) {
      throw new Refusal(422, 'sizeInvalid');
    }
    const all =
      query.get('unread') === 'true' ? this.events.filter((event) => !event.read) : this.events;
    const records = all.slice((page - 1) * size, page * size).map((event) => ({ ...event }));
    return {
      records,
      page,
      size,
      total: all.length,
      has_next: (page - 1) * size + records.length < all.length,
      unread: this.unread(),
    };
  }

  read(ids: number[] | undefined): { unread: number } {
    if (ids !== undefined && (ids.length === 0 || ids.length > 100)) {
      throw new Refusal(422, 'alertReadCount');
    }
    const marked = ids ? new Set(ids) : null;
    this.events = this.events.map((event) =>
      !marked || marked.has(event.id) ? { ...event, read: true } : event,
    );
    return { unread: this.unread() };
  }

  /** The settings as the API answers them. */
  answerSettings(): AlertSettings {
    const webhook = this.webhook && {
      ...this.webhook,
      previousSecretExpiresAt:
        this.webhook.previousSecretExpiresAt !== null &&
        this.webhook.previousSecretExpiresAt * 1000 > Date.now()
          ? this.webhook.previousSecretExpiresAt
          : null,
    };
    return { ...this.settings, webhook };
  }

  /**
   * POST /api/alert/settings, in the API's order: the webhook's address is checked first, so that
   * a refused one changes nothing; then the mail's choice, then the webhook (absent: as it is).
   */
  setSettings(body: AlertSettingsBody): AlertSettings {
    const webhook = body.webhook && { ...body.webhook, url: checkedWebhookUrl(body.webhook.url) };
    if (body.email !== undefined) {
      if (this.settings.address === null && body.email !== 'none') {
        throw new Refusal(422, 'alertMailNoAddress');
      }
      this.settings = { ...this.settings, email: body.email };
    }
    if (webhook !== undefined) this.setWebhook(webhook);
    return this.answerSettings();
  }

  /** Sets the webhook (its secret made the first time, kept after), or removes it (null). */
  private setWebhook(webhook: AlertWebhookBody | null): void {
    if (webhook === null) {
      this.webhook = null;
      return;
    }
    const enabled = webhook.enabled ?? true;
    this.webhook = this.webhook
      ? { ...this.webhook, url: webhook.url, enabled }
      : {
          url: webhook.url,
          enabled,
          secret: newSecret(),
          previousSecretExpiresAt: null,
          lastDelivery: null,
        };
  }

  /** POST /api/alert/webhook/rotate: a new secret, the previous one signing a day more. */
  rotate(): AlertSettings {
    if (!this.webhook) throw new Refusal(404, 'alertWebhookNone');
    const now = Math.floor(Date.now() / 1000);
    this.webhook = {
      ...this.webhook,
      secret: newSecret(),
      previousSecretExpiresAt: now + ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS * 3600,
    };
    return this.answerSettings();
  }

  /**
   * Plays an evaluation: the alert `alertId` fires with `fields` (its subject, kind and line by
   * default), is kept unread, and the user's sockets hear of it at once. An alert on every new
   * source has no subject of its own: `fields.subject` names the new source that said its keyword,
   * the event has no figure, and the alert stays armed.
   */
  fire(alertId: number, fields: Partial<AlertEvent> = {}): AlertEvent {
    const alert = this.alerts.find((one) => one.id === alertId);
    if (alert && !alert.subject && !fields.subject) {
      throw new Error('An alert on every new source fires for a source: pass `fields.subject`.');
    }
    const now = Math.floor(Date.now() / 1000);
    const event: AlertEvent = {
      ...fakeAlertEvent(this.nextEventId++, {
        alertId,
        ...(alert
          ? {
              kind: alert.kind,
              ...(alert.subject ? { subject: alert.subject } : {}),
              line: alert.value,
              keyword: alert.keyword,
            }
          : {}),
        asOf: now - 5,
        firedAt: now,
        ...(alert?.subject === null ? { figure: null, source: null, asOf: null } : {}),
      }),
      ...fields,
    };
    this.events.unshift(event);
    if (alert) {
      const state = alert.kind === 'newSourceKeyword' ? 'armed' : 'spent';
      this.alerts = this.alerts.map((one) =>
        one.id === alertId ? { ...one, state, lastFiredAt: event.firedAt } : one,
      );
    }
    this.notify({ events: [{ ...event }], unread: this.unread() });
    return event;
  }

  private coinSubject(id: number): AlertSubject {
    const coin = this.coins.coinById(id);
    return { kind: 'coin', id, name: coin.name, symbol: coin.symbol, logo: coin.logo };
  }

  private sourceSubject(id: number, kind: AlertKind): AlertSubject {
    const source = this.monitor().source(id);
    if (!source) throw new Refusal(404, 'sourceNotFound');
    if (kind === 'sourceLive' && source.status !== 1) throw new Refusal(422, 'alertSourceStarted');
    if (kind === 'sourceKeyword' && source.status > 2) throw new Refusal(422, 'alertSourceEnded');
    if (kind === 'sourceSummary' && source.status === 5) {
      throw new Refusal(422, 'alertSourceSummarized');
    }
    return { kind: 'source', id, name: source.title, symbol: null, logo: source.logo };
  }
}

export function alertHandlers(alerts: AlertState, auth: AuthState): HttpHandler[] {
  return [
    envelopeRoute('GET /api/alert/list', auth, () => alerts.list()),
    envelopeRoute('POST /api/alert/add', auth, ({ body }) => alerts.add(body)),
    envelopeRoute('POST /api/alert/modify', auth, ({ body }) => alerts.modify(body)),
    envelopeRoute('POST /api/alert/delete', auth, ({ body }) => alerts.remove(body.id)),
    envelopeRoute('GET /api/alert/events', auth, ({ query }) => alerts.page(query)),
    envelopeRoute('POST /api/alert/read', auth, ({ body }) => alerts.read(body.ids)),
    envelopeRoute('GET /api/alert/settings', auth, () => alerts.answerSettings()),
    envelopeRoute('POST /api/alert/settings', auth, ({ body }) => alerts.setSettings(body)),
    envelopeRoute('POST /api/alert/webhook/rotate', auth, () => alerts.rotate()),
  ];
}
