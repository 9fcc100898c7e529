export { MonitorCard } from './MonitorCard';
export type { MonitorCardProps } from './MonitorCard';
export { formatHeat, monitorStateOf } from './monitorState';
export type { MonitorCardSource, MonitorState, MonitorStatusLabels } from './monitorState';
export { monitorCardRecipe } from './MonitorCard.recipe';
