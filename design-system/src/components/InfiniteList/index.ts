export {
  InfiniteList,
  INFINITE_SCROLL_MIN_INTERVAL_MS,
  INFINITE_SCROLL_THRESHOLD_PX,
} from './InfiniteList';
export type { InfiniteListProps } from './InfiniteList';
export { infiniteListRecipe } from './InfiniteList.recipe';
