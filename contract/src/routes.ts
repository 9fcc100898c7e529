// Every route of the API with the schemas it validates its request and serializes its answers
// with, keyed by method and path. The API registers each route with its entry (and adds what only
// the documentation needs: tags, summary, description, security); the OpenAPI document is made
// from them, and a client or a stand-in for the API can check a request or an answer by its key.
import { Type, type TSchema } from 'typebox';
import {
  ChangePasswordBody,
  GoogleBody,
  LoginBody,
  ModifyBody,
  PreferencesBody,
  RegisterBody,
  SendMessageBody,
  TwitterBody,
  TwitterRedirectBody,
  AuthorizeUrl,
  UserInfo,
} from './auth.js';
import {
  Alert,
  AlertAddBody,
  AlertEventPage,
  AlertEventsQuery,
  AlertIdBody,
  AlertList,
  AlertModifyBody,
  AlertReadBody,
  AlertSettings,
  AlertSettingsBody,
  AlertUnread,
  AlertUnsubscribed,
  AlertUnsubscribeQuery,
  PushDevices,
  PushEndpointBody,
  PushKey,
  PushKeyQuery,
  PushSubscriptionBody,
} from './alerts.js';
import { ChatHistory, OnboardingProgress, RobotLine, RobotLineInput } from './chat.js';
import {
  AssetListQuery,
  Coin,
  CoinIdQuery,
  CoinPrice,
  FollowAddBody,
  FollowDeleteBody,
  FollowList,
  Id,
  Page,
  PriceQuery,
  Size,
} from './coins.js';
import { answers, listPage, monitorAnswers } from './envelope.js';
import { FeedState } from './feeds.js';
import { Health } from './health.js';
import { CoinReport } from './reports.js';
import {
  MarketCoinAnswer,
  MarketCoinQuery,
  MarketListQuery,
  MarketPage,
  SparklineQuery,
  Sparklines,
} from './market.js';
import {
  ContentLine,
  MonitorSource,
  MonitorSourceDetail,
  SourceIdQuery,
  SourceSummary,
  StatusFilter,
  UserMonitorSource,
} from './sources.js';

/**
 * The schemas of one route: its request's parts and its answers by HTTP status (a status that
 * only some routes answer, such as 401 for the guarded ones, may be undefined).
 */
export interface RouteSchema {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: { 200: TSchema; [status: number]: TSchema | undefined };
}

/** An SVG image a route answers. */
const Svg = { 200: Type.String({ description: 'An SVG image.' }) };
/** A logo's file name in the path. */
const FileParams = Type.Object({ file: Type.String() });
/** The size of a short list of hot items. */
const HotQuery = Type.Object({
  size: Type.Optional(Type.Integer({ description: '1 to 20 (default 5).' })),
});

export const ROUTES = {
  'GET /api/health': {
    response: {
      200: Type.Object({ code: Type.Literal(200), msg: Type.String(), data: Health }),
      503: Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Null() }),
    },
  },

  'POST /api/auth/base/sendMessage': {
    body: SendMessageBody,
    response: answers(Type.Null(), 'null on success; or code 409, 422.', { limited: true }),
  },
  'POST /api/auth/login/register': {
    body: RegisterBody,
    response: answers(UserInfo, 'The new user with a token, or code 403, 409, 410, 422, 423.', {
      limited: true,
    }),
  },
  'POST /api/auth/login/dologin': {
    body: LoginBody,
    response: answers(UserInfo, 'The user with a new token, or code 403, 422, 423.', {
      limited: true,
    }),
  },
  'POST /api/auth/login/changePassword': {
    body: ChangePasswordBody,
    response: answers(Type.Null(), 'null on success; or code 403, 410, 422, 423.', {
      limited: true,
    }),
  },
  'POST /api/auth/login/google': {
    body: GoogleBody,
    response: answers(UserInfo, 'The user with a new token, or code 403, 422, 501, 500.'),
  },
  'POST /api/auth/login/twitterRedirectUrl': {
    body: TwitterRedirectBody,
    response: answers(AuthorizeUrl, 'The authorize URL, or code 422, 501.', { limited: true }),
  },
  'POST /api/auth/login/twitter': {
    body: TwitterBody,
    response: answers(UserInfo, 'The user with a new token, or code 403, 501, 500.'),
  },
  'POST /api/auth/logout': {
    response: answers(Type.Null(), 'null.', { guarded: true }),
  },
  'GET /api/user': {
    response: answers(UserInfo, 'The user; tokenValue is empty.', { guarded: true }),
  },
  'POST /api/system/user/modify': {
    body: ModifyBody,
    response: answers(UserInfo, 'The renamed user, or code 422.', { guarded: true }),
  },
  'POST /api/user/preferences': {
    body: PreferencesBody,
    response: answers(UserInfo, 'The user with the new preferences, or code 422.', {
      guarded: true,
    }),
  },

  'GET /api/asset/list': {
    querystring: AssetListQuery,
    response: answers(listPage(Coin), 'A page of coins, or code 422.'),
  },
  'GET /api/asset/hot': {
    querystring: HotQuery,
    response: answers(Type.Array(Coin), 'Biggest move first.'),
  },
  'GET /api/asset/logo/:file': { params: FileParams, response: Svg },
  'GET /api/follow/list': {
    response: answers(FollowList, 'Newest first, with the latest quotes.', { guarded: true }),
  },
  'POST /api/follow/add': {
    body: FollowAddBody,
    response: answers(FollowList, 'The new follow list, or code 404, 422.', { guarded: true }),
  },
  'POST /api/follow/delete': {
    body: FollowDeleteBody,
    response: answers(FollowList, 'The new follow list, or code 404.', { guarded: true }),
  },
  'GET /api/alert/list': {
    response: answers(AlertList, 'The user’s alerts, newest first.', { guarded: true }),
  },
  'POST /api/alert/add': {
    body: AlertAddBody,
    response: answers(Alert, 'The new alert, or code 404, 422.', { guarded: true }),
  },
  'POST /api/alert/modify': {
    body: AlertModifyBody,
    response: answers(Alert, 'The changed alert, or code 404, 422.', { guarded: true }),
  },
  'POST /api/alert/delete': {
    body: AlertIdBody,
    response: answers(Type.Null(), 'null, or code 404.', { guarded: true }),
  },
  'GET /api/alert/events': {
    querystring: AlertEventsQuery,
    response: answers(AlertEventPage, 'A page of fired alerts, or code 422.', { guarded: true }),
  },
  'POST /api/alert/read': {
    body: AlertReadBody,
    response: answers(AlertUnread, 'The unread count left, or code 422.', { guarded: true }),
  },
  'GET /api/alert/settings': {
    response: answers(AlertSettings, 'How the user’s alerts are mailed and posted.', {
      guarded: true,
    }),
  },
  'POST /api/alert/settings': {
    body: AlertSettingsBody,
    response: answers(AlertSettings, 'The new settings, or code 422.', { guarded: true }),
  },
  'POST /api/alert/webhook/rotate': {
    response: answers(AlertSettings, 'The settings with the new secret, or code 404.', {
      guarded: true,
    }),
  },
  'GET /api/alert/push/key': {
    querystring: PushKeyQuery,
    response: answers(PushKey, 'The VAPID public key and the user’s browsers.', { guarded: true }),
  },
  'POST /api/alert/push/subscribe': {
    body: PushSubscriptionBody,
    response: answers(PushDevices, 'The user’s browsers, or code 422.', { guarded: true }),
  },
  'POST /api/alert/push/unsubscribe': {
    body: PushEndpointBody,
    response: answers(PushDevices, 'The user’s browsers left.', { guarded: true }),
  },
  'GET /api/alert/unsubscribe': {
    querystring: AlertUnsubscribeQuery,
    response: { 200: Type.String({ description: 'An HTML page that asks to confirm.' }) },
  },
  'POST /api/alert/unsubscribe': {
    querystring: AlertUnsubscribeQuery,
    response: answers(AlertUnsubscribed, 'Alert mails are off, or code 403.'),
  },
  'GET /api/coin/price': {
    querystring: PriceQuery,
    response: answers(Type.Array(CoinPrice), 'One entry per distinct id, in the order asked.'),
  },
  'GET /api/market/list': {
    querystring: MarketListQuery,
    response: answers(MarketPage, 'A page of the market list, or code 422.'),
  },
  'GET /api/market/sparklines': {
    querystring: SparklineQuery,
    response: answers(Sparklines, 'One series per distinct id, in the order asked.'),
  },
  'GET /api/market/coin': {
    querystring: MarketCoinQuery,
    response: answers(MarketCoinAnswer, 'The coin, or code 404.'),
  },
  'GET /api/analysis/coin': {
    querystring: CoinIdQuery,
    response: answers(CoinReport, 'The report, or code 404.'),
  },

  'GET /api/chat/list': {
    querystring: Type.Object({
      size: Type.Optional(Type.Integer({ description: '1 to 50 (default 10; 1 for a probe).' })),
      oldestSeqNo: Type.Optional(
        Type.Integer({
          description: '-1 (default) for the newest page, else the first seqNo shown.',
        }),
      ),
    }),
    response: answers(ChatHistory, 'A page of the conversation.', { guarded: true }),
  },
  'POST /api/chat/clean': {
    response: answers(Type.Object({ conversationId: Type.String() }), 'The new conversation.', {
      guarded: true,
    }),
  },
  'POST /api/chat/robot': {
    body: RobotLineInput,
    response: answers(RobotLine, 'The stored line; or code 422.', {
      guarded: true,
      limited: true,
    }),
  },
  'GET /api/chat/onboarding': {
    response: answers(Type.Union([OnboardingProgress, Type.Null()]), 'The progress, or null.', {
      guarded: true,
    }),
  },
  'PUT /api/chat/onboarding': {
    body: Type.Object({ progress: OnboardingProgress }, { additionalProperties: false }),
    response: answers(OnboardingProgress, 'The progress kept.', { guarded: true }),
  },

  'GET /api/monitor/source/list': {
    querystring: Type.Object({
      searchName: Type.Optional(Type.String()),
      page: Page,
      size: Size(20),
      status: StatusFilter,
    }),
    response: monitorAnswers(listPage(MonitorSource), 'A page of sources.'),
  },
  'GET /api/monitor/source/hot': {
    querystring: HotQuery,
    response: monitorAnswers(Type.Array(MonitorSource), 'Most heat first.'),
  },
  'GET /api/monitor/user/source/list': {
    querystring: Type.Object({ page: Page, size: Size(30), status: StatusFilter }),
    response: monitorAnswers(listPage(UserMonitorSource), 'A page of sources.', true),
  },
  'GET /api/monitor/user/source/add': {
    querystring: Type.Object({
      sourceIds: Type.String({ description: '1 to 5 ids separated by commas.' }),
    }),
    response: monitorAnswers(Type.Array(MonitorSource), 'The sources asked for.', true),
  },
  'GET /api/monitor/user/source/mark': {
    querystring: SourceIdQuery,
    response: monitorAnswers(Type.Null(), 'null.', true),
  },
  'GET /api/monitor/user/source/delete': {
    querystring: SourceIdQuery,
    response: monitorAnswers(Type.Null(), 'null.', true),
  },
  'GET /api/monitor/source/detail': {
    querystring: SourceIdQuery,
    response: monitorAnswers(MonitorSourceDetail, 'The source.'),
  },
  'GET /api/monitor/source/summary': {
    querystring: SourceIdQuery,
    response: monitorAnswers(SourceSummary, 'The summary.'),
  },
  'GET /api/monitor/source/content': {
    querystring: Type.Object({ sourceId: Id(), page: Page, size: Size(20) }),
    response: monitorAnswers(listPage(ContentLine), 'A page of lines, in order.'),
  },
  'GET /api/monitor/feed/list': {
    response: monitorAnswers(
      Type.Array(FeedState),
      'Every feed the server knows, configured ones first, by address; code 403 for a user who is not one of the operators (OPERATOR_EMAILS).',
      true,
    ),
  },
  'GET /api/monitor/logo/:file': { params: FileParams, response: Svg },
} satisfies Record<`${'GET' | 'POST' | 'PUT'} /api/${string}`, RouteSchema>;

/** A route's key: its method and path, as Fastify writes the path (`/api/asset/logo/:file`). */
export type RouteKey = keyof typeof ROUTES;
