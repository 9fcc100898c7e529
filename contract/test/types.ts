// Compile-time checks, run by `tsc` (the package's typecheck and test): every wire type written by
// hand, because it says more than its schema (a status 1 to 7 where the schema says an integer,
// a language where it says a string), still promises nothing that its schema would refuse.
import type { Static, TSchema } from 'typebox';
import type {
  ChatHistory,
  ChatLayer,
  ChatLayerInput,
  ChatMessage,
  CoinReport,
  MonitorSource,
  MonitorSourceDetail,
  OnboardingProgress,
  RobotLine,
  RobotLineInput,
  SourceSummary,
  UserInfo,
  UserMonitorSource,
} from '../src/index.js';
import type {
  ChatHistory as ChatHistorySchema,
  ChatLayer as ChatLayerSchema,
  ChatLayerInput as ChatLayerInputSchema,
  ChatMessage as ChatMessageSchema,
  CoinReport as CoinReportSchema,
  MonitorSource as MonitorSourceSchema,
  MonitorSourceDetail as MonitorSourceDetailSchema,
  OnboardingProgress as OnboardingProgressSchema,
  RobotLine as RobotLineSchema,
  RobotLineInput as RobotLineInputSchema,
  SourceSummary as SourceSummarySchema,
  UserInfo as UserInfoSchema,
  UserMonitorSource as UserMonitorSourceSchema,
} from '../src/index.js';

/** `true` when every `Type` is a valid `Schema`, else a type error at its use. */
type Fits<Type extends Static<Schema>, Schema extends TSchema> = Type extends unknown
  ? true
  : never;

export type Checks = [
  Fits<MonitorSource, typeof MonitorSourceSchema>,
  Fits<UserMonitorSource, typeof UserMonitorSourceSchema>,
  Fits<MonitorSourceDetail, typeof MonitorSourceDetailSchema>,
  Fits<SourceSummary, typeof SourceSummarySchema>,
  Fits<CoinReport, typeof CoinReportSchema>,
  // The API always answers `priceColors`; the type leaves it optional for fixtures made before it.
  Fits<Required<UserInfo>, typeof UserInfoSchema>,
  Fits<ChatLayer, typeof ChatLayerSchema>,
  Fits<ChatLayerInput, typeof ChatLayerInputSchema>,
  Fits<ChatMessage, typeof ChatMessageSchema>,
  Fits<ChatHistory, typeof ChatHistorySchema>,
  Fits<RobotLineInput, typeof RobotLineInputSchema>,
  Fits<RobotLine, typeof RobotLineSchema>,
  // A read-only array in the type is the same on the wire.
  Fits<
    Omit<OnboardingProgress, 'passedOver'> & { passedOver?: number[] },
    typeof OnboardingProgressSchema
  >,
];
