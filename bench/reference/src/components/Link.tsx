// The plugin's Link with the props it takes: its published type was computed from an older
// @types/react and asks for props that no link has (placeholder, onResize ...).
import type { GatsbyLinkProps } from 'gatsby';
import { Link as PluginLink } from 'gatsby-plugin-react-i18next';
import type { ForwardRefExoticComponent, RefAttributes } from 'react';

export type LinkProps = Omit<GatsbyLinkProps<unknown>, 'ref'> & {
  /** Link to this language's version of the page instead of the current language's. */
  language?: string;
};

export const Link = PluginLink as unknown as ForwardRefExoticComponent<
  LinkProps & RefAttributes<HTMLAnchorElement>
>;
