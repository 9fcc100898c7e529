// The mocked API's coins (`/api/asset/*`, `/api/coin/price`) and the user's follow list
// (`/api/follow/*`), as the reference API answers them (api/src/plugins/coins): the search's
// tiers, today's biggest movers, the latest prices (the coins' quotes, or the `prices` a story
// gives for coins that moved since), the follow list newest first, and a coin's report
// (`/api/analysis/coin`: steady series to the latest price, with its indicators, one signal and a
// summary in the request's language). Left out: the cap of 50
// follows and the limit of 100 price ids (the site asks for the coins a user follows).
import type {
  Coin,
  CoinPrice,
  CoinReport,
  FollowEntry,
  ListPage,
  Locale,
  MarketSource,
  PricePoint,
} from '@coinlens/contract';
import type { HttpHandler } from 'msw';
import { COINS, QUOTED_AT, type MovedPrice } from '../fixtures';
import type { AuthState } from './auth';
import { envelopeRoute, Refusal } from './request';

export interface CoinOptions {
  /** The coin catalogue, by rank. */
  coins?: Coin[];
  /** The ids of the coins Ana follows, newest first. */
  follows?: number[];
  /**
   * The latest prices of the coins that moved since their quotes, by coin id (`GET
   * /api/coin/price`; the others answer their quote).
   */
  prices?: Record<number, MovedPrice>;
  /** Where the market numbers come from: `demo` (the API's bundled data set) by default. */
  marketSource?: MarketSource;
}

/** The coin catalogue, the latest prices and the follow list. */
export class CoinState {
  readonly coins: Coin[];
  follows: FollowEntry[];
  private readonly prices: Record<number, MovedPrice>;
  /** Where the market numbers come from. */
  readonly marketSource: MarketSource;

  constructor(options: CoinOptions = {}) {
    this.coins = options.coins ?? COINS;
    this.prices = options.prices ?? {};
    this.marketSource = options.marketSource ?? 'demo';
    this.follows = (options.follows ?? []).map((coinId, index) => ({
      coinId,
      coin: this.coinById(coinId),
      followedAt: QUOTED_AT - 3600 * (index + 1),
    }));
  }

  /** The ids of the coins followed, newest first. */
  followedIds(): number[] {
    return this.follows.map((entry) => entry.coinId);
  }

  coinById(id: number): Coin {
    const found = this.coins.find((entry) => entry.id === id);
    if (!found) throw new Refusal(404, 'coinNotFound');
    return found;
  }

  /** Exact symbol or name first, then prefixes, then word prefixes, then anywhere, by rank. */
  search(keyword: string, page: number, size: number): ListPage<Coin> {
    const tier = (entry: Coin): number | null => {
      const name = entry.name.toLowerCase();
      const symbol = entry.symbol.toLowerCase();
      if (keyword === '') return 0;
      if (symbol === keyword || name === keyword) return 0;
      if (symbol.startsWith(keyword) || name.startsWith(keyword)) return 1;
      if (name.split(/\s+/).some((word) => word.startsWith(keyword))) return 2;
      if (name.includes(keyword) || symbol.includes(keyword)) return 3;
      return null;
    };
    const matches = this.coins
      .map((entry) => ({ entry, tier: tier(entry) }))
      .filter((match): match is { entry: Coin; tier: number } => match.tier !== null)
      .sort((a, b) => a.tier - b.tier || a.entry.rank - b.entry.rank)
      .map((match) => match.entry);
    return {
      records: matches.slice((page - 1) * size, page * size),
      page,
      size,
      total: matches.length,
      has_next: page * size < matches.length,
    };
  }

  /** The biggest movers over 24 h, up or down. */
  hot(size: number): Coin[] {
    return [...this.coins]
      .sort(
        (a, b) =>
          Math.abs(b.quotes.percentChange24h) - Math.abs(a.quotes.percentChange24h) ||
          a.rank - b.rank,
      )
      .slice(0, size);
  }

  /** The latest price of each distinct id, in the order asked; 404 when one is unknown. */
  latestPrices(ids: number[]): CoinPrice[] {
    return [...new Set(ids)].map((id) => {
      const { quotes } = this.coinById(id);
      const moved = this.prices[id];
      return {
        coinId: id,
        price: moved?.price ?? quotes.price,
        percentChange24h: moved?.percentChange24h ?? quotes.percentChange24h,
        updatedAt: quotes.updatedAt,
        source: this.marketSource,
      };
    });
  }

  /** Follows the coins of `ids` not followed yet; the first of the call shows first. */
  follow(ids: number[]): FollowEntry[] {
    if (ids.length < 1 || ids.length > 5) throw new Refusal(422, 'followCount');
    const coins = [...new Set(ids)].map((id) => this.coinById(id));
    const followed = new Set(this.followedIds());
    const now = Math.floor(Date.now() / 1000);
    const fresh = coins
      .filter((entry) => !followed.has(entry.id))
      .map((entry) => ({ coinId: entry.id, coin: entry, followedAt: now }));
    this.follows = [...fresh, ...this.follows];
    return this.follows;
  }

  /**
   * The report on `id` at its latest price, in `language`: each range's series climbs steadily to
   * that price (the 24 H one by its 24 h change), and every figure comes from the series, as the
   * API's do (docs/api.md, "Report figures"). 404 for an unknown coin.
   */
  report(id: number, language: Locale): CoinReport {
    const of = this.coinById(id);
    const [latest] = this.latestPrices([id]);
    const { price, percentChange24h, updatedAt } = latest!;
    const day = steadySeries(24, 1, price / (1 + percentChange24h / 100), price, updatedAt);
    const week = steadySeries(42, 4, price * 0.92, price, updatedAt);
    const month = steadySeries(180, 4, price * 0.85, price, updatedAt);
    const change = (points: PricePoint[]) => (points.at(-1)!.price / points[0]!.price - 1) * 100;
    const monthPrices = month.map((point) => point.price);
    return {
      coin: { ...of, quotes: { ...of.quotes, price, percentChange24h: change(day), updatedAt } },
      source: this.marketSource,
      market: {
        source: this.marketSource,
        asOf: updatedAt,
        refreshSeconds: 60,
        stale: false,
        retryAt: null,
      },
      generatedAt: updatedAt,
      series: { '24h': day, '7d': week, '30d': month },
      indicators: {
        rsi14: 64.2,
        macd: { macd: price * 0.004, signal: price * 0.003, histogram: price * 0.001 },
        sma20: price * 0.96,
        sma50: price * 0.91,
        ema12: price * 0.98,
        ema26: price * 0.95,
        volatility30d: 41.5,
        high30d: Math.max(...monthPrices),
        low30d: Math.min(...monthPrices),
        change7d: change(week),
        change30d: change(month),
      },
      signals: [{ id: 'aboveSma50', tone: 'bullish', ...REPORT_TEXTS[language].signal(of.name) }],
      summary: REPORT_TEXTS[language].summary(of.name),
      language,
      sources: [],
    };
  }

  unfollow(id: number): FollowEntry[] {
    this.coinById(id);
    this.follows = this.follows.filter((entry) => entry.coinId !== id);
    return this.follows;
  }
}

/** `count` points `hours` apart, the last at `end`, rising evenly from `from` to `to`. */
function steadySeries(count: number, hours: number, from: number, to: number, end: number) {
  return Array.from({ length: count }, (_, index) => ({
    time: end - (count - 1 - index) * hours * 3600,
    price: from + ((to - from) * index) / (count - 1),
  }));
}

/** The report's words, as the API would write them in each language. */
const REPORT_TEXTS: Record<
  Locale,
  {
    signal: (name: string) => { title: string; explanation: string };
    summary: (name: string) => string;
  }
> = {
  en: {
    signal: (name) => ({
      title: 'Above its 50-day average',
      explanation: `${name} trades above its 50-day moving average, a sign of an uptrend.`,
    }),
    summary: (name) =>
      `${name} has climbed steadily over the past month and trades above its moving averages. Momentum is positive without being stretched.`,
  },
  zh: {
    signal: (name) => ({
      title: '高于 50 日均线',
      explanation: `${name} 的价格高于 50 日移动平均线，显示上升趋势。`,
    }),
    summary: (name) => `${name} 过去一个月稳步上涨，价格高于各条移动平均线。动能向好，但并未过热。`,
  },
  'pt-br': {
    signal: (name) => ({
      title: 'Acima da média de 50 dias',
      explanation: `O preço de ${name} está acima da média móvel de 50 dias, sinal de alta.`,
    }),
    summary: (name) =>
      `O preço de ${name} subiu de forma constante no último mês e está acima das médias móveis. O impulso é positivo, sem exageros.`,
  },
};

const numberParam = (query: URLSearchParams, name: string, fallback: number) =>
  Number(query.get(name) ?? fallback);

/** The handlers of the coin and follow routes, over `coins`, guarded by `auth`. */
export function coinHandlers(coins: CoinState, auth: AuthState): HttpHandler[] {
  return [
    envelopeRoute('GET /api/asset/list', null, ({ query }) =>
      coins.search(
        (query.get('keyword') ?? '').normalize('NFKC').trim().toLowerCase(),
        numberParam(query, 'page', 1),
        numberParam(query, 'size', 20),
      ),
    ),
    envelopeRoute('GET /api/asset/hot', null, ({ query }) =>
      coins.hot(numberParam(query, 'size', 5)),
    ),
    // 400 when the list is not whole numbers separated by commas, 404 when an id is unknown
    // (the server's checks).
    envelopeRoute('GET /api/coin/price', null, ({ query }) => {
      const ids = (query.get('coinIds') ?? '').split(',').map((part) => part.trim());
      if (ids.some((id) => !/^\d{1,9}$/.test(id))) throw new Refusal(400, 'badRequest');
      return coins.latestPrices(ids.map(Number));
    }),
    envelopeRoute('GET /api/follow/list', auth, () => coins.follows),
    envelopeRoute('POST /api/follow/add', auth, ({ body }) => coins.follow(body.coinIds)),
    envelopeRoute('POST /api/follow/delete', auth, ({ body }) => coins.unfollow(body.coinId)),
    envelopeRoute('GET /api/analysis/coin', null, ({ query, language }) =>
      coins.report(numberParam(query, 'coinId', 0), language),
    ),
  ];
}
