import { chatDisplayTimes, formatTimestamp } from './time';

// 2026-11-22 15:30:00 UTC
const NOW = Date.UTC(2026, 10, 22, 15, 30);
const at = (iso: string) => Date.parse(iso) / 1000;

describe('formatTimestamp', () => {
  it.each([
    ['2026-11-22T00:00:00Z', 'en', '00:00'],
    ['2026-11-22T14:05:59Z', 'en', '14:05'],
    ['2026-11-21T23:59:00Z', 'en', '11/21 23:59'],
    ['2026-01-03T08:07:00Z', 'en', '01/03 08:07'],
    ['2025-11-22T14:05:00Z', 'en', '11/22 14:05'],
    ['2026-11-23T01:00:00Z', 'en', '11/23 01:00'],
    ['2026-11-22T14:05:59Z', 'zh', '14:05'],
    ['2026-11-21T23:59:00Z', 'zh', '11月21日 23:59'],
    ['2026-01-03T08:07:00Z', 'zh-CN', '1月3日 08:07'],
    ['2026-11-22T08:07:00Z', 'pt-br', '08:07'],
    ['2026-11-21T23:59:00Z', 'pt-br', '21/11 23:59'],
    ['2026-01-03T08:07:00Z', 'pt-BR', '03/01 08:07'],
  ])('shows %s in %s as %s (UTC, today is 2026-11-22)', (iso, locale, expected) => {
    expect(formatTimestamp(at(iso), { now: NOW, locale })).toBe(expected);
  });

  it('writes English dates when given no locale, or one it does not have', () => {
    expect(formatTimestamp(at('2026-01-03T08:07:00Z'), { now: NOW })).toBe('01/03 08:07');
    expect(formatTimestamp(at('2026-01-03T08:07:00Z'), { now: NOW, locale: 'de-DE' })).toBe(
      '01/03 08:07',
    );
  });

  it('decides what today is on the UTC clock, wherever the reader is', () => {
    // 23:30 UTC is already the next day in Shanghai, and still "today" here.
    const lateNow = Date.UTC(2026, 10, 22, 23, 30);
    expect(formatTimestamp(at('2026-11-22T00:10:00Z'), { now: lateNow })).toBe('00:10');
    expect(formatTimestamp(at('2026-11-23T00:10:00Z'), { now: lateNow })).toBe('11/23 00:10');
  });

  it.each([
    ['en', 'Today', 'Today 09:15', '11/20 09:15'],
    ['zh', '今天', '今天 09:15', '11月20日 09:15'],
    ['pt-br', 'Hoje', 'Hoje 09:15', '20/11 09:15'],
  ])('puts the %s today label before a time of today only', (locale, todayLabel, today, other) => {
    const options = { now: NOW, todayLabel, locale };
    expect(formatTimestamp(at('2026-11-22T09:15:00Z'), options)).toBe(today);
    expect(formatTimestamp(at('2026-11-20T09:15:00Z'), options)).toBe(other);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1e20])('returns null for %p', (value) => {
    expect(formatTimestamp(value, { now: NOW })).toBeNull();
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
    ['en', ['11/20 18:00', '09:00']],
    ['zh', ['11月20日 18:00', '09:00']],
    ['pt-br', ['20/11 18:00', '09:00']],
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
