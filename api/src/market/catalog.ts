// The coins the API knows: the market provider's list, each with the id it keeps in the `coins`
// table (so that follows and mentions survive restarts and a change of provider), its search
// index, and the contract's `Coin` with the latest quote. Everything here is in memory: the
// asset list is the busiest call and never touches the database.
import { inArray, sql } from 'drizzle-orm';
import type { Coin, ListPage } from '@coinlens/contract';
import type { Database } from '../db/client.js';
import { coins as coinsTable } from '../db/schema.js';
import type { MarketCoin, MarketProvider } from './types.js';

/** A provider coin with its database id. */
export interface CatalogCoin extends MarketCoin {
  id: number;
}

interface SearchEntry {
  coin: CatalogCoin;
  name: string;
  symbol: string;
  /** The first letters of each word of the name ("usd coin" -> ["usd", "coin"]). */
  words: string[];
}

/** How well a coin matches a search: lower is better; null for no match. */
function matchTier(entry: SearchEntry, keyword: string): number | null {
  if (entry.symbol === keyword || entry.name === keyword) return 0;
  if (entry.symbol.startsWith(keyword) || entry.name.startsWith(keyword)) return 1;
  if (entry.words.some((word) => word.startsWith(keyword))) return 2;
  if (entry.name.includes(keyword) || entry.symbol.includes(keyword)) return 3;
  return null;
}

/** Lower-cases and trims a search keyword the way names are indexed. */
export function normaliseKeyword(keyword: string | undefined): string {
  return (keyword ?? '').normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The answers kept per provider version: searches repeat (the empty one above all). */
const SEARCH_CACHE_LIMIT = 500;

export class CoinCatalog {
  #byId = new Map<number, CatalogCoin>();
  #bySlug = new Map<string, CatalogCoin>();
  #index: SearchEntry[] = [];
  #all: readonly CatalogCoin[] = [];
  /** The provider list last synced, to notice a new one (CoinGecko's refresh). */
  #synced: readonly MarketCoin[] | null = null;
  #syncing: Promise<void> | null = null;
  #cacheVersion = -1;
  #searchCache = new Map<string, ListPage<Coin>>();

  constructor(
    private readonly db: Database,
    readonly provider: MarketProvider,
  ) {}

  /**
   * Makes sure every provider coin has an id. Cheap when nothing changed; a new provider list
   * (a refresh that added coins) is synced once, whoever asks first.
   */
  async ready(): Promise<void> {
    const list = this.provider.coins();
    if (list === this.#synced) return;
    if (!this.#syncing) {
      this.#syncing = this.#sync(list).finally(() => {
        this.#syncing = null;
      });
    }
    await this.#syncing;
    // A list that changed while syncing is taken by the next call.
  }

  async #sync(list: readonly MarketCoin[]): Promise<void> {
    if (list.length > 0) {
      // Ids in the order of the provider's ranking the first time a coin is seen.
      await this.db
        .insert(coinsTable)
        .values(list.map(({ slug, symbol, name }) => ({ slug, symbol, name })))
        .onConflictDoUpdate({
          target: coinsTable.slug,
          set: { symbol: sql`excluded.symbol`, name: sql`excluded.name` },
        });
    }
    const rows =
      list.length > 0
        ? await this.db
            .select({ id: coinsTable.id, slug: coinsTable.slug })
            .from(coinsTable)
            .where(
              inArray(
                coinsTable.slug,
                list.map((coin) => coin.slug),
              ),
            )
        : [];
    const ids = new Map(rows.map((row) => [row.slug, row.id]));
    const byId = new Map<number, CatalogCoin>();
    const bySlug = new Map<string, CatalogCoin>();
    const index: SearchEntry[] = [];
    for (const coin of list) {
      const id = ids.get(coin.slug);
      if (id === undefined || bySlug.has(coin.slug)) continue;
      const entry: CatalogCoin = { ...coin, id };
      byId.set(id, entry);
      bySlug.set(coin.slug, entry);
      const name = normaliseKeyword(coin.name);
      index.push({
        coin: entry,
        name,
        symbol: normaliseKeyword(coin.symbol),
        words: name.split(/[\s\-_.()]+/).filter((word) => word !== ''),
      });
    }
    index.sort((a, b) => a.coin.rank - b.coin.rank);
    this.#byId = byId;
    this.#bySlug = bySlug;
    this.#index = index;
    this.#all = index.map((entry) => entry.coin);
    this.#synced = list;
    this.#searchCache.clear();
  }

  /** The coin with this id, or undefined. */
  get(id: number): CatalogCoin | undefined {
    return this.#byId.get(id);
  }

  /** The coin with this provider slug, or undefined. */
  bySlug(slug: string): CatalogCoin | undefined {
    return this.#bySlug.get(slug);
  }

  /** Every coin, by rank (the same array until the provider's list changes). */
  all(): readonly CatalogCoin[] {
    return this.#all;
  }

  /** The contract's Coin with its latest quote, or null when the provider has no quote for it. */
  coin(id: number): Coin | null {
    const coin = this.#byId.get(id);
    return coin ? this.#withQuote(coin) : null;
  }

  #withQuote(coin: CatalogCoin): Coin | null {
    const quote = this.provider.quote(coin.slug);
    if (!quote) return null;
    return {
      id: coin.id,
      name: coin.name,
      symbol: coin.symbol,
      logo: coin.logo,
      rank: coin.rank,
      quotes: {
        price: quote.price,
        percentChange24h: quote.percentChange24h,
        marketCap: quote.marketCap,
        volume24h: quote.volume24h,
        updatedAt: quote.updatedAt,
      },
    };
  }

  /**
   * The biggest movers over 24 h (by the size of the change, up or down) among the `universe`
   * largest coins: the onboarding robot's and the assistant's "hot coins".
   */
  hot(limit: number, universe = 100): Coin[] {
    return this.#index
      .slice(0, universe)
      .flatMap((entry) => this.#withQuote(entry.coin) ?? [])
      .sort((a, b) => Math.abs(b.quotes.percentChange24h) - Math.abs(a.quotes.percentChange24h))
      .slice(0, limit);
  }

  /**
   * The ids of the coins whose name or symbol matches `keyword` by `search`'s rules, whatever
   * the tier; null for an empty keyword, which every coin matches.
   */
  matchingIds(keyword: string): ReadonlySet<number> | null {
    const normalised = normaliseKeyword(keyword);
    if (normalised === '') return null;
    const ids = new Set<number>();
    for (const entry of this.#index) {
      if (matchTier(entry, normalised) !== null) ids.add(entry.coin.id);
    }
    return ids;
  }

  /**
   * One page of the coins whose name or symbol matches `keyword` (case-insensitive; all coins
   * for an empty one): exact matches first, then prefixes, then word prefixes, then the rest,
   * each by rank.
   */
  search(keyword: string, page: number, size: number): ListPage<Coin> {
    const version = this.provider.version();
    if (version !== this.#cacheVersion) {
      this.#searchCache.clear();
      this.#cacheVersion = version;
    }
    const normalised = normaliseKeyword(keyword);
    const key = `${page}:${size}:${normalised}`;
    const cached = this.#searchCache.get(key);
    if (cached) return cached;

    let matches: SearchEntry[];
    if (normalised === '') {
      matches = this.#index;
    } else {
      const tiers: SearchEntry[][] = [[], [], [], []];
      for (const entry of this.#index) {
        const tier = matchTier(entry, normalised);
        if (tier !== null) tiers[tier]!.push(entry);
      }
      matches = tiers.flat();
    }
    const start = (page - 1) * size;
    const records: Coin[] = [];
    for (const entry of matches.slice(start, start + size)) {
      const coin = this.#withQuote(entry.coin);
      if (coin) records.push(coin);
    }
    const answer: ListPage<Coin> = {
      records,
      page,
      size,
      total: matches.length,
      has_next: start + size < matches.length,
    };
    if (this.#searchCache.size >= SEARCH_CACHE_LIMIT) {
      // The oldest entry goes (Map keeps insertion order).
      const oldest = this.#searchCache.keys().next().value;
      if (oldest !== undefined) this.#searchCache.delete(oldest);
    }
    this.#searchCache.set(key, answer);
    return answer;
  }
}
