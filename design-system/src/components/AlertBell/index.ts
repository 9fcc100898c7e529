export { AlertBell } from './AlertBell';
export type { AlertBellProps } from './AlertBell';
export { formatAlertCount } from './alertCount';
export { alertBellRecipe } from './AlertBell.recipe';
