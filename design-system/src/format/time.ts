import { dateIn } from './dayjs';

/** One hour: chat messages closer than this to the last shown time show no time of their own. */
export const TIME_GROUP_MS = 3_600_000;

/**
 * How a time is written, with the date in the locale's own order and words (dayjs's localized
 * formats, from each locale's data): `short` in digits for tight places (a chat time, a card),
 * `medium` with the month's name and the locale's own clock for a line of text ("as of").
 */
export type DateStyle = 'short' | 'medium';

/**
 * The formats by style, for a time of today and of another day. The short style keeps the one
 * 24-hour clock the chat and the monitoring cards have in every language (`LT` is 24-hour in
 * Chinese and Portuguese already), so that a column of times lines up; its date is the locale's.
 */
const FORMATS: Record<DateStyle, { today: string; otherDay: string }> = {
  short: { today: 'HH:mm', otherDay: 'L HH:mm' },
  medium: { today: 'LT', otherDay: 'lll' },
};

export interface FormatDateTimeOptions {
  /** "Now", in ms since the epoch (defaults to the clock); decides what "today" is. */
  now?: number;
  /** Put before a time of today, e.g. "Today" gives "Today 14:05". */
  todayLabel?: string;
  /** A site language or BCP 47 tag (`en`, `zh-CN`, `pt-br`); decides the date's order and clock. */
  locale?: string;
  /**
   * The clock to read the time on, in minutes east of UTC (0 is UTC); the reader's own zone when
   * left out. "Today" is decided on the same clock.
   */
  utcOffset?: number;
  /** How a date of another day is written; `short` by default. */
  dateStyle?: DateStyle;
}

/**
 * A moment (ms since the epoch) as the locale writes it: its time alone when it is today,
 * otherwise its date and time. Short: `14:05`, `11/21/2026 23:59`, `2026/11/21 23:59`,
 * `21/11/2026 23:59`; medium: `2:05 PM`, `Nov 21, 2026 11:59 PM`, `2026年11月21日 23:59`,
 * `21 de nov de 2026 às 23:59`. Returns null for a value that is not a readable time.
 */
export function formatDateTime(ms: number, options: FormatDateTimeOptions = {}): string | null {
  if (!Number.isFinite(ms)) return null;
  const { locale = 'en', utcOffset, todayLabel, dateStyle = 'short' } = options;
  const date = dateIn(ms, { locale, utcOffset });
  if (!date.isValid()) return null;
  if (date.isSame(dateIn(options.now ?? Date.now(), { utcOffset }), 'day')) {
    const time = date.format(FORMATS[dateStyle].today);
    return todayLabel ? `${todayLabel} ${time}` : time;
  }
  return date.format(FORMATS[dateStyle].otherDay);
}

export type FormatTimeOptions = Pick<FormatDateTimeOptions, 'now' | 'todayLabel' | 'locale'>;

/**
 * A timestamp (Unix seconds) as the product shows it in chats and monitoring: `formatDateTime`'s
 * short style on the UTC clock, which decides what "today" is too. Null for a value that is not
 * a finite number.
 */
export function formatTimestamp(seconds: number, options: FormatTimeOptions = {}): string | null {
  return formatDateTime(seconds * 1000, { ...options, utcOffset: 0, dateStyle: 'short' });
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
