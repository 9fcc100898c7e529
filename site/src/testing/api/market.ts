// The mocked API's market routes (`/api/market/list`, `/api/market/sparklines`,
// `/api/market/coin`), as the reference API answers them (contract/src/market.ts): the catalogue's
// coins (the stories' fixtures, or more of them for a list that pages) with their 1 h, 24 h and
// 7 d changes, searched by name or symbol and sorted by any column on the server, a 7-day
// sparkline per coin that ends at its price, and where the figures come from and how old they are.
// A story can make the provider's figures stale, the provider unavailable (503, with the last
// good figures gone, as on a first start) or every answer slow.
import type {
  Coin,
  Locale,
  MarketCoinAnswer,
  MarketPage,
  MarketRow,
  MarketSort,
  MarketStatus,
  SortOrder,
  Sparkline,
  Sparklines,
} from '@coinlens/contract';
import { MARKET_SORTS, MAX_SPARKLINE_IDS } from '@coinlens/contract';
import { delay, type HttpHandler } from 'msw';
import { COINS, QUOTED_AT, monogram } from '../fixtures';
import type { CoinState } from './coins';
import { envelopeRoute, Refusal } from './request';

/** How often the mocked server asks its provider, as the API's default. */
export const MARKET_REFRESH_SECONDS = 60;

export interface MarketOptions {
  /** When the provider last gave good figures (Unix seconds): `QUOTED_AT` by default. */
  asOf?: number;
  /** The provider has not answered for more than two refresh intervals: the figures are old. */
  stale?: boolean;
  /** The provider is unavailable and there are no figures yet: every market route answers 503. */
  unavailable?: boolean;
  /** Every market answer comes this many milliseconds late. */
  delayMs?: number;
  /** How often the server says it asks the provider (`MARKET_REFRESH_SECONDS` by default). */
  refreshSeconds?: number;
}

/** The fixtures' provider ids and their 1 h and 7 d changes (null: unknown), by coin id. */
const FIXTURE_MARKET: Record<number, { slug: string; change1h: number | null; change7d: number }> =
  {
    1: { slug: 'bitcoin', change1h: 0.42, change7d: 5.81 },
    2: { slug: 'ethereum', change1h: -0.18, change7d: -3.4 },
    3: { slug: 'tether', change1h: 0.01, change7d: 0.02 },
    4: { slug: 'binancecoin', change1h: 0.25, change7d: 2.1 },
    5: { slug: 'solana', change1h: -1.07, change7d: -8.92 },
    6: { slug: 'ripple', change1h: 3.3, change7d: 18.4 },
    7: { slug: 'dogecoin', change1h: null, change7d: -1.5 },
    8: { slug: 'cardano', change1h: 0.6, change7d: 4.75 },
  };

/** The provider's id of a coin: the fixtures' own, else its name in lower case with dashes. */
export function slugOf(coin: Pick<Coin, 'id' | 'name'>): string {
  return FIXTURE_MARKET[coin.id]?.slug ?? coin.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

const SYLLABLES = ['ka', 'lo', 'ver', 'ix', 'ta', 'mon', 'ze', 'ra', 'qu', 'no', 'sel', 'dar'];
const COLOURS = ['#0ea5e9', '#f43f5e', '#22c55e', '#a855f7', '#eab308', '#14b8a6', '#f97316'];

/**
 * The fixtures' coins and made-up ones after them, `count` in all (250 is the provider's whole
 * list), each with steady figures that shrink with its rank, for a list that pages.
 */
export function marketCoins(count: number): Coin[] {
  const more = Array.from({ length: Math.max(0, count - COINS.length) }, (_, index): Coin => {
    const id = COINS.length + index + 1;
    const word = [0, 1, 2]
      .map((shift) => SYLLABLES[(id * (shift + 3) + shift * 5) % SYLLABLES.length])
      .join('');
    const name = `${word.charAt(0).toUpperCase()}${word.slice(1)} ${id}`;
    const symbol = `${word.slice(0, 3).toUpperCase()}${id}`;
    const price = Number((1000 / id ** 1.4).toPrecision(4));
    return {
      id,
      name,
      symbol,
      logo: monogram(symbol, COLOURS[id % COLOURS.length]!),
      rank: id,
      quotes: {
        price,
        percentChange24h: Number((((id * 37) % 21) - 10 + (id % 7) / 10).toFixed(2)),
        marketCap: Math.round(price * 900_000 * (count - index)),
        volume24h: Math.round(price * 60_000 * ((id % 5) + 1)),
        updatedAt: QUOTED_AT,
      },
    };
  });
  return [...COINS.slice(0, count), ...more];
}

/** A coin's market row: the catalogue's quote and the changes the fixtures give it. */
export function marketRowOf(coin: Coin): MarketRow {
  const known = FIXTURE_MARKET[coin.id];
  const change24h = coin.quotes.percentChange24h;
  return {
    id: coin.id,
    slug: slugOf(coin),
    name: coin.name,
    symbol: coin.symbol,
    logo: coin.logo,
    rank: coin.rank,
    price: coin.quotes.price,
    percentChange1h: known ? known.change1h : Number((change24h / 9).toFixed(2)),
    percentChange24h: change24h,
    percentChange7d: known ? known.change7d : Number((change24h * 1.8 - 1).toFixed(2)),
    marketCap: coin.quotes.marketCap,
    volume24h: coin.quotes.volume24h,
    updatedAt: coin.quotes.updatedAt,
  };
}

/** Points in a sparkline: every 4 hours over 7 days, the last one now. */
const SPARKLINE_POINTS = 43;
const SPARKLINE_STEP_S = 4 * 3600;

/**
 * A coin's 7-day prices: from the price of 7 days ago (its 7 d change) to its price now, with a
 * wobble of its own (the same on every run), the last point exactly its price.
 */
export function sparklineOf(row: MarketRow, asOf: number): Sparkline {
  const start = row.price / (1 + (row.percentChange7d ?? 0) / 100);
  const prices = Array.from({ length: SPARKLINE_POINTS }, (_, index) => {
    if (index === SPARKLINE_POINTS - 1) return row.price;
    const along = index / (SPARKLINE_POINTS - 1);
    // A wobble in step with how far the coin moved over the week (a stablecoin's line stays flat).
    const swing = Math.max(Math.abs(row.percentChange7d ?? 0), 0.5) / 100;
    const wobble =
      (Math.sin(index * 0.7 + row.id) * 0.4 + Math.sin(index * 0.23 + row.id * 2) * 0.5) * swing;
    return (start + (row.price - start) * along) * (1 + wobble);
  });
  return {
    coinId: row.id,
    from: asOf - (SPARKLINE_POINTS - 1) * SPARKLINE_STEP_S,
    step: SPARKLINE_STEP_S,
    prices,
  };
}

/** What the provider's description of a coin says, in each language. */
const DESCRIPTIONS: Record<Locale, (name: string) => string> = {
  en: (name) => `${name} is a digital currency traded around the clock on exchanges worldwide.`,
  zh: (name) => `${name} 是一种在全球交易所全天候交易的数字货币。`,
  'pt-br': (name) =>
    `${name} é uma moeda digital negociada o tempo todo em corretoras do mundo todo.`,
};

/** The column a row is sorted by (null: unknown, always last). */
function sortValue(row: MarketRow, sort: MarketSort): number | string | null {
  switch (sort) {
    case 'rank':
      return row.rank;
    case 'name':
      return row.name.toLowerCase();
    case 'price':
      return row.price;
    case 'change1h':
      return row.percentChange1h;
    case 'change24h':
      return row.percentChange24h;
    case 'change7d':
      return row.percentChange7d;
    case 'marketCap':
      return row.marketCap;
    case 'volume24h':
      return row.volume24h;
  }
}

/** The order a column sorts in when none is asked: rank and name up, the figures down. */
export function defaultOrderOf(sort: MarketSort): SortOrder {
  return sort === 'rank' || sort === 'name' ? 'asc' : 'desc';
}

/** The market: the catalogue's coins with their changes, and the provider's status. */
export class MarketState {
  /** Whether the provider is unavailable (every market route answers 503). */
  unavailable: boolean;
  /** Whether the figures are older than two refresh intervals. */
  stale: boolean;
  /** When the provider last gave good figures (Unix seconds). */
  asOf: number;
  readonly delayMs: number;
  readonly refreshSeconds: number;

  constructor(
    private readonly coins: CoinState,
    options: MarketOptions = {},
  ) {
    this.unavailable = options.unavailable ?? false;
    this.stale = options.stale ?? false;
    this.asOf = options.asOf ?? QUOTED_AT;
    this.delayMs = options.delayMs ?? 0;
    this.refreshSeconds = options.refreshSeconds ?? MARKET_REFRESH_SECONDS;
  }

  /** Where the figures come from and how old they are. */
  status(): MarketStatus {
    return {
      source: this.coins.marketSource,
      asOf: this.asOf,
      refreshSeconds: this.refreshSeconds,
      stale: this.stale,
      // A server that backs off says when it asks again: the next refresh after now.
      retryAt: this.stale ? this.asOf + 3 * this.refreshSeconds : null,
    };
  }

  rows(): MarketRow[] {
    return this.coins.coins.map(marketRowOf);
  }

  /** A page of the coins whose name or symbol holds `keyword`, sorted by `sort` in `order`. */
  list(
    keyword: string,
    sort: MarketSort,
    order: SortOrder,
    page: number,
    size: number,
  ): MarketPage {
    this.available();
    if (keyword.length > 100) throw new Refusal(422, 'keywordTooLong');
    if (!Number.isInteger(page) || page < 1 || page > 1_000_000)
      throw new Refusal(422, 'pageInvalid');
    if (!Number.isInteger(size) || size < 1 || size > 100) throw new Refusal(422, 'sizeInvalid');
    const direction = order === 'asc' ? 1 : -1;
    const matches = this.rows()
      .filter(
        (row) =>
          keyword === '' ||
          row.name.toLowerCase().includes(keyword) ||
          row.symbol.toLowerCase().includes(keyword),
      )
      .sort((a, b) => {
        const x = sortValue(a, sort);
        const y = sortValue(b, sort);
        // Unknown figures go last whichever way the column is sorted; ties go by rank.
        if (x === null || y === null) return x === y ? a.rank - b.rank : x === null ? 1 : -1;
        if (x === y) return a.rank - b.rank;
        return (x < y ? -1 : 1) * direction;
      });
    return {
      records: matches.slice((page - 1) * size, page * size),
      page,
      size,
      total: matches.length,
      has_next: page * size < matches.length,
      market: this.status(),
    };
  }

  /** The sparklines of each distinct id, in the order asked; 404 when one is unknown. */
  sparklines(ids: number[]): Sparklines {
    this.available();
    if (ids.length < 1 || ids.length > MAX_SPARKLINE_IDS) throw new Refusal(422, 'sparklineCount');
    const rows = new Map(this.rows().map((row) => [row.id, row]));
    const series = [...new Set(ids)].map((id) => {
      const row = rows.get(id);
      if (!row) throw new Refusal(404, 'coinNotFound');
      return sparklineOf(row, this.asOf);
    });
    return { series, market: this.status() };
  }

  /** One coin by its provider id, with the provider's words about it in `language`. */
  coin(slug: string, language: Locale): MarketCoinAnswer {
    this.available();
    const row = this.rows().find((entry) => entry.slug === slug);
    if (!row) throw new Refusal(404, 'coinNotFound');
    return { coin: row, description: DESCRIPTIONS[language](row.name), market: this.status() };
  }

  private available(): void {
    if (this.unavailable) throw new Refusal(503, 'marketUnavailable');
  }
}

const isSort = (value: string | null): value is MarketSort =>
  (MARKET_SORTS as readonly string[]).includes(value ?? '');

/** The handlers of the market routes, over `market`. */
export function marketHandlers(market: MarketState): HttpHandler[] {
  const late = async () => {
    if (market.delayMs > 0) await delay(market.delayMs);
  };
  return [
    envelopeRoute('GET /api/market/list', null, async ({ query }) => {
      await late();
      const sortParam = query.get('sort');
      const orderParam = query.get('order');
      // Fastify refuses what its schema does not allow with an HTTP 400, as here.
      if (sortParam !== null && !isSort(sortParam)) throw new Refusal(400, 'badRequest');
      if (orderParam !== null && orderParam !== 'asc' && orderParam !== 'desc')
        throw new Refusal(400, 'badRequest');
      const sort = sortParam ?? 'rank';
      return market.list(
        (query.get('keyword') ?? '').normalize('NFKC').trim().toLowerCase(),
        sort,
        orderParam ?? defaultOrderOf(sort),
        Number(query.get('page') ?? 1),
        Number(query.get('size') ?? 50),
      );
    }),
    // 400 when the list is not whole numbers separated by commas (the server's check).
    envelopeRoute('GET /api/market/sparklines', null, async ({ query }) => {
      await late();
      const ids = (query.get('coinIds') ?? '').split(',').map((part) => part.trim());
      if (ids.some((id) => !/^\d{1,9}$/.test(id))) throw new Refusal(400, 'badRequest');
      return market.sparklines(ids.map(Number));
    }),
    envelopeRoute('GET /api/market/coin', null, async ({ query, language }) => {
      await late();
      return market.coin(query.get('slug') ?? '', language);
    }),
  ];
}
