export { PriceChange } from './PriceChange';
export type { PriceChangeProps } from './PriceChange';
export { priceChangeRecipe } from './PriceChange.recipe';
