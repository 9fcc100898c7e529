export { MonitorCard, formatHeat, monitorStateOf } from './MonitorCard';
export type {
  MonitorCardProps,
  MonitorCardSource,
  MonitorState,
  MonitorStatusLabels,
} from './MonitorCard';
export { monitorCardRecipe } from './MonitorCard.recipe';
