// The data the stories' and tests' mocked API starts from: one account and a handful of coins
// with quotes of a fixed moment, so that every story (and its screenshot) shows the same numbers.
import type { Coin } from '@coinlens/contract';

/** An account of the mocked API. */
export interface FakeAccount {
  id: number;
  /** The email address (lower case, as the server keeps it). */
  account: string;
  password: string;
  nickname: string;
  avatar: string | null;
}

/** The account that exists in every story: Ana, who signs in with this password. */
export const ANA: FakeAccount = {
  id: 7,
  account: 'ana@example.com',
  password: 'correct-horse-7',
  nickname: 'Ana',
  avatar: null,
};

/** When the fixture quotes were taken (Unix seconds): 2026-11-01 12:00 UTC. */
export const QUOTED_AT = 1_793_534_400;

// A logo the way the API draws a monogram, inline: a story has no API origin to load files from.
export function monogram(symbol: string, colour: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
    `<circle cx="16" cy="16" r="16" fill="${colour}"/>` +
    `<text x="16" y="21" font-family="Arial, sans-serif" font-size="14" font-weight="700" ` +
    `text-anchor="middle" fill="#fff">${symbol.slice(0, 1)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const COIN_ROWS: Array<
  [name: string, symbol: string, colour: string, price: number, change: number]
> = [
  ['Bitcoin', 'BTC', '#f7931a', 64231.5, 2.3456],
  ['Ethereum', 'ETH', '#627eea', 3120.42, -1.2],
  ['Tether', 'USDT', '#26a17b', 1.0002, 0.004],
  ['BNB', 'BNB', '#f3ba2f', 581.3, 0.87],
  ['Solana', 'SOL', '#9945ff', 142.77, -4.561],
  ['XRP', 'XRP', '#23292f', 0.5234, 12.5],
  ['Dogecoin', 'DOGE', '#c2a633', 0.1234, -0.35],
  ['Cardano', 'ADA', '#0033ad', 0.3612, 1.05],
];

/** The coins of the mocked API, by rank (id = rank). */
export const COINS: Coin[] = COIN_ROWS.map(([name, symbol, colour, price, change], index) => ({
  id: index + 1,
  name,
  symbol,
  logo: monogram(symbol, colour),
  rank: index + 1,
  quotes: {
    price,
    percentChange24h: change,
    marketCap: Math.round(price * 1_000_000 * (COIN_ROWS.length - index)),
    volume24h: Math.round(price * 100_000),
    updatedAt: QUOTED_AT,
  },
}));

/** The coin with this symbol (the fixtures have each one). */
export function coin(symbol: string): Coin {
  const found = COINS.find((entry) => entry.symbol === symbol);
  if (!found) throw new Error(`No fixture coin ${symbol}`);
  return found;
}

/** A coin's price as `GET /api/coin/price` gives it, where it moved since `QUOTED_AT`. */
export interface MovedPrice {
  price: number;
  /** Percent: 2.5 means +2.5 %. */
  percentChange24h: number;
}

/**
 * The latest prices of Bitcoin and Ethereum, which moved since their quotes (a story passes them
 * to the mocked API as `prices`): a page showing these took the fresh prices, one showing the
 * quotes did not.
 */
export const MOVED_PRICES: Record<number, MovedPrice> = {
  1: { price: 64_502.1, percentChange24h: 2.7812 },
  2: { price: 3_098.55, percentChange24h: -1.8874 },
};
