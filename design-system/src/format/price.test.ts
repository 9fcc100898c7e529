import { formatPrice } from './price';

describe('formatPrice', () => {
  it.each([
    [64231.5, 'en', '$64,231.50'],
    [1, 'en', '$1.00'],
    [1.005, 'en', '$1.01'],
    [0.0001234, 'en', '$0.0001234'],
    [0.000123456, 'en', '$0.0001235'],
    [0.5, 'en', '$0.5000'],
    [0.99996, 'en', '$1.00'],
    [0.00000000123, 'en', '$0.000000001230'],
    [0, 'en', '$0.00'],
    [-2.5, 'en', '-$2.50'],
    [-0.01234, 'en', '-$0.01234'],
    [64231.5, 'zh', '$64,231.50'],
    [64231.5, 'pt-br', '$ 64.231,50'],
    [0.0001234, 'pt-br', '$ 0,0001234'],
  ])('formats %p in %s as %s', (value, locale, expected) => {
    // Intl separates "$" from the number with a no-break space in some locales.
    expect(formatPrice(value, locale)?.replace(/\u00a0/g, ' ')).toBe(expected);
  });

  it('never shows $0.00 for a positive price', () => {
    for (const value of [1e-12, 0.000001, 0.004, 0.0049999]) {
      expect(formatPrice(value)).not.toBe('$0.00');
    }
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('returns null for %p', (value) => {
    expect(formatPrice(value)).toBeNull();
  });
});
