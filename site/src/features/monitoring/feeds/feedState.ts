// What the Feeds page makes of a feed's state: the one word its badge says, the name it goes by,
// and its times as "5 minutes ago" with the exact moment beside them. Times are written with the
// product's dayjs set-up (dateIn); the words of "ago" and "in" are dayjs's own relativeTime, in
// the page's language, which only this page's code loads.
import type { FeedState } from '@coinlens/contract';
import { dateIn } from '@coinlens/design-system';
import dayjs from 'dayjs';
// With its extension, as the design system imports dayjs's plugins (dayjs maps no subpaths).
import relativeTime from 'dayjs/plugin/relativeTime.js';

dayjs.extend(relativeTime);

/**
 * What the badge of a feed says: `retired` (taken out of FEEDS: not read any more, whatever its
 * last read did), `pending` (configured, never read yet), `failing` (its last read failed) or
 * `ok`.
 */
export type FeedStatus = 'ok' | 'failing' | 'pending' | 'retired';

/** The badge of `feed` (see `FeedStatus`). */
export function feedStatus(feed: FeedState): FeedStatus {
  if (!feed.active) return 'retired';
  // A failure counts even before any read got through (a feed that never worked).
  if (feed.failures > 0 || feed.lastError !== null) return 'failing';
  if (feed.lastFetchedAt === null) return 'pending';
  return 'ok';
}

/** The feed's own title, or its address until a read brought one (or when the title is blank). */
export function feedName(feed: FeedState): string {
  const title = feed.title?.trim();
  return title ? title : feed.url;
}

/** A moment as the page shows it. */
export interface Moment {
  /** How far from now, in the page's language: "5 minutes ago", "in 10 minutes". */
  relative: string;
  /** The exact moment on the UTC clock, the date in the locale's order: `11/01/2026 11:55:00`. */
  exact: string;
  /** The moment in ISO 8601, for `<time dateTime>`. */
  iso: string;
  /** Whether it has come (it is not after `now`). */
  past: boolean;
}

export interface MomentOptions {
  /** A site language (`en`, `zh`, `pt-br`). */
  locale: string;
  /** Now, in ms since the epoch. */
  now: number;
}

/** `seconds` (Unix seconds, as the API gives times) as the page shows it; null for no time. */
export function describeMoment(
  seconds: number | null,
  { locale, now }: MomentOptions,
): Moment | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const date = dateIn(seconds * 1000, { locale, utcOffset: 0 });
  if (!date.isValid()) return null;
  return {
    relative: date.from(dateIn(now, { locale, utcOffset: 0 })),
    exact: date.format('L HH:mm:ss'),
    iso: date.toISOString(),
    past: seconds * 1000 <= now,
  };
}

/** How many of `feeds` are failing: the page says so first. */
export function failingCount(feeds: readonly FeedState[]): number {
  return feeds.filter((feed) => feedStatus(feed) === 'failing').length;
}
