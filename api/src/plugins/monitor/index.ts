// Monitoring: monitored sources, the user's list of them, and a source's detail, summary and
// transcript. Every answer uses the monitoring envelope `{ ok, msg, data }` (failures add
// `code`). Reads are public; the user's list is not.
import { ROUTES, type SourceStatus } from '@coinlens/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Operators } from '../../auth/operators.js';
import { currentUser } from '../../auth/requireUser.js';
import { ApiError, monitorOk, sendApiNotFound, sendSvg } from '../../envelope.js';
import { monogramSvg } from '../../market/logos.js';
import type { FeedStates } from '../../feeds/states.js';
import type { MonitorService } from '../../monitor/sources.js';
import { idList, paging } from '../coins/index.js';
import { bearer } from '../docs.js';

export interface MonitorOptions {
  service: MonitorService;
  /** The state of the operator's feeds, shown to the operators alone. */
  feeds: FeedStates;
  operators: Operators;
}

/** The `status` filter: empty for all, 1 to 7, else 400 (an unknown enum value). */
export function statusParam(value: string | undefined): SourceStatus | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (!/^[1-7]$/.test(text)) throw new ApiError(400, 'statusInvalid');
  return Number(text) as SourceStatus;
}

const tags = ['monitoring'];

export const monitor: FastifyPluginAsyncTypebox<MonitorOptions> = async (app, options) => {
  const { service, feeds, operators } = options;

  app.get(
    '/api/monitor/source/list',
    {
      schema: {
        tags,
        summary: 'Search the monitored sources',
        description:
          '`searchName` matches title or author (case-insensitive). Not started sources (status 1) come soonest first; every other list newest first. Codes: 400 unknown status; 422 page or size out of range, or a search text over 100 characters.',
        ...ROUTES['GET /api/monitor/source/list'],
      },
    },
    async (request) => {
      const { searchName = '', page, size, status } = request.query;
      if (searchName.length > 100) throw new ApiError(422, 'keywordTooLong');
      const paged = paging(page, size, 20);
      return monitorOk(await service.list({ searchName, status: statusParam(status), ...paged }));
    },
  );

  app.get(
    '/api/monitor/source/hot',
    {
      schema: {
        tags,
        summary: 'Hot sources',
        description:
          "Completed sources of the last 7 days with the most heat first: the onboarding robot's hot monitors and the assistant's. Codes: 422 for a size outside 1 to 20.",
        ...ROUTES['GET /api/monitor/source/hot'],
      },
    },
    async (request) => {
      const { size = 5 } = request.query;
      if (size < 1 || size > 20) throw new ApiError(422, 'hotSizeInvalid');
      return monitorOk(await service.hot(size));
    },
  );

  app.get(
    '/api/monitor/user/source/list',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The sources I follow',
        description: 'Most recently added first. Codes as for the source list.',
        security: bearer,
        ...ROUTES['GET /api/monitor/user/source/list'],
      },
    },
    async (request) => {
      const { page, size, status } = request.query;
      return monitorOk(
        await service.userList(currentUser(request).id, {
          status: statusParam(status),
          ...paging(page, size, 30),
        }),
      );
    },
  );

  app.get(
    '/api/monitor/user/source/add',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Follow sources',
        description:
          'Sources already followed are ignored. Codes: 400 when the list is not whole numbers separated by commas; 422 for fewer than 1 or more than 5 ids, or past 200 sources in all; 404 when any id is unknown (nothing is added).',
        security: bearer,
        ...ROUTES['GET /api/monitor/user/source/add'],
      },
    },
    async (request) =>
      monitorOk(await service.add(currentUser(request).id, idList(request.query.sourceIds))),
  );

  app.get(
    '/api/monitor/user/source/mark',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Mark a source as read',
        description:
          'Marks every transcript line there is now as read. Codes: 404 unknown source, or one the user does not follow.',
        security: bearer,
        ...ROUTES['GET /api/monitor/user/source/mark'],
      },
    },
    async (request) => {
      await service.mark(currentUser(request).id, request.query.sourceId);
      return monitorOk(null);
    },
  );

  app.get(
    '/api/monitor/user/source/delete',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Stop following a source',
        description: 'Nothing happens for a source not followed. Codes: 404 unknown source.',
        security: bearer,
        ...ROUTES['GET /api/monitor/user/source/delete'],
      },
    },
    async (request) => {
      await service.remove(currentUser(request).id, request.query.sourceId);
      return monitorOk(null);
    },
  );

  app.get(
    '/api/monitor/source/detail',
    {
      schema: {
        tags,
        summary: 'One source',
        description: 'Codes: 404 unknown source.',
        ...ROUTES['GET /api/monitor/source/detail'],
      },
    },
    async (request) => monitorOk(await service.detail(request.query.sourceId)),
  );

  app.get(
    '/api/monitor/source/summary',
    {
      schema: {
        tags,
        summary: "A source's summary",
        description:
          'Made once the event has ended and its transcript is in (status 5). Codes: 404 unknown source, or no summary yet.',
        ...ROUTES['GET /api/monitor/source/summary'],
      },
    },
    async (request) => monitorOk(await service.summary(request.query.sourceId)),
  );

  app.get(
    '/api/monitor/source/content',
    {
      schema: {
        tags,
        summary: "A source's transcript",
        description:
          'Nothing before the event starts, the lines spoken so far while it is live, all of them after. Codes: 404 unknown source; 422 page or size out of range.',
        ...ROUTES['GET /api/monitor/source/content'],
      },
    },
    async (request) => {
      const { sourceId, page, size } = request.query;
      const paged = paging(page, size, 20);
      return monitorOk(await service.content(sourceId, paged.page, paged.size));
    },
  );

  app.get(
    '/api/monitor/feed/list',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The feeds' state (operators)",
        description:
          'Every feed the server reads or read (FEEDS): the last read, its error, when the next is due and how many sources came from it. Configured feeds first, each group by address. Codes: 403 for a user whose email is not in OPERATOR_EMAILS.',
        security: bearer,
        ...ROUTES['GET /api/monitor/feed/list'],
      },
    },
    async (request) => {
      if (!operators.has(currentUser(request).account)) throw new ApiError(403, 'operatorsOnly');
      return monitorOk(await feeds.list());
    },
  );

  app.get(
    '/api/monitor/logo/:file',
    {
      schema: {
        tags,
        summary: "A source author's monogram",
        description: 'The logo of a source without its own: the initials of its author.',
        produces: ['image/svg+xml'],
        ...ROUTES['GET /api/monitor/logo/:file'],
      },
    },
    async (request, reply) => {
      const match = /^([\p{L}\p{N}?]{1,3})\.svg$/u.exec(request.params.file);
      if (!match) return sendApiNotFound(request, reply);
      return sendSvg(reply, monogramSvg(match[1]!));
    },
  );
};
