export { PriceChart } from './PriceChart';
export type {
  PriceChartLibrary,
  PriceChartPoint,
  PriceChartProps,
  PriceChartTone,
} from './PriceChart';
export { priceChartRecipe } from './PriceChart.recipe';
