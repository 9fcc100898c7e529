export { SearchInput, SEARCH_DEBOUNCE_MS } from './SearchInput';
export type { SearchInputProps } from './SearchInput';
export { searchInputRecipe } from './SearchInput.recipe';
