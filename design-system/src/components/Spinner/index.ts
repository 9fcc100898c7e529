export { Spinner } from './Spinner';
export type { SpinnerProps } from './Spinner';
export { spinnerRecipe } from './Spinner.recipe';
