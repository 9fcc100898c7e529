import { chakra } from '@chakra-ui/react/styled-system';
// What an error page says, inside whichever frame draws it: the layout's error boundary, the
// status pages (StatusPage.tsx), a signed-in area's page that finds nothing to show.
import { Link } from '../i18n/Link';

const HomeLink = chakra(Link, {
  base: {
    color: 'accent.fg',
    fontWeight: 'semibold',
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
  },
});

export interface StatusContentProps {
  /** The HTTP status shown large, e.g. 404. */
  status: number;
  /** What happened, one sentence. */
  text: string;
  /** What the visitor can do about it. */
  hint?: string;
  /** The label of the link home. */
  backLabel: string;
  /** On the mobile pages: the link goes to the mobile page, and is sized for a finger (44 px). */
  mobile?: boolean;
}

/** What an error page says: the status, what it means, and the way home (inside a layout). */
export function StatusContent({ status, text, hint, backLabel, mobile }: StatusContentProps) {
  return (
    <chakra.section aria-labelledby="status-title" paddingY="8">
      <chakra.p
        fontSize="5xl"
        fontWeight="bold"
        color="fg.subtle"
        fontVariantNumeric="tabular-nums"
        data-testid="status-code"
      >
        {status}
      </chakra.p>
      <chakra.h1 id="status-title" fontSize="2xl" fontWeight="semibold" marginY="4">
        {text}
      </chakra.h1>
      {hint && (
        <chakra.p color="fg.muted" marginBottom="6">
          {hint}
        </chakra.p>
      )}
      {mobile ? (
        <HomeLink to="/mobile/" display="inline-flex" alignItems="center" minHeight="11">
          {backLabel}
        </HomeLink>
      ) : (
        <HomeLink to="/">{backLabel}</HomeLink>
      )}
    </chakra.section>
  );
}
