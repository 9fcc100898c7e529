export { PriceText } from './PriceText';
export type { PriceTextProps } from './PriceText';
export { priceTextRecipe } from './PriceText.recipe';
