// The browser's first number or date format in a page starts its whole internationalization
// library (ICU): about 50 ms on a slow machine (docs/benchmarks.md), where later formats take a
// millisecond or less. An area that formats its data makes a format first, in a task of its own
// while that data is on its way, instead of inside the render that shows it.
import { useEffect } from 'react';
import { intlLocale } from './locales';

/**
 * The first half of the library's start: the locale's own data (its likely script and region).
 * In Chromium the first format's 50-80 ms are about half this and half the formats' data, so that
 * this in one task and the first format in the next make two tasks of 20-50 ms instead of one
 * (each run in a fresh browser, unthrottled). Nothing where the browser has no `Intl.Locale`.
 */
export function startLocale(language: string): void {
  try {
    new Intl.Locale(intlLocale(language)).maximize();
  } catch {
    // An old browser: the first format starts the whole library, as before.
  }
}

/** Starts the browser's formats for `language` (a site locale, or any BCP 47 tag). */
export function startFormats(language: string): void {
  new Intl.NumberFormat(intlLocale(language)).format(0);
}

/**
 * After the area's first render, runs `startLocale(language)` in a task of its own and
 * `prepare(language)` in the next; again when the language changes. `prepare` is `startFormats`
 * by default; an area can make the very formats it will use.
 */
export function usePreparedFormats(
  language: string,
  prepare: (language: string) => void = startFormats,
): void {
  useEffect(() => {
    let timer = setTimeout(() => {
      startLocale(language);
      timer = setTimeout(() => prepare(language), 0);
    }, 0);
    return () => clearTimeout(timer);
  }, [language, prepare]);
}
