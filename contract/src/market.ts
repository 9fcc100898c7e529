// The market overview and the coin pages: every coin of the market provider with its changes over
// 1 hour, 24 hours and 7 days, searched and sorted on the server, a 7-day sparkline per coin asked
// for a page of coins at once, and one coin by its provider slug. Every answer says where its
// figures come from and how old they are (`MarketStatus`), so that a page can show it.
import { Type, type Static } from 'typebox';
import { MarketSource, Page, Size } from './coins.js';
import { Nullable } from './envelope.js';

/** The columns the market list sorts by. */
export const MARKET_SORTS = [
  'rank',
  'name',
  'price',
  'change1h',
  'change24h',
  'change7d',
  'marketCap',
  'volume24h',
] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];
export const MarketSort = Type.Union(
  MARKET_SORTS.map((sort) => Type.Literal(sort)),
  { description: `One of ${MARKET_SORTS.join(', ')} (default rank).` },
);

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SortOrder = Type.Union(
  SORT_ORDERS.map((order) => Type.Literal(order)),
  { description: 'asc or desc (default asc for rank and name, desc for every other column).' },
);

/** Most coins per sparkline call. */
export const MAX_SPARKLINE_IDS = 100;

/**
 * Where an answer's figures come from and how old they are. `stale` is true when the provider
 * last gave good figures more than two refresh intervals ago (it refused, with CoinGecko's 429,
 * or failed since): the figures are the last good ones, and a page says so.
 */
export const MarketStatus = Type.Object(
  {
    source: MarketSource,
    asOf: Type.Integer({
      description: 'When the provider last gave good figures (Unix seconds; 0: not yet).',
    }),
    refreshSeconds: Type.Integer({ description: 'How often the server asks the provider.' }),
    stale: Type.Boolean({ description: 'asOf is more than two refresh intervals old.' }),
    retryAt: Nullable(
      Type.Integer({
        description:
          'While the server backs off (the provider refused or failed): when it asks again (Unix seconds).',
      }),
    ),
  },
  { description: 'Where the figures come from and how old they are.' },
);
export type MarketStatus = Static<typeof MarketStatus>;

/** One row of the market list: a coin and its latest figures, in US dollars. */
export const MarketRow = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String({ description: "The provider's stable id (bitcoin): the coin page's path." }),
    name: Type.String(),
    symbol: Type.String(),
    logo: Type.String({
      description:
        "An absolute URL, or a path on the API's origin (`/api/asset/logo/btc.svg`) to prefix with the API's base URL.",
    }),
    rank: Type.Integer({ description: 'Position by market cap, 1 = largest.' }),
    price: Type.Number(),
    percentChange1h: Nullable(Type.Number({ description: 'Percent; null when unknown.' })),
    percentChange24h: Type.Number({ description: 'Percent: 2.5 means +2.5 %.' }),
    percentChange7d: Nullable(Type.Number({ description: 'Percent; null when unknown.' })),
    marketCap: Type.Number(),
    volume24h: Type.Number(),
    updatedAt: Type.Integer({ description: 'When these figures were true (Unix seconds).' }),
  },
  { description: 'A coin and its latest figures (US dollars).' },
);
export type MarketRow = Static<typeof MarketRow>;

export const MarketListQuery = Type.Object({
  keyword: Type.Optional(
    Type.String({
      description:
        'Matches name or symbol, case-insensitive, as the asset list does; up to 100 characters (else code 422).',
    }),
  ),
  sort: Type.Optional(MarketSort),
  order: Type.Optional(SortOrder),
  page: Page,
  size: Size(50),
});

/** `GET /api/market/list`: a page of the market list and where its figures come from. */
export const MarketPage = Type.Object({
  records: Type.Array(MarketRow),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer({ description: 'Matches in all pages.' }),
  has_next: Type.Boolean(),
  market: MarketStatus,
});
export type MarketPage = Static<typeof MarketPage>;

/** One coin's 7-day prices, evenly spaced, oldest first, ending with the latest price. */
export const Sparkline = Type.Object({
  coinId: Type.Integer(),
  from: Type.Integer({ description: "The first price's time (Unix seconds)." }),
  step: Type.Integer({ description: 'Seconds between two prices.' }),
  prices: Type.Array(Type.Number(), { description: 'US dollars; empty when unknown.' }),
});
export type Sparkline = Static<typeof Sparkline>;

export const SparklineQuery = Type.Object({
  coinIds: Type.String({
    description: `1 to ${MAX_SPARKLINE_IDS} coin ids separated by commas (\`1,2,3\`).`,
    examples: ['1,2,3'],
  }),
});

/** `GET /api/market/sparklines`: the sparklines of the coins asked, in their order. */
export const Sparklines = Type.Object({
  series: Type.Array(Sparkline),
  market: MarketStatus,
});
export type Sparklines = Static<typeof Sparklines>;

export const MarketCoinQuery = Type.Object({
  slug: Type.String({ description: "The provider's id of the coin (bitcoin)." }),
});

/** `GET /api/market/coin`: one coin for its page. */
export const MarketCoinAnswer = Type.Object({
  coin: MarketRow,
  description: Nullable(
    Type.String({
      description:
        "What the coin is, as plain text in the request's Language; null when the provider has none in it.",
    }),
  ),
  market: MarketStatus,
});
export type MarketCoinAnswer = Static<typeof MarketCoinAnswer>;
