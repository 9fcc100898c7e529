// The request and answer shapes of the coin routes (also the OpenAPI document's). Answers are
// serialized through these schemas, which is also what keeps the asset list fast.
import { Type, type TSchema } from 'typebox';

/** A row id: a whole number from 1 to 2,147,483,647 (anything else is malformed: code 400). */
export function Id(description?: string) {
  return Type.Integer({
    minimum: 1,
    maximum: 2_147_483_647,
    ...(description ? { description } : {}),
  });
}

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

/** The contract's list payload around `item`. */
export function listPage(item: TSchema) {
  return Type.Object({
    records: Type.Array(item),
    page: Type.Integer(),
    size: Type.Integer(),
    total: Type.Integer({ description: 'Matches in all pages.' }),
    has_next: Type.Boolean(),
  });
}

export const MarketSource = Type.Union([Type.Literal('demo'), Type.Literal('coingecko')], {
  description: '`demo`: the bundled demo data set (not live prices); `coingecko`: CoinGecko.',
});

export const FollowEntry = Type.Object({
  coinId: Type.Integer(),
  coin: Coin,
  followedAt: Type.Integer({ description: 'Unix seconds.' }),
});
export const FollowList = Type.Array(FollowEntry, { description: 'Newest first.' });

export const Page = Type.Optional(
  Type.Integer({ description: 'From 1 (default 1); 1 to 1,000,000, else code 422.' }),
);
export function Size(fallback: number) {
  return Type.Optional(
    Type.Integer({ description: `1 to 100 (default ${fallback}), else code 422.` }),
  );
}

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

export const CoinPrice = Type.Object({
  coinId: Type.Integer(),
  price: Type.Number(),
  percentChange24h: Type.Number(),
  updatedAt: Type.Integer({ description: 'Unix seconds.' }),
  source: MarketSource,
});

const PricePoint = Type.Object({
  time: Type.Integer({ description: 'Unix seconds.' }),
  price: Type.Number(),
});
const Nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);

export const MonitorSourceSchema = Type.Object({
  id: Type.Integer(),
  logo: Type.String(),
  author: Type.String(),
  title: Type.String(),
  status: Type.Integer({
    description:
      '1 UnStarted, 2 InProgress, 3 Finished (ended, not parsed yet), 4 Parsing, 5 Completed (summary and content ready), 6 Cancelled, 7 Invalid.',
  }),
  time: Type.Integer({ description: 'Scheduled start, Unix seconds.' }),
  heat: Type.Integer(),
  link: Type.String(),
});

export const CoinReport = Type.Object(
  {
    coin: Coin,
    source: MarketSource,
    generatedAt: Type.Integer({ description: 'Unix seconds.' }),
    series: Type.Object(
      {
        '24h': Type.Array(PricePoint),
        '7d': Type.Array(PricePoint),
        '30d': Type.Array(PricePoint),
      },
      {
        description:
          'Hourly for 24 h and 7 d, every 4 hours for 30 d; oldest first, ending with the latest price.',
      },
    ),
    indicators: Type.Object(
      {
        rsi14: Nullable(Type.Number()),
        macd: Nullable(
          Type.Object({
            macd: Type.Number(),
            signal: Type.Number(),
            histogram: Type.Number(),
          }),
        ),
        sma20: Nullable(Type.Number()),
        sma50: Nullable(Type.Number()),
        ema12: Nullable(Type.Number()),
        ema26: Nullable(Type.Number()),
        volatility30d: Nullable(
          Type.Number({ description: 'Annualised, percent, from 30 daily log returns.' }),
        ),
        high30d: Nullable(Type.Number()),
        low30d: Nullable(Type.Number()),
        change7d: Nullable(Type.Number({ description: 'Percent.' })),
        change30d: Nullable(Type.Number({ description: 'Percent.' })),
      },
      {
        description:
          'On daily closes (00:00 UTC, the last being the latest price); null where the history is too short.',
      },
    ),
    signals: Type.Array(
      Type.Object({
        id: Type.String({
          description:
            'overbought, oversold, macdBullishCross, macdBearishCross, goldenCross, deathCross, breakoutUp, breakoutDown, aboveSma50, belowSma50',
        }),
        tone: Type.Union([
          Type.Literal('bullish'),
          Type.Literal('bearish'),
          Type.Literal('neutral'),
        ]),
        title: Type.String(),
        explanation: Type.String(),
      }),
    ),
    summary: Type.String({ description: "A few sentences in the request's Language." }),
    language: Type.String(),
    sources: Type.Array(MonitorSourceSchema, {
      description: 'Completed monitored sources that mention the coin, newest first (at most 5).',
    }),
  },
  { description: 'A report on one coin, computed from its price history.' },
);
