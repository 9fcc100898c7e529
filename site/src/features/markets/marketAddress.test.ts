import { MARKET_SORTS, SORT_ORDERS } from '@coinlens/contract';
import {
  DEFAULT_MARKET_QUERY,
  defaultOrder,
  marketQueryOf,
  ORDERS,
  sameQuery,
  SORTS,
  searchWithQuery,
  type MarketQuery,
} from './marketAddress';

describe('the market overview in its address', () => {
  it('knows the sorts and orders the contract names', () => {
    expect([...SORTS]).toEqual([...MARKET_SORTS]);
    expect([...ORDERS]).toEqual([...SORT_ORDERS]);
  });

  it.each<[string, MarketQuery]>([
    ['', DEFAULT_MARKET_QUERY],
    ['?sort=change24h&order=desc&q=bit', { sort: 'change24h', order: 'desc', q: 'bit' }],
    ['?sort=price', { sort: 'price', order: 'desc', q: '' }],
    ['?sort=name', { sort: 'name', order: 'asc', q: '' }],
    ['?sort=marketCap&order=asc', { sort: 'marketCap', order: 'asc', q: '' }],
    ['?q=%20%20Sol%20', { sort: 'rank', order: 'asc', q: 'Sol' }],
    ['?sort=volume&order=sideways', DEFAULT_MARKET_QUERY],
    ['?sort=change7d&order=up', { sort: 'change7d', order: 'desc', q: '' }],
    ['?t=login&next=%2Fmarkets%2F', DEFAULT_MARKET_QUERY],
  ])('reads %j as the list it names', (search, query) => {
    expect(marketQueryOf(search)).toEqual(query);
  });

  it('cuts a search to the 100 characters the API takes', () => {
    expect(marketQueryOf(`?q=${'a'.repeat(120)}`).q).toHaveLength(100);
  });

  it.each<[MarketQuery, string]>([
    [DEFAULT_MARKET_QUERY, ''],
    [{ sort: 'change24h', order: 'desc', q: 'bit' }, '?sort=change24h&q=bit'],
    [{ sort: 'change24h', order: 'asc', q: '' }, '?sort=change24h&order=asc'],
    [{ sort: 'rank', order: 'desc', q: '' }, '?order=desc'],
    [{ sort: 'name', order: 'asc', q: 'bitcoin cash' }, '?sort=name&q=bitcoin+cash'],
  ])('writes %j without its defaults', (query, search) => {
    expect(searchWithQuery('', query)).toBe(search);
    // Written and read again, it is the same list.
    expect(marketQueryOf(search)).toEqual(query);
  });

  it('keeps the rest of the query as it was (the login ask)', () => {
    expect(
      searchWithQuery('?t=login&sort=price&q=eth', { sort: 'name', order: 'asc', q: '' }),
    ).toBe('?t=login&sort=name');
  });

  it('sorts rank and name up, every figure down, unless told', () => {
    expect(defaultOrder('rank')).toBe('asc');
    expect(defaultOrder('name')).toBe('asc');
    for (const sort of [
      'price',
      'change1h',
      'change24h',
      'change7d',
      'marketCap',
      'volume24h',
    ] as const)
      expect(defaultOrder(sort)).toBe('desc');
  });

  it('tells two lists apart', () => {
    expect(sameQuery(DEFAULT_MARKET_QUERY, { ...DEFAULT_MARKET_QUERY })).toBe(true);
    expect(sameQuery(DEFAULT_MARKET_QUERY, { ...DEFAULT_MARKET_QUERY, q: 'b' })).toBe(false);
  });
});
