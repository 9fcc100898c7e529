// Which colour means up on the site's prices, by language: Chinese markets show rises in red and
// falls in green, most others the other way round. A signed-in user's own choice
// (`UserInfo.priceColors`) goes before this; the server render writes the page's default on
// <html> (gatsby-ssr.tsx), so the first paint has the language's colours.
import type { TrendColors } from '@coinlens/design-system';
import { localeFromPathname, type Locale } from './locales';

/** Each language's convention. */
export const LOCALE_TREND_COLORS: Record<Locale, TrendColors> = {
  en: 'green-up',
  zh: 'red-up',
  'pt-br': 'green-up',
};

/** The up and down colours of a page at `pathname` for a reader who has not chosen. */
export function trendColorsOf(pathname: string): TrendColors {
  return LOCALE_TREND_COLORS[localeFromPathname(pathname)];
}
