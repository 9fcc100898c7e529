// The add-cryptocurrency dialog's coin list: `GET /api/asset/list` pages of 20 for one search,
// fetched as the list is scrolled (see usePagedList).
import type { Coin } from '@coinlens/contract';
import { useCallback } from 'react';
import { usePagedList, type PagedList } from '../../data/usePagedList';
import { apiKey } from '../../data/swr';

/** The coin search. */
export const ASSET_LIST_PATH = '/api/asset/list';
/** Coins per page. */
export const COIN_PAGE_SIZE = 20;

/** The request path (and cache key) of page `page` (1-based) of the search for `keyword`. */
export function coinPageKey(keyword: string, page: number): string {
  // No keyword parameter for an empty search: the server then lists every coin by rank.
  return apiKey(ASSET_LIST_PATH, { keyword: keyword || undefined, page, size: COIN_PAGE_SIZE })!;
}

export interface CoinSearch extends Omit<PagedList<Coin>, 'items' | 'total' | 'mutate'> {
  /** The coins of every page loaded so far, in rank order. */
  coins: Coin[];
}

/**
 * The coins matching `keyword` (as the search box gave it, trimmed; empty lists every coin), a
 * page at a time. Pages are kept in the SWR cache around the hook; the dialog gives it one of its
 * own for each opening.
 */
export function useCoinSearch(keyword: string): CoinSearch {
  const pageKey = useCallback((page: number) => coinPageKey(keyword, page), [keyword]);
  const list = usePagedList<Coin>(pageKey);
  return {
    coins: list.items,
    loading: list.loading,
    loadingMore: list.loadingMore,
    hasMore: list.hasMore,
    error: list.error,
    pages: list.pages,
    loadMore: list.loadMore,
    retry: list.retry,
  };
}
