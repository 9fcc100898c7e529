export { MarketTable } from './MarketTable';
export type {
  MarketTableColumn,
  MarketTableLabels,
  MarketTableProps,
  MarketTableRow,
  MarketTableSort,
  MarketTableSortDetails,
} from './MarketTable';
export { marketTableRecipe } from './MarketTable.recipe';
