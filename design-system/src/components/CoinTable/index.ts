export { CoinTable, COIN_SELECTION_LIMIT } from './CoinTable';
export type {
  CoinTableActionProps,
  CoinTableActionState,
  CoinTableBodyProps,
  CoinTableChangeProps,
  CoinTableHeaderProps,
  CoinTableNameProps,
  CoinTablePriceProps,
  CoinTableRootProps,
  CoinTableRow,
  CoinTableRowProps,
  CoinTableStatus,
} from './CoinTable';
export { coinTableRecipe } from './CoinTable.recipe';
