// Monitoring: monitored sources, the user's list of them, and a source's detail, summary and
// transcript. Every answer uses the monitoring envelope `{ ok, msg, data }` (failures add
// `code`). Reads are public; the user's list is not.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { currentUser } from '../../auth/requireUser.js';
import type { SourceStatus } from '../../contract/index.js';
import { ApiError, monitorOk, sendApiNotFound, sendSvg } from '../../envelope.js';
import { monogramSvg } from '../../market/logos.js';
import type { MonitorService } from '../../monitor/sources.js';
import { bearer } from '../auth/schemas.js';
import { idList, paging } from '../coins/index.js';
import { Coin, Id, MonitorSourceSchema, Page, Size, listPage } from '../coins/schemas.js';

export interface MonitorOptions {
  service: MonitorService;
}

/** The monitoring answers of a route: success or a handled failure, HTTP 401 when guarded. */
function monitorAnswers(data: TSchema, description: string, guarded = false) {
  const failure = Type.Object({
    ok: Type.Literal(false),
    code: Type.Integer(),
    msg: Type.String({ description: "Why, in the request's Language." }),
    data: Type.Null(),
  });
  return {
    200: Type.Union([Type.Object({ ok: Type.Literal(true), msg: Type.String(), data }), failure], {
      description,
    }),
    ...(guarded ? { 401: failure } : {}),
  };
}

/** The `status` filter: empty for all, 1 to 7, else 400 (an unknown enum value). */
export function statusParam(value: string | undefined): SourceStatus | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (!/^[1-7]$/.test(text)) throw new ApiError(400, 'statusInvalid');
  return Number(text) as SourceStatus;
}

const Status = Type.Optional(
  Type.String({
    description:
      'Empty for all; 1 UnStarted, 2 InProgress, 3 every ended source (3, 4 and 5), 4 Parsing, 5 Completed, 6 Cancelled, 7 Invalid. Anything else: code 400.',
  }),
);
const SourceIdQuery = Type.Object({ sourceId: Id() });
const UserMonitorSource = Type.Object({
  ...MonitorSourceSchema.properties,
  addedAt: Type.Integer({ description: 'Unix seconds.' }),
  unread: Type.Boolean({ description: 'The source has lines the user has not marked as read.' }),
});
const Detail = Type.Object({
  ...MonitorSourceSchema.properties,
  kind: Type.String({ description: 'space, ama, podcast or devcall.' }),
  description: Type.String(),
  startedAt: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds.' }),
  endedAt: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds.' }),
  participants: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  language: Type.String({ description: 'The language the event is held in.' }),
  demo: Type.Boolean({ description: 'Part of the bundled demo data set.' }),
});
const Summary = Type.Object({
  summary: Type.String(),
  keyPoints: Type.Array(Type.String()),
  coins: Type.Array(Coin),
  language: Type.String({ description: 'The language of summary and key points.' }),
});
const ContentLine = Type.Object({
  id: Type.Integer(),
  speaker: Type.String(),
  text: Type.String(),
  offsetSec: Type.Integer({ description: 'Seconds from the start of the event.' }),
});

const tags = ['monitoring'];

export const monitor: FastifyPluginAsyncTypebox<MonitorOptions> = async (app, options) => {
  const { service } = options;

  app.get(
    '/api/monitor/source/list',
    {
      schema: {
        tags,
        summary: 'Search the monitored sources',
        description:
          '`searchName` matches title or author (case-insensitive). Not started sources (status 1) come soonest first; every other list newest first. Codes: 400 unknown status; 422 page or size out of range, or a search text over 100 characters.',
        querystring: Type.Object({
          searchName: Type.Optional(Type.String()),
          page: Page,
          size: Size(20),
          status: Status,
        }),
        response: monitorAnswers(listPage(MonitorSourceSchema), 'A page of sources.'),
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
        querystring: Type.Object({
          size: Type.Optional(Type.Integer({ description: '1 to 20 (default 5).' })),
        }),
        response: monitorAnswers(Type.Array(MonitorSourceSchema), 'Most heat first.'),
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
        querystring: Type.Object({ page: Page, size: Size(30), status: Status }),
        response: monitorAnswers(listPage(UserMonitorSource), 'A page of sources.', true),
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
        querystring: Type.Object({
          sourceIds: Type.String({ description: '1 to 5 ids separated by commas.' }),
        }),
        response: monitorAnswers(Type.Array(MonitorSourceSchema), 'The sources asked for.', true),
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
        querystring: SourceIdQuery,
        response: monitorAnswers(Type.Null(), 'null.', true),
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
        querystring: SourceIdQuery,
        response: monitorAnswers(Type.Null(), 'null.', true),
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
        querystring: SourceIdQuery,
        response: monitorAnswers(Detail, 'The source.'),
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
        querystring: SourceIdQuery,
        response: monitorAnswers(Summary, 'The summary.'),
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
        querystring: Type.Object({ sourceId: Id(), page: Page, size: Size(20) }),
        response: monitorAnswers(listPage(ContentLine), 'A page of lines, in order.'),
      },
    },
    async (request) => {
      const { sourceId, page, size } = request.query;
      const paged = paging(page, size, 20);
      return monitorOk(await service.content(sourceId, paged.page, paged.size));
    },
  );

  app.get(
    '/api/monitor/logo/:file',
    {
      schema: {
        tags,
        summary: "A source author's monogram",
        description: 'The logo of a source without its own: the initials of its author.',
        params: Type.Object({ file: Type.String() }),
        produces: ['image/svg+xml'],
        response: { 200: Type.String({ description: 'An SVG image.' }) },
      },
    },
    async (request, reply) => {
      const match = /^([\p{L}\p{N}?]{1,3})\.svg$/u.exec(request.params.file);
      if (!match) return sendApiNotFound(request, reply);
      return sendSvg(reply, monogramSvg(match[1]!));
    },
  );
};
