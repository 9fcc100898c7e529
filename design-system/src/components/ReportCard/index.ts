export { ReportCard } from './ReportCard';
export type {
  ReportCardCoin,
  ReportCardIndicator,
  ReportCardIndicatorPlaceholder,
  ReportCardProps,
  ReportCardRange,
  ReportCardSignal,
  ReportCardSignalTone,
  ReportCardSource,
  ReportCardStatus,
} from './ReportCard';
export { reportCardRecipe } from './ReportCard.recipe';
