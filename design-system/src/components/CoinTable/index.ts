export { CoinTable, COIN_SELECTION_LIMIT } from './CoinTable';
export type {
  CoinTableActionState,
  CoinTableProps,
  CoinTableRow,
  CoinTableStatus,
} from './CoinTable';
export { coinTableRecipe } from './CoinTable.recipe';
