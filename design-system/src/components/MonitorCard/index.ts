export { MonitorCard } from './MonitorCard';
export type {
  MonitorCardAuthorProps,
  MonitorCardBodyProps,
  MonitorCardControlProps,
  MonitorCardDetailsProps,
  MonitorCardHeatProps,
  MonitorCardIndicatorProps,
  MonitorCardLogoProps,
  MonitorCardRootProps,
  MonitorCardStatusProps,
  MonitorCardTimeProps,
  MonitorCardTitleProps,
} from './MonitorCard';
export { formatHeat, monitorStateOf } from './monitorState';
export type { MonitorCardSource, MonitorState, MonitorStatusLabels } from './monitorState';
export { monitorCardRecipe } from './MonitorCard.recipe';
