// The coin pages (`/coins/bitcoin/`): one per coin of the API's bundled market snapshot
// (api/data/coins.json), made by the build in every language, so that a search engine reads a
// real page with the coin's name in its title and head. A coin the provider lists later
// (CoinGecko's list moves) has no page of its own: the client route of `/coins/` draws it from its
// address (gatsby-node.ts), with its figures from the API as for any coin. The phone's coin page
// is that client route alone (`/mobile/coins/`), its canonical address the computer's page:
// Gatsby lists every built page a client route covers in the app's code that every page loads
// (match-paths.json), and phone pages per coin would double what that costs.

/** A provider slug, as the API's snapshot checks it (`bitcoin`, `usd-coin`). */
export const COIN_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What the build gives a coin page (its client route gives nulls: the address names the coin). */
export interface CoinPageContext {
  slug: string | null;
  name: string | null;
  symbol: string | null;
  mobile: boolean;
  /** The head's words in the page's language, which the build adds to each language's page. */
  meta?: { title: string; description: string; markets: string };
}

/** The path of a coin's page without a language prefix (the site's Link adds it). */
export function coinPath(slug: string, mobile = false): string {
  return `${mobile ? '/mobile' : ''}/coins/${slug}/`;
}

/**
 * The coin slug an address names (`/zh/mobile/coins/usd-coin/` -> usd-coin), or null when it
 * names none or one that cannot be a slug.
 */
export function coinSlugOf(pathname: string): string | null {
  const match = /\/coins\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]!).toLowerCase();
  } catch {
    return null;
  }
  return COIN_SLUG.test(slug) ? slug : null;
}

/** A page the build makes. */
export interface CoinPageSpec {
  path: string;
  context: CoinPageContext;
}

/**
 * The coin pages for a snapshot's coins (the JSON of api/data/coins.json), one per coin. Throws an
 * error that names the coin when one lacks a slug, name or symbol, so that a bad snapshot stops
 * the build instead of making pages without names.
 */
export function coinPagesOf(snapshot: unknown): CoinPageSpec[] {
  const coins = (snapshot as { coins?: unknown } | null)?.coins;
  if (!Array.isArray(coins) || coins.length === 0) {
    throw new Error('The market snapshot has no "coins" list');
  }
  const seen = new Set<string>();
  return coins.flatMap((coin: unknown, index) => {
    const { slug, name, symbol } = (coin ?? {}) as Record<string, unknown>;
    if (typeof slug !== 'string' || !COIN_SLUG.test(slug)) {
      throw new Error(`Coin ${index + 1} of the market snapshot has no valid "slug"`);
    }
    if (typeof name !== 'string' || name.trim() === '') {
      throw new Error(`Coin "${slug}" of the market snapshot has no "name"`);
    }
    if (typeof symbol !== 'string' || symbol.trim() === '') {
      throw new Error(`Coin "${slug}" of the market snapshot has no "symbol"`);
    }
    if (seen.has(slug)) return [];
    seen.add(slug);
    return [{ path: coinPath(slug), context: { slug, name, symbol, mobile: false } }];
  });
}
