// Coins, their prices and the user's followed coins.
import { Type, type Static } from 'typebox';

/** A row id: a whole number from 1 to 2,147,483,647 (anything else is malformed: code 400). */
export function Id(description?: string) {
  return Type.Integer({
    minimum: 1,
    maximum: 2_147_483_647,
    ...(description ? { description } : {}),
  });
}

/** A list's page number. */
export const Page = Type.Optional(
  Type.Integer({ description: 'From 1 (default 1); 1 to 1,000,000, else code 422.' }),
);

/** A list's page size, `fallback` when none is given. */
export function Size(fallback: number) {
  return Type.Optional(
    Type.Integer({ description: `1 to 100 (default ${fallback}), else code 422.` }),
  );
}

/** A coin with its latest quote (US dollars). */
export const Coin = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    symbol: Type.String(),
    logo: Type.String({
      description:
        "An absolute URL, or a path on the API's origin (`/api/asset/logo/btc.svg`) to prefix with the API's base URL.",
    }),
    rank: Type.Integer({ description: 'Position by market cap, 1 = largest.' }),
    quotes: Type.Object({
      price: Type.Number({ description: 'US dollars.' }),
      percentChange24h: Type.Number({ description: 'Percent: 2.5 means +2.5 %.' }),
      marketCap: Type.Number(),
      volume24h: Type.Number(),
      updatedAt: Type.Integer({ description: 'When the numbers were true (Unix seconds).' }),
    }),
  },
  { description: 'A coin with its latest quote (US dollars).' },
);
/** A coin with its latest quote (US dollars); `quotes.updatedAt` in Unix seconds. */
export type Coin = Static<typeof Coin>;

/** Where market numbers come from: the bundled demo data set or CoinGecko. */
export const MarketSource = Type.Union([Type.Literal('demo'), Type.Literal('coingecko')], {
  description: '`demo`: the bundled demo data set (not live prices); `coingecko`: CoinGecko.',
});
export type MarketSource = Static<typeof MarketSource>;

/** One followed coin (`GET /api/follow/list`, newest first). */
export const FollowEntry = Type.Object({
  coinId: Type.Integer(),
  coin: Coin,
  followedAt: Type.Integer({ description: 'Unix seconds.' }),
});
/** One followed coin (`GET /api/follow/list`, newest first); `followedAt` in Unix seconds. */
export type FollowEntry = Static<typeof FollowEntry>;

export const FollowList = Type.Array(FollowEntry, { description: 'Newest first.' });

/** `GET /api/coin/price`: one coin's latest price. */
export const CoinPrice = Type.Object({
  coinId: Type.Integer(),
  price: Type.Number(),
  percentChange24h: Type.Number(),
  updatedAt: Type.Integer({ description: 'Unix seconds.' }),
  source: MarketSource,
});
/** `GET /api/coin/price`: one coin's latest price; `updatedAt` in Unix seconds. */
export type CoinPrice = Static<typeof CoinPrice>;

/** One point of a price series. */
export const PricePoint = Type.Object({
  time: Type.Integer({ description: 'Unix seconds.' }),
  price: Type.Number(),
});
/** One point of a price series: `time` in Unix seconds, `price` in US dollars. */
export type PricePoint = Static<typeof PricePoint>;

export const AssetListQuery = Type.Object({
  keyword: Type.Optional(
    Type.String({
      description:
        'Matches name or symbol, case-insensitive; up to 100 characters (else code 422). Exact matches first, then prefixes, then word prefixes, then the rest, each by rank. Empty: every coin by rank.',
    }),
  ),
  page: Page,
  size: Size(20),
});

export const FollowAddBody = Type.Object({
  coinIds: Type.Array(Id(), {
    description:
      '1 to 5 coin ids (else code 422); duplicates and coins already followed are ignored; an unknown id answers code 404 and adds nothing; one user may follow 50 coins (code 422 beyond).',
  }),
});
export const FollowDeleteBody = Type.Object({ coinId: Id() });

export const CoinIdQuery = Type.Object({ coinId: Id() });
export const PriceQuery = Type.Object({
  coinIds: Type.String({
    description: '1 to 100 coin ids separated by commas (`1,2,3`).',
    examples: ['1,2,3'],
  }),
});
