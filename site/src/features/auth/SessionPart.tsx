// A part of a page's static HTML that shows for a visitor or for a signed-in user only, on a page
// both see (the mobile home page): its static HTML holds both parts, and until the session is
// known (the server render and the hydration) CSS shows the one that fits, from the mark the head
// script sets on `<html>` in a browser that keeps a token (app/signedOutRedirect). Once it is
// known the page renders the one part, in the same element, so that nothing is drawn again.
import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SIGNED_IN_MARK } from '../../app/signedInAreas';

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
  children: ReactNode;
}

export function SessionPart({ part, unknown, display = 'block', children }: SessionPartProps) {
  return (
    <chakra.div data-until-session={unknown ? part : undefined} display={display} css={UNTIL_KNOWN}>
      {children}
    </chakra.div>
  );
}
