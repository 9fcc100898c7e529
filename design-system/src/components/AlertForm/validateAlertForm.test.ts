import { parseDecimal, validateAlertForm, type AlertFormInput } from './validateAlertForm';

const input = (overrides: Partial<AlertFormInput> = {}): AlertFormInput => ({
  kind: 'priceAbove',
  value: '60000',
  keyword: '',
  cooldownMinutes: '60',
  ...overrides,
});

describe('parseDecimal', () => {
  it.each([
    ['60000', 'en', 60000],
    ['60,000', 'en', 60000],
    ['60,000.5', 'en', 60000.5],
    ['0.00012', 'en', 0.00012],
    ['.5', 'en', 0.5],
    [' 1 234 ', 'en', 1234],
    ['60000.25', 'zh', 60000.25],
    ['60,000', 'zh', 60000],
    ['60.000', 'pt-br', 60000],
    ['60.000,5', 'pt-br', 60000.5],
    ['1,5', 'pt-br', 1.5],
    ['0.5', 'pt-br', 0.5],
    ['60000,25', 'pt-BR', 60000.25],
  ])('reads %p in %s as %p', (text, locale, expected) => {
    expect(parseDecimal(text, locale)).toBe(expected);
  });

  it.each([
    ['', 'en'],
    ['abc', 'en'],
    ['1,5', 'en'],
    ['-5', 'en'],
    ['$60,000', 'en'],
    ['5%', 'en'],
    ['1e5', 'en'],
    ['1.2.3', 'en'],
    ['6,00,000', 'en'],
  ])('does not guess at %p in %s', (text, locale) => {
    expect(parseDecimal(text, locale)).toBeNull();
  });
});

describe('validateAlertForm', () => {
  it('answers the values to send for a valid price alert', () => {
    expect(validateAlertForm(input(), { subject: 'coin' })).toEqual({
      valid: true,
      values: { kind: 'priceAbove', value: 60000, keyword: null, cooldownMinutes: 60 },
      errors: {},
    });
  });

  it('reads the value in the locale the user writes in', () => {
    const result = validateAlertForm(input({ value: '60.000,50' }), {
      subject: 'coin',
      locale: 'pt-br',
    });
    expect(result.values?.value).toBe(60000.5);
  });

  it.each([
    ['', { field: 'value', code: 'required' }],
    ['   ', { field: 'value', code: 'required' }],
    ['sixty', { field: 'value', code: 'notANumber' }],
    ['0', { field: 'value', code: 'notPositive', kind: 'priceBelow' }],
    ['0.00', { field: 'value', code: 'notPositive', kind: 'priceBelow' }],
  ])('refuses the price %p and says why', (value, error) => {
    const result = validateAlertForm(input({ kind: 'priceBelow', value }), { subject: 'coin' });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual({ value: error });
  });

  it.each([
    ['0.01', true],
    ['1000', true],
    ['1000.01', false],
    ['0', false],
  ])('takes a 24 h move of %p percent: %p', (value, valid) => {
    expect(validateAlertForm(input({ kind: 'move24h', value }), { subject: 'coin' }).valid).toBe(
      valid,
    );
  });

  it('says a move above 1000 percent is too large, with the limit', () => {
    expect(
      validateAlertForm(input({ kind: 'move24h', value: '1500' }), { subject: 'coin' }).errors,
    ).toEqual({ value: { field: 'value', code: 'tooLarge', max: 1000 } });
  });

  it.each(['rsiOverbought', 'rsiOversold', 'sma50CrossUp', 'sma50CrossDown'] as const)(
    'asks no value of %s and sends none, whatever is left in the field',
    (kind) => {
      expect(validateAlertForm(input({ kind, value: 'left over' }), { subject: 'coin' })).toEqual({
        valid: true,
        values: { kind, value: null, keyword: null, cooldownMinutes: 60 },
        errors: {},
      });
    },
  );

  it('sends the keyword trimmed, composed and with single spaces', () => {
    const result = validateAlertForm(
      input({ kind: 'sourceKeyword', keyword: '  spot   ETF\u00a0approval ', value: 'x' }),
      { subject: 'source' },
    );
    expect(result.values).toEqual({
      kind: 'sourceKeyword',
      value: null,
      keyword: 'spot ETF approval',
      cooldownMinutes: 60,
    });
  });

  it.each([
    ['', 'tooShort'],
    [' a ', 'tooShort'],
    ['x'.repeat(61), 'tooLong'],
  ])('refuses the keyword %p: %s', (keyword, code) => {
    const result = validateAlertForm(input({ kind: 'sourceKeyword', keyword }), {
      subject: 'source',
    });
    expect(result.errors.keyword?.code).toBe(code);
  });

  it.each([
    ['ET', true],
    ['x'.repeat(60), true],
    // Two characters to a reader and to the API, four UTF-16 units.
    ['🚀🌕', true],
    ['减半', true],
  ])('takes the keyword %p', (keyword, valid) => {
    expect(
      validateAlertForm(input({ kind: 'sourceKeyword', keyword }), { subject: 'source' }).valid,
    ).toBe(valid);
  });

  it.each([
    ['0', true],
    ['10080', true],
    ['10081', false],
    ['-1', false],
    ['1.5', false],
    ['', false],
  ])('takes a cooldown of %p minutes: %p', (cooldownMinutes, valid) => {
    expect(validateAlertForm(input({ cooldownMinutes }), { subject: 'coin' }).valid).toBe(valid);
  });

  it('names the cooldown range in its error', () => {
    expect(
      validateAlertForm(input({ cooldownMinutes: '20000' }), { subject: 'coin' }).errors,
    ).toEqual({
      cooldownMinutes: { field: 'cooldownMinutes', code: 'outOfRange', min: 0, max: 10080 },
    });
  });

  it.each([null, 'newSources'] as const)(
    'answers a newSourceKeyword alert on %p with its keyword and no value',
    (subject) => {
      const result = validateAlertForm(
        input({ kind: 'newSourceKeyword', keyword: '  spot   ETF ', value: 'left over' }),
        { subject },
      );
      expect(result).toEqual({
        valid: true,
        values: { kind: 'newSourceKeyword', value: null, keyword: 'spot ETF', cooldownMinutes: 60 },
        errors: {},
      });
    },
  );

  it.each([
    ['', { field: 'keyword', code: 'tooShort', min: 2 }],
    [' a ', { field: 'keyword', code: 'tooShort', min: 2 }],
    ['x'.repeat(61), { field: 'keyword', code: 'tooLong', max: 60 }],
  ])('refuses the newSourceKeyword keyword %p and says why', (keyword, error) => {
    const result = validateAlertForm(input({ kind: 'newSourceKeyword', keyword }), {
      subject: null,
    });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual({ keyword: error });
  });

  it.each([
    ['coin', 'sourceLive'],
    ['source', 'priceAbove'],
    ['coin', 'newSourceKeyword'],
    ['source', 'newSourceKeyword'],
    ['newSources', 'sourceKeyword'],
    ['newSources', 'priceAbove'],
    [null, 'sourceLive'],
  ] as const)('refuses a kind that is not for a %s: %s', (subject, kind) => {
    expect(validateAlertForm(input({ kind }), { subject }).errors.kind).toEqual({
      field: 'kind',
      code: 'notForSubject',
    });
  });

  it('reports every wrong field at once', () => {
    const result = validateAlertForm(input({ value: '', cooldownMinutes: 'soon' }), {
      subject: 'coin',
    });
    expect(Object.keys(result.errors).sort()).toEqual(['cooldownMinutes', 'value']);
    expect(result.values).toBeNull();
  });
});
