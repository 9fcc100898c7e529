// What the Alerts page's sections share: a titled section, the muted line under what it explains,
// the words of a failed call, and what a section shows until its data has come.
import { InlineRetry } from '@coinlens/design-system';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useId, type ReactNode } from 'react';
import { ApiError } from '../../../data/errors';
import { useAlertsPageTranslation } from '../namespaces';

export function Section({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <chakra.section aria-labelledby={id}>
      <Flex alignItems="baseline" gap="3" marginBottom="3">
        <chakra.h2 id={id} fontSize="xl" fontWeight="semibold" letterSpacing="tight">
          {title}
        </chakra.h2>
        {aside}
      </Flex>
      {children}
    </chakra.section>
  );
}

/** Text in the muted colour, a line under what it explains. */
export function Muted({ children, ...rest }: { children: ReactNode; role?: string; id?: string }) {
  return (
    <chakra.p fontSize="sm" color="fg.muted" {...rest}>
      {children}
    </chakra.p>
  );
}

/** Why a call failed: the server's words in the page's language, or ours. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.msg ? error.msg : fallback;
}

/**
 * A section's place before its data has come: why the call failed with a retry, or
 * `placeholder` (a loading line by default) while it is under way.
 */
export function NotLoaded({
  error,
  onRetry,
  placeholder,
}: {
  /** Why the last fetch failed; undefined while it is under way. */
  error: unknown;
  /** Fetches again. */
  onRetry: () => void;
  placeholder?: ReactNode;
}) {
  const { t } = useAlertsPageTranslation();
  if (error) {
    return (
      <InlineRetry
        text={failureText(error, t('page.error'))}
        retryLabel={t('page.retry')}
        onRetry={onRetry}
      />
    );
  }
  return <>{placeholder ?? <Muted role="status">{t('page.loading')}</Muted>}</>;
}
