export { LoadingOverlay } from './LoadingOverlay';
export type { LoadingOverlayProps } from './LoadingOverlay';
export { loadingOverlayRecipe } from './LoadingOverlay.recipe';
