import { chakra } from '@chakra-ui/react';
import { Link } from '../i18n/Link';
import { Layout } from './Layout';

const HomeLink = chakra(Link, {
  base: {
    color: 'accent.fg',
    fontWeight: 'semibold',
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
  },
});

export interface StatusPageProps {
  /** The HTTP status shown large, e.g. 404. */
  status: number;
  /** What happened, one sentence. */
  text: string;
  /** What the visitor can do about it. */
  hint?: string;
  /** The label of the link home. */
  backLabel: string;
}

/** An error page: the status, what it means, and the way home. */
export function StatusPage({ status, text, hint, backLabel }: StatusPageProps) {
  return (
    <Layout>
      <chakra.p
        fontSize="5xl"
        fontWeight="bold"
        color="fg.subtle"
        fontVariantNumeric="tabular-nums"
      >
        {status}
      </chakra.p>
      <chakra.h1 fontSize="2xl" fontWeight="semibold" marginY="4">
        {text}
      </chakra.h1>
      {hint && (
        <chakra.p color="fg.muted" marginBottom="6">
          {hint}
        </chakra.p>
      )}
      <HomeLink to="/">{backLabel}</HomeLink>
    </Layout>
  );
}
