export { Button } from './Button';
export type { ButtonProps } from './Button';
export { buttonRecipe } from './Button.recipe';
