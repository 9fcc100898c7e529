// A part of a page's static HTML that shows for a visitor or for a signed-in user only, on a page
// both see (every page but the signed-in areas'): its static HTML holds both parts, and until the
// session is known (the server render and the hydration) CSS shows the one that fits, from the
// mark the head script sets on `<html>` in a browser that keeps a token (start/signedOutRedirect.ts).
// Once it is known the page renders the one part, in the same element, so that nothing is drawn
// again.
import { chakra } from '@chakra-ui/react/styled-system';
import type { ReactNode } from 'react';
import { SIGNED_IN_MARK } from '../start/signedInAreas';
import type { SessionStatus } from '../data/session';

const UNTIL_KNOWN = {
  [`html[${SIGNED_IN_MARK}] &[data-until-session=visitor]`]: { display: 'none' },
  [`html:not([${SIGNED_IN_MARK}]) &[data-until-session=member]`]: { display: 'none' },
};

export interface SessionPartProps {
  /** Whose part it is. */
  part: 'visitor' | 'member';
  /** Whether the session is not known yet: only then does CSS pick the part. */
  unknown: boolean;
  /** `contents` for a part that must not add a box (one control among others). */
  display?: 'block' | 'contents';
  /** `span` inside text (a heading's words). */
  as?: 'div' | 'span';
  children: ReactNode;
}

export function SessionPart({
  part,
  unknown,
  display = 'block',
  as = 'div',
  children,
}: SessionPartProps) {
  const Element = as === 'span' ? chakra.span : chakra.div;
  return (
    <Element data-until-session={unknown ? part : undefined} display={display} css={UNTIL_KNOWN}>
      {children}
    </Element>
  );
}

export interface SessionPartsProps extends Pick<SessionPartProps, 'display' | 'as'> {
  /** The session as `useSession()` gives it. */
  status: SessionStatus;
  /** What a visitor sees (nothing when left out). */
  visitor?: ReactNode;
  /** What a signed-in user sees (nothing when left out). */
  member?: ReactNode;
}

/**
 * A visitor's and a signed-in user's version of one place on a page both see: the one that fits
 * the session, and both (each a SessionPart) while it is not known.
 */
export function SessionParts({ status, visitor, member, display, as }: SessionPartsProps) {
  const unknown = status === 'unknown';
  return (
    <>
      {visitor != null && status !== 'signedIn' && (
        <SessionPart part="visitor" unknown={unknown} display={display} as={as}>
          {visitor}
        </SessionPart>
      )}
      {member != null && status !== 'signedOut' && (
        <SessionPart part="member" unknown={unknown} display={display} as={as}>
          {member}
        </SessionPart>
      )}
    </>
  );
}
