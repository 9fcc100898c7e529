// What the market overview shows, kept in its address (`?sort=change24h&order=desc&q=bit`): a
// shared link, a reload and the way back and forth show the same sort and search. The address is
// read only once the page has hydrated (the static HTML has no query: useHydrated).
import type { MarketSort, SortOrder } from '@coinlens/contract';

/**
 * The contract's `MARKET_SORTS` and `SORT_ORDERS`, written out: its values would bring its schemas
 * (typebox) into the page's first load. marketAddress.test.ts holds them equal.
 */
export const SORTS = [
  'rank',
  'name',
  'price',
  'change1h',
  'change24h',
  'change7d',
  'marketCap',
  'volume24h',
] as const satisfies readonly MarketSort[];
export const ORDERS = ['asc', 'desc'] as const satisfies readonly SortOrder[];

/** The sort and search of the market overview. */
export interface MarketQuery {
  /** The column the list is sorted by. */
  sort: MarketSort;
  /** Which way. */
  order: SortOrder;
  /** The search as the box gave it, trimmed; empty lists every coin. */
  q: string;
}

/** The order a column sorts in when none is named: rank and name up, the figures down (the API's). */
export function defaultOrder(sort: MarketSort): SortOrder {
  return sort === 'rank' || sort === 'name' ? 'asc' : 'desc';
}

/** Every coin by rank: the overview without a query. */
export const DEFAULT_MARKET_QUERY: MarketQuery = { sort: 'rank', order: 'asc', q: '' };

/** The longest search the API takes (longer ones it refuses with code 422). */
export const MAX_KEYWORD_LENGTH = 100;

export function isMarketSort(value: unknown): value is MarketSort {
  return typeof value === 'string' && (SORTS as readonly string[]).includes(value);
}

function isSortOrder(value: unknown): value is SortOrder {
  return typeof value === 'string' && (ORDERS as readonly string[]).includes(value);
}

/**
 * The sort and search an address's query names. A sort or order it does not know is left for the
 * default (a hand-edited or old link still opens the list), the order defaults to the column's,
 * and a search is trimmed and cut to what the API takes.
 */
export function marketQueryOf(search: string): MarketQuery {
  const params = new URLSearchParams(search);
  const sortParam = params.get('sort');
  const sort = isMarketSort(sortParam) ? sortParam : DEFAULT_MARKET_QUERY.sort;
  const orderParam = params.get('order');
  const order = isSortOrder(orderParam) ? orderParam : defaultOrder(sort);
  const q = (params.get('q') ?? '').trim().slice(0, MAX_KEYWORD_LENGTH);
  return { sort, order, q };
}

/**
 * The query for showing `query`, keeping the rest of `search` (a `t=login` ask, say): what is the
 * default is not written (`sort=rank` nor the column's own order), so every view has one address.
 */
export function searchWithQuery(search: string, query: MarketQuery): string {
  const params = new URLSearchParams(search);
  for (const name of ['sort', 'order', 'q']) params.delete(name);
  if (query.sort !== DEFAULT_MARKET_QUERY.sort) params.set('sort', query.sort);
  if (query.order !== defaultOrder(query.sort)) params.set('order', query.order);
  if (query.q !== '') params.set('q', query.q);
  const written = params.toString();
  return written ? `?${written}` : '';
}

/** Whether two queries show the same list. */
export function sameQuery(a: MarketQuery, b: MarketQuery): boolean {
  return a.sort === b.sort && a.order === b.order && a.q === b.q;
}
