export { EmptyState } from './EmptyState';
export type { EmptyStateProps } from './EmptyState';
export { emptyStateRecipe } from './EmptyState.recipe';
