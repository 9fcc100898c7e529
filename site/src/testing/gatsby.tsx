// Story-time stand-in for the `gatsby` module (aliased to it in .storybook/main.ts and in the
// site's Jest story project), where Gatsby's router, loader and build-time globals do not exist.
// `navigate` is recorded, so that a play function can assert where a dialog sends the user; `Link`
// is a plain anchor; the build-time helpers do nothing. Never part of the Gatsby build: only
// stories and story tests import it.
import { fn } from '@storybook/test';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  activeClassName?: string;
  partiallyActive?: boolean;
  /** The history entry's state (read here by no one). */
  state?: unknown;
  /** How the i18n plugin's Link hands its ref to Gatsby's. */
  innerRef?: unknown;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  {
    to,
    activeClassName: _activeClassName,
    partiallyActive: _partiallyActive,
    state: _state,
    innerRef,
    children,
    ...rest
  },
  ref,
) {
  return (
    <a href={to} ref={(innerRef as typeof ref | undefined) ?? ref} {...rest}>
      {children}
    </a>
  );
});

/** Gatsby's `navigate`, recorded: `expect(navigate).toHaveBeenCalledWith('/reporting/')`. */
export const navigate = fn(
  async (_to: string | number, _options?: unknown): Promise<void> => {},
).mockName('navigate');

export const graphql = (): string => '';
export const withPrefix = (path: string): string => path;
export const useStaticQuery = (): Record<string, never> => ({});
