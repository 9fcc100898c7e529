import * as designSystem from './index';

describe('@coinlens/design-system public API', () => {
  it('exports exactly the listed names', () => {
    expect(Object.keys(designSystem).sort()).toEqual([
      'CoinlensProvider',
      'PriceChange',
      'coinlensConfig',
      'formatPercentChange',
      'priceChangeRecipe',
      'system',
      'trendOf',
    ]);
  });
});
