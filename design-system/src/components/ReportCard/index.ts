export { ReportCard } from './ReportCard';
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
} from './ReportCard';
export { reportCardRecipe } from './ReportCard.recipe';
