// The market overview and the coin pages (`GET /api/market/*`): every coin of the catalog with
// its provider figures as a MarketRow, searched and sorted, the 7-day sparklines, and one coin
// with its description. Rows, each sort order and each sparkline are built once per provider
// version (every 10 s with the demo data, each changed CoinGecko refresh), not per request.
import type {
  Locale,
  MarketCoinAnswer,
  MarketPage,
  MarketRow,
  MarketSort,
  MarketStatus,
  Sparkline,
  SortOrder,
} from '@coinlens/contract';
import type { Clock } from '../auth/clock.js';
import type { CoinCatalog } from './catalog.js';
import { marketStatus } from './status.js';
import type { MarketProvider } from './types.js';

/** A column's value in a row; null sorts last in both orders. */
export const MARKET_COLUMNS: Record<MarketSort, (row: MarketRow) => number | string | null> = {
  rank: (row) => row.rank,
  name: (row) => row.name,
  price: (row) => row.price,
  change1h: (row) => row.percentChange1h,
  change24h: (row) => row.percentChange24h,
  change7d: (row) => row.percentChange7d,
  marketCap: (row) => row.marketCap,
  volume24h: (row) => row.volume24h,
};

/** The order a column sorts in when none is asked: A to Z and #1 first, else the largest. */
export function defaultOrder(sort: MarketSort): SortOrder {
  return sort === 'rank' || sort === 'name' ? 'asc' : 'desc';
}

const names = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Sorts rows by `sort` in `order`, unknown values (null) last either way, ties by rank. */
export function sortRows(
  rows: readonly MarketRow[],
  sort: MarketSort,
  order: SortOrder,
): MarketRow[] {
  const value = MARKET_COLUMNS[sort];
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) {
      const compared =
        typeof x === 'string' || typeof y === 'string'
          ? names.compare(String(x), String(y))
          : x - y;
      if (compared !== 0) return sign * compared;
    }
    return a.rank - b.rank;
  });
}

export interface MarketListQuery {
  keyword: string;
  sort: MarketSort;
  order: SortOrder;
  page: number;
  size: number;
}

export class MarketOverview {
  #version = Number.NaN;
  /** By rank: every catalog coin the provider has a quote for. */
  #rows: readonly MarketRow[] = [];
  #bySlug = new Map<string, MarketRow>();
  #sorted = new Map<string, readonly MarketRow[]>();
  #sparklines = new Map<number, Sparkline>();

  constructor(
    private readonly catalog: CoinCatalog,
    private readonly clock: Clock,
  ) {}

  get provider(): MarketProvider {
    return this.catalog.provider;
  }

  /** Where the figures come from and how old they are, now. */
  status(): MarketStatus {
    return marketStatus(this.provider, this.clock.now());
  }

  /** Drops what was built for an older provider version; the catalog must be ready. */
  #current(): void {
    const version = this.provider.version();
    if (version === this.#version) return;
    const rows: MarketRow[] = [];
    const bySlug = new Map<string, MarketRow>();
    for (const coin of this.catalog.all()) {
      const quote = this.provider.quote(coin.slug);
      if (!quote) continue;
      const row: MarketRow = {
        id: coin.id,
        slug: coin.slug,
        name: coin.name,
        symbol: coin.symbol,
        logo: coin.logo,
        rank: coin.rank,
        price: quote.price,
        percentChange1h: quote.percentChange1h,
        percentChange24h: quote.percentChange24h,
        percentChange7d: quote.percentChange7d,
        marketCap: quote.marketCap,
        volume24h: quote.volume24h,
        updatedAt: quote.updatedAt,
      };
      rows.push(row);
      bySlug.set(coin.slug, row);
    }
    this.#rows = rows;
    this.#bySlug = bySlug;
    this.#sorted.clear();
    this.#sparklines.clear();
    this.#version = version;
  }

  /** Every row in one order: the same array until the provider version changes. */
  sorted(sort: MarketSort, order: SortOrder): readonly MarketRow[] {
    this.#current();
    const key = `${sort}:${order}`;
    let sorted = this.#sorted.get(key);
    if (!sorted) {
      sorted = sort === 'rank' && order === 'asc' ? this.#rows : sortRows(this.#rows, sort, order);
      this.#sorted.set(key, sorted);
    }
    return sorted;
  }

  /** One page of the rows whose name or symbol matches the keyword, in the order asked. */
  list(query: MarketListQuery): MarketPage {
    const sorted = this.sorted(query.sort, query.order);
    const ids = this.catalog.matchingIds(query.keyword);
    const matches = ids === null ? sorted : sorted.filter((row) => ids.has(row.id));
    const start = (query.page - 1) * query.size;
    return {
      records: matches.slice(start, start + query.size),
      page: query.page,
      size: query.size,
      total: matches.length,
      has_next: start + query.size < matches.length,
      market: this.status(),
    };
  }

  /** The coin's sparkline; null for an id the catalog or the provider does not know. */
  sparkline(coinId: number): Sparkline | null {
    this.#current();
    let sparkline = this.#sparklines.get(coinId);
    if (!sparkline) {
      const coin = this.catalog.get(coinId);
      const series = coin ? this.provider.sparkline(coin.slug) : null;
      if (!series) return null;
      sparkline = { coinId, from: series.from, step: series.step, prices: series.prices };
      this.#sparklines.set(coinId, sparkline);
    }
    return sparkline;
  }

  /** The coin with this slug and its description in `locale`; null for an unknown slug. */
  async coin(slug: string, locale: Locale): Promise<MarketCoinAnswer | null> {
    this.#current();
    const row = this.#bySlug.get(slug);
    if (!row) return null;
    return {
      coin: row,
      description: await this.provider.description(slug, locale),
      market: this.status(),
    };
  }
}
