import { formatCompactUsd } from './compact';

// Intl puts a no-break space (U+00A0) between "$", the number and the unit in Portuguese: the
// expected strings spell it out, so a plain space would fail.
const NBSP = '\u00a0';

describe('formatCompactUsd', () => {
  it.each([
    [1.23e12, 'en', '$1.23T'],
    [1.2e12, 'en', '$1.20T'],
    [45.6e9, 'en', '$45.60B'],
    [1_234_567, 'en', '$1.23M'],
    [999_999, 'en', '$1.00M'],
    [12_345, 'en', '$12.35K'],
    [512.345, 'en', '$512.35'],
    [0, 'en', '$0.00'],
    [-3.2e9, 'en', '-$3.20B'],
    [1.23e12, 'zh', '$1.23万亿'],
    [45.6e9, 'zh', '$456.00亿'],
    [1_234_567, 'zh', '$123.46万'],
    [512.345, 'zh', '$512.35'],
    [1.23e12, 'pt-br', `$${NBSP}1,23${NBSP}tri`],
    [45.6e9, 'pt-br', `$${NBSP}45,60${NBSP}bi`],
    [1_234_567, 'pt-br', `$${NBSP}1,23${NBSP}mi`],
    [12_345, 'pt-br', `$${NBSP}12,35${NBSP}mil`],
    [512.345, 'pt-br', `$${NBSP}512,35`],
  ])('formats %p in %s as %s', (value, locale, expected) => {
    expect(formatCompactUsd(value, locale)).toBe(expected);
  });

  it('shows dollars as "$" in every language, never "US$"', () => {
    for (const locale of ['en', 'zh', 'pt-br']) {
      expect(formatCompactUsd(2e9, locale)).not.toMatch(/US/);
    }
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'returns null for %p',
    (value) => {
      expect(formatCompactUsd(value, 'en')).toBeNull();
    },
  );

  it('reads null as no figure, as the API sends an unknown one', () => {
    // The API's nullable figures reach callers untyped at times (JSON): null is not zero dollars.
    expect(formatCompactUsd(null as unknown as number, 'en')).toBeNull();
  });
});
