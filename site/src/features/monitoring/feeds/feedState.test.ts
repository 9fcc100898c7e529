import type { FeedState } from '@coinlens/contract';
import { fakeFeed } from '../../../testing/api';
import { describeMoment, failingCount, feedName, feedStatus, type FeedStatus } from './feedState';

/** 2026-11-01 12:00:00 UTC, in ms. */
const NOW = Date.UTC(2026, 10, 1, 12, 0, 0);
const NOW_S = NOW / 1000;

describe('feedStatus', () => {
  it.each<[string, Partial<FeedState>, FeedStatus]>([
    ['a feed whose last read worked', {}, 'ok'],
    [
      'a feed whose last read failed',
      { failures: 2, lastError: 'HTTP 404 Not Found', lastSuccessAt: NOW_S - 3600 },
      'failing',
    ],
    [
      'a feed that never worked',
      { failures: 1, lastError: 'Not a feed', lastSuccessAt: null },
      'failing',
    ],
    ['a failure counted without its words', { failures: 1, lastError: null }, 'failing'],
    [
      'a configured feed never read',
      { lastFetchedAt: null, lastSuccessAt: null, nextFetchAt: NOW_S },
      'pending',
    ],
    ['a feed taken out of FEEDS', { active: false, nextFetchAt: null }, 'retired'],
    [
      'a feed taken out of FEEDS while failing',
      { active: false, failures: 4, lastError: 'timed out' },
      'retired',
    ],
    [
      'a feed taken out of FEEDS before its first read',
      { active: false, lastFetchedAt: null, lastSuccessAt: null },
      'retired',
    ],
  ])('says %s is %s', (_case, fields, expected) => {
    expect(feedStatus(fakeFeed(1, fields))).toBe(expected);
  });

  it('counts the failing feeds only', () => {
    const feeds = [
      fakeFeed(1),
      fakeFeed(2, { failures: 3, lastError: 'HTTP 503' }),
      fakeFeed(3, { active: false, failures: 1, lastError: 'HTTP 500' }),
      fakeFeed(4, { failures: 1, lastError: 'refused' }),
    ];
    expect(failingCount(feeds)).toBe(2);
    expect(failingCount([])).toBe(0);
  });
});

describe('feedName', () => {
  it.each<[string | null, string]>([
    ['Macro Weekly', 'Macro Weekly'],
    ['  Macro Weekly ', 'Macro Weekly'],
    [null, 'https://news.example.net/atom.xml'],
    ['   ', 'https://news.example.net/atom.xml'],
  ])('names a feed titled %j %j', (title, expected) => {
    expect(feedName(fakeFeed(1, { title, url: 'https://news.example.net/atom.xml' }))).toBe(
      expected,
    );
  });
});

describe('describeMoment', () => {
  it.each<[string, number, string, string]>([
    ['en', NOW_S - 5 * 60, '5 minutes ago', '11/01/2026 11:55:00'],
    ['en', NOW_S - 2 * 86_400, '2 days ago', '10/30/2026 12:00:00'],
    ['en', NOW_S + 10 * 60, 'in 10 minutes', '11/01/2026 12:10:00'],
    ['en', NOW_S - 20, 'a few seconds ago', '11/01/2026 11:59:40'],
    ['zh', NOW_S - 5 * 60, '5 分钟前', '2026/11/01 11:55:00'],
    ['zh', NOW_S + 10 * 60, '10 分钟内', '2026/11/01 12:10:00'],
    ['pt-br', NOW_S - 5 * 60, 'há 5 minutos', '01/11/2026 11:55:00'],
    ['pt-br', NOW_S + 3 * 3600, 'em 3 horas', '01/11/2026 15:00:00'],
  ])('writes a moment in %s as %j, exactly %j (UTC)', (locale, seconds, relative, exact) => {
    expect(describeMoment(seconds, { locale, now: NOW })).toMatchObject({ relative, exact });
  });

  it('gives the ISO moment for <time>, and whether it has come', () => {
    expect(describeMoment(NOW_S - 60, { locale: 'en', now: NOW })).toMatchObject({
      iso: '2026-11-01T11:59:00.000Z',
      past: true,
    });
    expect(describeMoment(NOW_S, { locale: 'en', now: NOW })?.past).toBe(true);
    expect(describeMoment(NOW_S + 1, { locale: 'en', now: NOW })?.past).toBe(false);
  });

  it.each([null, Number.NaN, Number.POSITIVE_INFINITY])('gives nothing for %p', (seconds) => {
    expect(describeMoment(seconds, { locale: 'en', now: NOW })).toBeNull();
  });
});
