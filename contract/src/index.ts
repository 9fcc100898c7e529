// The public API of @coinlens/contract: what travels between the API and its clients, as data
// (TypeBox schemas, codes, messages) and as the TypeScript types of the same. A schema and the
// type of what it describes share a name (`Coin` is both).
export { ROUTES, type RouteKey, type RouteSchema } from './routes.js';
export { CODES, TRANSPORT_CODES, httpStatusOf, type Code } from './codes.js';
export { SERVER_MESSAGES, serverMessage, type MessageKey } from './messages.js';
export { LOCALES, Locale } from './locale.js';
export {
  RetryAfter,
  answers,
  failure,
  listPage,
  monitorAnswers,
  type Envelope,
  type ListPage,
  type MonitorEnvelope,
} from './envelope.js';
export { Health } from './health.js';
export {
  AuthorizeUrl,
  ChangePasswordBody,
  GoogleBody,
  LoginBody,
  ModifyBody,
  PRICE_COLORS,
  PreferencesBody,
  RegisterBody,
  SendMessageBody,
  TwitterBody,
  TwitterRedirectBody,
  UserInfo,
  type PriceColors,
} from './auth.js';
export {
  AssetListQuery,
  Coin,
  CoinIdQuery,
  CoinPrice,
  FollowAddBody,
  FollowDeleteBody,
  FollowEntry,
  FollowList,
  Id,
  MarketSource,
  Page,
  PriceQuery,
  PricePoint,
  Size,
} from './coins.js';
export {
  MARKET_SORTS,
  MAX_SPARKLINE_IDS,
  MarketCoinAnswer,
  MarketCoinQuery,
  MarketListQuery,
  MarketPage,
  MarketRow,
  MarketSort,
  MarketStatus,
  SORT_ORDERS,
  SortOrder,
  Sparkline,
  SparklineQuery,
  Sparklines,
} from './market.js';
export {
  CoinReport,
  NO_INDICATORS,
  SIGNAL_TONES,
  SignalTone,
  type ReportIndicators,
  type ReportSignal,
  type SignalId,
} from './reports.js';
export {
  ContentLine,
  MonitorSource,
  MonitorSourceDetail,
  SourceIdQuery,
  SourceSummary,
  StatusFilter,
  UserMonitorSource,
  type SourceKind,
  type SourceStatus,
} from './sources.js';
export {
  ChatHistory,
  ChatLayer,
  ChatLayerInput,
  ChatMessage,
  ChatSource,
  MAX_CHAT_TEXT,
  MAX_LAYER_ITEMS,
  MAX_ROBOT_LAYERS,
  ONBOARDING_LAST_ITEM,
  OnboardingProgress,
  OnboardingTaskOutcome,
  RobotLine,
  RobotLineInput,
  type ChatAck,
  type ChatAckData,
  type ChatContext,
  type ChatQuestion,
} from './chat.js';
