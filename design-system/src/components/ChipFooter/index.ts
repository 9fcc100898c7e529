export { ChipFooter } from './ChipFooter';
export type { ChipFooterItem, ChipFooterProps } from './ChipFooter';
export { chipFooterRecipe } from './ChipFooter.recipe';
