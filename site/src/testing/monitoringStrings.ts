// The monitoring area's strings as the locale files have them, read from disk (Node only), so
// that a unit test reads what a visitor reads.
import type { Locale } from '../i18n/locales';
import { flatStrings, loadStrings } from './renderWithLocale';

/**
 * The `monitoring` string at `key` of `locale`'s file, with `{{name}}` filled from `values`, so
 * that a test reads what a visitor reads; a key the file lacks throws.
 */
export function monitoringStrings(
  locale: Locale,
  ns = 'monitoring',
): (key: string, values?: Record<string, string | number>) => string {
  const flat = flatStrings(loadStrings(locale, ns));
  return (key, values = {}) => {
    const text = flat[key];
    if (text === undefined) throw new Error(`No ${locale} ${ns} string ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      if (!(name in values)) throw new Error(`No value for {{${name}}} in ${key}`);
      return String(values[name]);
    });
  };
}
