import { coinPagesOf, coinPath, coinSlugOf } from './coinPages';

describe('coinSlugOf', () => {
  it.each([
    ['/coins/bitcoin/', 'bitcoin'],
    ['/zh/coins/usd-coin/', 'usd-coin'],
    ['/pt-br/mobile/coins/wrapped-bitcoin', 'wrapped-bitcoin'],
    ['/coins/Bitcoin/', 'bitcoin'],
  ])('reads %s as %s', (path, slug) => {
    expect(coinSlugOf(path)).toBe(slug);
  });

  it.each([
    '/coins/',
    '/markets/',
    '/coins/bit%coin/',
    '/coins/-x-/',
    '/coins/a b/',
    '/coins/a/b/',
  ])('finds no coin in %s', (path) => {
    expect(coinSlugOf(path)).toBeNull();
  });
});

describe('coinPagesOf', () => {
  it('makes a page per coin, once per slug', () => {
    const pages = coinPagesOf({
      coins: [
        { slug: 'bitcoin', name: 'Bitcoin', symbol: 'BTC' },
        { slug: 'ethereum', name: 'Ethereum', symbol: 'ETH' },
        { slug: 'bitcoin', name: 'Bitcoin again', symbol: 'BTC' },
      ],
    });
    expect(pages.map((page) => page.path)).toEqual(['/coins/bitcoin/', '/coins/ethereum/']);
    expect(pages[0]!.context).toEqual({
      slug: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'BTC',
      mobile: false,
    });
    expect(coinPath('ethereum')).toBe('/coins/ethereum/');
  });

  it.each([
    [null, 'no "coins" list'],
    [{ coins: [] }, 'no "coins" list'],
    [
      { coins: [{ slug: 'Bad Slug', name: 'X', symbol: 'X' }] },
      'Coin 1 of the market snapshot has no valid "slug"',
    ],
    [
      { coins: [{ slug: 'x', name: ' ', symbol: 'X' }] },
      'Coin "x" of the market snapshot has no "name"',
    ],
    [{ coins: [{ slug: 'x', name: 'X' }] }, 'Coin "x" of the market snapshot has no "symbol"'],
  ])('refuses %j', (snapshot, message) => {
    expect(() => coinPagesOf(snapshot)).toThrow(message);
  });

  it("makes pages for every coin of the API's bundled snapshot", async () => {
    const snapshot = (await import('../../../../api/data/coins.json')).default;
    const pages = coinPagesOf(snapshot);
    expect(pages).toHaveLength(snapshot.coins.length);
    expect(pages[0]!.path).toBe('/coins/bitcoin/');
  });
});
