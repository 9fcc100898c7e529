import * as designSystem from './index';

describe('@coinlens/design-system public API', () => {
  it('exports exactly the listed names', () => {
    expect(Object.keys(designSystem).sort()).toEqual([
      'CODE_LENGTH',
      'CodeInput',
      'CoinlensProvider',
      'PriceChange',
      'TIME_GROUP_MS',
      'chatDisplayTimes',
      'codeInputRecipe',
      'coinlensConfig',
      'formatPercentChange',
      'formatPrice',
      'formatTimestamp',
      'priceChangeRecipe',
      'system',
      'trendOf',
    ]);
  });
});
