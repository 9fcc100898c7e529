import { formatPercentChange, trendOf } from './percent';

describe('formatPercentChange', () => {
  it.each([
    [2.3456, 'en', '+2.35%'],
    [-0.4, 'en', '-0.40%'],
    [0, 'en', '0.00%'],
    [-0.004, 'en', '0.00%'],
    [0.005, 'en', '+0.01%'],
    [1234.5, 'en', '+1,234.50%'],
    [1234.5, 'pt-br', '+1.234,50%'],
    [-7.1, 'zh', '-7.10%'],
  ])('formats %p in %s as %s', (value, locale, expected) => {
    expect(formatPercentChange(value, locale)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'returns null for %p',
    (value) => {
      expect(formatPercentChange(value)).toBeNull();
    },
  );
});

describe('trendOf', () => {
  it.each([
    [1, 'up'],
    [0.005, 'up'],
    [0.0049, 'flat'],
    [-0.0049, 'flat'],
    [-0.005, 'down'],
    [-3, 'down'],
  ] as const)('reads %p as %s', (value, trend) => {
    expect(trendOf(value)).toBe(trend);
  });
});
