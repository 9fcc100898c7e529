export { PageHeader } from './PageHeader';
export type { PageHeaderProps } from './PageHeader';
export { pageHeaderRecipe } from './PageHeader.recipe';
