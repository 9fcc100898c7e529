export { Sparkline } from './Sparkline';
export type { SparklineProps, SparklineTone } from './Sparkline';
export { sparklineRecipe } from './Sparkline.recipe';
