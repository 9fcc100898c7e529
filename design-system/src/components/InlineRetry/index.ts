export { InlineRetry } from './InlineRetry';
export type { InlineRetryProps } from './InlineRetry';
export { inlineRetryRecipe } from './InlineRetry.recipe';
