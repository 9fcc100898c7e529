// A stand-in for the `gatsby` module in Jest, where Gatsby's runtime (router, loader, build-time
// globals) does not exist: Link is a plain anchor, the build-time helpers do nothing. Tests use it
// with `jest.mock('gatsby', () => jest.requireActual('<path>/gatsbyStub'))`.
import type { AnchorHTMLAttributes } from 'react';

interface StubLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  activeClassName?: string;
  partiallyActive?: boolean;
  /** The history entry's state (read here by no one). */
  state?: unknown;
  /** How the i18n plugin's Link hands its ref to Gatsby's. */
  innerRef?: unknown;
}

export function Link({
  to,
  activeClassName: _activeClassName,
  partiallyActive: _partiallyActive,
  state: _state,
  innerRef: _innerRef,
  children,
  ...rest
}: StubLinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

export const graphql = () => '';
export const navigate = () => Promise.resolve();
export const withPrefix = (path: string) => path;
export const useStaticQuery = () => ({});
