// The browser's first number or date format in a page starts its whole internationalization
// library (ICU): about 50 ms on a slow machine (docs/benchmarks.md), where later formats take a
// millisecond or less. An area that formats its data makes a format first, in a task of its own
// while that data is on its way, instead of inside the render that shows it. On a full load of a
// signed-in area the head script has started them before the page's scripts ran
// (src/app/earlyRequests.ts); this covers a page reached from another, and makes the area's own.
import { useEffect } from 'react';
import { intlLocale } from './locales';

/** Starts the browser's formats for `language` (a site locale, or any BCP 47 tag). */
export function startFormats(language: string): void {
  new Intl.NumberFormat(intlLocale(language)).format(0);
}

/**
 * Runs `prepare(language)` in a task of its own after the area's first render, and again when the
 * language changes: by default `startFormats`; an area can make the very formats it will use.
 */
export function usePreparedFormats(
  language: string,
  prepare: (language: string) => void = startFormats,
): void {
  useEffect(() => {
    const timer = setTimeout(() => prepare(language), 0);
    return () => clearTimeout(timer);
  }, [language, prepare]);
}
