// The plugin's Link, typed: it takes the gatsby Link props plus an optional target language and
// keeps the current locale's prefix when none is given.
import { Link as I18nLink } from 'gatsby-plugin-react-i18next';
import type {
  AnchorHTMLAttributes,
  ForwardRefExoticComponent,
  ReactNode,
  RefAttributes,
} from 'react';
import type { Locale } from './locales';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** The path without a locale prefix, e.g. `/reporting/`. */
  to: string;
  /** Link to this language's version instead of the current one. */
  language?: Locale;
  /** Class added when the link points at the current page. */
  activeClassName?: string;
  /** Treat sub-paths as the current page for `activeClassName`. */
  partiallyActive?: boolean;
  /** The new history entry's state, which the page it leads to reads as `location.state`. */
  state?: object;
  children?: ReactNode;
}

export const Link = I18nLink as unknown as ForwardRefExoticComponent<
  LinkProps & RefAttributes<HTMLAnchorElement>
>;
