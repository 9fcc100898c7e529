// The product's one set-up of dayjs: the plugins its dates need and the interface's three locales,
// registered once here for the design system and the site alike. Callers get their dates from
// dateIn rather than from dayjs itself: the package is `sideEffects: false`, so a bundler may skip
// a module that only passes dayjs on, and this set-up with it.
import dayjs, { type Dayjs } from 'dayjs';
// Files named with their extension: dayjs's package maps no subpaths, and Node's ES modules find
// no file without it.
import utc from 'dayjs/plugin/utc.js';
// The locales' own formats (`L`, `LT`, `lll`): each locale's date order and clock come from its
// locale data rather than from a format string written here for each language.
import localizedFormat from 'dayjs/plugin/localizedFormat.js';
// Each locale registers itself with dayjs as it loads; a date picks one with `.locale()`, so that
// the global locale stays English and no caller's choice leaks into another's.
import 'dayjs/locale/pt-br.js';
import 'dayjs/locale/zh-cn.js';

dayjs.extend(utc);
dayjs.extend(localizedFormat);

/** The locales dates are written in: the interface's languages, as dayjs names them. */
export type DateLocale = 'en' | 'zh-cn' | 'pt-br';

/**
 * The dayjs locale of a site language or BCP 47 tag: `zh` and `zh-CN` give `zh-cn`, `pt-br` and
 * `pt-BR` give `pt-br`, anything else English.
 */
export function dateLocale(locale: string): DateLocale {
  const language = locale.toLowerCase().split('-')[0];
  if (language === 'zh') return 'zh-cn';
  if (language === 'pt') return 'pt-br';
  return 'en';
}

export interface DateInOptions {
  /** A site language or BCP 47 tag (`en`, `zh-CN`, `pt-br`); English when left out. */
  locale?: string;
  /**
   * The clock to read the date on, in minutes east of UTC: 0 is UTC, 480 is China's (dayjs takes
   * 16 or less as hours). The reader's own zone when left out.
   */
  utcOffset?: number;
}

/**
 * `time` (ms since the epoch, a Date, or an ISO date such as `2026-11-01`) as a dayjs that formats
 * in `locale`, on the clock of `utcOffset`. Check `isValid()` before showing a time from outside.
 */
export function dateIn(
  time: number | string | Date,
  { locale = 'en', utcOffset }: DateInOptions = {},
): Dayjs {
  const date = utcOffset === undefined ? dayjs(time) : dayjs.utc(time).utcOffset(utcOffset);
  return date.locale(dateLocale(locale));
}
