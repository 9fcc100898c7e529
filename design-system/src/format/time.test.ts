import { chatDisplayTimes, formatTimestamp } from './time';

// 2026-11-22 15:30:00 UTC
const NOW = Date.UTC(2026, 10, 22, 15, 30);
const at = (iso: string) => Date.parse(iso) / 1000;

describe('formatTimestamp', () => {
  it.each([
    ['2026-11-22T00:00:00Z', '00:00'],
    ['2026-11-22T14:05:59Z', '14:05'],
    ['2026-11-21T23:59:00Z', '11/21 23:59'],
    ['2026-01-03T08:07:00Z', '01/03 08:07'],
    ['2025-11-22T14:05:00Z', '11/22 14:05'],
    ['2026-11-23T01:00:00Z', '11/23 01:00'],
  ])('shows %s as %s (UTC, today is 2026-11-22)', (iso, expected) => {
    expect(formatTimestamp(at(iso), { now: NOW })).toBe(expected);
  });

  it('puts the today label before a time of today only', () => {
    expect(formatTimestamp(at('2026-11-22T09:15:00Z'), { now: NOW, todayLabel: 'Today' })).toBe(
      'Today 09:15',
    );
    expect(formatTimestamp(at('2026-11-20T09:15:00Z'), { now: NOW, todayLabel: 'Today' })).toBe(
      '11/20 09:15',
    );
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

  it('shows date and time for messages of another day', () => {
    expect(
      chatDisplayTimes([at('2026-11-20T18:00:00Z'), at('2026-11-22T09:00:00Z')], { now: NOW }),
    ).toEqual(['11/20 18:00', '09:00']);
  });

  it('returns an empty list for no messages', () => {
    expect(chatDisplayTimes([])).toEqual([]);
  });
});
