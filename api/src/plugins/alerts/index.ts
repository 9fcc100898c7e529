// A user's alerts and the alerts that fired (src/alerts/service.ts), all signed in.
import { MAX_ALERTS, ROUTES } from '@coinlens/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AlertService } from '../../alerts/service.js';
import { currentUser } from '../../auth/requireUser.js';
import { ok } from '../../envelope.js';
import { paging } from '../coins/index.js';
import { bearer } from '../docs.js';

export interface AlertsOptions {
  service: AlertService;
}

const tags = ['alerts'];

export const alertRoutes: FastifyPluginAsyncTypebox<AlertsOptions> = async (app, { service }) => {
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
    async (request) => ok(request, await service.add(currentUser(request).id, request.body)),
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
};
