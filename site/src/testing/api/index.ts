// The mocked API of the stories and the unit tests: msw handlers typed by the contract, over one
// stateful MockApi per story or test (mockApi.ts), each answer checked against the route's
// schema (respond.ts), and the realtime socket as an msw WebSocket handler (chatSocket.ts).
export { MockApi } from './mockApi';
export type { Fault, MockApiOptions, MswTarget } from './mockApi';
export { CODE_COOLDOWN_S } from './auth';
export { ChatServer, EventMismatch, ioOverGlobals, loadMockedIo, settle } from './chatSocket';
export type { ChatReply, ChatServerOptions, ReplyPart } from './chatSocket';
export type { CodeType, SentMail } from './auth';
export { fakeLines, fakeSource } from './monitor';
export { coinSubject, fakeAlert, fakeAlertEvent, fakeWebhook, WEBHOOK_SECRET } from './alerts';
export type { AlertOptions, AlertState } from './alerts';
export { FEEDS, fakeFeed } from './feeds';
export type { FeedOptions, FeedsState } from './feeds';
export {
  MARKET_REFRESH_SECONDS,
  MarketState,
  marketCoins,
  marketRowOf,
  slugOf,
  sparklineOf,
} from './market';
export type { MarketOptions } from './market';
export type { FakeSource, MonitorState } from './monitor';
export { ContractMismatch, checkAnswer, respond, route, takeMockFaults } from './respond';
export type { RouteAnswer, RouteBody, RouteParams, RouteResolver } from './respond';
export { Refusal } from './request';
export type { MockRequest, RouteName } from './request';
