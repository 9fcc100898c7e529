import { dateIn, dateLocale } from './dayjs';

// 2026-11-01 22:05:00 UTC: already 2 November in Shanghai.
const AT = Date.UTC(2026, 10, 1, 22, 5);

describe('dateLocale', () => {
  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['zh', 'zh-cn'],
    ['zh-CN', 'zh-cn'],
    ['pt-br', 'pt-br'],
    ['pt-BR', 'pt-br'],
    ['de', 'en'],
  ])('writes %s dates in the %s locale', (tag, locale) => {
    expect(dateLocale(tag)).toBe(locale);
  });
});

describe('dateIn', () => {
  it.each([
    ['en', 'Sunday, November 1'],
    ['zh', '星期日, 十一月 1'],
    ['pt-br', 'domingo, novembro 1'],
  ])('names months and days in %s', (locale, expected) => {
    expect(dateIn(AT, { locale, utcOffset: 0 }).format('dddd, MMMM D')).toBe(expected);
  });

  it('reads the time on the clock it is given', () => {
    expect(dateIn(AT, { utcOffset: 0 }).format('YYYY-MM-DD HH:mm')).toBe('2026-11-01 22:05');
    expect(dateIn(AT, { utcOffset: 480 }).format('YYYY-MM-DD HH:mm')).toBe('2026-11-02 06:05');
    expect(dateIn(AT, { utcOffset: -180 }).format('YYYY-MM-DD HH:mm')).toBe('2026-11-01 19:05');
    expect(dateIn(AT, { utcOffset: 480 }).valueOf()).toBe(AT);
  });

  it('tells the day apart on that clock', () => {
    const morning = Date.UTC(2026, 10, 2, 1, 0);
    expect(dateIn(AT, { utcOffset: 0 }).isSame(dateIn(morning, { utcOffset: 0 }), 'day')).toBe(
      false,
    );
    expect(dateIn(AT, { utcOffset: 480 }).isSame(dateIn(morning, { utcOffset: 480 }), 'day')).toBe(
      true,
    );
  });

  it('reads an ISO date as that day, whatever the zone', () => {
    expect(dateIn('2026-11-01', { locale: 'pt-br' }).format('D [de] MMMM [de] YYYY')).toBe(
      '1 de novembro de 2026',
    );
  });

  it('leaves the global locale English', () => {
    dateIn(AT, { locale: 'zh' });
    expect(dateIn(AT, { utcOffset: 0 }).format('MMMM')).toBe('November');
  });

  it('says when a time cannot be shown', () => {
    expect(dateIn(1e23, { utcOffset: 0 }).isValid()).toBe(false);
    expect(dateIn('not a date').isValid()).toBe(false);
  });
});
