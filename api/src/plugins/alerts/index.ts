// A user's alerts, the alerts that fired (src/alerts/service.ts) and how they are mailed
// (src/alerts/mail.ts) and posted (src/alerts/webhook.ts), all signed in but the unsubscribe link
// of an alert mail.
import {
  ALERT_DIGEST_HOUR_UTC,
  ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS,
  MAX_ALERTS,
  MAX_PUSH_DEVICES,
  ROUTES,
  type AlertSettings,
  type AlertSettingsBody,
  type Locale,
} from '@coinlens/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AlertMailSettings } from '../../alerts/mail.js';
import type { PushSubscriptions } from '../../alerts/push.js';
import type { AlertService } from '../../alerts/service.js';
import type { AlertWebhookSettings } from '../../alerts/webhook.js';
import { currentUser } from '../../auth/requireUser.js';
import { ApiError, ok } from '../../envelope.js';
import { localeOf } from '../../i18n.js';
import { localePrefix } from '../../mail/alertTemplates.js';
import { UNSUBSCRIBE_PAGE_CSP, unsubscribePage } from '../../mail/unsubscribePage.js';
import { paging } from '../coins/index.js';
import { bearer } from '../docs.js';

export interface AlertsOptions {
  service: AlertService;
  mail: AlertMailSettings;
  webhooks: AlertWebhookSettings;
  push: PushSubscriptions;
  /** The site's public origin, for the unsubscribe page's link back. */
  siteUrl: string;
}

/** The language of a page opened from a mail: the Language header, else the browser's. */
function pageLocale(request: FastifyRequest): Locale {
  if (request.headers.language !== undefined) return localeOf(request.headers.language);
  const accepted = String(request.headers['accept-language'] ?? '').toLowerCase();
  const first = accepted.split(',')[0]?.trim() ?? '';
  if (first.startsWith('zh')) return 'zh';
  if (first.startsWith('pt')) return 'pt-br';
  return 'en';
}

/** A browser's form post (it asks for HTML) gets a page; anything else, the envelope. */
const wantsPage = (request: FastifyRequest) =>
  String(request.headers.accept ?? '').includes('text/html');

function sendPage(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', UNSUBSCRIBE_PAGE_CSP)
    .send(html);
}

const tags = ['alerts'];

/**
 * Applies a settings request: the webhook's address is checked first (it may take a DNS look-up),
 * so that a refused one changes nothing; then the mail's choice, then the webhook.
 */
async function applySettings(
  mail: AlertMailSettings,
  webhooks: AlertWebhookSettings,
  userId: number,
  body: AlertSettingsBody,
  locale: Locale,
): Promise<AlertSettings> {
  const webhook = body.webhook && { ...body.webhook, url: await webhooks.check(body.webhook.url) };
  if (body.email !== undefined) await mail.set(userId, body.email, locale);
  // The links in the posts are in this language too.
  else await mail.noteLocale(userId, locale);
  if (webhook !== undefined) await webhooks.set(userId, webhook);
  return { ...(await mail.get(userId)), webhook: await webhooks.get(userId) };
}

export const alertRoutes: FastifyPluginAsyncTypebox<AlertsOptions> = async (
  app,
  { service, mail, webhooks, push, siteUrl },
) => {
  // A mail client's one-click unsubscribe (RFC 8058) posts a form, not JSON; only these routes
  // take one (this plugin is encapsulated), and nothing in it is read.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  );
  const home = (locale: Locale) => `${siteUrl}${localePrefix(locale)}/`;

  app.get(
    '/api/alert/list',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'The user’s alerts',
        tags,
        security: bearer,
        ...ROUTES['GET /api/alert/list'],
      },
    },
    async (request) => {
      const records = await service.list(currentUser(request).id);
      return ok(request, { records, limit: MAX_ALERTS });
    },
  );

  app.post(
    '/api/alert/add',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Make an alert',
        description:
          'An alert on a coin (its price, 24 h move, RSI or 50-day average) or on a monitored source (it goes live, its summary is out, a keyword is said). A figure alert fires once per crossing, re-arms once the figure is back past the line by a margin, waits out its cooldown and never fires on a stale figure. Codes: 404 for an unknown coin or source; 422 for a value, keyword or cooldown out of range, a subject that does not fit the kind, a source whose event already happened, or a 21st alert.',
        tags,
        security: bearer,
        ...ROUTES['POST /api/alert/add'],
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const made = await service.add(userId, request.body);
      // The mails of this alert are written in the language it was made in.
      await mail.noteLocale(userId, localeOf(request.headers.language));
      return ok(request, made);
    },
  );

  app.post(
    '/api/alert/modify',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Change or pause an alert',
        description:
          'A new value or keyword starts the alert over (it finds its side on the next fresh figure). Codes: 404 for an alert that is not the user’s; 422 as for a new alert.',
        tags,
        security: bearer,
        ...ROUTES['POST /api/alert/modify'],
      },
    },
    async (request) => {
      const { id, ...change } = request.body;
      return ok(request, await service.modify(currentUser(request).id, id, change));
    },
  );

  app.post(
    '/api/alert/delete',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Delete an alert',
        description:
          'What it fired stays in the history. Codes: 404 for an alert that is not the user’s.',
        tags,
        security: bearer,
        ...ROUTES['POST /api/alert/delete'],
      },
    },
    async (request) => {
      await service.remove(currentUser(request).id, request.body.id);
      return ok(request, null);
    },
  );

  app.get(
    '/api/alert/events',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'The alerts that fired',
        description:
          'Newest first, each with the figure that fired it, its provider and as-of time, and whether it was read; `unread` is the bell’s count. Codes: 422 for a page or size out of range.',
        tags,
        security: bearer,
        ...ROUTES['GET /api/alert/events'],
      },
    },
    async (request) => {
      const { page, size, unread = false } = request.query;
      const paged = paging(page, size, 20);
      return ok(request, await service.events(currentUser(request).id, { ...paged, unread }));
    },
  );

  app.post(
    '/api/alert/read',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Mark fired alerts read',
        description:
          'The ids given (the user’s own; others are ignored), or every unread one without ids. Codes: 422 for an empty list or more than 100 ids.',
        tags,
        security: bearer,
        ...ROUTES['POST /api/alert/read'],
      },
    },
    async (request) => {
      const unread = await service.markRead(currentUser(request).id, request.body.ids ?? null);
      return ok(request, { unread });
    },
  );

  app.get(
    '/api/alert/settings',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'How my alerts are mailed and posted',
        description:
          'email: each (the default for an account with an email address), digest or none; address: where the mails go, null for an account made by X sign-in (its email is none); webhook: the address each fired alert is posted to, with its signing secret, or null.',
        tags,
        security: bearer,
        ...ROUTES['GET /api/alert/settings'],
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const [choice, webhook] = await Promise.all([mail.get(userId), webhooks.get(userId)]);
      return ok(request, { ...choice, webhook });
    },
  );

  app.post(
    '/api/alert/settings',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Choose how my alerts are mailed and posted',
        description: `Each field is optional: what is absent stays as it is. email: each: a mail per alert (alerts fired within a minute of one another in one mail, sent once the minute is over); digest: one mail per UTC day with that day’s alerts, from ${String(ALERT_DIGEST_HOUR_UTC).padStart(2, '0')}:00 UTC the next day; none: no mail (the inbox and the tabs still get every alert). The mails are written in this request’s language. Turning mail back on makes the unsubscribe links of earlier mails stop working. webhook: an https address to post each fired alert to (alerts fired within a minute of one another in one post), signed with a secret the server makes the first time (kept when the address changes); null removes it and its secret. Codes: 400 for another value; 422 for mail to an account without an email address, or a webhook address that is not https, whose host is not found, or that is not public (loopback, private, link-local, CGNAT, multicast and other special ranges are refused).`,
        tags,
        security: bearer,
        ...ROUTES['POST /api/alert/settings'],
      },
    },
    async (request) =>
      ok(
        request,
        await applySettings(
          mail,
          webhooks,
          currentUser(request).id,
          request.body,
          localeOf(request.headers.language),
        ),
      ),
  );

  app.post(
    '/api/alert/webhook/rotate',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Rotate my webhook’s signing secret',
        description: `A new secret signs every post from now on; for ${ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS} hours the previous one also signs (a second \`v1=\` in \`Coinlens-Signature\`), so that the receiver can switch without refusing posts. Codes: 404 without a webhook.`,
        tags,
        security: bearer,
        ...ROUTES['POST /api/alert/webhook/rotate'],
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const webhook = await webhooks.rotate(userId);
      return ok(request, { ...(await mail.get(userId)), webhook });
    },
  );

  app.get(
    '/api/alert/push/key',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'What my browser needs to get alerts as notifications',
        description:
          'publicKey: the server’s VAPID public key, the `applicationServerKey` a browser subscribes with (`pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })`); devices: how many of my browsers get notifications; subscribed: whether the browser whose subscription has the `endpoint` given is one of them, saved while this sign-in lasts (a browser subscribed by a sign-in that ended, or by another account, is not).',
        tags,
        security: bearer,
        ...ROUTES['GET /api/alert/push/key'],
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(request, await push.key(user.id, user.token.hash, request.query.endpoint));
    },
  );

  app.post(
    '/api/alert/push/subscribe',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Get my alerts as notifications in this browser',
        description: `The browser’s push subscription (\`PushSubscription.toJSON()\`): each alert that fires is pushed to it as a notification, written in this request’s language, until it is unsubscribed, this sign-in ends (signing out, a password reset, the token’s expiry) or its push service says it is gone. Saving it again updates it; a browser saved by another account moves to this one. At most ${MAX_PUSH_DEVICES} browsers per user: a new one beyond replaces the least recently saved. Codes: 422 when the endpoint is not a public https address, or the keys are not a P-256 key (65 bytes) and a 16-byte secret.`,
        tags,
        security: bearer,
        ...ROUTES['POST /api/alert/push/subscribe'],
      },
    },
    async (request) =>
      ok(request, {
        devices: await push.subscribe(
          currentUser(request).id,
          currentUser(request).token.hash,
          request.body,
          localeOf(request.headers.language),
        ),
      }),
  );

  app.post(
    '/api/alert/push/unsubscribe',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Stop notifications in this browser',
        description: 'Forgets the browser’s subscription, if it is one of mine.',
        tags,
        security: bearer,
        ...ROUTES['POST /api/alert/push/unsubscribe'],
      },
    },
    async (request) =>
      ok(request, {
        devices: await push.unsubscribe(currentUser(request).id, request.body.endpoint),
      }),
  );

  app.get(
    '/api/alert/unsubscribe',
    {
      schema: {
        summary: 'The unsubscribe page of an alert mail',
        description:
          'What the unsubscribe link of an alert mail opens, without signing in: an HTML page in the user’s language with a button that posts to the same address. It changes nothing itself, so that a scanner following the link unsubscribes no one.',
        tags,
        produces: ['text/html'],
        ...ROUTES['GET /api/alert/unsubscribe'],
      },
    },
    async (request, reply) => {
      const locale = await mail.tokenLocale(request.query.token);
      return sendPage(
        reply,
        locale
          ? unsubscribePage('ask', locale, home(locale))
          : unsubscribePage('invalid', pageLocale(request), home(pageLocale(request))),
      );
    },
  );

  app.post(
    '/api/alert/unsubscribe',
    {
      schema: {
        summary: 'Unsubscribe from alert mails (one click)',
        description:
          'The `List-Unsubscribe` address of an alert mail (RFC 8058 one-click: a mail client posts `List-Unsubscribe=One-Click` as a form), and the unsubscribe page’s button; no sign-in. Sets the token’s user’s alert mails to none; a second use changes nothing more. The token is 256 random bits, kept only as a SHA-256; it does not expire, but turning alert mails back on revokes every link sent before. A form post that accepts HTML (a browser) gets the page, anything else the envelope. Codes: 403 for a token that is not one (nothing changes).',
        tags,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
        ...ROUTES['POST /api/alert/unsubscribe'],
      },
    },
    async (request, reply) => {
      try {
        const locale = await mail.unsubscribe(request.query.token);
        if (wantsPage(request))
          return sendPage(reply, unsubscribePage('done', locale, home(locale)));
        return ok(request, { email: 'none' as const });
      } catch (error) {
        if (!(error instanceof ApiError) || !wantsPage(request)) throw error;
        const locale = pageLocale(request);
        return sendPage(reply, unsubscribePage('invalid', locale, home(locale)));
      }
    },
  );
};
