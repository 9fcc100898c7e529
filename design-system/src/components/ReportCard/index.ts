export { ReportCard } from './ReportCard';
export type {
  ReportCardCoin,
  ReportCardIndicator,
  ReportCardProps,
  ReportCardRange,
  ReportCardSignal,
  ReportCardSignalTone,
  ReportCardSource,
  ReportCardStatus,
} from './ReportCard';
export { reportCardRecipe } from './ReportCard.recipe';
