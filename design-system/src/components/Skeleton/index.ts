export { Skeleton } from './Skeleton';
export type { SkeletonProps } from './Skeleton';
export { skeletonRecipe } from './Skeleton.recipe';
