// The public API of @coinlens/design-system. Every export is listed by name, and
// `exports.test.ts` fails when one appears or disappears.
export { CoinlensProvider } from './provider';
export type { CoinlensProviderProps } from './provider';
export { getSystem, prepareSystem, system, coinlensConfig, type YieldToMain } from './theme/system';
export { COARSE_POINTER } from './theme/media';
export { TREND_COLORS_ATTRIBUTE, type TrendColors } from './theme/trendColors';

export { AlertBell, alertBellRecipe, formatAlertCount } from './components/AlertBell';
export type { AlertBellProps } from './components/AlertBell';
export { AlertForm, alertFormRecipe, validateAlertForm } from './components/AlertForm';
export { BroadcastIcon } from './icons/BroadcastIcon';
export type {
  AlertFormAlert,
  AlertFormError,
  AlertFormErrors,
  AlertFormField,
  AlertFormInput,
  AlertFormLabels,
  AlertFormProps,
  AlertFormResult,
  AlertFormSubject,
  AlertFormValues,
  ValidateAlertFormOptions,
} from './components/AlertForm';
export {
  AlertItem,
  alertItemRecipe,
  formatAlertFigure,
  formatAlertLine,
} from './components/AlertItem';
export type {
  AlertItemEvent,
  AlertItemLabels,
  AlertItemLinkDetails,
  AlertItemProps,
  AlertItemSkeletonProps,
  AlertMarketSource,
  AlertTriggerLabels,
} from './components/AlertItem';
export { Button, buttonRecipe } from './components/Button';
export type { ButtonProps } from './components/Button';
export { ChatBubble, chatBubbleRecipe } from './components/ChatBubble';
export type {
  ChatBubbleAlertAnswer,
  ChatBubbleAlertLabels,
  ChatBubbleAvatarProps,
  ChatBubbleContentProps,
  ChatBubbleErrorProps,
  ChatBubbleLayersProps,
  ChatBubbleRootProps,
  ChatBubbleSource,
  ChatBubbleStatus,
  ChatBubbleTimeProps,
  ChatLayer,
  ChatLayerAlert,
  ChatLayerAlertProposal,
  ChatLayerCoin,
  ChatLayerSource,
  ChatLayerSourceStatus,
} from './components/ChatBubble';
export { ChipFooter, chipFooterRecipe } from './components/ChipFooter';
export type { ChipFooterItem, ChipFooterProps } from './components/ChipFooter';
export { CodeInput, CODE_LENGTH, codeInputRecipe } from './components/CodeInput';
export type { CodeInputProps } from './components/CodeInput';
export { CoinTable, COIN_SELECTION_LIMIT, coinTableRecipe } from './components/CoinTable';
export type {
  CoinTableActionProps,
  CoinTableActionState,
  CoinTableBodyProps,
  CoinTableChangeProps,
  CoinTableHeaderProps,
  CoinTableNameProps,
  CoinTablePriceProps,
  CoinTableRootProps,
  CoinTableRow,
  CoinTableRowProps,
  CoinTableStatus,
} from './components/CoinTable';
export { EmptyState, emptyStateRecipe } from './components/EmptyState';
export type { EmptyStateProps } from './components/EmptyState';
export {
  InfiniteList,
  INFINITE_SCROLL_MIN_INTERVAL_MS,
  INFINITE_SCROLL_THRESHOLD_PX,
  infiniteListRecipe,
} from './components/InfiniteList';
export type { InfiniteListProps } from './components/InfiniteList';
export { Logo, monogramOf } from './components/Logo';
export type { LogoProps } from './components/Logo';
export {
  LoadingBar,
  createLoadingBar,
  LOADING_BAR_DURATION,
  LOADING_BAR_THROTTLE,
  loadingBarRecipe,
} from './components/LoadingBar';
export type {
  LoadingBarController,
  LoadingBarOptions,
  LoadingBarPhase,
  LoadingBarProps,
  LoadingBarSnapshot,
  LoadingBarStatus,
} from './components/LoadingBar';
export { LoadingOverlay, loadingOverlayRecipe } from './components/LoadingOverlay';
export type { LoadingOverlayProps } from './components/LoadingOverlay';
export { MarketTable, marketTableRecipe } from './components/MarketTable';
export type {
  MarketTableColumn,
  MarketTableLabels,
  MarketTableProps,
  MarketTableRow,
  MarketTableSort,
  MarketTableSortDetails,
} from './components/MarketTable';
export { Modal, modalRecipe } from './components/Modal';
export type { ModalProps, ModalWidth } from './components/Modal';
export {
  MonitorCard,
  formatHeat,
  monitorStateOf,
  monitorCardRecipe,
} from './components/MonitorCard';
export type {
  MonitorCardAuthorProps,
  MonitorCardBodyProps,
  MonitorCardControlProps,
  MonitorCardDetailsProps,
  MonitorCardHeatProps,
  MonitorCardIndicatorProps,
  MonitorCardLogoProps,
  MonitorCardRootProps,
  MonitorCardSource,
  MonitorCardStatusProps,
  MonitorCardTimeProps,
  MonitorCardTitleProps,
  MonitorState,
  MonitorStatusLabels,
} from './components/MonitorCard';
export { PriceChange, priceChangeRecipe } from './components/PriceChange';
export type { PriceChangeProps } from './components/PriceChange';
export { InlineRetry, inlineRetryRecipe } from './components/InlineRetry';
export type { InlineRetryProps } from './components/InlineRetry';
export { PageHeader, pageHeaderRecipe } from './components/PageHeader';
export type { PageHeaderProps } from './components/PageHeader';
export { PriceText, priceTextRecipe } from './components/PriceText';
export type { PriceTextProps } from './components/PriceText';
export { PriceChart, priceChartRecipe } from './components/PriceChart';
export type {
  PriceChartLibrary,
  PriceChartPoint,
  PriceChartProps,
  PriceChartTone,
} from './components/PriceChart';
export { ReportCard, reportCardRecipe } from './components/ReportCard';
export type {
  ReportCardAreaProps,
  ReportCardChartProps,
  ReportCardCoin,
  ReportCardErrorProps,
  ReportCardHeaderProps,
  ReportCardIndicator,
  ReportCardIndicatorPlaceholder,
  ReportCardIndicatorsProps,
  ReportCardRange,
  ReportCardRangesProps,
  ReportCardRootProps,
  ReportCardSignal,
  ReportCardSignalsProps,
  ReportCardSignalTone,
  ReportCardSource,
  ReportCardSourcesProps,
  ReportCardStatus,
  ReportCardSummaryProps,
} from './components/ReportCard';
export { SearchInput, SEARCH_DEBOUNCE_MS, searchInputRecipe } from './components/SearchInput';
export type { SearchInputProps } from './components/SearchInput';
export { Skeleton, skeletonRecipe } from './components/Skeleton';
export type { SkeletonProps } from './components/Skeleton';
export { Sparkline, sparklineRecipe } from './components/Sparkline';
export type { SparklineProps, SparklineTone } from './components/Sparkline';
export { Spinner, spinnerRecipe } from './components/Spinner';
export type { SpinnerProps } from './components/Spinner';
export { Toaster, createToaster, toaster, TOAST_DURATION, toastRecipe } from './components/Toast';
export type {
  CreateToasterOptions,
  ToastData,
  ToasterProps,
  ToasterStore,
  ToastOptions,
  ToastType,
} from './components/Toast';

export { formatCompactUsd } from './format/compact';
export { dateIn } from './format/dayjs';
export type { DateInOptions } from './format/dayjs';
export { formatPercentChange, trendOf } from './format/percent';
export type { Trend } from './format/percent';
export { formatPrice } from './format/price';
export { chatDisplayTimes, formatDateTime, formatTimestamp, TIME_GROUP_MS } from './format/time';
export type { DateStyle, FormatDateTimeOptions, FormatTimeOptions } from './format/time';
