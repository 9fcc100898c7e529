/** One hour: chat messages closer than this to the last shown time show no time of their own. */
export const TIME_GROUP_MS = 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');

function sameUtcDay(a: Date, b: Date): boolean {
  return (
    a.getUTCFullYear() === b.getUTCFullYear() &&
    a.getUTCMonth() === b.getUTCMonth() &&
    a.getUTCDate() === b.getUTCDate()
  );
}

export interface FormatTimeOptions {
  /** "Now", in ms since the epoch (defaults to the clock); decides what "today" is. */
  now?: number;
  /** Put before a time of today, e.g. "Today" gives "Today 14:05". */
  todayLabel?: string;
}

/**
 * A timestamp (Unix seconds, UTC) as the product shows it: `HH:mm` when it is today (UTC),
 * otherwise `MM/DD HH:mm`. Returns null for a value that is not a finite number.
 */
export function formatTimestamp(seconds: number, options: FormatTimeOptions = {}): string | null {
  if (!Number.isFinite(seconds)) return null;
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) return null;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  if (sameUtcDay(date, new Date(options.now ?? Date.now()))) {
    return options.todayLabel ? `${options.todayLabel} ${time}` : time;
  }
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())} ${time}`;
}

/**
 * The display time of each message in a chat (timestamps in Unix seconds, oldest first): a
 * message shows its time only when more than an hour has passed since the last time shown;
 * the others get null.
 */
export function chatDisplayTimes(
  timestamps: readonly number[],
  options: Pick<FormatTimeOptions, 'now'> = {},
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
