import { chatDisplayTimes, formatDateTime, formatTimestamp } from './time';

// 2026-11-22 15:30:00 UTC
const NOW = Date.UTC(2026, 10, 22, 15, 30);
const at = (iso: string) => Date.parse(iso) / 1000;

describe('formatTimestamp', () => {
  // The same moments in each locale, each date in the locale's own order: 3 December is
  // 03/12 to a Brazilian reader, 12/03 to an American one.
  it.each([
    ['2026-11-22T00:00:00Z', 'en', '00:00'],
    ['2026-11-22T14:05:59Z', 'en', '14:05'],
    ['2026-11-21T23:59:00Z', 'en', '11/21/2026 23:59'],
    ['2026-12-03T03:27:00Z', 'en', '12/03/2026 03:27'],
    ['2025-11-22T14:05:00Z', 'en', '11/22/2025 14:05'],
    ['2026-11-23T01:00:00Z', 'en', '11/23/2026 01:00'],
    ['2026-11-22T00:00:00Z', 'zh', '00:00'],
    ['2026-11-22T14:05:59Z', 'zh', '14:05'],
    ['2026-11-21T23:59:00Z', 'zh', '2026/11/21 23:59'],
    ['2026-12-03T03:27:00Z', 'zh-CN', '2026/12/03 03:27'],
    ['2025-11-22T14:05:00Z', 'zh', '2025/11/22 14:05'],
    ['2026-11-22T08:07:00Z', 'pt-br', '08:07'],
    ['2026-11-21T23:59:00Z', 'pt-br', '21/11/2026 23:59'],
    ['2026-12-03T03:27:00Z', 'pt-br', '03/12/2026 03:27'],
    ['2026-03-12T03:27:00Z', 'pt-BR', '12/03/2026 03:27'],
    ['2025-11-22T14:05:00Z', 'pt-br', '22/11/2025 14:05'],
  ])('shows %s in %s as %s (UTC, today is 2026-11-22)', (iso, locale, expected) => {
    expect(formatTimestamp(at(iso), { now: NOW, locale })).toBe(expected);
  });

  it('writes English dates when given no locale, or one it does not have', () => {
    expect(formatTimestamp(at('2026-01-03T08:07:00Z'), { now: NOW })).toBe('01/03/2026 08:07');
    expect(formatTimestamp(at('2026-01-03T08:07:00Z'), { now: NOW, locale: 'de-DE' })).toBe(
      '01/03/2026 08:07',
    );
  });

  it('decides what today is on the UTC clock, wherever the reader is', () => {
    // 23:30 UTC is already the next day in Shanghai, and still "today" here.
    const lateNow = Date.UTC(2026, 10, 22, 23, 30);
    expect(formatTimestamp(at('2026-11-22T00:10:00Z'), { now: lateNow })).toBe('00:10');
    expect(formatTimestamp(at('2026-11-23T00:10:00Z'), { now: lateNow })).toBe('11/23/2026 00:10');
  });

  it.each([
    ['en', 'Today', 'Today 09:15', '11/20/2026 09:15'],
    ['zh', '今天', '今天 09:15', '2026/11/20 09:15'],
    ['pt-br', 'Hoje', 'Hoje 09:15', '20/11/2026 09:15'],
  ])('puts the %s today label before a time of today only', (locale, todayLabel, today, other) => {
    const options = { now: NOW, todayLabel, locale };
    expect(formatTimestamp(at('2026-11-22T09:15:00Z'), options)).toBe(today);
    expect(formatTimestamp(at('2026-11-20T09:15:00Z'), options)).toBe(other);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1e20])('returns null for %p', (value) => {
    expect(formatTimestamp(value, { now: NOW })).toBeNull();
  });
});

describe('formatDateTime', () => {
  const ms = (iso: string) => Date.parse(iso);

  it.each([
    ['en', '2:05 PM', 'Dec 3, 2026 3:27 AM'],
    ['zh', '14:05', '2026年12月3日 03:27'],
    ['pt-br', '14:05', '3 de dez de 2026 às 03:27'],
  ])('writes %s medium dates with the month’s name', (locale, today, otherDay) => {
    const options = { now: NOW, locale, utcOffset: 0, dateStyle: 'medium' } as const;
    expect(formatDateTime(ms('2026-11-22T14:05:00Z'), options)).toBe(today);
    expect(formatDateTime(ms('2026-12-03T03:27:00Z'), options)).toBe(otherDay);
  });

  it.each([
    ['en', '12/03/2026 03:27'],
    ['zh', '2026/12/03 03:27'],
    ['pt-br', '03/12/2026 03:27'],
  ])('writes %s short dates in digits, on a 24-hour clock, by default', (locale, expected) => {
    expect(formatDateTime(ms('2026-12-03T03:27:00Z'), { now: NOW, locale, utcOffset: 0 })).toBe(
      expected,
    );
  });

  it('reads the time and decides today on the clock it is given', () => {
    // 14:05 UTC is 22:05 in Shanghai (UTC+8), still 22 November there.
    const shanghai = { locale: 'zh', utcOffset: 480 };
    expect(formatDateTime(ms('2026-11-22T14:05:00Z'), { ...shanghai, now: NOW })).toBe('22:05');
    // At 16:30 UTC it is already 23 November in Shanghai: 14:05 UTC was the day before.
    const later = Date.UTC(2026, 10, 22, 16, 30);
    expect(formatDateTime(ms('2026-11-22T14:05:00Z'), { ...shanghai, now: later })).toBe(
      '2026/11/22 22:05',
    );
    // São Paulo (UTC-3): 01:00 UTC on the 23rd is still 22:00 on the 22nd.
    expect(
      formatDateTime(ms('2026-11-23T01:00:00Z'), {
        locale: 'pt-br',
        utcOffset: -180,
        now: NOW,
      }),
    ).toBe('22:00');
  });

  it.each([Number.NaN, Number.NEGATIVE_INFINITY, 1e20 * 1000])('returns null for %p', (value) => {
    expect(formatDateTime(value, { now: NOW })).toBeNull();
  });
});

describe('chatDisplayTimes', () => {
  it('shows a time only after more than an hour since the last one shown', () => {
    const first = at('2026-11-22T10:00:00Z');
    expect(
      chatDisplayTimes(
        [
          first,
          first + 60, // a minute later
          first + 3600, // exactly an hour after the shown one: not more
          first + 3601, // more than an hour
          first + 3601 + 1800, // half an hour after the last shown
        ],
        { now: NOW },
      ),
    ).toEqual(['10:00', null, null, '11:00', null]);
  });

  it.each([
    ['en', ['11/20/2026 18:00', '09:00']],
    ['zh', ['2026/11/20 18:00', '09:00']],
    ['pt-br', ['20/11/2026 18:00', '09:00']],
  ])('shows date and time in %s for messages of another day', (locale, expected) => {
    expect(
      chatDisplayTimes([at('2026-11-20T18:00:00Z'), at('2026-11-22T09:00:00Z')], {
        now: NOW,
        locale,
      }),
    ).toEqual(expected);
  });

  it('returns an empty list for no messages', () => {
    expect(chatDisplayTimes([])).toEqual([]);
  });
});
