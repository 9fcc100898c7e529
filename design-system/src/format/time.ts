import { dateIn, dateLocale, type DateLocale } from './dayjs';

/** One hour: chat messages closer than this to the last shown time show no time of their own. */
export const TIME_GROUP_MS = 3_600_000;

/** A time of another day: the date in each locale's own order, then the 24-hour time. */
const OTHER_DAY: Record<DateLocale, string> = {
  en: 'MM/DD HH:mm',
  'zh-cn': 'M月D日 HH:mm',
  'pt-br': 'DD/MM HH:mm',
};

export interface FormatTimeOptions {
  /** "Now", in ms since the epoch (defaults to the clock); decides what "today" is. */
  now?: number;
  /** Put before a time of today, e.g. "Today" gives "Today 14:05". */
  todayLabel?: string;
  /** A site language or BCP 47 tag (`en`, `zh-CN`, `pt-br`); decides the date's order. */
  locale?: string;
}

/**
 * A timestamp (Unix seconds, UTC) as the product shows it: `HH:mm` when it is today (UTC),
 * otherwise the date too, in the locale's order: `11/21 23:59`, `11月21日 23:59`, `21/11 23:59`.
 * Returns null for a value that is not a finite number.
 */
export function formatTimestamp(seconds: number, options: FormatTimeOptions = {}): string | null {
  if (!Number.isFinite(seconds)) return null;
  const locale = dateLocale(options.locale ?? 'en');
  const date = dateIn(seconds * 1000, { locale, utcOffset: 0 });
  if (!date.isValid()) return null;
  if (date.isSame(dateIn(options.now ?? Date.now(), { utcOffset: 0 }), 'day')) {
    const time = date.format('HH:mm');
    return options.todayLabel ? `${options.todayLabel} ${time}` : time;
  }
  return date.format(OTHER_DAY[locale]);
}

/**
 * The display time of each message in a chat (timestamps in Unix seconds, oldest first): a
 * message shows its time only when more than an hour has passed since the last time shown;
 * the others get null.
 */
export function chatDisplayTimes(
  timestamps: readonly number[],
  options: Pick<FormatTimeOptions, 'now' | 'locale'> = {},
): Array<string | null> {
  let lastShownMs: number | undefined;
  return timestamps.map((seconds) => {
    const ms = seconds * 1000;
    if (!Number.isFinite(ms)) return null;
    if (lastShownMs !== undefined && ms - lastShownMs <= TIME_GROUP_MS) return null;
    lastShownMs = ms;
    return formatTimestamp(seconds, options);
  });
}
