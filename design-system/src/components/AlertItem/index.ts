export { AlertItem } from './AlertItem';
export type {
  AlertItemLabels,
  AlertItemLinkDetails,
  AlertItemProps,
  AlertItemSkeletonProps,
  AlertMarketSource,
  AlertTriggerLabels,
} from './AlertItem';
export { formatAlertFigure, formatAlertLine } from './alertWords';
export type { AlertItemEvent } from './alertWords';
export { alertItemRecipe } from './AlertItem.recipe';
