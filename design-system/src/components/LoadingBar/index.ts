export { LoadingBar } from './LoadingBar';
export type { LoadingBarProps } from './LoadingBar';
export {
  createLoadingBar,
  LOADING_BAR_DURATION,
  LOADING_BAR_THROTTLE,
} from './loadingBarController';
export type {
  LoadingBarController,
  LoadingBarOptions,
  LoadingBarPhase,
  LoadingBarSnapshot,
  LoadingBarStatus,
} from './loadingBarController';
export { loadingBarRecipe } from './LoadingBar.recipe';
